// `solve assignment`: the matching solver on its own, as a registry entry
// (solve and generate only: it is not a game).
#pragma once

#include "api/entry.h"

namespace perfectplay::algorithms::assignment {

GameEntry entry();

}  // namespace perfectplay::algorithms::assignment
