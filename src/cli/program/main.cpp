// perfectplay: the command line over the built-in games (cli/cli.h).
#include "cli/cli.h"
#include "registry/registry.h"
#include "registry/values.h"

int main(int argc, char** argv) {
  perfectplay::cli::set_value_games(&perfectplay::value_games());
  return perfectplay::cli::run_cli(perfectplay::builtin_registry(), argc, argv);
}
