// gridgame: the official sample, positions in progress, bad input.
#include <gtest/gtest.h>

#include "core/input_error.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_theory.h"
#include "support/error_of.h"

namespace perfectplay::games::gridgame {
namespace {

TEST(Gridgame, OfficialSample) {
  std::vector<std::int64_t> got;
  for (const CostMatrix& m :
       parse_contest("3\n2\n10 10\n-5 -5\n2\n10 -5\n10 -5\n2\n10 -5\n-5 10\n")) {
    got.push_back(game_value(m));
  }
  EXPECT_EQ(got, (std::vector<std::int64_t>{5, 5, -10}));
}

TEST(Gridgame, PositionFormat) {
  const Position p = parse_position("2\n1 2\n3 4\nmoves: 2 1 1\n");
  EXPECT_EQ(p.n(), 2);
  EXPECT_EQ(p.moves, (std::vector<int>{1, 0, 0}));
  EXPECT_THROW(parse_position("2\n1 2\n3 4\nmoves: 2 1 2\n"), InputError);  // row 2 twice
  EXPECT_THROW(parse_position("2\n1 2\n3 4\nturns: 1\n"), InputError);
}

std::string error_of(std::string_view input) {
  return testing::error_of([&] { parse_contest(input); });
}

TEST(Gridgame, BadInput) {
  EXPECT_EQ(error_of(""), "in:1:1: empty input: expected the number of cases t");
  EXPECT_EQ(error_of("1\n2\n1 2\n3\n"), "in:4:2: row 2 has 1 numbers, expected 2");
  EXPECT_EQ(error_of("1\n2\n1 2\n3 4 5\n"), "in:4:5: row 2 has more than 2 numbers");
  EXPECT_EQ(error_of("1\n2\n1 2\n"), "in:4:1: expected row 2 of 2 (2 numbers), found end of input");
  EXPECT_EQ(error_of("1\n0\n"), "in:2:1: the size n must be between 1 and 50000");
  EXPECT_EQ(error_of("1\n1\n1000000000001\n"),
            "in:3:1: a matrix entry must be between -1000000000000 and 1000000000000");
  EXPECT_EQ(error_of("1\n1\n99999999999999999999999\n"),
            "in:3:1: a matrix entry must be between -1000000000000 and 1000000000000");
  EXPECT_EQ(error_of("2\n1\n5\n"), "in:4:1: expected case 2 of 2, found end of input");
  EXPECT_EQ(error_of("1\n1\n5\n7\n"), "in:4:1: unexpected '7' after the last case");
  EXPECT_EQ(error_of("1\r\n1\r\n5"), "accepted");
}

}  // namespace
}  // namespace perfectplay::games::gridgame
