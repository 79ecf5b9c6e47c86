// The four partizan games' registry entries, built from their rules by the
// builder (builder/own_game.h, partizan_boards.h): analyze, hint, play,
// verify and certify with the combinatorial value as the theory, bench, the
// web board's cells, and `perfectplay value`.
#pragma once

#include "api/entry.h"

namespace perfectplay::games::partizan {

GameEntry domineering_entry();
GameEntry toads_frogs_entry();
GameEntry hackenbush_entry();
GameEntry clobber_entry();

}  // namespace perfectplay::games::partizan
