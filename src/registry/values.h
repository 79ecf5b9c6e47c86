// The games `perfectplay value` knows beside the registry's (cgt/report.h's
// ValueGame): the notation itself, and binim (whose registry entry plays
// its contest's positions, not sums of stacks). The registry's partizan
// games (GameEntry::cgt_value) are offered by `value` through the registry.
// An explicit list, like registry.h's.
#pragma once

#include <vector>

#include "cgt/report.h"

namespace perfectplay {

const std::vector<cgt::ValueGame>& value_games();

}  // namespace perfectplay
