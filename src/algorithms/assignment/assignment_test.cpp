// assignment: the solver against the minimum over all permutations, its
// certificate, and the incremental operations against fresh solves.
#include "algorithms/assignment/assignment.h"
#include "algorithms/assignment/assignment_io.h"
#include "core/input_error.h"
#include "support/sanitized.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace perfectplay::algorithms::assignment {
namespace {

// Tuning::narrow_from for "never": the wide search alone.
constexpr std::size_t kNever = std::numeric_limits<std::size_t>::max();

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

// ---- the kernels and the candidate stage ----------------------------------

// The settings a solve can run under: both kernel sets, and the candidate
// stage off, at its default, and forced onto small matrices with short lists
// (so that its checks, rescans and fallbacks all run).
std::vector<std::pair<const char*, Tuning>> tunings() {
  std::vector<std::pair<const char*, Tuning>> out;
  for (const Isa isa : {Isa::kAuto, Isa::kAvx2, Isa::kScalar}) {
    const char* tag = isa == Isa::kAuto ? "auto" : isa == Isa::kAvx2 ? "avx2" : "scalar";
    Tuning dense{isa, 0, 16};
    Tuning standard{isa, Tuning{}.sparse_from, Tuning{}.candidates};
    Tuning short_lists{isa, 2, 2};
    Tuning some{isa, 2, 3};
    Tuning narrow{isa, 0, 16, 0};  // dense, every search narrow where the costs fit
    out.emplace_back(tag, dense);
    out.emplace_back(tag, standard);
    out.emplace_back(tag, short_lists);
    out.emplace_back(tag, some);
    out.emplace_back(tag, narrow);
  }
  return out;
}

std::string describe(const char* tag, const Tuning& t) {
  return std::string(tag) + " sparse_from=" + std::to_string(t.sparse_from) +
         " candidates=" + std::to_string(t.candidates) +
         " narrow_from=" + std::to_string(t.narrow_from);
}

// Is `col` (column of each row) an injection into [0, cols)?
template <class Cost>
bool is_matching(const BasicSolver<Cost>& s, std::size_t rows, std::size_t cols) {
  std::vector<bool> used(cols, false);
  for (std::size_t i = 0; i < rows; ++i) {
    const std::size_t j = s.column_of(i);
    if (j >= cols || used[j] || s.row_of(j) != i) return false;
    used[j] = true;
  }
  return true;
}

template <class Cost>
Cost total(const std::vector<Cost>& c, const BasicSolver<Cost>& s, std::size_t rows,
           std::size_t cols) {
  Cost sum = 0;
  for (std::size_t i = 0; i < rows; ++i) sum += c[i * cols + s.column_of(i)];
  return sum;
}

// kAuto runs the AVX-512 scan where the CPU has AVX-512F, kAvx2 the AVX2 one:
// all three kernel sets against each other.
TEST(AssignmentKernels, VectorAndScalarAgreeOnRandomMatrices) {
  if (!avx2_available()) GTEST_SKIP() << "no AVX2 on this CPU: only the scalar kernels run";
  if (!avx512_available()) std::printf("no AVX-512F here: kAuto is the AVX2 set\n");
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 400; ++trial) {
    // Odd sizes too, so that the vector loops' tails run.
    const std::size_t rows = 1 + rng() % 90;
    const std::size_t cols = trial % 2 == 0 ? rows : rows + rng() % 40;
    const std::int64_t hi = trial % 4 == 0 ? 2 : trial % 4 == 1 ? 50 : 1'000'000'000'000;
    std::uniform_int_distribution<std::int64_t> dist(-hi, hi);
    std::vector<std::int64_t> ci(rows * cols);
    for (auto& x : ci) x = dist(rng);
    for (const std::size_t from : {std::size_t{0}, std::size_t{2}}) {
      const BasicSolver<std::int64_t> b(ci.data(), rows, cols, {}, {Isa::kScalar, from, 2});
      ASSERT_TRUE(b.certified()) << trial;
      for (const Isa isa : {Isa::kAuto, Isa::kAvx2}) {
        const BasicSolver<std::int64_t> a(ci.data(), rows, cols, {}, {isa, from, 2});
        ASSERT_TRUE(a.certified()) << trial;
        ASSERT_EQ(a.cost(), b.cost()) << "trial " << trial;
      }
      if (hi > 50) continue;
      // int32 entries, widened by every kernel set.
      const std::vector<std::int32_t> c32(ci.begin(), ci.end());
      for (const Isa isa : {Isa::kAuto, Isa::kAvx2, Isa::kScalar}) {
        const BasicSolver<std::int64_t, std::int32_t> a(c32.data(), rows, cols, {}, {isa, from, 2});
        ASSERT_TRUE(a.certified()) << trial;
        ASSERT_EQ(a.cost(), b.cost()) << "int32, trial " << trial;
      }
    }
    std::vector<double> cd(ci.begin(), ci.end());
    for (auto& x : cd) x = x / 3.0 + 0.25;
    const BasicSolver<double> b(cd.data(), rows, cols, {}, {Isa::kScalar, 2, 3});
    ASSERT_TRUE(is_matching(b, rows, cols));
    for (const Isa isa : {Isa::kAuto, Isa::kAvx2}) {
      const BasicSolver<double> a(cd.data(), rows, cols, {}, {isa, 2, 3});
      ASSERT_TRUE(is_matching(a, rows, cols));
      ASSERT_NEAR(a.cost(), b.cost(), 1e-9 * std::max(1.0, std::abs(b.cost()))) << trial;
    }
  }
}

