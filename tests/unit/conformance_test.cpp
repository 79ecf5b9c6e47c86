// One conformance suite over the registry: every game, whatever its rules,
// must keep the same promises to the command line.
//
//   - its bundled examples (examples/<game>/*.in) solve to the expected .out,
//     also with CRLF line endings and without the final newline;
//   - bad input (empty, garbage) is an InputError, never a crash or an answer;
//   - generate is deterministic in its seed and its output is valid input;
//   - the default position analyzes, and the hint is one of the best moves;
//   - a play session accepts every move it lists as legal, refuses garbage,
//     and an engine-versus-engine game from the default position ends;
//   - verify agrees on a handful of random instances;
//   - the bench signature is deterministic.
//
// Game-specific depth lives in each game's own tests; this file only checks
// that no game breaks the shared contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/input_error.h"
#include "registry/registry.h"

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

TEST_P(Conformance, ExamplesSolveAlsoWithCrlfAndNoFinalNewline) {
  const GameEntry& g = *GetParam();
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
    EXPECT_NO_THROW(g.solve_json(input, p));
    ++checked;
  }
  EXPECT_GT(checked, 0) << "no example with an expected output in " << dir;
}

TEST_P(Conformance, BadInputIsAnInputError) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  for (const std::string bad :
       {"", "\n\n", "banana\n", "1\n#?!\n", "-1\n", "99999999999999999999999\n"}) {
    SCOPED_TRACE("input: " + bad);
    EXPECT_THROW(g.solve(bad, p), InputError);
  }
}

TEST_P(Conformance, GenerateIsDeterministicAndValid) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  const std::string a = g.generate(Seed{7}, p);
  EXPECT_EQ(a, g.generate(Seed{7}, p));
  EXPECT_NE(a, g.generate(Seed{8}, p)) << "different seeds, same instance";
  EXPECT_NO_THROW(g.solve(a, p)) << a;
}

TEST_P(Conformance, HintIsABestMoveOfTheAnalysis) {
  const GameEntry& g = *GetParam();
  const Params p = defaults(g);
  const Analysis a = g.analyze(g.default_position, p);
  const Hint h = g.hint(g.default_position, p);
  EXPECT_FALSE(a.value.empty());
  if (!a.best_move) {
    EXPECT_FALSE(h.move.has_value());
    return;
  }
  ASSERT_TRUE(h.move.has_value());
  if (a.moves.empty()) return;  // too many moves to list: nothing to compare with
  const auto row = std::find_if(a.moves.begin(), a.moves.end(),
                                [&](const MoveRow& m) { return m.move == *h.move; });
  ASSERT_NE(row, a.moves.end()) << "hint " << *h.move << " is not among the listed moves";
  EXPECT_TRUE(row->best) << "hint " << *h.move << " is not marked best";
  EXPECT_EQ(row->value, h.value);
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
  const BenchResult a = g.bench();
  const BenchResult b = g.bench();
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
                           return param_info.param->name;
                         });

}  // namespace
}  // namespace perfectplay
