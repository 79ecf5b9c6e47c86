#pragma once

#include "registry/game_entry.h"

namespace perfectplay::games::bacteria {

GameEntry entry();

}  // namespace perfectplay::games::bacteria
