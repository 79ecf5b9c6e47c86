// bacteria: the Grundy theory against the exhaustive reference on every grid
// up to 3 x 3 (every pattern of '#'), on random grids up to 4 x 5 at several
// densities, and on positions in the middle of random games.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>

#include "games/bacteria/bacteria_entry.h"
#include "games/bacteria/bacteria_io.h"
#include "games/bacteria/bacteria_reference.h"
#include "support/sanitized.h"

namespace perfectplay::games::bacteria {
namespace {

std::optional<std::string> check_grid(const Grid& g) {
  return Model().check_grid(g);
}

TEST(BacteriaStress, EveryGridUpTo3x3) {
  int grids = 0;
  for (int rows = 1; rows <= 3; ++rows) {
    for (int cols = 1; cols <= 3; ++cols) {
      for (unsigned mask = 0; mask < (1u << (rows * cols)); ++mask) {
        Grid g;
        g.rows = rows;
        g.cols = cols;
        for (int i = 0; i < rows * cols; ++i) g.cells.push_back((mask >> i) & 1 ? '#' : '.');
        const auto failure = check_grid(g);
        ASSERT_FALSE(failure.has_value()) << format_grid(g) << *failure;
        ++grids;
      }
    }
  }
  EXPECT_EQ(grids, 2 + 4 + 8 + 4 + 16 + 64 + 8 + 64 + 512);
}

RC_GTEST_PROP(BacteriaStress, RandomGridsUpTo4x5, ()) {
  const int rows = *rc::gen::inRange(1, 5);
  const int cols = *rc::gen::inRange(1, 6);
  const int density = *rc::gen::element(0, 10, 25, 50);
  Grid g;
  g.rows = rows;
  g.cols = cols;
  for (int i = 0; i < rows * cols; ++i) {
    g.cells.push_back(*rc::gen::inRange(0, 100) < density ? '#' : '.');
  }
  const auto failure = check_grid(g);
  RC_ASSERT(!failure.has_value());
}

// Seeded: 1000 grids of exactly 4 x 5 (the largest), 250 at each density
// (100 each under the sanitizers, which run about five times slower).
TEST(BacteriaStress, SeededGrids4x5AtFourDensities) {
  std::mt19937_64 rng(20261123);
  for (const int density : {0, 10, 25, 50}) {
    constexpr int kPerDensity = testing::sweep_size(250, 100);
    for (int i = 0; i < kPerDensity; ++i) {
      Grid g{4, 5, {}};
      for (int c = 0; c < 20; ++c)
        g.cells.push_back(static_cast<int>(rng() % 100) < density ? '#' : '.');
      const auto failure = check_grid(g);
      ASSERT_FALSE(failure.has_value()) << format_grid(g) << *failure;
    }
  }
}

// Positions in progress: the board (rectangles, marks) the play session and
// analyze use must agree with the reference on the infected set, after any
// sequence of non-mutating moves.
TEST(BacteriaStress, PositionsInProgressAgreeWithReference) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 300; ++game) {
    Grid g;
    g.rows = 1 + static_cast<int>(rng() % 4);
    g.cols = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < g.rows * g.cols; ++i) g.cells.push_back(rng() % 100 < 15 ? '#' : '.');
    const GrundyTable t(g);
    const Rules rules(g);
    ReferenceSolver solver{rules};
    Board b = start_board(g);
    Rules::Position p;
    for (;;) {
      ASSERT_EQ(ToReference{}(b), p);
      const bool theory_wins = !board_value(t, b).is_zero();
      ASSERT_EQ(theory_wins, solver.solve(p).is_win()) << format_position(b);
      // The board must also survive a round trip through the position format.
      Board again = parse_position(format_position(b));
      ASSERT_EQ(board_value(t, again), board_value(t, b));
      std::vector<Move> safe;
      for (const Move& m : legal_moves(b)) {
        if (!effect_of(t, b, m).mutates) safe.push_back(m);
      }
      if (safe.empty()) break;
      const Move m = safe[rng() % safe.size()];
      apply(b, effect_of(t, b, m), m);
      p = rules.play(p, m);
      ASSERT_FALSE(p.mutated);
    }
  }
}

}  // namespace
}  // namespace perfectplay::games::bacteria
