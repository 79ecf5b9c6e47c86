// One conformance suite over the registry: every game, whatever its rules,
// must keep the same promises to the command line.
//
//   - its bundled examples (examples/<game>/*.in) solve to the expected .out,
//     also with CRLF line endings and without the final newline;
//   - bad input (empty, garbage) is an InputError, never a crash or an answer;
//   - generate is deterministic in its seed and its output is valid input;
//   - on the default and example positions (with each flag): the hint is
//     the analysis' best move and is marked best; analyze and hint JSON
//     follow docs/json.md; a move's value is its child's value seen from the
//     mover's side; positions round-trip, also on random playouts;
//   - a play session accepts every move it lists as legal, refuses garbage,
//     and an engine-versus-engine game from the default position ends;
//   - the state API's actions are the legal moves and lead where apply does;
//   - verify agrees on a handful of random instances;
//   - the bench signature is deterministic.
//
// Game-specific depth lives in each game's own tests; this file only checks
// that no game breaks the shared contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "api/engine.h"
#include "api/game_state.h"
#include "core/input_error.h"
#include "registry/registry.h"
#include "support/sanitized.h"

namespace perfectplay {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Params defaults(const GameEntry& g, const std::string& flags = "") {
  Params p;
  for (const auto& spec : g.params) p.values[spec.name] = spec.default_value;
  for (const auto& spec : g.text_options) p.texts[spec.name] = spec.default_value;
  std::istringstream words(flags);
  for (std::string w; words >> w;) {
    if (w.rfind("--", 0) == 0) p.flags.insert(w.substr(2));
  }
  return p;
}

std::string crlf(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

std::string trim_end(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

class Conformance : public ::testing::TestWithParam<const GameEntry*> {};

// The defaults, and each flag of the game on its own.
std::vector<Params> option_sets(const GameEntry& g) {
  std::vector<Params> out = {defaults(g)};
  for (const FlagSpec& f : g.flags) out.push_back(defaults(g, "--" + f.name));
  return out;
}

std::vector<std::string> positions(const GameEntry& g) {
  std::vector<std::string> out = {g.default_position};
  out.insert(out.end(), g.example_positions.begin(), g.example_positions.end());
  return out;
}

TEST_P(Conformance, ExamplesSolveAlsoWithCrlfAndNoFinalNewline) {
  const GameEntry& g = *GetParam();
  if (!g.solve) GTEST_SKIP() << g.name << " has no contest format";
  const fs::path dir = fs::path(PERFECTPLAY_SOURCE_DIR) / "examples" / g.name;
  ASSERT_TRUE(fs::is_directory(dir)) << "every game ships examples in " << dir;
  int checked = 0;
  for (const auto& file : fs::directory_iterator(dir)) {
    if (file.path().extension() != ".in") continue;
    fs::path expected = file.path();
    expected.replace_extension(".out");
    if (!fs::exists(expected)) continue;
    fs::path flags_file = file.path();
    flags_file.replace_extension(".flags");
    const Params p = defaults(g, fs::exists(flags_file) ? slurp(flags_file) : "");
    const std::string input = slurp(file.path());
    const std::string want = trim_end(slurp(expected));
    SCOPED_TRACE(file.path().string());
    EXPECT_EQ(trim_end(g.solve(input, p)), want);
    EXPECT_EQ(trim_end(g.solve(crlf(input), p)), want) << "CRLF line endings";
    EXPECT_EQ(trim_end(g.solve(trim_end(input), p)), want) << "no final newline";
    EXPECT_NO_THROW(solve_json_array(g, input, p));
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no example with an expected output in " << dir;
}

// A game's streamed solve (optional) prints exactly what solve prints, on
// inputs of few large cases (one pass) and of many tiny ones (two passes),
// and hands nothing to its sink before the whole input is validated.
TEST_P(Conformance, StreamedSolveEqualsSolve) {
  const GameEntry& g = *GetParam();
  if (!g.solve_streamed) GTEST_SKIP() << g.name << " has no streamed solve";
  for (const Params& p : option_sets(g)) {
    Params tiny = p, large = p;
    tiny.values["cases"] = 3000;
    large.values["cases"] = 3;
    for (const Params& shape : {tiny, large}) {
      const std::string input = g.generate(Seed{11}, shape, TextSink{});
      std::string streamed;
      int pieces = 0;
      g.solve_streamed(input, p, TextSink([&](std::string_view s) {
                         streamed += s;
                         ++pieces;
                       }));
      EXPECT_EQ(streamed, g.solve(input, p));
      EXPECT_GE(pieces, 1);
      const std::string bad = input + "x\n";  // trailing data: refused, nothing handed over
      std::string leaked;
      EXPECT_THROW(g.solve_streamed(bad, p, TextSink([&](std::string_view s) { leaked += s; })),
                   InputError);
      EXPECT_EQ(leaked, "");
    }
  }
}

TEST_P(Conformance, BadInputIsAnInputError) {
  const GameEntry& g = *GetParam();
  if (!g.solve) GTEST_SKIP() << g.name << " has no contest format";
  const Params p = defaults(g);
  for (const std::string bad :
       {"", "\n\n", "banana\n", "1\n#?!\n", "-1\n", "99999999999999999999999\n"}) {
    SCOPED_TRACE("input: " + bad);
    EXPECT_THROW(g.solve(bad, p), InputError);
  }
}

TEST_P(Conformance, GenerateIsDeterministicAndValid) {
  const GameEntry& g = *GetParam();
  if (!g.solve) GTEST_SKIP() << g.name << " has no contest format";
  const Params p = defaults(g);
  const std::string a = g.generate(Seed{7}, p, TextSink{});
  EXPECT_EQ(a, g.generate(Seed{7}, p, TextSink{}));
  EXPECT_NE(a, g.generate(Seed{8}, p, TextSink{})) << "different seeds, same instance";
  EXPECT_NO_THROW(g.solve(a, p)) << a;
}

TEST_P(Conformance, HintIsABestMoveOfTheAnalysis) {
  const GameEntry& g = *GetParam();
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      SCOPED_TRACE("position: " + pos);
      const Analysis a = g.analyze(pos, p);
      const Hint h = g.hint(pos, p);
      EXPECT_EQ(h.position, a.position);
      if (!a.best_move) {
        EXPECT_FALSE(h.move.has_value());
        continue;
      }
      ASSERT_TRUE(h.move.has_value());
      EXPECT_EQ(*h.move, *a.best_move);
      const auto row = std::find_if(a.moves.begin(), a.moves.end(),
                                    [&](const MoveInfo& m) { return m.move == *h.move; });
      ASSERT_NE(row, a.moves.end()) << "hint " << *h.move << " is not among the listed moves";
      EXPECT_TRUE(row->best) << "hint " << *h.move << " is not marked best";
      EXPECT_EQ(row->value, h.value);
    }
  }
}

// The JSON of analyze and hint follow docs/json.md, for every game.
void expect_value_schema(const nlohmann::json& v) {
  ASSERT_TRUE(v.is_object()) << v;
  static const std::set<std::string> kinds = {"win", "loss", "draw", "score", "nimber", "unknown"};
  static const std::set<std::string> sources = {"reference", "theory", "heuristic"};
  ASSERT_TRUE(v.at("kind").is_string());
  EXPECT_TRUE(kinds.count(v.at("kind").get<std::string>())) << v;
  EXPECT_TRUE(sources.count(v.at("source").get<std::string>())) << v;
  const std::string kind = v.at("kind");
  if (v.contains("remoteness")) {
    EXPECT_TRUE(v.at("remoteness").is_number_unsigned()) << v;
    EXPECT_TRUE(kind == "win" || kind == "loss") << v;
  }
  EXPECT_EQ(v.contains("score"), kind == "score") << v;
  if (kind == "score") {
    EXPECT_TRUE(v.at("score").is_number_integer()) << v;
  }
  // A nimber with kind nimber, or beside a win or loss (octal, where the whole
  // sum is searched: docs/json.md), and then a win exactly when it is not 0.
  if (kind == "nimber") {
    EXPECT_TRUE(v.contains("nimber")) << v;
  }
  if (v.contains("nimber") && kind != "nimber") {
    ASSERT_TRUE(v.at("nimber").is_number_unsigned()) << v;
    EXPECT_TRUE(kind == "win" || kind == "loss") << v;
    EXPECT_EQ(kind == "win", v.at("nimber").get<std::uint64_t>() != 0) << v;
  }
  for (const auto& [key, value] : v.items()) {
    EXPECT_TRUE(key == "kind" || key == "source" || key == "remoteness" || key == "score" ||
                key == "nimber")
        << "unexpected key " << key;
  }
}

void expect_header_schema(const nlohmann::json& j, const GameEntry& g) {
  EXPECT_EQ(j.at("schema"), kJsonSchema);
  EXPECT_EQ(j.at("game"), g.name);
  EXPECT_TRUE(j.at("options").is_object());
  for (const FlagSpec& f : g.flags) EXPECT_TRUE(j.at("options").at(f.name).is_boolean());
  for (const TextOptionSpec& t : g.text_options) {
    EXPECT_TRUE(j.at("options").at(t.name).is_string());
  }
  EXPECT_TRUE(j.at("position").is_string());
  const auto& m = j.at("to_move");
  if (!m.is_null()) {
    EXPECT_TRUE(m.at("index").is_number_integer());
    EXPECT_TRUE(m.at("name").is_string());
  }
  expect_value_schema(j.at("value"));
}

TEST_P(Conformance, JsonFollowsTheSchema) {
  const GameEntry& g = *GetParam();
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      SCOPED_TRACE("position: " + pos);
      const nlohmann::json a = to_json(g.analyze(pos, p));
      expect_header_schema(a, g);
      EXPECT_TRUE(a.at("best_move").is_null() || a.at("best_move").is_string());
      ASSERT_TRUE(a.at("moves").is_array());
      EXPECT_EQ(a.at("moves_listed"), a.at("moves").size());
      EXPECT_TRUE(a.at("moves_total").is_number_unsigned() || a.at("moves_total").is_string());
      if (a.at("moves_total").is_number_unsigned()) {
        EXPECT_GE(a.at("moves_total").get<std::uint64_t>(), a.at("moves").size());
      }
      EXPECT_TRUE(a.at("moves_summary").is_string());
      EXPECT_TRUE(a.at("notes").is_array());
      for (const auto& n : a.at("notes")) EXPECT_TRUE(n.is_string());
      int best = 0;
      for (const auto& m : a.at("moves")) {
        EXPECT_TRUE(m.at("move").is_string());
        EXPECT_TRUE(m.at("position").is_string());
        EXPECT_TRUE(m.at("note").is_string());
        best += m.at("best").get<bool>();
        expect_value_schema(m.at("value"));
      }
      EXPECT_EQ(best > 0, !a.at("moves").empty()) << "listed moves, none of them best";
      const nlohmann::json h = to_json(g.hint(pos, p));
      expect_header_schema(h, g);
      EXPECT_TRUE(h.at("move").is_null() || h.at("move").is_string());
      EXPECT_TRUE(h.at("reason").is_string());
    }
  }
}

