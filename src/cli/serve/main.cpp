// perfectplay-serve: the web board (src/web/) behind cpp-httplib, the
// program `perfectplay serve` hands over to (cli/serve.cpp says why it is a
// program of its own). It takes serve's options and may be run directly.
// The serving itself is run_serve's (cli/serve/run_serve.h).
#include <CLI/CLI.hpp>

#include "cli/serve/run_serve.h"
#include "cli/serve_options.h"
#include "registry/registry.h"

int main(int argc, char** argv) {
  namespace cli = perfectplay::cli;
  CLI::App app{"The analysis board in the browser, on a local web server"};
  app.name("perfectplay serve");
  cli::ServeOptions o;
  cli::add_serve_options(app, o);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;  // ok, or a usage error (cli/common.h)
  }
  return cli::run_serve(o, perfectplay::builtin_registry());
}
