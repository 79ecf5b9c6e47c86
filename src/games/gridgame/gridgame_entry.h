#pragma once

#include "api/entry.h"

namespace perfectplay::games::gridgame {

GameEntry entry();
GameEntry assignment_entry();  // `solve assignment`: the matching on its own

}  // namespace perfectplay::games::gridgame