TEST(AssignmentKernels, EveryTuningMatchesBruteForce) {
  std::mt19937_64 rng(4242);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int trial = 0; trial < 600; ++trial) {
    const std::size_t n = 1 + trial % 8;
    const std::int64_t hi = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 9 : 1'000'000;
    const CostMatrix m = random_matrix(rng, n, 0, hi);
    const std::int64_t want = brute(m);
    std::vector<double> cd(m.cost.begin(), m.cost.end());
    for (auto& x : cd) x = rng() % 5 == 0 ? kInf : x;
    const std::optional<double> want_d = brute_rect(cd, n, n);
    for (const auto& [tag, t] : tunings()) {
      const Solver s(m, t);
      ASSERT_TRUE(s.certified()) << describe(tag, t) << " trial " << trial;
      ASSERT_EQ(s.cost(), want) << describe(tag, t) << " trial " << trial;
      if (!want_d) {
        EXPECT_THROW(BasicSolver<double>(cd.data(), n, n, {}, t), Infeasible) << trial;
        continue;
      }
      const BasicSolver<double> sd(cd.data(), n, n, {}, t);
      ASSERT_TRUE(is_matching(sd, n, n));
      ASSERT_EQ(sd.cost(), *want_d) << describe(tag, t) << " trial " << trial;
    }
  }
}