// A move's value is its child's value seen from the mover's side (win in r
// <-> loss in r-1; the same final score), and positions round-trip: the
// analysis of a position's text, and of every listed child, gives that text
// back.
TEST_P(Conformance, ChildrenAreConsistentAndPositionsRoundTrip) {
  const GameEntry& g = *GetParam();
  int children = 0;
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      SCOPED_TRACE("position: " + pos);
      const Analysis a = g.analyze(pos, p);
      EXPECT_EQ(g.analyze(a.position, p).position, a.position) << "position does not round-trip";
      std::size_t checked = 0;
      for (const MoveInfo& m : a.moves) {
        if (m.position.empty() || ++checked > 12) continue;
        SCOPED_TRACE("move: " + m.move);
        const Analysis c = g.analyze(m.position, p);
        EXPECT_EQ(c.position, m.position) << "child position does not round-trip";
        if (m.value.known() && c.value.known()) {
          const Value seen = c.value.after_move();
          EXPECT_TRUE(agree(seen, m.value))
              << "move worth " << text(m.value) << " leads to a child worth " << text(c.value);
          ++children;
        }
      }
    }
  }
  EXPECT_GT(children, 0) << "no child was compared";
}

// parse(format(p)) == p on random positions: random playouts from every
// example position, checked at every ply through the play session's own
// position and the analysis of its text.
TEST_P(Conformance, RandomPositionsRoundTrip) {
  const GameEntry& g = *GetParam();
  std::mt19937_64 rng(17);
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      for (int game = 0; game < testing::sweep_size(3, 1); ++game) {
        auto s = g.play(pos, 0, Seed{1}, p);
        for (int ply = 0; ply < 40 && !s->over(); ++ply) {
          const std::string text = s->position();
          EXPECT_EQ(g.analyze(text, p).position, text);
          const std::vector<std::string> legal = s->legal_moves();
          ASSERT_FALSE(legal.empty());
          std::string move = legal[rng() % legal.size()];
          if (const auto dots = move.find(" .. "); dots != std::string::npos) {
            move = rng() % 2 ? move.substr(dots + 4) : move.substr(0, dots);
          }
          ASSERT_FALSE(s->try_move(move).has_value()) << move;
        }
      }
    }
  }
}

