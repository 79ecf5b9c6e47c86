// asymmetry: the official sample, hand-worked pairs, formats, bad input.
#include <gtest/gtest.h>

#include "core/input_error.h"
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

}  // namespace
}  // namespace perfectplay::games::asymmetry