// Larger matrices where brute force is out of reach: every tuning gives the
// same cost as the plain dense scalar solve, on random and tie-heavy values
// and on structured matrices whose augmenting paths are long.
TEST(AssignmentKernels, EveryTuningAgreesOnLargerMatrices) {
  std::mt19937_64 rng(77);
  std::vector<std::pair<std::string, std::vector<std::int64_t>>> cases;
  for (const std::size_t n : {std::size_t{37}, std::size_t{64}, std::size_t{150}}) {
    for (const std::int64_t hi :
         {std::int64_t{1}, std::int64_t{3}, std::int64_t{100}, std::int64_t{1'000'000'000}}) {
      cases.emplace_back("random " + std::to_string(n) + " [0," + std::to_string(hi) + "]",
                         random_matrix(rng, n, 0, hi).cost);
    }
    std::vector<std::int64_t> ij(n * n), sq(n * n), ab(n * n), flat(n * n, 7);
    std::vector<std::int64_t> a(n), b(n);
    for (auto& x : a) x = static_cast<std::int64_t>(rng() % 1000);
    for (auto& x : b) x = static_cast<std::int64_t>(rng() % 1000);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        const auto si = static_cast<std::int64_t>(i), sj = static_cast<std::int64_t>(j);
        ij[i * n + j] = si * sj;
        sq[i * n + j] = (si - sj) * (si - sj);
        ab[i * n + j] = a[i] * b[j];
      }
    }
    cases.emplace_back("i*j " + std::to_string(n), ij);
    cases.emplace_back("(i-j)^2 " + std::to_string(n), sq);
    cases.emplace_back("a_i*b_j " + std::to_string(n), ab);
    cases.emplace_back("constant " + std::to_string(n), flat);
  }
  std::size_t int16_cases = 0;
  for (const auto& [name, c] : cases) {
    const std::size_t n = static_cast<std::size_t>(std::llround(std::sqrt(double(c.size()))));
    const BasicSolver<std::int64_t> reference(c.data(), n, n, {}, {Isa::kScalar, 0, 16, kNever});
    ASSERT_TRUE(reference.certified()) << name;
    for (const auto& [tag, t] : tunings()) {
      const BasicSolver<std::int64_t> s(c.data(), n, n, {}, t);
      ASSERT_TRUE(s.certified()) << name << " " << describe(tag, t);
      ASSERT_EQ(s.cost(), reference.cost()) << name << " " << describe(tag, t);
      ASSERT_EQ(total(c, s, n, n), s.cost());
      // The same matrix stored as int32 (every case here fits).
      const std::vector<std::int32_t> c32(c.begin(), c.end());
      const BasicSolver<std::int64_t, std::int32_t> s32(c32.data(), n, n, {}, t);
      ASSERT_TRUE(s32.certified()) << name << " " << describe(tag, t);
      ASSERT_EQ(s32.cost(), reference.cost()) << name << " " << describe(tag, t);
      // And as int16 where every entry fits (the kernels' 16-bit loads): the
      // same searches as int32, the narrow ones on an int32 copy.
      if (std::all_of(c.begin(), c.end(),
                      [](std::int64_t x) { return x >= INT16_MIN && x <= INT16_MAX; })) {
        ++int16_cases;
        const std::vector<std::int16_t> c16(c.begin(), c.end());
        const BasicSolver<std::int64_t, std::int16_t> s16(c16.data(), n, n, {}, t);
        ASSERT_TRUE(s16.certified()) << name << " " << describe(tag, t);
        ASSERT_EQ(s16.cost(), reference.cost()) << name << " " << describe(tag, t);
        ASSERT_EQ(s16.search_counts().narrow, s32.search_counts().narrow) << name;
        ASSERT_EQ(s16.search_counts().wide, s32.search_counts().wide) << name;
      }
      std::vector<double> cd(c.begin(), c.end());
      const BasicSolver<double> sd(cd.data(), n, n, {}, t);
      ASSERT_TRUE(is_matching(sd, n, n)) << name;
      ASSERT_EQ(sd.cost(), static_cast<double>(reference.cost()))
          << name << " " << describe(tag, t);
    }
  }
  EXPECT_GT(int16_cases, 0u);
  // The anti-diagonal is optimal for i*j (rearrangement inequality).
  const std::size_t n = 150;
  std::int64_t anti = 0;
  for (std::size_t i = 0; i < n; ++i) anti += static_cast<std::int64_t>(i * (n - 1 - i));
  std::vector<std::int64_t> ij(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) ij[i * n + j] = static_cast<std::int64_t>(i * j);
  EXPECT_EQ(BasicSolver<std::int64_t>(ij.data(), n, n).cost(), anti);
}

