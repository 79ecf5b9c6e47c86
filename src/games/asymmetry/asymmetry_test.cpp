// asymmetry: the official sample, hand-worked pairs, formats, bad input.
#include <gtest/gtest.h>

#include "core/input_error.h"
#include "games/asymmetry/asymmetry_entry.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_theory.h"
#include "support/error_of.h"

namespace perfectplay::games::asymmetry {
namespace {

TEST(Asymmetry, OfficialSample) {
  EXPECT_EQ(game_value(parse_contest("3 2 1\n1 0\n1 0\n0 0\n")), 2);
}

TEST(Asymmetry, OneRowPairByHand) {
  // N = 1: Alice writes v, Bob answers in the same row: max(v, K - v), so
  // Alice writes K/2 and the pair is worth ceil(K/2).
  EXPECT_EQ(game_value(Grid{1, 2, 5, {0, 0}}), 3);
  EXPECT_EQ(game_value(Grid{1, 2, 4, {4, 0}}), 2);
}

// The seed writes "half_k" for Alice's same-row defence and for N = 1; it
// must be ceil(K/2): with K odd, floor(K/2) is one too small. One row, K = 1:
// whatever Alice writes, Bob answers with the far end, so the pair is worth
// 1, not 0. (Found by a teammate's parallel asymmetry branch.)
TEST(Asymmetry, SeedHalfKIsTheCeiling) {
  EXPECT_EQ(game_value(parse_contest("1 2 1\n0 0\n")), 1);
  EXPECT_EQ(game_value(parse_contest("1 2 5\n0 0\n")), 3);
}

TEST(Asymmetry, InnerMinimumByBruteForce) {
  for (std::int64_t k = 0; k <= 12; ++k) {
    for (std::int64_t x = 0; x <= k; ++x) {
      for (std::int64_t f = 0; f <= k; ++f) {
        std::int64_t best = INT64_MAX;
        for (std::int64_t v = 0; v <= k; ++v) {
          best = std::min(best, std::max(std::max(v, k - v), (v > x ? v - x : x - v) + f));
        }
        ASSERT_EQ(inner_minimum(k, x, f, true), best) << k << " " << x << " " << f;
      }
    }
  }
}

std::string error_of(std::string_view input) {
  return testing::error_of([&] { game_value(parse_contest(input)); });
}

TEST(Asymmetry, AGridWithNoPairLeftIsWorthNothing) {
  // The theory values a board in progress on the grid of its fresh pairs,
  // which is empty once every pair is open or settled (UBSan caught the
  // indexing of the empty grid's first row on a random playout).
  EXPECT_EQ(game_value(Grid{2, 0, 5, {}}), 0);
  const Board b = parse_position("1 2 3\n1 2\nmarked: 1\n");
  // Bob closes the only pair: column 1 holds 1, he writes 3 in column 2.
  EXPECT_EQ(theory_value(b), std::optional<std::int64_t>(2));
}

TEST(Asymmetry, BadInput) {
  EXPECT_EQ(error_of(""), "in:1:1: empty input: expected N M K");
  EXPECT_EQ(error_of("1 3 1\n0 0 0\n"), "in:1:3: M must be even, found 3");
  EXPECT_EQ(error_of("1 2 1\n0 2\n"), "in:2:3: a value must be between 0 and 1");
  EXPECT_EQ(error_of("1 2 1\n0\n"), "in:2:2: row 1 has 1 values, expected 2");
  EXPECT_EQ(error_of("1 2 1\n0 1 1\n"), "in:2:5: row 1 has more than 2 values");
  EXPECT_EQ(error_of("2 2 1\n0 1\n"), "in:3:1: expected row 2 of 2 (2 values), found end of input");
  EXPECT_EQ(error_of("1 2 0\n0 0\n"), "in:1:5: K must be between 1 and 4294967295");
  EXPECT_EQ(error_of("1 2 5\n0 x\n"), "in:2:3: expected a value, found 'x'");
  EXPECT_EQ(error_of("1 2 5\n0 99999999999999999999999\n"),
            "in:2:3: a value must be between 0 and 5");
  EXPECT_EQ(error_of("1 2 5\n0 1\n7\n"), "in:3:1: unexpected '7' after the last case");
  EXPECT_EQ(error_of("1 2 5\r\n0 1"), "accepted");
}

TEST(Asymmetry, PositionFormat) {
  const Board b = parse_position("1 4 3\n1 0 2 3\nmarked: 1 4\n");
  EXPECT_EQ(b.marked, (std::vector<char>{1, 0, 0, 1}));
  EXPECT_EQ(parse_position(format_position(b)).marked, b.marked);
  EXPECT_THROW(parse_position("1 4 3\n1 0 2 3\nmarked: 1 1\n"), InputError);
}

// The engine decides to search from an estimate made before searching
// (issue 13: these grids, `generate asymmetry --rows 2 --cols 8|10 --k 15`,
// made analyze grind for 55 s and hint for 202 s inside the old bounds).
const char* const kGrid2x8 = "2 8 15\n4 13 5 11 13 6 11 15\n13 15 7 12 0 5 13 4\n";
const char* const kGrid2x10 = "2 10 15\n4 13 5 11 13 6 11 15 13 15\n7 12 0 5 13 4 3 9 4 12\n";

TEST(AsymmetryEngine, ReferenceReachesOnlyWhatItSearchesFast) {
  const Model m;
  EXPECT_FALSE(m.reference_reaches(parse_position(kGrid2x8)));
  EXPECT_FALSE(m.reference_reaches(parse_position(kGrid2x10)));
  EXPECT_FALSE(m.reference_reaches(parse_position(std::string(kGrid2x8) + "marked: 1\n")));
  EXPECT_TRUE(m.reference_reaches(parse_position("2 4 3\n1 0 2 3\n0 3 1 1\n")));
  // Two pairs settled: two fresh pairs of 2 + 2 * 31 states, 4 columns of 31 moves.
  const Board late = parse_position(std::string(kGrid2x8) + "marked: 1 2 7 8\n");
  EXPECT_EQ(reference_work(late, UINT64_MAX), 64u * 64u * 4u * 31u);
  EXPECT_TRUE(m.reference_reaches(late));
  // Past the solver's encoding (M > 16, K > 15): never.
  EXPECT_FALSE(m.reference_reaches(parse_position("1 2 16\n0 0\n")));
  EXPECT_FALSE(
      m.reference_reaches(parse_position("1 18 1\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n")));
}

// The estimate bounds what the solver stores: never more positions than
// reference_work counts.
TEST(AsymmetryEngine, TheEstimateBoundsTheSearch) {
  for (const char* text :
       {"2 4 3\n1 0 2 3\n0 3 1 1\n", "1 6 5\n5 0 3 1 4 2\n", "2 6 2\n0 1 2 2 1 0\n1 1 0 2 0 2\n",
        "2 6 2\n0 1 2 2 1 0\n1 1 0 2 0 2\nmarked: 2\n", "3 4 4\n4 0 1 2\n3 3 0 1\n2 4 4 0\n"}) {
    SCOPED_TRACE(text);
    const Board b = parse_position(text);
    const Rules rules(b.grid);
    ReferenceSolver solver{rules};
    solver.value(reference_position(b));
    const auto moves =
        static_cast<std::uint64_t>((b.grid.cols - b.marked_count()) * (1 + b.grid.rows * b.grid.k));
    EXPECT_LE(solver.stored_positions(), reference_work(b, UINT64_MAX) / moves);
  }
}

TEST(AsymmetryEngine, SaysWhereEachAnswerComesFrom) {
  const Model m;
  const Engine<Model> engine(m, {});
  // Past the cap, on the theory's lines: exact by the theory.
  for (const char* text : {kGrid2x8, kGrid2x10}) {
    const Analysis a = engine.analyze(parse_position(text));
    EXPECT_EQ(a.value.source, ValueSource::kTheory);
    EXPECT_TRUE(a.value.known());
    const Hint h = engine.hint(parse_position(text));
    EXPECT_EQ(h.value, a.value);
  }
  // Alice opened, Bob answers: the theory again.
  const Board bob = parse_position(std::string(kGrid2x8) + "marked: 1\n");
  EXPECT_EQ(engine.evaluate(bob).source, ValueSource::kTheory);
  // Off the theory's lines (two open pairs, Alice to move): no value, the heuristic.
  const Board off = parse_position(std::string(kGrid2x10) + "marked: 1 2\n");
  EXPECT_FALSE(engine.evaluate(off).known());
  EXPECT_EQ(engine.choose(off).move, heuristic_move(off));
  // Small enough to search: the reference, whose value the theory matches.
  const Board late = parse_position(std::string(kGrid2x8) + "marked: 1 2 7 8\n");
  EXPECT_EQ(engine.evaluate(late).source, ValueSource::kReference);
  EXPECT_EQ(engine.evaluate(late).score, theory_value(late));
}

}  // namespace
}  // namespace perfectplay::games::asymmetry
