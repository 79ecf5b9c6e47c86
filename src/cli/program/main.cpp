// perfectplay: the command line over the built-in games (cli/cli.h).
#include "cli/cli.h"
#include "registry/registry.h"

int main(int argc, char** argv) {
  return perfectplay::cli::run_cli(perfectplay::builtin_registry(), argc, argv);
}