// The narrow search (int32 arithmetic, assignment.h) against the wide one on
// the same matrices: the same optimal cost, with the narrow search seen to
// run where every cost fits, to stay off where one does not (a fraction, an
// infinity, 2^29), and to give way (a search given up, or prices out of
// range; a lowered bound on the offsets) on costs near the limit, with the
// optimum unchanged.
TEST(AssignmentKernels, NarrowSearchAgreesWithWide) {
  std::mt19937_64 rng(2929);
  constexpr std::int64_t kLimit = std::int64_t{1} << 29;
  std::size_t narrow_runs = 0, given_up = 0, prices_out = 0;
  const int trials = testing::sweep_size(120, 36);
  for (int trial = 0; trial < trials; ++trial) {
    const std::size_t n = 20 + rng() % 140;
    const int shape = trial % 6;
    // Near the limit: i*j scaled so that the largest entry is kLimit - 1.
    const std::int64_t scale =
        trial % 3 == 0 ? 1 : (kLimit - 1) / static_cast<std::int64_t>((n - 1) * (n - 1));
    std::vector<std::int64_t> c(n * n);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        const auto si = static_cast<std::int64_t>(i), sj = static_cast<std::int64_t>(j);
        std::int64_t x =
            shape == 0   ? si * sj * scale
            : shape == 1 ? (si - sj) * (si - sj) * scale
            : shape == 2 ? static_cast<std::int64_t>(rng() % 7) * scale
            : shape == 3 ? (si * sj * scale) % kLimit - kLimit / 2
            // a first row at the top of the range over the rest at the
            // bottom: its path starts near 2^30 and grows
            : shape == 5 ? (i < 1 + static_cast<std::size_t>(trial % 4)
                                ? kLimit - 1 - static_cast<std::int64_t>(rng() % 3)
                                : -(kLimit - 1) + (si * sj) % 7)
                         // the extremes of the range, and i*j between
                         : (rng() % 3 == 0 ? (rng() % 2 == 0 ? 1 : -1) * kLimit : si * sj * scale);
        if (trial % 3 == 2) x = x - (kLimit - 1) / 2;  // negative entries too
        c[i * n + j] = std::clamp(x, -(kLimit - 1), kLimit - 1);
      }
    }
    const BasicSolver<std::int64_t> wide(c.data(), n, n, {}, {Isa::kScalar, 0, 16, kNever});
    ASSERT_TRUE(wide.certified()) << trial;
    EXPECT_EQ(wide.search_counts().narrow, 0u);
    const std::vector<std::int32_t> c32(c.begin(), c.end());
    const std::vector<double> cd(c.begin(), c.end());
    for (const Isa isa : {Isa::kAuto, Isa::kAvx2, Isa::kScalar}) {
      for (const std::size_t sparse_from : {std::size_t{0}, std::size_t{128}}) {
        const Tuning t{isa, sparse_from, 16, 0};
        const BasicSolver<std::int64_t> s(c.data(), n, n, {}, t);
        ASSERT_TRUE(s.certified()) << trial << " " << describe("", t);
        ASSERT_EQ(s.cost(), wide.cost()) << trial << " " << describe("", t);
        const BasicSolver<std::int64_t, std::int32_t> s32(c32.data(), n, n, {}, t);
        ASSERT_TRUE(s32.certified()) << trial;
        ASSERT_EQ(s32.cost(), wide.cost()) << trial;
        const BasicSolver<double> sd(cd.data(), n, n, {}, t);
        ASSERT_TRUE(is_matching(sd, n, n)) << trial;
        ASSERT_EQ(sd.cost(), static_cast<double>(wide.cost())) << trial;
        for (const auto* counts : {&s.search_counts(), &s32.search_counts(), &sd.search_counts()}) {
          narrow_runs += counts->narrow;
          EXPECT_EQ(counts->narrow_given_up, 0u) << trial;  // never seen at the real bound
          prices_out += counts->narrow_prices_out_of_range ? 1 : 0;
        }
        // Small entries: every search narrow, none given up.
        if (scale == 1 && shape < 3) {
          EXPECT_EQ(s.search_counts().wide, 0u) << trial;
          EXPECT_EQ(s.search_counts().narrow_given_up, 0u) << trial;
          EXPECT_EQ(sd.search_counts().narrow, s.search_counts().narrow) << trial;
        }
        // A low bound on the offsets: searches given up, and run again wide.
        Tuning low = t;
        low.narrow_offset_limit = 1 + static_cast<std::int64_t>(rng() % 1000) * scale;
        const BasicSolver<std::int64_t> g(c.data(), n, n, {}, low);
        ASSERT_TRUE(g.certified()) << trial;
        ASSERT_EQ(g.cost(), wide.cost()) << trial;
        given_up += g.search_counts().narrow_given_up;
      }
    }
  }
  std::printf("narrow searches %zu, given up %zu, prices out of range in %zu solves\n", narrow_runs,
              given_up, prices_out);
  EXPECT_GT(narrow_runs, 1000u);
  EXPECT_GT(given_up, 10u);
  EXPECT_GT(prices_out, 5u);

  // Matrices the narrow search must not take: a fraction, an infinity, an
  // entry at 2^29. The solve is the wide one's.
  const std::size_t n = 60;
  std::vector<double> ij(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) ij[i * n + j] = static_cast<double>(i * j);
  for (const double odd : {0.5, std::numeric_limits<double>::infinity(), double(kLimit)}) {
    std::vector<double> c = ij;
    c[n + 1] = odd;
    const BasicSolver<double> s(c.data(), n, n, {}, {Isa::kAuto, 0, 16, 0});
    EXPECT_EQ(s.search_counts().narrow, 0u) << odd;
    EXPECT_GT(s.search_counts().wide, 0u) << odd;
    const BasicSolver<double> w(c.data(), n, n, {}, {Isa::kAuto, 0, 16, kNever});
    EXPECT_EQ(s.cost(), w.cost()) << odd;
  }
  std::vector<std::int32_t> at_limit(ij.begin(), ij.end());
  at_limit[n + 1] = static_cast<std::int32_t>(kLimit);
  const BasicSolver<std::int64_t, std::int32_t> s(at_limit.data(), n, n, {},
                                                  {Isa::kAuto, 0, 16, 0});
  EXPECT_EQ(s.search_counts().narrow, 0u);
  // And the default waits for 2 n scanned rows before it tries: i*j at
  // n = 300 gets there and then runs narrow.
  const std::size_t big = 300;
  std::vector<std::int64_t> c(big * big);
  for (std::size_t i = 0; i < big; ++i)
    for (std::size_t j = 0; j < big; ++j) c[i * big + j] = static_cast<std::int64_t>(i * j);
  const BasicSolver<std::int64_t> d(c.data(), big, big);
  EXPECT_GT(d.search_counts().wide, 0u);
  EXPECT_GT(d.search_counts().narrow, d.search_counts().wide);
}

