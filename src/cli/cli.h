// The command line as a library function: `perfectplay` is run_cli over the
// built-in games (cli/program/main.cpp), and a program with games of its own
// (perfectplay_add_game_executable, docs/own-game.md) is run_cli over its
// registry, with every command, the same JSON and the same exit codes.
#pragma once

#include <vector>

#include "api/registry.h"

namespace perfectplay::cgt {
struct ValueGame;  // cgt/report.h
}  // namespace perfectplay::cgt

namespace perfectplay::cli {

struct ServeOptions;  // cli/serve_options.h

// Runs `serve` in this process over the given games (cli/serve/run_serve.h);
// returns the exit code.
using ServeRunner = int (*)(const ServeOptions& options, const Registry& games);

// Parses argv, runs the command, returns the exit code (docs/cli.md):
//   0 ok   1 bad input or request   2 usage   3 verify found a mismatch
//   4 an exhaustive search passed its --max-states limit
// `games` must outlive the call. `serve`: how `serve` runs; null hands over
// to the program perfectplay-serve installed beside this one, which serves
// the built-in games (`perfectplay` itself, so that cpp-httplib is loaded only
// by the command that serves).
int run_cli(const Registry& games, int argc, char** argv, ServeRunner serve = nullptr);

// The games `perfectplay value` offers (combinatorial game values,
// docs/cgt.md): none unless the program names them before run_cli (the
// built-in program: registry/values.h's list). `games` must outlive run_cli.
void set_value_games(const std::vector<cgt::ValueGame>* games);

}  // namespace perfectplay::cli
