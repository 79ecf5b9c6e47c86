// perfectplay value GAME --position P [--json]: the combinatorial game value
// of a partizan position (src/cgt/, docs/cgt.md): its canonical form,
// outcome class, stops, mean, temperature, birthday, atomic weight and
// thermograph. The games are the program's list (registry/values.h's for
// perfectplay: the notation, binim) and then the registry's games that give
// a value (GameEntry::cgt_value: the partizan games, own partizan games);
// `value --list` shows them. No game logic here.
#include <fmt/format.h>

#include <string>

#include "cgt/report.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "core/input_error.h"
#include "solvers/search_limits.h"

namespace perfectplay::cli {

namespace {

// Set by the program (cli/cli.h): the built-in perfectplay names
// registry/values.h's list; a program with games of its own has none.
const std::vector<cgt::ValueGame>* g_value_games = nullptr;

const std::vector<cgt::ValueGame>& value_games_in_use() {
  static const std::vector<cgt::ValueGame> none;
  return g_value_games != nullptr ? *g_value_games : none;
}

}  // namespace

void set_value_games(const std::vector<cgt::ValueGame>* games) {
  g_value_games = games;
}

namespace {

// The program's list, then the registry's games with values (a name in
// both is the list's).
std::vector<cgt::ValueGame> all_value_games() {
  std::vector<cgt::ValueGame> out = value_games_in_use();
  for (const GameEntry& e : registry().games()) {
    if (!e.cgt_value) continue;
    bool listed = false;
    for (const cgt::ValueGame& g : out) listed = listed || g.name == e.name;
    if (!listed) out.push_back({e.name, e.summary, e.position_format, e.cgt_value});
  }
  return out;
}

std::vector<std::string> value_game_names() {
  std::vector<std::string> names;
  for (const cgt::ValueGame& g : all_value_games()) names.push_back(g.name);
  return names;
}

}  // namespace

Command add_value(CLI::App& app) {
  static std::string game;
  static std::string position;
  static bool json = false;
  static bool list = false;
  // About 1 KB per part with its share of the universe's nodes and memo
  // tables (bench/cgt_domineering: 886,397 parts in 952 MB): about 1 GB.
  static std::uint64_t max_parts = 1'000'000;
  CLI::App* cmd = app.add_subcommand("value",
                                     "The combinatorial game value of a partizan position: "
                                     "canonical form, outcome, thermograph");
  cmd->add_option("game", game, "a game with values (value --list names them)");
  cmd->add_option("-p,--position", position, "the position, in the game's position format");
  cmd->add_flag("--json", json, "machine-readable output (docs/json.md, value kind cgt)");
  cmd->add_flag("--list", list, "list the games with values and their position formats");
  cmd->add_option("--max-states", max_parts,
                  "distinct parts the engine may value before it stops (exit code 4; default "
                  "1,000,000, about 1 GB)")
      ->check(kWholeNumber);
  return {
      cmd, [] {
        const std::vector<cgt::ValueGame> games = all_value_games();
        if (list) {
          std::string out;
          for (const cgt::ValueGame& g : games) {
            out += fmt::format("{:<12} {}\n{:<12} position: {}\n", g.name, g.summary, "",
                               g.position_help);
          }
          write_out(out);
          return kExitOk;
        }
        const cgt::ValueGame* chosen = nullptr;
        for (const cgt::ValueGame& g : games) {
          if (g.name == game) chosen = &g;
        }
        if (game.empty()) throw UsageError("value: name a game (value --list shows them)");
        if (chosen == nullptr) {
          throw UsageError(fmt::format("value: no game '{}' has values{} (value --list shows them)",
                                       game, did_you_mean(game, value_game_names())));
        }
        if (position.empty()) {
          throw UsageError(
              fmt::format("value: give the position with --position ({})", chosen->position_help));
        }
        cgt::CgtReport r;
        try {
          r = chosen->value(position, static_cast<std::size_t>(max_parts));
        } catch (const InputError& e) {
          throw RequestError(e.format("--position"));
        }
        if (json) {
          nlohmann::json j;
          j["schema"] = 1;
          j["game"] = chosen->name;
          j["position"] = r.position;
          j["value"] = cgt::to_json(r);
          j["parts"] = r.parts;
          write_json(j);
        } else {
          std::string out = "game           ";
          out += chosen->name;
          out += '\n';
          out += cgt::to_text(r);
          write_out(out);
        }
        return kExitOk;
      }};
}

}  // namespace perfectplay::cli
