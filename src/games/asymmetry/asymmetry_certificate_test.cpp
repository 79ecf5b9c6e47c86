// asymmetry's certificate: w_p (Bob opens a pair, Alice closes it) by its
// closed form against a brute force over every Bob move and every Alice
// answer; w_p <= v_p on every small pair and on many random large ones; the
// scan's per-pair values against the one-pair functions, also when the rows
// are scanned in two parts and merged; and the refusal when the certificate
// fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

#include "core/input_error.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {
namespace {

// The pair's sum of |left - right| after writing `value` at (row, col).
std::int64_t pair_sum(const Grid& g, int row, int col, std::int64_t value) {
  std::int64_t s = 0;
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t a = (r == row && col == 0) ? value : g.at(r, 0);
    const std::int64_t b = (r == row && col == 1) ? value : g.at(r, 1);
    s += a > b ? a - b : b - a;
  }
  return s;
}

// w_p of a one-pair grid (M = 2) by brute force: Bob writes anything
// anywhere, Alice answers anything anywhere in the other column.
std::int64_t bob_first_brute(const Grid& g) {
  std::int64_t best = std::numeric_limits<std::int64_t>::min();
  for (int col = 0; col < 2; ++col) {
    for (int rb = 0; rb < g.rows; ++rb) {
      for (std::int64_t u = 0; u <= g.k; ++u) {
        Grid after = g;
        after.cells[static_cast<std::size_t>(rb * 2 + col)] = static_cast<std::uint32_t>(u);
        std::int64_t answer = std::numeric_limits<std::int64_t>::max();
        for (int ra = 0; ra < g.rows; ++ra) {
          for (std::int64_t v = 0; v <= g.k; ++v) {
            answer = std::min(answer, pair_sum(after, ra, 1 - col, v));
          }
        }
        best = std::max(best, answer);
      }
    }
  }
  return best;
}

TEST(AsymmetryCertificate, BobFirstValueByBruteForceOnEveryPairUpTo3RowsAndK3) {
  int pairs = 0;
  for (std::int64_t k = 1; k <= 3; ++k) {
    for (int rows = 1; rows <= 3; ++rows) {
      const int cells = 2 * rows;
      std::int64_t count = 1;
      for (int i = 0; i < cells; ++i) count *= k + 1;
      for (std::int64_t code = 0; code < count; ++code) {
        Grid g{rows, 2, k, {}};
        std::int64_t rest = code;
        for (int i = 0; i < cells; ++i) {
          g.cells.push_back(static_cast<std::uint32_t>(rest % (k + 1)));
          rest /= k + 1;
        }
        const std::int64_t w = bob_first_value(g, 0);
        ASSERT_EQ(w, bob_first_brute(g)) << "K=" << k << " rows=" << rows << " code=" << code;
        ASSERT_LE(w, plan_pair(g, 0).value) << "K=" << k << " rows=" << rows << " code=" << code;
        ++pairs;
      }
    }
  }
  EXPECT_EQ(pairs, 4 + 16 + 64 + 9 + 81 + 729 + 16 + 256 + 4096);
}

TEST(AsymmetryCertificate, HoldsOnRandomLargePairs) {
  std::mt19937_64 rng(31);
  const std::int64_t ks[] = {1, 2, 7, 1000, 1'000'000'000, 4'294'967'295};
  for (int trial = 0; trial < 20000; ++trial) {
    const int rows = 1 + static_cast<int>(rng() % 12);
    const std::int64_t k = ks[trial % 6];
    // Values near the ends and the middle as well as anywhere.
    std::uniform_int_distribution<std::int64_t> any(0, k);
    const std::int64_t special[] = {0, k, k / 2, (k + 1) / 2};
    Grid g{rows, 2, k, {}};
    for (int i = 0; i < 2 * rows; ++i) {
      const std::int64_t v = rng() % 3 == 0 ? special[rng() % 4] : any(rng);
      g.cells.push_back(static_cast<std::uint32_t>(v));
    }
    ASSERT_LE(bob_first_value(g, 0), plan_pair(g, 0).value) << "trial " << trial;
  }
}

