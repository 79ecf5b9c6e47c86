// gridgame: the game search (alpha-beta over the real turn order), the
// permutation minimum (the seed's method) and the assignment solver agree on
// a seeded sweep of n <= 8, with wide values and values full of ties; the
// solver and the permutation minimum also at n = 9 and 10. Positions in
// progress: the model's theory against the reference (check_theory) at every
// ply of random games.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <memory>
#include <random>

#include "api/engine.h"
#include "games/gridgame/gridgame_entry.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_reference.h"
#include "games/gridgame/gridgame_theory.h"
#include "support/sanitized.h"

namespace perfectplay::games::gridgame {
namespace {

CostMatrix random_matrix(std::mt19937_64& rng, int n, std::int64_t range) {
  std::uniform_int_distribution<std::int64_t> d(-range, range);
  std::vector<std::int64_t> v(static_cast<std::size_t>(n * n));
  for (auto& x : v) x = d(rng);
  return CostMatrix(static_cast<std::size_t>(n), std::move(v));
}

TEST(GridgameStress, SeededSweepUpTo8) {
  std::mt19937_64 rng(20261123);
  constexpr int kCases = testing::sweep_size(3000, 600);
  for (int k = 0; k < kCases; ++k) {
    // Sizes 1..8, cycling, n = 8 every eighth case; values wide or in
    // [-1, 1] (ties everywhere) or the contest's [-1000, 1000].
    const int n = 1 + k % 8;
    const std::int64_t range = k % 3 == 0 ? 1 : k % 3 == 1 ? 1000 : 1'000'000'000'000;
    const CostMatrix m = random_matrix(rng, n, range);
    const Rules rules(m);
    ReferenceSolver solver{rules};
    const std::int64_t reference = solver.value(rules.start());
    ASSERT_EQ(game_value(m), reference) << format_matrix(m);
    ASSERT_EQ(permutation_minimum(m), reference) << format_matrix(m);
  }
}

// Every ply of random games (both sides move at random, so Bob leaves the
// plan), n <= 8: the theory's value equals the reference's, and the theory's
// move keeps it.
TEST(GridgameStress, TheoryMatchesReferenceInProgress) {
  std::mt19937_64 rng(11553);
  const Model model;
  constexpr int kCases = testing::sweep_size(800, 160);
  for (int k = 0; k < kCases; ++k) {
    const int n = 1 + k % 8;
    const std::int64_t range = k % 2 == 0 ? 2 : 1000;
    Position p{std::make_shared<const GridMatrix>(random_matrix(rng, n, range)), {}};
    while (true) {
      const auto failure = check_theory(model, p);
      ASSERT_FALSE(failure) << *failure << "\n" << format_position(p);
      if (p.over()) break;
      const std::vector<int> moves = model.moves(p);
      p = model.play(p, moves[rng() % moves.size()]);
    }
  }
}

// Past the game search's reach: the solver against the permutation minimum at
// n = 9 and 10 (10! permutations each), wide values and ties.
TEST(GridgameStress, SolverMatchesPermutationMinimumAt9And10) {
  std::mt19937_64 rng(11553);
  constexpr int kCases = testing::sweep_size(60, 12);
  for (int k = 0; k < kCases; ++k) {
    const int n = k % 3 == 2 ? 10 : 9;
    const std::int64_t range = k % 2 == 0 ? 2 : 1'000'000'000'000;
    const CostMatrix m = random_matrix(rng, n, range);
    ASSERT_EQ(game_value(m), permutation_minimum(m)) << format_matrix(m);
  }
}

RC_GTEST_PROP(GridgameStress, RandomMatricesUpTo6, ()) {
  const int n = *rc::gen::inRange(1, 7);
  const auto values = *rc::gen::container<std::vector<std::int64_t>>(
      static_cast<std::size_t>(n * n), rc::gen::inRange<std::int64_t>(-5, 6));
  const CostMatrix m(n, values);
  const Rules rules(m);
  ReferenceSolver solver{rules};
  RC_ASSERT(game_value(m) == solver.value(rules.start()));
}

}  // namespace
}  // namespace perfectplay::games::gridgame
