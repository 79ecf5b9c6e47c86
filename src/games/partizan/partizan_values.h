// The partizan games' entries for `perfectplay value` (cgt/report.h's
// ValueGame): Domineering, Toads and Frogs, Blue-Red Hackenbush strings,
// Clobber.
#pragma once

#include <vector>

#include "cgt/report.h"

namespace perfectplay::games::partizan {

std::vector<cgt::ValueGame> value_games();

}  // namespace perfectplay::games::partizan