// apply() is what the web board and Python play through: the child it
// gives is the analysis' child, it refuses what play refuses, and moves()
// lists moves that apply() accepts.
TEST_P(Conformance, ApplyLeadsToTheAnalysisChildren) {
  const GameEntry& g = *GetParam();
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      SCOPED_TRACE("position: " + pos);
      const Analysis a = g.analyze(pos, p);
      std::size_t checked = 0;
      for (const MoveInfo& m : a.moves) {
        if (m.position.empty() || ++checked > 12) continue;
        EXPECT_EQ(g.apply(pos, m.move, p), m.position) << m.move;
      }
      EXPECT_THROW(g.apply(pos, "@@ not a move @@", p), RequestError);
      const std::vector<std::string> legal = g.moves(pos, p);
      EXPECT_EQ(legal.empty(), !a.to_move.has_value());
      for (std::string move : legal) {
        if (const auto dots = move.find(" .. "); dots != std::string::npos) {
          move = move.substr(0, dots);
        }
        EXPECT_NO_THROW(g.apply(pos, move, p)) << move;
        break;
      }
    }
  }
}

// Options given as JSON (the web API, Python's keyword arguments) become the
// same Params the command line builds, and bad ones are refused by name.
TEST_P(Conformance, OptionsFromJson) {
  const GameEntry& g = *GetParam();
  const Params d = params_from_json(g, nlohmann::json::object());
  EXPECT_EQ(d.values, defaults(g).values);
  EXPECT_EQ(d.texts, defaults(g).texts);
  EXPECT_TRUE(d.flags.empty());
  for (const FlagSpec& f : g.flags) {
    EXPECT_TRUE(params_from_json(g, {{f.name, true}}).flag(f.name));
    EXPECT_THROW(params_from_json(g, {{f.name, "yes"}}), RequestError);
  }
  for (const ParamSpec& b : g.params) {
    EXPECT_EQ(params_from_json(g, {{b.name, b.max}}).get(b.name), b.max);
    EXPECT_THROW(params_from_json(g, {{b.name, 1.5}}), RequestError);
    if (b.min > INT64_MIN) {
      EXPECT_THROW(params_from_json(g, {{b.name, b.min - 1}}), RequestError);
    }
  }
  EXPECT_THROW(params_from_json(g, {{"no-such-option", 1}}), RequestError);
  EXPECT_THROW(params_from_json(g, nlohmann::json::array()), RequestError);
}

