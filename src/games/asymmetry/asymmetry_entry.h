#pragma once

#include "registry/game_entry.h"

namespace perfectplay::games::asymmetry {

GameEntry entry();

}  // namespace perfectplay::games::asymmetry
