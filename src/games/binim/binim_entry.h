#pragma once

#include "api/entry.h"

namespace perfectplay::games::binim {

GameEntry entry_binim();   // normal play: who cannot move loses
GameEntry entry_binim2();  // misère play: who cannot move wins

}  // namespace perfectplay::games::binim