TEST_P(Conformance, BadPositionIsRefused) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  for (const std::string bad : {"", "@@@\n", "1 2 3 banana\n"}) {
    SCOPED_TRACE("position: " + bad);
    try {
      g.analyze(bad, p);
      ADD_FAILURE() << "accepted";
    } catch (const InputError&) {
    } catch (const RequestError&) {
    }
  }
}

TEST_P(Conformance, PlaySessionKeepsItsWord) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  for (int engine_side : {0, 1}) {
    SCOPED_TRACE(engine_side);
    auto s = g.play(g.default_position, engine_side, Seed{1}, p);
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->move_syntax().empty());
    int plies = 0;
    for (; !s->over() && plies < 100000; ++plies) {
      EXPECT_FALSE(s->board().empty());
      EXPECT_FALSE(s->mover().empty());
      if (s->engine_to_move()) {
        EXPECT_FALSE(s->engine_move().empty());
        continue;
      }
      const std::string before = s->board();
      EXPECT_TRUE(s->try_move("@@ not a move @@").has_value());
      EXPECT_EQ(s->board(), before) << "a refused move changed the board";
      const std::vector<std::string> legal = s->legal_moves();
      ASSERT_FALSE(legal.empty()) << "not over, yet no legal move";
      // The last listed move, or the last end of a range `FIRST .. LAST`.
      std::string move = legal.back();
      if (const auto dots = move.find(" .. "); dots != std::string::npos) {
        move = move.substr(dots + 4);
      }
      const auto refused = s->try_move(move);
      ASSERT_FALSE(refused.has_value()) << move << ": " << refused.value_or("");
    }
    EXPECT_TRUE(s->over()) << "no end after " << plies << " plies";
    EXPECT_FALSE(s->result().empty());
  }
}

