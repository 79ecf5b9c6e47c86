#include <utility>

#include "cli/cli.h"
#include "cli/program.h"
#include "cli/serve/run_serve.h"

namespace perfectplay {

int run_program(int argc, char** argv, const Registry& games) {
  return cli::run_cli(games, argc, argv, &cli::run_serve);
}

int run_program(int argc, char** argv, GameEntry game) {
  Registry games;
  games.add(std::move(game));
  return run_program(argc, argv, games);
}

}  // namespace perfectplay