// Forbidden pairs in a larger double matrix: most of each row forbidden, so
// that the candidate lists hold few finite columns, and now and then a matrix
// with no feasible matching.
TEST(AssignmentKernels, ForbiddenPairsEveryTuning) {
  std::mt19937_64 rng(31337);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  int infeasible = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 20 + trial % 50;
    const std::size_t cols = trial % 3 == 0 ? n + trial % 7 : n;
    std::vector<double> c(n * cols);
    const double forbid = trial % 2 == 0 ? 0.9 : 0.97;
    std::uniform_real_distribution<double> unit(0, 1);
    for (auto& x : c) x = unit(rng) < forbid ? kInf : std::floor(unit(rng) * 50);
    std::optional<double> want;
    try {
      want = BasicSolver<double>(c.data(), n, cols, {}, {Isa::kScalar, 0, 16}).cost();
    } catch (const Infeasible&) {
      ++infeasible;
    }
    for (const auto& [tag, t] : tunings()) {
      if (!want) {
        EXPECT_THROW(BasicSolver<double>(c.data(), n, cols, {}, t), Infeasible) << trial;
        continue;
      }
      const BasicSolver<double> s(c.data(), n, cols, {}, t);
      ASSERT_TRUE(is_matching(s, n, cols)) << trial;
      ASSERT_EQ(s.cost(), *want) << describe(tag, t) << " trial " << trial;
    }
  }
  EXPECT_GT(infeasible, 5);
  EXPECT_LT(infeasible, 55);
}

// Rectangular problems against the square problem padded with rows of zeros
// (the same optimum): both kernel sets.
TEST(AssignmentKernels, RectangularMatchesPaddedSquare) {
  std::mt19937_64 rng(8);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t rows = 1 + rng() % 40, cols = rows + rng() % 100;
    const std::int64_t hi = trial % 2 == 0 ? 5 : 1'000'000;
    std::vector<std::int64_t> c(rows * cols), padded(cols * cols, 0);
    for (std::size_t k = 0; k < c.size(); ++k) c[k] = static_cast<std::int64_t>(rng() % (hi + 1));
    std::copy(c.begin(), c.end(), padded.begin());
    const std::int64_t want = BasicSolver<std::int64_t>(padded.data(), cols, cols).cost();
    for (const Isa isa : {Isa::kAuto, Isa::kAvx2, Isa::kScalar}) {
      const BasicSolver<std::int64_t> s(c.data(), rows, cols, {}, {isa, 128, 16});
      ASSERT_TRUE(s.certified()) << trial;
      ASSERT_EQ(s.cost(), want) << trial;
    }
  }
}

