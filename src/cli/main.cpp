// perfectplay command line: parses arguments, calls the registry, prints.
// No game logic lives here. Exit codes (docs/cli.md):
//   0 ok   1 bad input or request   2 usage   3 verify found a mismatch
//   4 an exhaustive search passed its --max-states limit
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/common.h"
#include "core/game.h"
#include "registry/registry.h"

namespace pp = perfectplay;
using namespace perfectplay::cli;  // NOLINT(google-build-using-namespace)

namespace {

// Options shared by the per-game subcommands, filled in by CLI11.
struct Options {
  std::string file;
  std::string position;
  bool has_position = false;
  bool json = false;
  std::string as = "first";
  std::uint64_t seed = pp::kDefaultSeed;
  std::uint64_t trials = 1000;
  std::uint64_t max_states = pp::SearchLimits{}.max_states;
  std::map<std::string, std::int64_t> values;
  std::map<std::string, bool> flags;
  std::map<std::string, std::string> texts;
};

pp::Params to_params(const pp::GameEntry& g, const Options& o) {
  pp::Params p;
  for (const auto& spec : g.params) {
    auto it = o.values.find(spec.name);
    p.values[spec.name] = it == o.values.end() ? spec.default_value : it->second;
  }
  for (const auto& [name, on] : o.flags) {
    if (on) p.flags.insert(name);
  }
  for (const auto& spec : g.text_options) {
    auto it = o.texts.find(spec.name);
    p.texts[spec.name] = it == o.texts.end() ? spec.default_value : it->second;
  }
  p.limits.max_states = o.max_states;
  return p;
}

std::string source_name(const Options& o) {
  if (o.has_position) return "<position>";
  return o.file.empty() || o.file == "-" ? "<stdin>" : o.file;
}

std::string position_text(const pp::GameEntry& g, const Options& o, bool default_ok) {
  if (o.has_position && !o.file.empty()) {
    throw UsageError(
        fmt::format("give the position as a file ({}) or with --position, not both", o.file));
  }
  if (o.has_position) return o.position;
  if (o.file.empty() && default_ok) return g.default_position;
  return read_all(o.file);
}

std::string value_line(const pp::Value& v) {
  if (!v.known()) return "unknown (no exact value at this size)";
  return fmt::format("{} ({})", pp::text(v), pp::source_words(v.source));
}

void print_analysis(const pp::Analysis& a) {
  std::string out = a.board;
  if (!out.empty() && out.back() != '\n') out += '\n';
  fmt::format_to(std::back_inserter(out), "\nto move:   {}\nvalue:     {}\n",
                 a.to_move ? a.to_move->name : "nobody (the game is over)", value_line(a.value));
  fmt::format_to(std::back_inserter(out), "best move: {}\n", a.best_move.value_or("(none)"));
  if (!a.moves.empty()) {
    std::size_t width = 4;
    std::size_t vwidth = 5;
    for (const auto& m : a.moves) {
      width = std::max(width, m.move.size());
      vwidth = std::max(vwidth, pp::text(m.value).size());
    }
    fmt::format_to(std::back_inserter(out), "\n  {:<{}}  value\n", "move", width);
    for (const auto& m : a.moves) {
      std::string line = fmt::format("{} {:<{}}  {:<{}}", m.best ? "*" : " ", m.move, width,
                                     pp::text(m.value), vwidth);
      if (!m.note.empty()) line += "  " + m.note;
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  if (!a.moves_summary.empty()) out += "\n" + a.moves_summary + "\n";
  if (!a.notes.empty()) {
    out += "\n";
    for (const auto& n : a.notes) out += "note: " + n + "\n";
  }
  write_out(out);
}

int run_play(const pp::GameEntry& g, const Options& o, const pp::Params& params) {
  if (o.file == "-") {
    throw UsageError(
        "play reads the moves from standard input: give the position as a FILE or with "
        "--position, not -");
  }
  const std::string text = position_text(g, o, true);
  if (o.as != "first" && o.as != "second") {
    throw pp::RequestError("--as must be `first` or `second`");
  }
  // You play `first` => the engine plays side 1.
  auto session = g.play(text, o.as == "first" ? 1 : 0, o.seed, params);
  std::cout << "perfectplay: " << g.name
            << ". Type a move, `help` for the legal moves, `quit` to stop.\n";
  std::cout << session->board() << std::flush;
  std::string line;
  for (;;) {
    if (session->over()) {
      std::cout << session->result() << "\n";
      return kExitOk;
    }
    if (session->engine_to_move()) {
      // The move first: if the engine cannot move (a search past
      // --max-states), no half-written line is left behind.
      const std::string move = session->engine_move();
      std::cout << "engine plays: " << move << "\n" << session->board() << std::flush;
      continue;
    }
    std::cout << "your move> " << std::flush;
    if (!std::getline(std::cin, line)) {
      std::cout << "\nend of input: game abandoned\n";
      return kExitOk;
    }
    const auto first = line.find_first_not_of(" \t\r");
    const auto last = line.find_last_not_of(" \t\r");
    const std::string cmd = first == std::string::npos ? "" : line.substr(first, last - first + 1);
    if (cmd.empty()) continue;
    if (cmd == "quit" || cmd == "exit") {
      std::cout << "game abandoned\n";
      return kExitOk;
    }
    if (cmd == "help" || cmd == "?") {
      std::cout << "move syntax: " << session->move_syntax() << "\nlegal moves:\n";
      for (const auto& m : session->legal_moves()) std::cout << "  " << m << "\n";
      continue;
    }
    if (cmd == "board") {
      std::cout << session->board();
      continue;
    }
    if (auto err = session->try_move(cmd)) {
      std::cout << "illegal move: " << *err << " (type `help`)\n";
      continue;
    }
    std::cout << session->board();
  }
}

// The size bounds a verify run used (not generate's own options).
nlohmann::json verify_bounds(const pp::GameEntry& g, const pp::Params& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const pp::ParamSpec& p : g.params) {
    if (!p.generate_only) j[p.name] = params.get(p.name);
  }
  return j;
}

int run(const std::string& command, const pp::GameEntry& g, const Options& o) {
  const pp::Params params = to_params(g, o);
  if (command == "solve") {
    const InputText input(o.file);
    if (o.json) {
      const nlohmann::json j = {{"schema", pp::kJsonSchema},
                                {"game", g.name},
                                {"options", pp::options_json(g, params)},
                                {"cases", g.solve_json(input.view(), params)}};
      write_out(j.dump(2) + "\n");
    } else {
      write_out(g.solve(input.view(), params));
    }
    return kExitOk;
  }
  if (command == "analyze") {
    const pp::Analysis a = g.analyze(position_text(g, o, false), params);
    if (o.json) {
      write_out(pp::to_json(a).dump(2) + "\n");
    } else {
      print_analysis(a);
    }
    return kExitOk;
  }
  if (command == "hint") {
    const pp::Hint h = g.hint(position_text(g, o, false), params);
    if (o.json) {
      write_out(pp::to_json(h).dump(2) + "\n");
    } else {
      write_out(
          fmt::format("{}\t{}: {}\n", h.move.value_or("(none)"), pp::text(h.value), h.reason));
    }
    return kExitOk;
  }
  if (command == "play") {
    const int rc = run_play(g, o, params);
    if (!std::cout.flush()) {
      throw pp::RequestError(fmt::format("cannot write the output: {}", std::strerror(errno)));
    }
    return rc;
  }
  if (command == "verify") {
    const pp::VerifyReport r = g.verify(o.trials, o.seed, params);
    if (o.json) {
      nlohmann::json j = {{"schema", pp::kJsonSchema},
                          {"game", g.name},
                          {"options", pp::options_json(g, params)},
                          {"bounds", verify_bounds(g, params)},
                          {"seed", o.seed},
                          {"trials", r.trials},
                          {"agreed", r.agreed},
                          {"disagreed", r.trials - r.agreed},
                          {"ok", r.ok()}};
      j["mismatch"] = nullptr;
      if (!r.ok()) {
        j["mismatch"] = {{"trial", r.first_failure},
                         {"shrink_steps", r.shrink_steps},
                         {"counterexample", *r.counterexample},
                         {"detail", r.detail},
                         {"original", r.original.value_or(*r.counterexample)}};
      }
      write_out(j.dump(2) + "\n");
      return r.ok() ? kExitOk : kExitMismatch;
    }
    std::string out = fmt::format("verify {}: {} trials, {} agreed, {} disagreed (seed {})\n",
                                  g.name, r.trials, r.agreed, r.trials - r.agreed, o.seed);
    if (!r.ok()) {
      fmt::format_to(std::back_inserter(out),
                     "first mismatch at trial {}; shrunk in {} steps to:\n{}\n{}\n",
                     r.first_failure, r.shrink_steps, *r.counterexample, r.detail);
      if (r.original && *r.original != *r.counterexample) {
        fmt::format_to(std::back_inserter(out), "instance as first drawn:\n{}\n", *r.original);
      }
    }
    write_out(out);
    return r.ok() ? kExitOk : kExitMismatch;
  }
  if (command == "generate") {
    // Streamed: a billion cases start printing at once and never sit in memory.
    const pp::TextSink sink([](std::string_view piece) { write_out(piece); });
    write_out(g.generate(o.seed, params, sink));
    return kExitOk;
  }
  return kExitUsage;
}

}  // namespace

// `perfectplay bench`: each game's fixed reference positions, timed. The total
// node count is the signature (as chess engines print one): deterministic, so
// a functional change to a solver or to a game's rules changes it.
int run_bench(const std::vector<std::string>& only, bool json) {
  for (const std::string& name : only) {
    const pp::GameEntry* g = pp::find_game(name);
    if (g == nullptr) {
      std::fprintf(stderr,
                   "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                   name.c_str(), did_you_mean(name, game_names()).c_str());
      return kExitUsage;
    }
    if (!g->bench) {
      std::fprintf(stderr, "perfectplay: %s offers no `bench` (%s)\n", name.c_str(),
                   g->summary.c_str());
      return kExitUsage;
    }
  }
  std::uint64_t total = 0;
  std::uint64_t checksum = 0;
  double seconds = 0;
  nlohmann::json jgames = nlohmann::json::array();
  std::string out =
      fmt::format("{:<10} {:>10} {:>16} {:>8} {:>10} {:>9} {:>9}  positions\n", "game", "nodes",
                  "checksum", "seconds", "nodes/s", "stored", "B/stored");
  for (const pp::GameEntry& g : pp::all_games()) {
    if (!only.empty() && std::find(only.begin(), only.end(), g.name) == only.end()) continue;
    if (!g.bench) continue;
    const auto start = std::chrono::steady_clock::now();
    const pp::BenchResult r = g.bench();
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    fmt::format_to(std::back_inserter(out),
                   "{:<10} {:>10} {:>16x} {:>8.3f} {:>10.0f} {:>9} {:>9}  {}\n", g.name, r.nodes,
                   r.checksum, s, static_cast<double>(r.nodes) / std::max(s, 1e-9), r.stored,
                   r.bytes_per_position, r.positions);
    jgames.push_back({{"game", g.name},
                      {"nodes", r.nodes},
                      {"checksum", fmt::format("{:x}", r.checksum)},
                      {"seconds", s},
                      {"stored", r.stored},
                      {"bytes_per_stored", r.bytes_per_position},
                      {"positions", r.positions}});
    total += r.nodes;
    checksum = pp::mix64(checksum ^ r.checksum);
    seconds += s;
  }
  if (json) {
    const nlohmann::json j = {
        {"schema", pp::kJsonSchema},
        {"games", jgames},
        {"nodes", total},
        {"checksum", fmt::format("{:x}", checksum)},
        {"seconds", seconds},
        {"nodes_per_second", static_cast<double>(total) / std::max(seconds, 1e-9)}};
    write_out(j.dump(2) + "\n");
    return kExitOk;
  }
  fmt::format_to(std::back_inserter(out), "\nnodes searched: {}\nchecksum: {:x}\n", total,
                 checksum);
  fmt::format_to(std::back_inserter(out), "time: {:.3f} s ({:.0f} nodes/s)\n", seconds,
                 static_cast<double>(total) / std::max(seconds, 1e-9));
  write_out(out);
  return kExitOk;
}

int main(int argc, char** argv) {
  CLI::App app{
      "perfectplay: plays two-player games of perfect information perfectly, and checks its "
      "fast theories against exhaustive search."};
  app.name("perfectplay");
  app.require_subcommand(1);
  app.set_version_flag("-v,--version", std::string("perfectplay 0.1.0"));

  CLI::App* list = app.add_subcommand("list", "List the games, one line of rules each");
  CLI::App* bench = app.add_subcommand(
      "bench", "Solve fixed positions with the exhaustive references; print the node signature");
  std::vector<std::string> bench_games;
  bench->add_option("games", bench_games, "only these games (default: all)");
  bool bench_json = false;
  bench->add_flag("--json", bench_json, "machine-readable output");
  bool list_json = false;
  list->add_flag("--json", list_json,
                 "machine-readable output: every game, its commands and options");

  struct CommandSpec {
    const char* name;
    const char* help;
  };
  const CommandSpec commands[] = {
      {"solve", "Contest input in, the contest's answer out (FILE or - for stdin)"},
      {"analyze", "Value of a position and of every legal move"},
      {"hint", "The best move in a position"},
      {"play", "Play against the engine in the terminal"},
      {"verify", "Fast theory against exhaustive reference on random instances"},
      {"generate", "Random instances in the contest format"},
  };

  Options options;
  std::string chosen_command;
  const pp::GameEntry* chosen_game = nullptr;

  for (const CommandSpec& spec : commands) {
    CLI::App* cmd = app.add_subcommand(spec.name, spec.help);
    cmd->require_subcommand(1);
    const std::string name = spec.name;
    for (const pp::GameEntry& g : pp::all_games()) {
      // An entry offers only the commands it has functions for (the bare
      // assignment solver: solve and generate).
      const bool offered = (name == "solve" && g.solve) || (name == "analyze" && g.analyze) ||
                           (name == "hint" && g.hint) || (name == "play" && g.play) ||
                           (name == "verify" && g.verify) || (name == "generate" && g.generate);
      if (!offered) continue;
      CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
      const bool reads_position = name == "analyze" || name == "hint" || name == "play";
      if (name == "solve" || reads_position) {
        sub->add_option("file", options.file,
                        name == "solve"  ? "contest input file (- or nothing: stdin)"
                        : name == "play" ? "position file (stdin carries the moves)"
                                         : "position file (- : stdin)");
      }
      if (reads_position) {
        sub->add_option_function<std::string>(
            "--position",
            [&options](const std::string& s) {
              options.position = s;
              options.has_position = true;
            },
            "the position inline: " + g.position_format);
        sub->add_option("--max-states", options.max_states,
                        "limit on positions stored by exhaustive search")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "solve" || name == "analyze" || name == "hint" || name == "verify") {
        sub->add_flag("--json", options.json, "machine-readable output (docs/json.md)");
      }
      if (name == "play") {
        sub->add_option("--as", options.as, "which side you play: first or second")
            ->check(CLI::IsMember({"first", "second"}))
            ->capture_default_str();
      }
      if (name == "verify" || name == "generate") {
        sub->add_option("--seed", options.seed, "random seed")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "verify") {
        sub->add_option("--trials", options.trials, "number of random instances")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "verify" || name == "generate") {
        for (const pp::ParamSpec& p : g.params) {
          if (p.generate_only && name != "generate") continue;
          sub->add_option_function<std::int64_t>(
                 "--" + p.name, [&options, p](std::int64_t v) { options.values[p.name] = v; },
                 p.help)
              ->check(CLI::Range(p.min, p.max))
              ->default_str(std::to_string(p.default_value));
        }
      }
      for (const pp::TextOptionSpec& t : g.text_options) {
        sub->add_option_function<std::string>(
               "--" + t.name, [&options, t](const std::string& v) { options.texts[t.name] = v; },
               t.help)
            ->default_str(t.default_value);
      }
      for (const pp::FlagSpec& f : g.flags) {
        // A bool target: CLI11 refuses `--misere=banana` as a usage error.
        sub->add_flag("--" + f.name, options.flags[f.name], f.help);
      }
      sub->callback([&chosen_command, &chosen_game, name, &g] {
        chosen_command = name;
        chosen_game = &g;
      });
    }
  }

  // Commands with files of their own (cli/commands.h).
  std::vector<Command> own_commands;
  for (const auto add : kOwnCommands) own_commands.push_back(add(app));

  // Bare `perfectplay` and `perfectplay help [COMMAND]` print the help.
  if (argc == 1 || std::string(argv[1]) == "help") {
    CLI::App* about = nullptr;
    if (argc >= 3) {
      for (CLI::App* sub : app.get_subcommands({})) {
        if (sub->get_name() == argv[2]) about = sub;
      }
    }
    std::fputs((about != nullptr ? about->help() : app.help()).c_str(), stdout);
    return std::fflush(stdout) == 0 ? kExitOk : kExitBadInput;
  }
  std::vector<std::string> command_names = {"help"};
  for (const CLI::App* sub : app.get_subcommands({})) command_names.push_back(sub->get_name());
  const std::string first = argv[1];
  if (first[0] != '-' &&
      std::find(command_names.begin(), command_names.end(), first) == command_names.end()) {
    std::fprintf(stderr, "perfectplay: unknown command '%s'%s (`perfectplay help` lists them)\n",
                 first.c_str(), did_you_mean(first, command_names).c_str());
    return kExitUsage;
  }
  // CLI11 reports an unknown game as a missing subcommand; name it instead.
  if (argc >= 3) {
    const std::string command = argv[1];
    const std::string game = argv[2];
    bool is_command = false;
    for (const CommandSpec& spec : commands) is_command = is_command || command == spec.name;
    const pp::GameEntry* found = pp::find_game(game);
    if (is_command && found != nullptr && command != "solve" && command != "generate" &&
        !((command == "analyze" && found->analyze) || (command == "hint" && found->hint) ||
          (command == "play" && found->play) || (command == "verify" && found->verify))) {
      std::fprintf(stderr, "perfectplay: %s offers no `%s` (%s)\n", game.c_str(), command.c_str(),
                   found->summary.c_str());
      return kExitUsage;
    }
    // A command of its own file whose subcommands are the games (judge, check,
    // validate): the game must be one of them.
    for (const Command& c : own_commands) {
      const auto subs = c.app->get_subcommands({});
      if (c.app->get_name() != command || subs.empty() || game.empty() || game[0] == '-') continue;
      if (std::none_of(subs.begin(), subs.end(),
                       [&](const CLI::App* s) { return s->get_name() == game; })) {
        if (found != nullptr) {
          std::fprintf(stderr, "perfectplay: %s offers no `%s`\n", game.c_str(), command.c_str());
        } else {
          std::fprintf(stderr,
                       "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                       game.c_str(), did_you_mean(game, game_names()).c_str());
        }
        return kExitUsage;
      }
    }
    if (is_command && !game.empty() && game[0] != '-' && found == nullptr) {
      std::fprintf(stderr,
                   "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                   game.c_str(), did_you_mean(game, game_names()).c_str());
      return kExitUsage;
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }

  try {
    if (list->parsed()) {
      if (list_json) {
        nlohmann::json games = nlohmann::json::array();
        for (const pp::GameEntry& g : pp::all_games()) games.push_back(pp::game_json(g));
        write_out(nlohmann::json{{"schema", pp::kJsonSchema}, {"games", games}}.dump(2) + "\n");
        return kExitOk;
      }
      std::string out;
      for (const pp::GameEntry& g : pp::all_games()) {
        fmt::format_to(std::back_inserter(out), "{:<10} {}\n", g.name, g.summary);
      }
      write_out(out);
      return kExitOk;
    }
    if (bench->parsed()) return run_bench(bench_games, bench_json);
    for (const Command& c : own_commands) {
      if (c.app->parsed()) return c.run();
    }
    if (chosen_game == nullptr) return kExitUsage;
    return run(chosen_command, *chosen_game, options);
  } catch (const pp::InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.format(source_name(options)).c_str());
    return kExitBadInput;
  } catch (const pp::SearchLimitExceeded& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return kExitTooLarge;
  } catch (const pp::RequestError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return kExitBadInput;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "perfectplay: out of memory\n");
    return kExitBadInput;
  }
}
