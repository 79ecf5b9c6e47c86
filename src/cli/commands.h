// The commands that live in files of their own (front ends beyond the
// per-game commands of main.cpp). Each adds its subcommand to the app and
// returns the function main calls when that subcommand was given; the
// function returns the exit code and may throw what main's handlers catch
// (InputError, RequestError, SearchLimitExceeded, UsageError).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

#include "cli/cli.h"

namespace perfectplay::cli {

struct Command {
  CLI::App* app;
  std::function<int()> run;
};

using AddCommand = Command (*)(CLI::App& app);

// Each command file defines its add function, declared here, and lists it
// below; the order is the order in `perfectplay help`.
// judge, check, validate: cli/judge.cpp.
Command add_judge(CLI::App& app);
Command add_check(CLI::App& app);
Command add_validate(CLI::App& app);
Command add_serve(CLI::App& app);  // serve.cpp: the web board
// How serve runs (run_cli's argument): in this process, or, null, handed
// over to perfectplay-serve.
void set_serve_runner(ServeRunner runner);
// certify, certify-merge: cli/certify.cpp.
Command add_certify(CLI::App& app);
Command add_certify_merge(CLI::App& app);
Command add_value(CLI::App& app);  // value.cpp: combinatorial game values

inline const std::vector<AddCommand> kOwnCommands = {
    add_serve, add_judge, add_check, add_validate, add_certify, add_certify_merge, add_value};

}  // namespace perfectplay::cli
