// assignment: the solver against the permutation minimum, its optimality
// certificate at larger sizes (wide values and heavy ties), and the
// incremental operations against re-solving.
#include <gtest/gtest.h>

#include <random>

#include "games/assignment/assignment.h"

namespace perfectplay::games::assignment {
namespace {

CostMatrix random_matrix(std::mt19937_64& rng, int n, std::int64_t lo, std::int64_t hi) {
  std::uniform_int_distribution<std::int64_t> d(lo, hi);
  std::vector<std::int64_t> v(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  for (auto& x : v) x = d(rng);
  return CostMatrix(n, std::move(v));
}

TEST(Assignment, ByHand) {
  // 4 1 3 / 2 0 5 / 3 2 2: rows to columns 2, 1, 3 cost 1 + 2 + 2 = 5.
  const CostMatrix m(3, {4, 1, 3, 2, 0, 5, 3, 2, 2});
  const Assignment a(m);
  EXPECT_EQ(a.cost(), 5);
  EXPECT_EQ(a.columns(), (std::vector<int>{1, 0, 2}));
  const CostMatrix empty(0, {}), single(1, {-7});
  EXPECT_EQ(Assignment(empty).cost(), 0);
  EXPECT_EQ(Assignment(single).cost(), -7);
}

TEST(Assignment, AgreesWithPermutationMinimumUpTo8) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + trial % 8;
    const std::int64_t range = trial % 3 == 0 ? 2 : trial % 3 == 1 ? 1000 : 1'000'000'000;
    const CostMatrix m = random_matrix(rng, n, -range, range);
    const Assignment a(m);
    ASSERT_EQ(a.cost(), permutation_minimum(m)) << "trial " << trial;
    ASSERT_TRUE(a.certified());
    // The matching is a permutation and costs what it says.
    std::vector<int> seen(static_cast<std::size_t>(n), 0);
    std::int64_t total = 0;
    for (int i = 0; i < n; ++i) {
      ++seen[static_cast<std::size_t>(a.column_of(i))];
      total += m(i, a.column_of(i));
    }
    ASSERT_EQ(seen, std::vector<int>(static_cast<std::size_t>(n), 1));
    ASSERT_EQ(total, a.cost());
  }
}

TEST(Assignment, AgreesWithPermutationMinimumAt9And10) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 6; ++trial) {
    const CostMatrix m = random_matrix(rng, 9 + trial % 2, trial % 2 ? 0 : -50, 50);
    ASSERT_EQ(Assignment(m).cost(), permutation_minimum(m)) << trial;
  }
}

TEST(Assignment, CertifiedAtLargerSizesWideAndTied) {
  std::mt19937_64 rng(3);
#if defined(__SANITIZE_ADDRESS__)
  const int n = 120;
#else
  const int n = 400;
#endif
  for (const std::int64_t hi : {std::int64_t{1'000'000}, std::int64_t{1000}, std::int64_t{1}}) {
    const CostMatrix m = random_matrix(rng, n, 0, hi);
    const Assignment a(m);
    EXPECT_TRUE(a.certified()) << "values in [0, " << hi << "]";
  }
}

TEST(Assignment, CostWithMatchesBruteForce) {
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 + trial % 6;
    const CostMatrix m = random_matrix(rng, n, -20, 20);
    const Assignment a(m);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        // Brute force: M(r, c) + the permutation minimum of the rest.
        std::vector<std::int64_t> sub;
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < n; ++j) {
            if (i != r && j != c) sub.push_back(m(i, j));
          }
        }
        const std::int64_t want = m(r, c) + permutation_minimum(CostMatrix(n - 1, sub));
        ASSERT_EQ(a.cost_with(r, c), want) << "trial " << trial << " r " << r << " c " << c;
      }
    }
  }
}

TEST(Assignment, FixKeepsTheRestOptimal) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 2 + trial % 7;
    const CostMatrix m = random_matrix(rng, n, -10, 10);
    Assignment a(m);
    std::vector<int> rows(static_cast<std::size_t>(n)), cols(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
      rows[static_cast<std::size_t>(i)] = cols[static_cast<std::size_t>(i)] = i;
    std::shuffle(rows.begin(), rows.end(), rng);
    std::shuffle(cols.begin(), cols.end(), rng);
    std::vector<char> row_done(static_cast<std::size_t>(n)), col_done(static_cast<std::size_t>(n));
    for (int k = 0; k + 1 < n; ++k) {
      const int r = rows[static_cast<std::size_t>(k)];
      const int c = cols[static_cast<std::size_t>(k)];
      a.fix(r, c);
      row_done[static_cast<std::size_t>(r)] = col_done[static_cast<std::size_t>(c)] = 1;
      ASSERT_TRUE(a.certified());
      std::vector<std::int64_t> sub;
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          if (!row_done[static_cast<std::size_t>(i)] && !col_done[static_cast<std::size_t>(j)])
            sub.push_back(m(i, j));
        }
      }
      ASSERT_EQ(a.remaining_cost(), permutation_minimum(CostMatrix(n - k - 1, sub)));
    }
  }
}

}  // namespace
}  // namespace perfectplay::games::assignment