Grid uniform_grid(std::mt19937_64& rng, int rows, int cols, std::int64_t k) {
  std::uniform_int_distribution<std::int64_t> value(0, k);
  Grid g{rows, cols, k, {}};
  for (int i = 0; i < rows * cols; ++i) g.cells.push_back(static_cast<std::uint32_t>(value(rng)));
  return g;
}

void check_scan_values() {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 500; ++trial) {
    const int rows = 1 + trial % 9;
    // Every fifth grid wide enough for the vectorized pass 2's full blocks.
    const int cols = trial % 5 == 4 ? 2 * (9 + trial % 23) : 2 * (1 + trial % 4);
    // Small K, the contest's, the largest 32-bit pass 2 (2^30 - 1), and
    // the 64-bit pass 2 (2^30 and the format's largest, 2^32 - 1).
    static constexpr std::int64_t kKs[] = {
        2, 9, 1'000'000'000, (1 << 30) - 1, 1 << 30, 4'294'967'295};
    const std::int64_t k = kKs[trial % 6];
    Grid g = uniform_grid(rng, rows, cols, k);
    if (trial % 2 == 1) {  // half the cells at 0 or K, where the 32-bit bounds are tight
      for (std::uint32_t& cell : g.cells) {
        if (rng() % 2 == 0) cell = rng() % 2 == 0 ? 0 : static_cast<std::uint32_t>(k);
      }
    }
    const auto row = [&](int id) { return g.cells.data() + static_cast<std::size_t>(id) * cols; };
    // Whole.
    PairScan whole(cols, k, rows >= 2);
    for (int r = 0; r < rows; ++r) whole.add_row(row(r), r);
    whole.finish_pass1();
    PairBests wb = whole.no_bests();
    for (int r = 0; r < rows; ++r) whole.best_of_row(row(r), wb);
    whole.fix_best_rows(row, wb);
    // Two parts, split at `cut`, merged as the contest solve does.
    const int cut = rows / 2;
    PairScan first(cols, k, rows >= 2), second(cols, k, rows >= 2);
    for (int r = 0; r < cut; ++r) first.add_row(row(r), r);
    for (int r = cut; r < rows; ++r) second.add_row(row(r), r);
    first.merge(second);
    first.finish_pass1();
    PairBests b1 = first.no_bests(), b2 = first.no_bests();
    for (int r = 0; r < cut; ++r) first.best_of_row(row(r), b1);
    for (int r = cut; r < rows; ++r) first.best_of_row(row(r), b2);
    PairScan::merge_bests(b1, b2);
    first.fix_best_rows(row, b1);

    const auto values = whole.pair_values(wb);
    ASSERT_EQ(first.pair_values(b1), values) << "trial " << trial;
    for (int p = 0; p < cols / 2; ++p) {
      ASSERT_EQ(values[static_cast<std::size_t>(p)].first, plan_pair(g, p).value)
          << "trial " << trial;
      ASSERT_EQ(values[static_cast<std::size_t>(p)].second, bob_first_value(g, p))
          << "trial " << trial;
    }
  }
}

TEST(AsymmetryCertificate, ScanValuesMatchThePairFunctionsWholeAndInTwoParts) {
  check_scan_values();
}

// The 32-bit passes' baseline build, which a CPU with AVX2 never runs
// otherwise, against the same pair functions.
TEST(AsymmetryCertificate, ScanValuesMatchWithoutAvx2) {
  struct Baseline {
    Baseline() { use_avx2_pair_scan(false); }
    ~Baseline() { use_avx2_pair_scan(true); }
  } baseline;
  check_scan_values();
}

TEST(AsymmetryCertificate, AFailedCertificateIsRefusedNotPrinted) {
  // No real grid is known to fail, so the bests are forged: Bob's term above
  // Alice's in the second pair.
  const Grid g{1, 4, 5, {1, 2, 3, 4}};
  PairScan scan(4, 5, false);
  scan.add_row(g.cells.data(), 0);
  scan.finish_pass1();
  PairBests bests = scan.no_bests();
  scan.best_of_row(g.cells.data(), bests);
  EXPECT_NO_THROW(scan.total(bests));
  bests.bob[1] = bests.alice_at(1) + 1;
  try {
    scan.total(bests);
    ADD_FAILURE() << "no error";
  } catch (const RequestError& e) {
    EXPECT_NE(std::string(e.what()).find("columns 2 and 3"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace perfectplay::games::asymmetry
