// The games `perfectplay value` knows (cgt/report.h's ValueGame): the
// notation itself, the partizan games of games/partizan/, and binim. An
// explicit list, like registry.h's.
#pragma once

#include <vector>

#include "cgt/report.h"

namespace perfectplay {

const std::vector<cgt::ValueGame>& value_games();

}  // namespace perfectplay
