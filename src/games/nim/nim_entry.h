#pragma once

#include "registry/game_entry.h"

namespace perfectplay::games::nim {

GameEntry entry();

}  // namespace perfectplay::games::nim
