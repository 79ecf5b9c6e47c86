// run_program: the whole command line (cli/cli.h's run_cli) for a program's
// own games, with `serve` running the web board in this process. What a
// one-file game's main calls (docs/own-game.md):
//
//   int main(int argc, char** argv) {
//     return perfectplay::run_program(argc, argv, perfectplay::own_game(MyRules{}, {...}));
//   }
//
// Link perfectplay::perfectplay (CMake's perfectplay_add_game_executable does).
#pragma once

#include "api/entry.h"
#include "api/registry.h"

namespace perfectplay {

// `games` must outlive the call. Returns the exit code (docs/cli.md).
int run_program(int argc, char** argv, const Registry& games);
// One game.
int run_program(int argc, char** argv, GameEntry game);

}  // namespace perfectplay
