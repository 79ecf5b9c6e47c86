// assignment: the solver against the minimum over all permutations, its
// certificate, and the incremental operations against fresh solves.
#include "algorithms/assignment/assignment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>
#include <type_traits>

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

// The cheapest way to give every row of a rows x cols matrix (rows <= cols)
// its own column, over every injection; none when every one uses a forbidden
// (infinite) pair.
template <class Cost>
std::optional<Cost> brute_rect(const std::vector<Cost>& c, std::size_t rows, std::size_t cols) {
  std::vector<std::size_t> p(cols);
  std::iota(p.begin(), p.end(), 0);
  std::optional<Cost> best;
  do {
    Cost s = 0;
    for (std::size_t i = 0; i < rows; ++i) s += c[i * cols + p[i]];
    if constexpr (std::is_floating_point_v<Cost>) {
      if (std::isinf(s)) continue;
    }
    if (!best || s < *best) best = s;
  } while (std::next_permutation(p.begin(), p.end()));
  return best;
}

TEST(Assignment, RectangularAndDoubleMatchBruteForce) {
  std::mt19937_64 rng(2024);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  int infeasible = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t rows = 1 + trial % 5;
    const std::size_t cols = rows + (trial / 5) % 3;
    const std::int64_t range = trial % 2 == 0 ? 3 : 1000;
    std::uniform_int_distribution<std::int64_t> dist(-range, range);
    std::vector<std::int64_t> ci(rows * cols);
    for (auto& x : ci) x = dist(rng);
    const BasicSolver<std::int64_t> si(ci.data(), rows, cols);
    ASSERT_TRUE(si.certified());
    ASSERT_EQ(si.cost(), *brute_rect(ci, rows, cols)) << "trial " << trial;

    // The same as doubles, some pairs forbidden (and some scaled to fractions).
    std::vector<double> cd(ci.begin(), ci.end());
    std::uniform_real_distribution<double> unit(0, 1);
    const double forbid = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 0.3 : 0.6;
    for (auto& x : cd) x = unit(rng) < forbid ? kInf : trial % 4 == 0 ? x / 7 : x;
    const std::optional<double> want = brute_rect(cd, rows, cols);
    if (!want) {
      EXPECT_THROW(BasicSolver<double>(cd.data(), rows, cols), Infeasible) << "trial " << trial;
      ++infeasible;
      continue;
    }
    const BasicSolver<double> sd(cd.data(), rows, cols);
    ASSERT_NEAR(sd.cost(), *want, 1e-9 * std::max(1.0, std::abs(*want))) << "trial " << trial;
    std::vector<bool> used(cols, false);
    for (std::size_t i = 0; i < rows; ++i) {
      ASSERT_FALSE(used[sd.column_of(i)]);
      used[sd.column_of(i)] = true;
    }
  }
  EXPECT_GT(infeasible, 100);
}

TEST(Assignment, PollCanAbandonASolve) {
  std::vector<double> c(20 * 40);
  std::mt19937_64 rng(3);
  for (auto& x : c) x = static_cast<double>(rng() % 100);
  int calls = 0;
  const auto poll = [&calls] {
    if (++calls == 5) throw std::runtime_error("stop");
  };
  EXPECT_THROW(BasicSolver<double>(c.data(), 20, 40, poll), std::runtime_error);
  EXPECT_EQ(calls, 5);
}

}  // namespace
}  // namespace perfectplay::algorithms::assignment
