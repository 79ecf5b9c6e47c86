// Octal games' reference: the generic Grundy solver over the rows as
// components, and nothing else. It knows no Grundy sequence or period; it
// must be able to catch the theory out.
#pragma once

#include "games/octal/octal.h"
#include "solvers/grundy.h"

namespace perfectplay::games::octal {

using ReferenceSolver = GrundySolver<Rules>;

}  // namespace perfectplay::games::octal