TEST(AssignmentKernels, InputChecks) {
  std::mt19937_64 rng(12);
  for (std::size_t count = 1; count < 40; ++count) {
    std::vector<std::int64_t> a(count);
    for (auto& x : a) x = static_cast<std::int64_t>(rng() >> 1) - (std::int64_t{1} << 62);
    const auto [low, high] = min_max(a.data(), count);
    EXPECT_EQ(low, *std::min_element(a.begin(), a.end())) << count;
    EXPECT_EQ(high, *std::max_element(a.begin(), a.end())) << count;
    std::vector<double> d(count);
    for (auto& x : d) x = static_cast<double>(rng() % 1000) - 500;
    d[rng() % count] = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(all_above_minus_infinity(d.data(), count)) << count;
    for (const double bad :
         {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
      std::vector<double> e = d;
      e[rng() % count] = bad;
      EXPECT_FALSE(all_above_minus_infinity(e.data(), count)) << count;
    }
  }
}

TEST(AssignmentKernels, PollCanAbandonACandidateSolve) {
  const std::size_t n = 300;
  std::vector<std::int64_t> c(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) c[i * n + j] = static_cast<std::int64_t>(i * j);
  int calls = 0;
  const auto poll = [&calls] {
    if (++calls == 7) throw std::runtime_error("stop");
  };
  EXPECT_THROW(BasicSolver<std::int64_t>(c.data(), n, n, poll, {Isa::kAuto, 2, 4}),
               std::runtime_error);
  EXPECT_EQ(calls, 7);
}

// A matrix read to be solved keeps 16-bit entries exactly when no entry has
// five digits or more, 32-bit ones when none has ten, reads as read_matrix
// does (the same values, the same errors), and solves to the same matching
// cost.
TEST(AssignmentIo, CompactMatrixWidthAndValues) {
  const auto width = [](std::string_view text) {
    const CompactMatrix m = parse_compact_assignment(text);
    return std::holds_alternative<CostMatrix16>(m)   ? 16
           : std::holds_alternative<CostMatrix32>(m) ? 32
                                                     : 64;
  };
  EXPECT_EQ(width("2\n1 2\n3 4\n"), 16);
  EXPECT_EQ(width("2\n1 9999\n-9999 4\n"), 16);
  EXPECT_EQ(width("2\n1 2\n3 10000\n"), 32);
  EXPECT_EQ(width("1\n00007\n"), 32);  // five digits: 32-bit, still exact
  EXPECT_EQ(width("2\n1 999999999\n-999999999 4\n"), 32);
  EXPECT_EQ(width("2\n1 1000000000\n3 4\n"), 64);
  EXPECT_EQ(width("2\n1 2\n3 -1000000000000\n"), 64);
  EXPECT_EQ(width("1\n0000000007\n"), 64);  // ten digits: 64-bit, still exact
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + rng() % 12;
    const std::int64_t hi = trial % 3 == 0 ? 9 : trial % 3 == 1 ? 999'999 : 1'000'000'000'000;
    const CostMatrix m = random_matrix(rng, n, -hi, hi);
    const std::string text = format_matrix(m);
    const CompactMatrix c = parse_compact_assignment(text);
    std::int64_t most = 0;  // the largest magnitude: its digits set the width
    for (const std::int64_t x : m.cost) most = std::max(most, x < 0 ? -x : x);
    ASSERT_EQ(width(text), most <= 9'999 ? 16 : most <= 999'999'999 ? 32 : 64) << text;
    std::visit(
        [&](const auto& x) {
          ASSERT_EQ(std::vector<std::int64_t>(x.cost.begin(), x.cost.end()), m.cost) << text;
        },
        c);
    ASSERT_EQ(solve(c).cost, solve(m).cost) << text;
  }
  for (const std::string_view bad :
       {"2\n1 2\n3\n", "2\n1 2\n", "2\n1 2 3\n4 5\n", "1\n1000000000001\n", "2\n1 x\n3 4\n"}) {
    std::string want, got;
    try {
      (void)parse_assignment(bad);
    } catch (const perfectplay::InputError& e) {
      want = e.what();
    }
    try {
      (void)parse_compact_assignment(bad);
    } catch (const perfectplay::InputError& e) {
      got = e.what();
    }
    EXPECT_FALSE(want.empty()) << bad;
    EXPECT_EQ(got, want) << bad;
  }
}

}  // namespace
}  // namespace perfectplay::algorithms::assignment