// undo and redo walk the same positions back and forth; against the engine
// one undo takes back the person's move and the engine's reply.
TEST_P(Conformance, UndoAndRedoRetraceTheGame) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  auto s = g.play(g.default_position, kEngineNeither, Seed{1}, p);
  std::vector<std::string> seen = {s->position()};
  for (int ply = 0; ply < 3 && !s->over(); ++ply) {
    std::string move = s->legal_moves().front();
    if (const auto dots = move.find(" .. "); dots != std::string::npos) move = move.substr(0, dots);
    ASSERT_FALSE(s->try_move(move).has_value()) << move;
    seen.push_back(s->position());
  }
  for (std::size_t i = seen.size() - 1; i > 0; --i) {
    ASSERT_TRUE(s->undo());
    EXPECT_EQ(s->position(), seen[i - 1]);
    EXPECT_EQ(s->plies(), static_cast<int>(i - 1));
  }
  EXPECT_FALSE(s->undo());
  for (std::size_t i = 1; i < seen.size(); ++i) {
    ASSERT_TRUE(s->redo());
    EXPECT_EQ(s->position(), seen[i]);
  }
  EXPECT_FALSE(s->redo());

  auto vs = g.play(g.default_position, kEngineSecond, Seed{1}, p);
  const std::string start = vs->position();
  std::string move = vs->legal_moves().front();
  if (const auto dots = move.find(" .. "); dots != std::string::npos) move = move.substr(0, dots);
  ASSERT_FALSE(vs->try_move(move).has_value());
  if (!vs->over()) vs->engine_move();
  ASSERT_TRUE(vs->undo());
  EXPECT_EQ(vs->position(), start) << "undo stops where the person is to move";
  EXPECT_FALSE(vs->engine_to_move());
}

// The state API (api/game_state.h, Python's State): its actions are the
// analysis' legal moves, each leads where apply leads, undo and clone keep
// the history apart, and a finished game's returns are zero-sum.
TEST_P(Conformance, StateKeepsItsWord) {
  const GameEntry& g = *GetParam();
  if (!g.new_state) GTEST_SKIP() << g.name << " has no positions to play";
  std::mt19937_64 rng(35);
  for (const Params& p : option_sets(g)) {
    for (const std::string& pos : positions(g)) {
      SCOPED_TRACE("position: " + pos);
      const Analysis a = g.analyze(pos, p);
      if (a.moves_total > 4096) continue;
      const std::unique_ptr<GameState> s = g.new_state(pos, p);
      EXPECT_EQ(s->position(), a.position);
      EXPECT_EQ(s->is_terminal(), !a.to_move.has_value());
      ASSERT_EQ(static_cast<MoveCount>(s->num_actions()), a.moves_total);
      for (std::size_t k = 0; k < s->num_actions() && k < 12; ++k) {
        const std::string move = s->action_to_string(k);
        EXPECT_EQ(s->string_to_action(move), k) << move;
        const std::unique_ptr<GameState> child = s->clone();
        child->apply_action(k);
        EXPECT_EQ(child->position(), g.apply(pos, move, p)) << move;
        EXPECT_EQ(s->position(), a.position);  // the clone moved, not s
        EXPECT_TRUE(child->undo());
        EXPECT_EQ(child->position(), a.position);
      }
      EXPECT_THROW(s->apply_action(s->num_actions()), RequestError);
      // A random game to its end (capped), then back to the start.
      int plies = 0;
      while (!s->is_terminal() && plies < 200 && s->num_actions() <= 4096) {
        EXPECT_EQ(s->current_player(), std::optional<int>(plies % 2));
        s->apply_action(rng() % s->num_actions());
        ++plies;
      }
      if (s->is_terminal()) {
        const auto r = s->returns();
        EXPECT_EQ(r[0], -r[1]);
        EXPECT_FALSE(s->current_player().has_value());
      }
      while (s->undo()) --plies;
      EXPECT_EQ(plies, 0);
      EXPECT_EQ(s->position(), a.position);
    }
  }
}

TEST_P(Conformance, VerifyAgreesOnAFewInstances) {
  const GameEntry& g = *GetParam();
  const VerifyReport r = g.verify(25, Seed{kDefaultSeed}, defaults(g));
  EXPECT_TRUE(r.ok()) << r.counterexample.value_or("") << "\n" << r.detail;
  EXPECT_EQ(r.trials, 25u);
  EXPECT_EQ(r.agreed, 25u);
}

TEST_P(Conformance, BenchSignatureIsDeterministic) {
  const GameEntry& g = *GetParam();
  ASSERT_TRUE(g.bench) << "every game gives `perfectplay bench` fixed reference positions";
  const BenchResult a = g.bench(1);
  const BenchResult b = g.bench(1);
  EXPECT_GT(a.nodes, 0u);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.checksum, b.checksum);
  EXPECT_FALSE(a.positions.empty());
}

// The games: entries with the full set of commands. (The bare assignment
// solver offers only solve and generate; its own tests cover it.)
std::vector<const GameEntry*> entries() {
  std::vector<const GameEntry*> out;
  for (const GameEntry& g : all_games()) {
    if (g.analyze && g.hint && g.play && g.verify) out.push_back(&g);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(entries()),
                         [](const ::testing::TestParamInfo<const GameEntry*>& param_info) {
                           // A test name is letters, digits and '_' (toads-frogs).
                           std::string name = param_info.param->name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace perfectplay
