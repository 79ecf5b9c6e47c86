// bacteria: hand cases, the official sample, positions, bad input.
#include <gtest/gtest.h>

#include <algorithm>

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
  // Bad input like any other, named at the infected cell (line 3, column 2).
  EXPECT_EQ(testing::error_of([] { parse_position("3 3\n...\n.H.\n...\n"); }).substr(0, 50),
            "in:3:2: this position cannot arise in play: in row");
  // A full row then a column in one half: reachable.
  const Board b = parse_position("3 3\nV..\nHHH\n...\n");
  EXPECT_EQ(b.parts.size(), 2u);
  EXPECT_NO_THROW(parse_position("2 2\n..\n..\n"));
}

TEST(Bacteria, PositionsMustHaveTheirColoniesLetters) {
  // An H colony fills a whole row of its rectangle, a V colony a whole
  // column: in one row, a V cell is a column of height 1, an H cell never
  // stops short of the row's ends.
  EXPECT_EQ(testing::error_of([] { parse_position("1 3\n.H.\n"); }),
            "in:2:2: this position cannot arise in play: in rows 1..1, columns 1..3 no whole row "
            "is all H and no whole column all V (the cell at row 1, column 2 is H in a whole "
            "infected column), but an H colony always crosses the whole row of the region it is "
            "placed in, and a V colony the whole column");
  EXPECT_EQ(parse_position("1 3\n.V.\n").parts.size(), 2u);
  EXPECT_TRUE(parse_position("1 3\nVVV\n").parts.empty());  // three V moves
  EXPECT_TRUE(parse_position("1 3\nHHH\n").parts.empty());  // one H move
  EXPECT_TRUE(parse_position("1 3\nHVV\n").parts.empty());  // V, V, then H in what is left
  EXPECT_TRUE(parse_position("1 1\nH\n").parts.empty());
  EXPECT_TRUE(parse_position("1 1\nV\n").parts.empty());
  // A whole row with a V in it: the first V is named.
  EXPECT_EQ(testing::error_of([] { parse_position("2 2\nHV\n..\n"); }).substr(0, 7), "in:2:2:");
  // A whole column of H, three rows high.
  EXPECT_EQ(testing::error_of([] { parse_position("3 3\n.H.\n.H.\n.H.\n"); }).substr(0, 7),
            "in:2:2:");
  // The same with `mutated`: the cells must still be reachable, and a colony
  // placed in them able to mutate (a region with an empty cell and a '#').
  EXPECT_TRUE(parse_position("1 4\n.V.#\nmutated\n").mutated);
  EXPECT_TRUE(parse_position("2 2\n.#\nHH\nmutated\n").mutated);
  EXPECT_EQ(testing::error_of([] { parse_position("1 4\n.H.#\nmutated\n"); }).substr(0, 7),
            "in:2:2:");
  for (const char* no_mutation : {"1 3\n.V.\nmutated\n", "1 1\n#\nmutated\n", "1 2\nHH\nmutated\n",
                                  "2 2\n..\nHH\nmutated\n"}) {
    const std::string why = testing::error_of([&] { parse_position(no_mutation); });
    EXPECT_NE(why.find("no colony placed here could mutate"), std::string::npos)
        << no_mutation << why;
  }
  // Named at the word.
  EXPECT_EQ(testing::error_of([] { parse_position("1 1\n#\n\nmutated\n"); }).substr(0, 7),
            "in:4:1:");
}

std::string error_of(std::string_view input) {
  return testing::error_of([&] { solve_contest(input); });
}

