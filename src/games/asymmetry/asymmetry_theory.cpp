#include "games/asymmetry/asymmetry_theory.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace perfectplay::games::asymmetry {

namespace {

std::int64_t absdiff(std::int64_t a, std::int64_t b) {
  return a > b ? a - b : b - a;
}

// The best two flips (value, row) of one pair and column choice.
struct TopTwo {
  std::int64_t best = -1, second = -1;
  int best_row = -1;
  void add(std::int64_t v, int row) {
    if (v > best) {
      second = best;
      best = v;
      best_row = row;
    } else if (v > second) {
      second = v;
    }
  }
  std::int64_t excluding(int row) const { return row == best_row ? second : best; }
};

}  // namespace

std::int64_t inner_minimum(std::int64_t k, std::int64_t x, std::int64_t f, bool has_f) {
  // Both pieces are V-shaped with slopes -1 and +1: max(v, K - v) bottoms out
  // at ceil(K/2) in the middle, |v - x| + F at F over x. With a <= b the
  // distances from x to the two ends: while F <= a the middle is reachable
  // (ceil(K/2)); while F <= b the optimum is where the slopes cross,
  // ceil((b + F) / 2); beyond, F itself at v = x. (The same closed form as the
  // seed's corrected analysis; InnerMinimumByBruteForce checks it against
  // every v.)
  const std::int64_t middle = (k + 1) / 2;
  if (!has_f) return middle;
  const std::int64_t a = std::min(x, k - x), b = std::max(x, k - x);
  if (f <= a) return middle;
  if (f <= b) return (b + f + 1) / 2;
  return f;
}

PairPlan plan_pair(const Grid& g, int j) {
  const int jm = g.mirror(j);
  const bool has_f = g.rows >= 2;
  std::int64_t s = 0;
  TopTwo flips[2];  // Alice in column j (Bob answers in jm) / Alice in jm
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t a = g.at(r, j), b = g.at(r, jm), c = absdiff(a, b);
    s += c;
    flips[0].add(std::max(a, g.k - a) - c, r);
    flips[1].add(std::max(b, g.k - b) - c, r);
  }
  PairPlan best;
  bool first = true;
  for (int side = 0; side < 2; ++side) {
    const int col = side == 0 ? j : jm, other = side == 0 ? jm : j;
    for (int r = 0; r < g.rows; ++r) {
      const std::int64_t x = g.at(r, other);
      const std::int64_t c = absdiff(g.at(r, j), g.at(r, jm));
      const std::int64_t f = has_f ? flips[side].excluding(r) : 0;
      const std::int64_t value = s - c + inner_minimum(g.k, x, f, has_f);
      if (first || value < best.value) {
        first = false;
        best.value = value;
        best.col = col;
        best.row = r;
        // Alice's value: the v reaching the inner minimum.
        for (std::int64_t v : {g.k / 2, (g.k + 1) / 2, x, (x + f) / 2, (x + f + 1) / 2,
                               (g.k + x - f) / 2, (g.k + x - f + 1) / 2}) {
          v = std::clamp<std::int64_t>(v, 0, g.k);
          const std::int64_t same_row = std::max(v, g.k - v);
          const std::int64_t got = has_f ? std::max(same_row, absdiff(v, x) + f) : same_row;
          if (s - c + got == value) {
            best.write = v;
            break;
          }
        }
      }
    }
  }
  return best;
}

std::int64_t game_value(const Grid& g) {
  const int pairs = g.cols / 2;
  const bool has_f = g.rows >= 2;
  const auto up = static_cast<std::size_t>(pairs);
  std::vector<std::int64_t> sums(up, 0);
  std::vector<TopTwo> flips(2 * up);
  // Pass 1: each pair's S and top flips, row by row.
  for (int r = 0; r < g.rows; ++r) {
    const std::uint32_t* row =
        &g.cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols)];
    for (int p = 0; p < pairs; ++p) {
      const std::int64_t a = row[p], b = row[g.cols - 1 - p], c = absdiff(a, b);
      sums[static_cast<std::size_t>(p)] += c;
      flips[2 * static_cast<std::size_t>(p)].add(std::max(a, g.k - a) - c, r);
      flips[2 * static_cast<std::size_t>(p) + 1].add(std::max(b, g.k - b) - c, r);
    }
  }
  // Pass 2: each pair's best (column, row) for Alice.
  std::vector<std::int64_t> best(up, std::numeric_limits<std::int64_t>::max());
  for (int r = 0; r < g.rows; ++r) {
    const std::uint32_t* row =
        &g.cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols)];
    for (int p = 0; p < pairs; ++p) {
      const auto up_ = static_cast<std::size_t>(p);
      const std::int64_t a = row[p], b = row[g.cols - 1 - p], c = absdiff(a, b);
      const std::int64_t f0 = has_f ? flips[2 * up_].excluding(r) : 0;
      const std::int64_t f1 = has_f ? flips[2 * up_ + 1].excluding(r) : 0;
      const std::int64_t v =
          std::min(inner_minimum(g.k, b, f0, has_f), inner_minimum(g.k, a, f1, has_f)) - c;
      best[up_] = std::min(best[up_], v);
    }
  }
  std::int64_t total = 0;
  for (std::size_t p = 0; p < up; ++p) {
    if (__builtin_add_overflow(total, sums[p] + best[p], &total)) {
      throw std::overflow_error("the asymmetry passes 2^63");
    }
  }
  return total;
}

}  // namespace perfectplay::games::asymmetry
