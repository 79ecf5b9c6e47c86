// `perfectplay serve`: the web board. This program checks the options (its
// help and usage errors are the other commands'), then hands over to
// perfectplay-serve beside it (cli/serve/main.cpp), which runs the board in
// this same process (exec): the pid, the terminal and the signals stay. A
// program with games of its own serves them in process instead (run_cli's
// ServeRunner): perfectplay-serve knows only the built-in games.
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/serve_options.h"

namespace perfectplay::cli {

namespace {

// The directory of this program, from /proc/self/exe ("" when unknown).
std::string own_directory() {
  char path[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "";
  const std::string self(path, static_cast<std::size_t>(n));
  const std::size_t slash = self.rfind('/');
  return slash == std::string::npos ? "" : self.substr(0, slash);
}

// The options given, as arguments again (each checked already): what the
// board's program reads.
std::vector<std::string> given_arguments(const CLI::App& sub) {
  std::vector<std::string> args;
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt->count() == 0 || opt->get_name() == "--help") continue;
    // A flag takes no value (CLI11 still records one, "true", in results():
    // passed on, perfectplay-serve refused it as an extra argument).
    if (opt->get_expected_max() == 0) {
      args.push_back(opt->get_name());
      continue;
    }
    for (const std::string& value : opt->results()) {
      args.push_back(opt->get_name());
      args.push_back(value);
    }
  }
  return args;
}

int hand_over(const CLI::App& sub) {
  const std::string program = own_directory() + "/" + kServeProgram;
  std::vector<std::string> args = given_arguments(sub);
  args.insert(args.begin(), program);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  ::execv(program.c_str(), argv.data());
  std::fprintf(stderr,
               "perfectplay: cannot start the board's program %s: %s (it is built and installed "
               "beside perfectplay)\n",
               program.c_str(), std::strerror(errno));
  return kExitBadInput;
}

ServeRunner g_serve_runner = nullptr;

}  // namespace

void set_serve_runner(ServeRunner runner) {
  g_serve_runner = runner;
}

Command add_serve(CLI::App& app) {
  static ServeOptions o;
  CLI::App* sub =
      app.add_subcommand("serve", "The analysis board in the browser, on a local web server");
  add_serve_options(*sub, o);
  // --color may come anywhere (docs/cli.md): after `serve` it goes to the
  // app's option; the board's program, which prints no values, never sees it.
  sub->fallthrough();
  return {sub, [sub] {
            if (g_serve_runner != nullptr) return g_serve_runner(o, registry());
            return hand_over(*sub);
          }};
}

}  // namespace perfectplay::cli
