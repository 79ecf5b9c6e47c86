// nim: theory against the exhaustive reference, on every board of up to 4
// rows of up to 7 squares for both endings, and on random boards (RapidCheck).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdio>

#include "games/nim/nim_entry.h"
#include "games/nim/nim_io.h"
#include "games/nim/nim_reference.h"
#include "games/nim/nim_theory.h"

namespace perfectplay::games::nim {
namespace {

void check_all(Ending ending) {
  ReferenceSolver solver{Rules(ending)};
  const Rules rules(ending);
  std::size_t boards = 0;
  for (int k = 1; k <= 4; ++k) {
    std::vector<std::uint64_t> rows(static_cast<std::size_t>(k), 0);
    for (;;) {
      const Position p{rows};
      const Outcome truth = solver.solve(p);
      ASSERT_EQ(mover_wins(summarize(rows), ending), truth.is_win()) << format_position(p);
      const auto m = winning_move(rows, ending);
      if (m) {
        ASSERT_TRUE(rules.is_legal(p, *m));
        ASSERT_TRUE(solver.solve(rules.play(p, *m)).is_loss()) << format_position(p);
        // Lowest-numbered row: no earlier row has a winning move.
        for (std::size_t r = 0; r < m->row; ++r) {
          for (std::uint64_t t = 1; t <= rows[r]; ++t) {
            ASSERT_FALSE(solver.solve(rules.play(p, Move{r, t})).is_loss()) << format_position(p);
          }
        }
      } else if (truth.is_win()) {
        ASSERT_TRUE(rules.moves(p).empty()) << format_position(p);  // misère empty board
      }
      ++boards;
      std::size_t i = 0;
      while (i < rows.size() && rows[i] == 7) rows[i++] = 0;
      if (i == rows.size()) break;
      ++rows[i];
    }
  }
  EXPECT_EQ(boards, 8u + 64u + 512u + 4096u);
}

TEST(NimStress, EveryBoardUpTo4RowsOf7Normal) {
  check_all(Ending::kNormal);
}
TEST(NimStress, EveryBoardUpTo4RowsOf7Misere) {
  check_all(Ending::kMisere);
}

// The delaying heuristic the engine plays on lost boards beyond the
// reference's reach, measured against the exact longest resistance on every
// lost board of up to 4 rows of up to 7 squares (rows sorted, as the order
// does not matter). It must always be legal and must never hasten the loss by
// more than it has to; how often it is exactly optimal is printed and quoted
// in docs/games/nim.md. The floor below is what it achieved when written:
// a change that makes it worse fails here.
void measure_delaying(Ending ending, int floor_percent) {
  ReferenceSolver solver{Rules(ending)};
  const Rules rules(ending);
  int lost = 0, exact = 0;
  for (int a = 0; a <= 7; ++a)
    for (int b = a; b <= 7; ++b)
      for (int c = b; c <= 7; ++c)
        for (int d = c; d <= 7; ++d) {
          const Position p{
              {std::uint64_t(a), std::uint64_t(b), std::uint64_t(c), std::uint64_t(d)}};
          const Outcome truth = solver.solve(p);
          if (!truth.is_loss() || rules.moves(p).empty()) continue;
          ++lost;
          const Move m = delaying_move(p.rows);
          ASSERT_TRUE(rules.is_legal(p, m)) << format_position(p);
          const Outcome after = solver.solve(rules.play(p, m));
          ASSERT_TRUE(after.is_win());
          exact += (after.parent_view() == truth);
        }
  std::printf("nim delaying heuristic (%s): exact on %d of %d lost boards\n",
              ending == Ending::kNormal ? "normal" : "misere", exact, lost);
  EXPECT_GE(exact * 100, floor_percent * lost);
}

TEST(NimStress, DelayingHeuristicAgainstExactRemotenessNormal) {
  measure_delaying(Ending::kNormal, 80);
}
TEST(NimStress, DelayingHeuristicAgainstExactRemotenessMisere) {
  measure_delaying(Ending::kMisere, 80);
}

RC_GTEST_PROP(NimStress, RandomBoardsAgree, ()) {
  const auto k = *rc::gen::inRange<std::size_t>(1, 7);
  const auto rows =
      *rc::gen::container<std::vector<std::uint64_t>>(k, rc::gen::inRange<std::uint64_t>(0, 9));
  const bool misere = *rc::gen::arbitrary<bool>();
  const auto failure =
      check_theory(Model(misere ? Ending::kMisere : Ending::kNormal), Position{rows});
  RC_ASSERT(!failure.has_value());
}

}  // namespace
}  // namespace perfectplay::games::nim
