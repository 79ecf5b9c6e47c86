// asymmetry: the per-pair theory against the exhaustive reference (every
// grid with N <= 2, M <= 4, K <= 2; 3000 seeded grids with M in {4, 6},
// N in {1, 2, 3}, K in {1..5}), the seed's two side claims, the theory's
// values in the middle of perfect play, and metamorphic relations at sizes
// no reference reaches.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "games/asymmetry/asymmetry_entry.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_reference.h"
#include "games/asymmetry/asymmetry_theory.h"
#include "support/sanitized.h"

namespace perfectplay::games::asymmetry {
namespace {

Board fresh(const Grid& g) {
  return Board{g, std::vector<char>(static_cast<std::size_t>(g.cols), 0)};
}

std::string show(const Grid& g) {
  return format_position(fresh(g));
}

// What verify checks on a fresh grid: the theory's value and move against the
// reference, every pair's planned opening, the seed's side claims.
std::optional<std::string> check_all(const Grid& g) {
  if (auto f = check_theory(Model(), fresh(g))) return f;
  if (auto f = check_pair_plans(g)) return f;
  return check_side_claims(g);
}

TEST(AsymmetryStress, EveryGridUpTo2x4WithKUpTo2) {
  int grids = 0;
  for (std::int64_t k = 1; k <= 2; ++k) {
    for (int rows = 1; rows <= 2; ++rows) {
      for (int cols = 2; cols <= 4; cols += 2) {
        const int cells = rows * cols;
        std::vector<std::uint32_t> v(static_cast<std::size_t>(cells), 0);
        for (;;) {
          const Grid g{rows, cols, k, v};
          const auto failure = check_all(g);
          ASSERT_FALSE(failure.has_value()) << show(g) << *failure;
          ++grids;
          std::size_t i = 0;
          while (i < v.size() && v[i] == static_cast<std::uint32_t>(k)) v[i++] = 0;
          if (i == v.size()) break;
          ++v[i];
        }
      }
    }
  }
  EXPECT_EQ(grids, (4 + 16 + 16 + 256) + (9 + 81 + 81 + 6561));
}

Grid random_grid(std::mt19937_64& rng, int rows, int cols, std::int64_t k) {
  Grid g{rows, cols, k, {}};
  for (int i = 0; i < rows * cols; ++i)
    g.cells.push_back(static_cast<std::uint32_t>(rng() % static_cast<std::uint64_t>(k + 1)));
  return g;
}

TEST(AsymmetryStress, SeededGridsInTheSeedsRange) {
  std::mt19937_64 rng(20261123);
  constexpr int kGrids = testing::sweep_size(1500, 300);
  for (int i = 0; i < kGrids; ++i) {
    const int cols = 4 + 2 * static_cast<int>(rng() % 2);
    const int rows = 1 + static_cast<int>(rng() % 3);
    const std::int64_t k = 1 + static_cast<std::int64_t>(rng() % 5);
    const Grid g = random_grid(rng, rows, cols, k);
    const auto failure = check_all(g);
    ASSERT_FALSE(failure.has_value()) << "grid " << i << "\n" << show(g) << *failure;
  }
}

// The positions of perfect play: after any opening of Alice (Bob to move,
// one pair half-marked) and after Bob's mirrored answer (Alice to move, all
// pairs fresh or settled), the theory's value equals the reference's.
TEST(AsymmetryStress, TheoryValuesInTheMiddleOfPlay) {
  std::mt19937_64 rng(7);
  constexpr int kGrids = testing::sweep_size(150, 40);
  const Model model;
  const Engine<Model> engine(model, {});
  for (int i = 0; i < kGrids; ++i) {
    const Grid g =
        random_grid(rng, 1 + static_cast<int>(rng() % 3), 4 + 2 * static_cast<int>(rng() % 2),
                    1 + static_cast<std::int64_t>(rng() % 4));
    const Board start = fresh(g);
    for (const Move& opening : model.moves(start)) {
      const Board after = play(start, opening);
      Reference ref({});
      ASSERT_EQ(theory_value(after), ref.value(after).score) << show(g) << model.move_text(opening);
      ASSERT_TRUE(model.reference_reaches(after));
      const auto answer = engine.choose(after);  // the reference's best answer
      ASSERT_EQ(answer.value.source, ValueSource::kReference);
      const Board next = play(after, *answer.move);
      if (next.is_marked(g.mirror(opening.col))) {
        ASSERT_EQ(theory_value(next), ref.value(next).score) << show(g) << model.move_text(opening);
      }
    }
  }
}

// Metamorphic relations at full size: each transformation maps the game to
// an equivalent one, so the value must not change.
TEST(AsymmetryStress, MetamorphicAtFullSize) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 13; ++trial) {
    // The last trial at the contest's full size, 2000 x 2000.
    const int rows = trial == 12 ? 2000 : 1 + static_cast<int>(rng() % 60);
    const int cols = trial == 12 ? 2000 : 2 * (1 + static_cast<int>(rng() % 40));
    const std::int64_t k = trial % 3 == 0 ? 1'000'000'000 : trial % 3 == 1 ? 7 : 1;
    const Grid g = random_grid(rng, rows, cols, k);
    const std::int64_t value = game_value(g);
    // Reverse every row: each pair maps to itself with its columns swapped.
    Grid reversed = g;
    for (int r = 0; r < rows; ++r) {
      std::reverse(reversed.cells.begin() + r * cols, reversed.cells.begin() + (r + 1) * cols);
    }
    EXPECT_EQ(game_value(reversed), value);
    // Permute the rows.
    std::vector<int> perm(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) perm[static_cast<std::size_t>(r)] = r;
    std::shuffle(perm.begin(), perm.end(), rng);
    Grid permuted = g;
    for (int r = 0; r < rows; ++r) {
      std::copy(g.cells.begin() + perm[static_cast<std::size_t>(r)] * cols,
                g.cells.begin() + (perm[static_cast<std::size_t>(r)] + 1) * cols,
                permuted.cells.begin() + r * cols);
    }
    EXPECT_EQ(game_value(permuted), value);
    // v -> K - v.
    Grid flipped = g;
    for (auto& v : flipped.cells) v = static_cast<std::uint32_t>(k - v);
    EXPECT_EQ(game_value(flipped), value);
    // Swap the two columns of one mirrored pair.
    Grid swapped = g;
    const int j = static_cast<int>(rng() % static_cast<std::uint64_t>(cols / 2));
    for (int r = 0; r < rows; ++r) {
      std::swap(swapped.cells[static_cast<std::size_t>(r * cols + j)],
                swapped.cells[static_cast<std::size_t>(r * cols + cols - 1 - j)]);
    }
    EXPECT_EQ(game_value(swapped), value);
  }
}

}  // namespace
}  // namespace perfectplay::games::asymmetry
