// bacteria: hand cases, the official sample, positions, bad input.
#include <gtest/gtest.h>

#include "core/input_error.h"
#include "games/bacteria/bacteria_entry.h"
#include "games/bacteria/bacteria_io.h"
#include "support/error_of.h"

namespace perfectplay::games::bacteria {
namespace {

TEST(Bacteria, OfficialSample) {
  const std::string input =
      "5\n2 2\n..\n.#\n4 4\n.#..\n..#.\n#...\n...#\n3 4\n#.##\n....\n#.##\n1 1\n.\n1 2\n##\n";
  EXPECT_EQ(solve_contest(input), (std::vector<std::uint64_t>{0, 0, 7, 2, 0}));
}

TEST(Bacteria, SmallRectanglesByHand) {
  // 1 x 1: one move (H or V) ends the game: value *1.
  // 1 x 2: H fills the row (leaves nothing: 0); V at either cell leaves a
  // 1 x 1 (*1). Options {0, 1}: value *2.
  Grid g{1, 2, {'.', '.'}};
  const GrundyTable t(g);
  EXPECT_EQ(t.value(Rect{0, 0, 0, 0}), Nimber(1));
  EXPECT_EQ(t.value(Rect{0, 0, 0, 1}), Nimber(2));
  // Winning openings of 1 x 2: H at either cell (2 moves) leaves 0.
  EXPECT_EQ(winning_openings(t), 2u);
}

TEST(Bacteria, MutatingMovesAreNotOptions) {
  // ". #": H anywhere mutates; V at (1,1) infects it alone. Value *1, one
  // winning opening (V at the empty cell).
  Grid g{1, 2, {'.', '#'}};
  const GrundyTable t(g);
  EXPECT_EQ(winning_openings(t), 1u);
}

TEST(Bacteria, PositionsMustBeReachable) {
  // A lone infected cell in the middle of a 3 x 3 grid: no colony stops there.
  EXPECT_THROW(parse_position("3 3\n...\n.H.\n...\n"), RequestError);
  // A full row then a column in one half: reachable.
  const Board b = parse_position("3 3\nV..\nHHH\n...\n");
  EXPECT_EQ(b.parts.size(), 2u);
  EXPECT_NO_THROW(parse_position("2 2\n..\n..\n"));
}

std::string error_of(std::string_view input) {
  return testing::error_of([&] { solve_contest(input); });
}

TEST(Bacteria, BadInput) {
  EXPECT_EQ(error_of(""), "in:1:1: empty input: expected the number of cases T");
  EXPECT_EQ(error_of("1\n2 2\n..\n.\n"), "in:4:2: row 2 has 1 cells, expected 2");
  EXPECT_EQ(error_of("1\n2 2\n..\n...\n"), "in:4:3: row 2 has more than 2 cells");
  EXPECT_EQ(error_of("1\n1 2\n.x\n"), "in:3:2: a cell is one of '.' '#', found 'x'");
  EXPECT_EQ(error_of("1\n0 2\n"), "in:2:1: the number of rows R must be between 1 and 127");
  EXPECT_EQ(error_of("2\n1 1\n.\n"), "in:4:1: expected case 2 of 2, found end of input");
  EXPECT_EQ(error_of("1\n1 1\n.\n1 1\n"), "in:4:1: unexpected '1' after the last case");
  EXPECT_EQ(error_of("1\n2 2\n..\r\n..\r\n"), "accepted");
  EXPECT_EQ(error_of("1\n2 2\n..\n.."), "accepted");
}

}  // namespace
}  // namespace perfectplay::games::bacteria
