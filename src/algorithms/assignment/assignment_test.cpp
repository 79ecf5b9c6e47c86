// assignment: the solver against the minimum over all permutations, its
// certificate, and the incremental operations against fresh solves.
#include "algorithms/assignment/assignment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

namespace perfectplay::algorithms::assignment {
namespace {

std::int64_t brute(const CostMatrix& m) {
  std::vector<std::size_t> p(m.n);
  std::iota(p.begin(), p.end(), 0);
  std::int64_t best = INT64_MAX;
  do {
    std::int64_t s = 0;
    for (std::size_t i = 0; i < m.n; ++i) s += m.at(i, p[i]);
    best = std::min(best, s);
  } while (std::next_permutation(p.begin(), p.end()));
  return best;
}

CostMatrix random_matrix(std::mt19937_64& rng, std::size_t n, std::int64_t lo, std::int64_t hi) {
  CostMatrix m;
  m.n = n;
  std::uniform_int_distribution<std::int64_t> dist(lo, hi);
  for (std::size_t k = 0; k < n * n; ++k) m.cost.push_back(dist(rng));
  return m;
}

TEST(Assignment, HandCases) {
  CostMatrix m{3, {1, -2, -3, -3, 4, -5, -2, 1, 3}};
  const Result r = solve(m);
  EXPECT_EQ(r.cost, brute(m));
  EXPECT_EQ(r.cost, -9);  // row 1 -> col 2, row 2 -> col 3, row 3 -> col 1: -2 - 5 - 2
  CostMatrix one{1, {-7}};
  EXPECT_EQ(solve(one).cost, -7);
  CostMatrix empty{0, {}};
  EXPECT_EQ(solve(empty).cost, 0);
}

TEST(Assignment, MatchesPermutationMinimum) {
  std::mt19937_64 rng(11553);
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 1 + trial % 8;
    const std::int64_t range = trial % 3 == 0 ? 2 : trial % 3 == 1 ? 10 : 1'000'000'000;
    const CostMatrix m = random_matrix(rng, n, -range, range);
    Solver s(m);
    ASSERT_TRUE(s.certified());
    ASSERT_EQ(s.cost(), brute(m)) << "trial " << trial;
  }
}

TEST(Assignment, LargeIsCertified) {
  std::mt19937_64 rng(7);
  for (const std::int64_t hi : {std::int64_t{3}, std::int64_t{1000}, std::int64_t{1'000'000'000}}) {
    const CostMatrix m = random_matrix(rng, 300, 0, hi);
    Solver s(m);
    EXPECT_TRUE(s.certified()) << hi;
  }
}

TEST(Assignment, ColumnValuesAndRemovalMatchFreshSolves) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 2 + trial % 9;
    const std::int64_t range = trial % 2 == 0 ? 3 : 1000;
    const CostMatrix m = random_matrix(rng, n, -range, range);
    Solver s(m);
    std::vector<bool> rows(n, true), cols(n, true);
    std::uniform_int_distribution<std::size_t> pick(0, n - 1);
    while (s.size() > 0) {
      std::size_t r = pick(rng);
      while (!rows[r]) r = (r + 1) % n;
      const auto values = s.column_values(r);
      for (std::size_t c = 0; c < n; ++c) {
        if (!cols[c]) continue;
        std::vector<bool> r2 = rows, c2 = cols;
        r2[r] = false;
        c2[c] = false;
        Solver sub(m, r2, c2);
        ASSERT_EQ(values[c], m.at(r, c) + sub.cost()) << "trial " << trial;
      }
      std::size_t c = pick(rng);
      while (!cols[c]) c = (c + 1) % n;
      s.remove_pair(r, c);
      rows[r] = false;
      cols[c] = false;
      ASSERT_TRUE(s.certified());
      Solver fresh(m, rows, cols);
      ASSERT_EQ(s.cost(), fresh.cost());
    }
  }
}

}  // namespace
}  // namespace perfectplay::algorithms::assignment
