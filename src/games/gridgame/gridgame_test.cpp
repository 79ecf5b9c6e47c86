// gridgame: the official sample, positions in progress, the model's moves and
// formats, bad input.
#include <gtest/gtest.h>

#include <type_traits>

#include "api/engine.h"
#include "core/input_error.h"
#include "games/gridgame/gridgame_entry.h"
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

// The canonical text: single spaces, the moves line only when a line is
// crossed; parse(format(p)) == p.
TEST(Gridgame, PositionRoundTrip) {
  const Position p = parse_position("\n2\n 1   2\r\n3 4\n\nmoves:  2 1   1\n");
  EXPECT_EQ(format_position(p), "2\n1 2\n3 4\nmoves: 2 1 1\n");
  EXPECT_EQ(parse_position(format_position(p)), p);
  const Position fresh = parse_position("1\n-7\nmoves:\n");
  EXPECT_EQ(format_position(fresh), "1\n-7\n");
  EXPECT_EQ(parse_position(format_position(fresh)), fresh);
  EXPECT_FALSE(parse_position("1\n-7\n") == parse_position("1\n-8\n"));
}

TEST(Gridgame, ModelMovesAndTurns) {
  const Model m;
  Position p = m.parse_position("3\n1 -2 -3\n-3 4 -5\n-2 1 3\nmoves: 2 3");
  ASSERT_TRUE(m.mover(p));
  EXPECT_EQ(m.mover(p)->name, "Alice");
  EXPECT_TRUE(m.maximizes(p));
  EXPECT_EQ(m.moves(p), (std::vector<int>{0, 2}));
  EXPECT_EQ(m.move_count(p), 2u);
  EXPECT_EQ(std::get<std::string>(m.parse_move(p, "2")), "row 2 is already crossed");
  EXPECT_EQ(std::get<std::string>(m.parse_move(p, "4")), "there is no row 4 (1 to 3)");
  EXPECT_EQ(std::get<int>(m.parse_move(p, "3")), 2);
  p = m.play(p, 2);
  EXPECT_EQ(m.mover(p)->name, "Bob");
  EXPECT_FALSE(m.maximizes(p));
  EXPECT_EQ(m.moves(p), (std::vector<int>{0, 1}));
  EXPECT_EQ(std::get<std::string>(m.parse_move(p, "3")), "column 3 is already crossed");
  p = m.play(m.play(p, 1), 0);
  p = m.play(p, 0);
  EXPECT_FALSE(m.mover(p));
  EXPECT_EQ(m.end_text(p), "every line is crossed: Alice's total is -3.");  // -5 + 1 + 1
  EXPECT_EQ(m.theory(p), Value::of_score(-3, ValueSource::kTheory));
  EXPECT_EQ(m.reference(SearchLimits{}).value(p), Value::of_score(-3, ValueSource::kReference));
}

// Bob's move by the theory is the pending row's column in a minimum matching
// of what is left; Alice's is the first uncrossed row (all are equal). Past
// the reference's reach the engine answers with them.
TEST(Gridgame, TheoryMovesPastTheReference) {
  const Model m;
  const Position p = m.parse_position(
      "9\n9 1 1 1 1 1 1 1 1\n1 9 1 1 1 1 1 1 1\n1 1 9 1 1 1 1 1 1\n1 1 1 9 1 1 1 1 1\n"
      "1 1 1 1 9 1 1 1 1\n1 1 1 1 1 9 1 1 1\n1 1 1 1 1 1 9 1 1\n1 1 1 1 1 1 1 9 1\n"
      "0 1 1 1 1 1 1 1 9\n");
  EXPECT_FALSE(m.reference_reaches(p));
  const Engine<Model> engine(m, {});
  EXPECT_EQ(engine.evaluate(p), Value::of_score(8, ValueSource::kTheory));
  EXPECT_EQ(m.theory_move(p), 0);
  const Position bob = m.play(p, 8);  // Bob answers row 9 with column 1 (cost 0)
  EXPECT_EQ(m.theory_move(bob), 0);
  const Hint h = engine.hint(bob);
  EXPECT_EQ(h.move, "1");
  EXPECT_EQ(h.value, Value::of_score(8, ValueSource::kTheory));
  // A reference-sized position: the same value, by exhaustive search.
  const Position small = m.play(m.play(bob, 0), 0);
  EXPECT_TRUE(m.reference_reaches(small));
  EXPECT_EQ(engine.evaluate(small), Value::of_score(8, ValueSource::kReference));
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

// verify offers the size options too, and it has no --exact (generate_only):
// their help must not send the user to it.
TEST(GridgameEntry, VerifysOptionsDoNotMentionExact) {
  const GameEntry e = entry();
  for (const ParamSpec& p : e.params) {
    if (p.generate_only) continue;
    EXPECT_EQ(p.help.find("--exact"), std::string::npos) << p.name;
  }
}

// A position's matrix is stored in 16 bits where no entry has 5 digits, in
// 32 where none has 10 (read_compact_matrix's test, which needs no second
// pass) and in 64 bits otherwise (GridMatrix), and reads, values and
// formats the same.
TEST(GridgameModel, MatrixWidthFollowsItsEntries) {
  const auto narrow = [](const Position& p) {
    return p.matrix->visit(
        [](const auto& m) { return std::is_same_v<std::decay_t<decltype(m)>, CostMatrix32>; });
  };
  const Model model;
  const Position digits = parse_position("2\n1 -9999\n3 4\nmoves: 1\n");
  EXPECT_TRUE(digits.matrix->visit(
      [](const auto& m) { return std::is_same_v<std::decay_t<decltype(m)>, CostMatrix16>; }));
  EXPECT_EQ((*digits.matrix)(0, 1), -9999);
  EXPECT_EQ(format_position(digits), "2\n1 -9999\n3 4\nmoves: 1\n");
  // Row 1 is crossed: Bob answers with column 2 (-9999, leaving 3).
  EXPECT_EQ(Outlook(digits).value(), -9996);
  const Position small = parse_position("2\n1 2\n3 -999999999\n");
  EXPECT_TRUE(narrow(small));
  EXPECT_EQ((*small.matrix)(1, 1), -999999999);
  const std::string text = "2\n4000000001 4000000002\n4000000003 -5\nmoves: 2\n";
  const Position wide = parse_position(text);
  EXPECT_FALSE(narrow(wide));
  EXPECT_EQ(format_position(wide), text);
  // Row 2 is crossed; Bob answers it with column 2 (-5, leaving 4000000001)
  // rather than column 1 (4000000003, leaving 4000000002).
  EXPECT_EQ(model.theory(wide).score, 4000000001 - 5);
  EXPECT_EQ(*model.theory_move(wide), 1);
  EXPECT_TRUE(*parse_position("1\n7\n").matrix == GridMatrix(CostMatrix(1, {7})));
}

}  // namespace
}  // namespace perfectplay::games::gridgame