TEST(Bacteria, BadInput) {
  EXPECT_EQ(error_of(""), "in:1:1: empty input: expected the number of cases T");
  EXPECT_EQ(error_of("1\n2 2\n..\n.\n"), "in:4:2: row 2 has 1 cells, expected 2");
  EXPECT_EQ(error_of("1\n2 2\n..\n...\n"), "in:4:3: row 2 has more than 2 cells");
  EXPECT_EQ(error_of("1\n1 2\n.x\n"), "in:3:2: a cell is one of '.' '#', found 'x'");
  EXPECT_EQ(error_of("1\n0 2\n"), "in:2:1: the number of rows R must be between 1 and 255");
  EXPECT_EQ(error_of("2\n1 1\n.\n"), "in:4:1: expected case 2 of 2, found end of input");
  EXPECT_EQ(error_of("1\n1 1\n.\n1 1\n"), "in:4:1: unexpected '1' after the last case");
  EXPECT_EQ(error_of("1\n2 2\n..\r\n..\r\n"), "accepted");
  EXPECT_EQ(error_of("1\n2 2\n..\n.."), "accepted");
}

TEST(Bacteria, MutatedPositionsRoundTrip) {
  const Board b = parse_position("2 3\n...\n.#.\nmutated\n");
  EXPECT_TRUE(b.mutated);
  EXPECT_EQ(format_position(b), "2 3\n...\n.#.\nmutated\n");
  EXPECT_FALSE(parse_position("2 3\n...\n.#.\n").mutated);
  EXPECT_EQ(testing::error_of([] { parse_position("1 1\n.\nmutant\n"); }),
            "in:3:1: unexpected 'mutant' after the position");  // as before `mutated`
}

TEST(BacteriaEngine, AMutatingMoveLosesAtOnce) {
  // "1 2 V" spreads down into '#': the game ends, its player has lost.
  const Model model;
  const Engine<Model> engine(model, {});
  const Board b = parse_position("2 3\n...\n.#.\n");
  const Move mutate{0, 1, Colony::kV};
  const Board after = model.play(b, mutate);
  EXPECT_TRUE(after.mutated);
  EXPECT_FALSE(model.mover(after).has_value());
  EXPECT_EQ(model.end_text(after), "the colony mutated, so its player loses.");
  EXPECT_EQ(text(engine.evaluate(after)), "win in 0");
  EXPECT_EQ(text(model.theory(after)), "win in 0");
  const Analysis a = engine.analyze(b);
  const auto row = std::find_if(a.moves.begin(), a.moves.end(),
                                [](const MoveInfo& m) { return m.move == "1 2 V"; });
  ASSERT_NE(row, a.moves.end());
  EXPECT_EQ(text(row->value), "loss in 1");
  EXPECT_EQ(row->position, "2 3\n...\n.#.\nmutated\n");
}

TEST(BacteriaEngine, BeyondTheReferenceUsesTheTheory) {
  // 6 x 6, 34 empty cells: lost; the engine delays with the move that
  // infects the fewest cells.
  const Model model;
  const Engine<Model> engine(model, {});
  const Board b = parse_position("6 6\n......\n.#....\n......\n....#.\n......\n......\n");
  ASSERT_FALSE(model.reference_reaches(b));
  EXPECT_EQ(text(engine.evaluate(b)), "loss");
  const auto c = engine.choose(b);
  ASSERT_TRUE(c.move);
  EXPECT_EQ(model.move_text(*c.move), "1 1 H");
  // The official sample's third grid, won: the theory's move wins.
  const Board won = parse_position("3 4\n#.##\n....\n#.##\n");
  ASSERT_TRUE(model.theory_move(won).has_value());
  EXPECT_TRUE(model.theory(model.play(won, *model.theory_move(won))).is_loss());
}

// verify offers the size options too, and it has no --exact (generate_only):
// their help must not send the user to it.
TEST(BacteriaEntry, VerifysOptionsDoNotMentionExact) {
  const GameEntry e = entry();
  for (const ParamSpec& p : e.params) {
    if (p.generate_only) continue;
    EXPECT_EQ(p.help.find("--exact"), std::string::npos) << p.name;
  }
}

}  // namespace
}  // namespace perfectplay::games::bacteria
