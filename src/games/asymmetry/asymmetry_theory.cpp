#include "games/asymmetry/asymmetry_theory.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <limits>
#include <stdexcept>

#include "core/input_error.h"

namespace perfectplay::games::asymmetry {

namespace {

std::int64_t absdiff(std::int64_t a, std::int64_t b) {
  return a > b ? a - b : b - a;
}

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
  TopTwoFlips flips[2];  // Alice in column j (Bob answers in jm) / Alice in jm
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

std::int64_t bob_first_value(const Grid& g, int j) {
  const int jm = g.mirror(j);
  std::int64_t s = 0;
  TopTwoFlips diffs;
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t c = absdiff(g.at(r, j), g.at(r, jm));
    s += c;
    diffs.add(c, r);
  }
  std::int64_t best = std::numeric_limits<std::int64_t>::min();
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t a = g.at(r, j), b = g.at(r, jm);
    const std::int64_t t = std::max({a, g.k - a, b, g.k - b});
    best = std::max(best, -absdiff(a, b) + std::min<std::int64_t>(0, t - diffs.excluding(r)));
  }
  return s + best;
}

namespace {

struct NarrowPair {
  std::int32_t a, b, c;  // column p's value, its mirror's (read from `back`), |a - b|
};

[[gnu::always_inline]] inline NarrowPair narrow_pair(const std::uint32_t* row,
                                                     const std::uint32_t* back, std::size_t p) {
  const auto a = static_cast<std::int32_t>(row[p]);
  const auto b = static_cast<std::int32_t>(back[-static_cast<std::ptrdiff_t>(p)]);
  return {a, b, a > b ? a - b : b - a};
}

// Pass 1 on 32-bit values (K < 2^30), vectorized: each pair's S grows by c,
// and hit[p] says whether one of its three top-two trackers would change
// (a value above the tracker's second, kept beside it in 32 bits); the few
// pairs hit are then updated one by one.
[[gnu::always_inline]] inline void narrow_pass1(const std::uint32_t* __restrict row,
                                                std::size_t pairs, std::size_t cols, std::int32_t k,
                                                std::int64_t* __restrict sums,
                                                const std::int32_t* __restrict above_left,
                                                const std::int32_t* __restrict above_right,
                                                const std::int32_t* __restrict above_diff,
                                                std::int32_t* __restrict hit) {
  if (pairs == 0) return;  // (a grid of no columns: row may be null)
  const std::uint32_t* back = row + cols - 1;
  for (std::size_t p = 0; p < pairs; ++p) {
    const auto [a, b, c] = narrow_pair(row, back, p);
    sums[p] += c;
    const std::int32_t left = std::max(a, k - a) - c, right = std::max(b, k - b) - c;
    hit[p] = static_cast<std::int32_t>((left > above_left[p]) | (right > above_right[p]) |
                                       (c > above_diff[p]));
  }
}

[[gnu::target("avx2")]] void narrow_pass1_avx2(const std::uint32_t* row, std::size_t pairs,
                                               std::size_t cols, std::int32_t k, std::int64_t* sums,
                                               const std::int32_t* above_left,
                                               const std::int32_t* above_right,
                                               const std::int32_t* above_diff, std::int32_t* hit) {
  narrow_pass1(row, pairs, cols, k, sums, above_left, above_right, above_diff, hit);
}

void narrow_pass1_base(const std::uint32_t* row, std::size_t pairs, std::size_t cols,
                       std::int32_t k, std::int64_t* sums, const std::int32_t* above_left,
                       const std::int32_t* above_right, const std::int32_t* above_diff,
                       std::int32_t* hit) {
  narrow_pass1(row, pairs, cols, k, sums, above_left, above_right, above_diff, hit);
}

bool cpu_has_avx2() {
  static const bool has = __builtin_cpu_supports("avx2") != 0;
  return has;
}

std::atomic<bool> avx2_on{true};

bool has_avx2() {
  return avx2_on.load(std::memory_order_relaxed) && cpu_has_avx2();
}

}  // namespace

bool use_avx2_pair_scan(bool on) {
  avx2_on.store(on, std::memory_order_relaxed);
  return on && cpu_has_avx2();
}

void PairScan::add_row(const std::uint32_t* row, int id) {
  if (narrow_) {
    const auto k = static_cast<std::int32_t>(k_);
    (has_avx2() ? narrow_pass1_avx2 : narrow_pass1_base)(row, pairs_, cols_, k, sums_.data(),
                                                         above_left_.data(), above_right_.data(),
                                                         above_diff_.data(), hit_.data());
    for (std::size_t p = 0; p < pairs_; ++p) {
      if (hit_[p] == 0) continue;
      const std::int64_t a = row[p], b = row[cols_ - 1 - p], c = absdiff(a, b);
      flips_[2 * p].add(std::max(a, k_ - a) - c, id);
      flips_[2 * p + 1].add(std::max(b, k_ - b) - c, id);
      diffs_[p].add(c, id);
      sync_above(p);
    }
    return;
  }
  for (std::size_t p = 0; p < pairs_; ++p) {
    const std::int64_t a = row[p], b = row[cols_ - 1 - p], c = absdiff(a, b);
    sums_[p] += c;
    flips_[2 * p].add(std::max(a, k_ - a) - c, id);
    flips_[2 * p + 1].add(std::max(b, k_ - b) - c, id);
    diffs_[p].add(c, id);
  }
}

void PairScan::sync_above(std::size_t p) {
  // The seconds lie in [-1, K].
  above_left_[p] = static_cast<std::int32_t>(flips_[2 * p].second);
  above_right_[p] = static_cast<std::int32_t>(flips_[2 * p + 1].second);
  above_diff_[p] = static_cast<std::int32_t>(diffs_[p].second);
}

void PairScan::merge(const PairScan& other) {
  for (std::size_t p = 0; p < pairs_; ++p) sums_[p] += other.sums_[p];
  for (std::size_t q = 0; q < flips_.size(); ++q) flips_[q].merge(other.flips_[q]);
  for (std::size_t p = 0; p < pairs_; ++p) diffs_[p].merge(other.diffs_[p]);
  if (narrow_) {
    for (std::size_t p = 0; p < pairs_; ++p) sync_above(p);
  }
}

void PairScan::finish_pass1() {
  f_.assign(2 * pairs_, 0);
  if (has_f_) {
    for (std::size_t q = 0; q < f_.size(); ++q) f_[q] = flips_[q].best;
  }
  c_.resize(pairs_);
  for (std::size_t p = 0; p < pairs_; ++p) c_[p] = diffs_[p].best;
  if (narrow_) {  // F and C lie in [0, K]
    f_left32_.resize(pairs_);
    f_right32_.resize(pairs_);
    c32_.resize(pairs_);
    for (std::size_t p = 0; p < pairs_; ++p) {
      f_left32_[p] = static_cast<std::int32_t>(f_[2 * p]);
      f_right32_[p] = static_cast<std::int32_t>(f_[2 * p + 1]);
      c32_[p] = static_cast<std::int32_t>(c_[p]);
    }
  }
}

namespace {

// inner_minimum with F present, without branches on the data (the rows come
// in random order, so a branch would mispredict half the time). With F = 0 it
// is ceil(K/2), as for N = 1.
inline std::int64_t inner_select(std::int64_t k, std::int64_t middle, std::int64_t x,
                                 std::int64_t f) {
  const std::int64_t a = std::min(x, k - x), b = k - a;
  const std::int64_t crossing = (b + f + 1) >> 1;
  const std::int64_t beyond = f <= b ? crossing : f;
  return f <= a ? middle : beyond;
}

// Pass 2 on 32-bit terms (K < 2^30: every sum below stays under 2^31), the
// same arithmetic as best_of_row's wide loop, written so that the compiler
// vectorizes it (row[cols - 1 - p] read backwards with a permute).
[[gnu::always_inline]] inline void narrow_pass2(const std::uint32_t* __restrict row,
                                                std::size_t pairs, std::size_t cols, std::int32_t k,
                                                const std::int32_t* __restrict f_left,
                                                const std::int32_t* __restrict f_right,
                                                const std::int32_t* __restrict cmax,
                                                std::int32_t* __restrict alice,
                                                std::int32_t* __restrict bob) {
  const std::int32_t middle = (k + 1) / 2;
  if (pairs == 0) return;  // (a grid of no columns: row may be null)
  const std::uint32_t* back = row + cols - 1;
  for (std::size_t p = 0; p < pairs; ++p) {
    const auto [a, b, c] = narrow_pair(row, back, p);
    // inner_select for each side: x's nearer end, its farther end, F.
    const std::int32_t near_a = std::min(a, k - a), far_a = k - near_a;
    const std::int32_t near_b = std::min(b, k - b), far_b = k - near_b;
    const std::int32_t fb = f_left[p], fa = f_right[p];
    const std::int32_t over_b = fb <= far_b ? (far_b + fb + 1) >> 1 : fb;
    const std::int32_t over_a = fa <= far_a ? (far_a + fa + 1) >> 1 : fa;
    const std::int32_t sel_b = fb <= near_b ? middle : over_b;
    const std::int32_t sel_a = fa <= near_a ? middle : over_a;
    alice[p] = std::min(alice[p], std::min(sel_b, sel_a) - c);
    const std::int32_t t = std::max(far_a, far_b);
    bob[p] = std::max(bob[p], std::min(0, t - cmax[p]) - c);
  }
}

[[gnu::target("avx2")]] void narrow_pass2_avx2(const std::uint32_t* row, std::size_t pairs,
                                               std::size_t cols, std::int32_t k,
                                               const std::int32_t* f_left,
                                               const std::int32_t* f_right,
                                               const std::int32_t* cmax, std::int32_t* alice,
                                               std::int32_t* bob) {
  narrow_pass2(row, pairs, cols, k, f_left, f_right, cmax, alice, bob);
}

void narrow_pass2_base(const std::uint32_t* row, std::size_t pairs, std::size_t cols,
                       std::int32_t k, const std::int32_t* f_left, const std::int32_t* f_right,
                       const std::int32_t* cmax, std::int32_t* alice, std::int32_t* bob) {
  narrow_pass2(row, pairs, cols, k, f_left, f_right, cmax, alice, bob);
}

}  // namespace

void PairScan::best_of_row(const std::uint32_t* row, PairBests& bests) const {
  if (narrow_) {
    (has_avx2() ? narrow_pass2_avx2 : narrow_pass2_base)(
        row, pairs_, cols_, static_cast<std::int32_t>(k_), f_left32_.data(), f_right32_.data(),
        c32_.data(), bests.alice32.data(), bests.bob32.data());
    return;
  }
  const std::int64_t middle = (k_ + 1) / 2;
  const std::int64_t* f = f_.data();
  const std::int64_t* cmax = c_.data();
  std::int64_t* alice = bests.alice.data();
  std::int64_t* bob = bests.bob.data();
  for (std::size_t p = 0; p < pairs_; ++p) {
    const std::int64_t a = row[p], b = row[cols_ - 1 - p], c = absdiff(a, b);
    const std::int64_t v =
        std::min(inner_select(k_, middle, b, f[2 * p]), inner_select(k_, middle, a, f[2 * p + 1])) -
        c;
    alice[p] = std::min(alice[p], v);
    // Bob's row can reach t = max(top(a), top(b)); Alice then zeroes it or
    // the largest other difference.
    const std::int64_t t = std::max(std::max(a, k_ - a), std::max(b, k_ - b));
    const std::int64_t w = std::min<std::int64_t>(0, t - cmax[p]) - c;
    bob[p] = std::max(bob[p], w);
  }
}

std::int64_t PairScan::alice_term(const std::uint32_t* row, std::size_t p, int id) const {
  const std::int64_t a = row[p], b = row[cols_ - 1 - p], c = absdiff(a, b);
  const std::int64_t f0 = has_f_ ? flips_[2 * p].excluding(id) : 0;
  const std::int64_t f1 = has_f_ ? flips_[2 * p + 1].excluding(id) : 0;
  return std::min(inner_minimum(k_, b, f0, has_f_), inner_minimum(k_, a, f1, has_f_)) - c;
}

PairBests PairScan::no_bests() const {
  PairBests out{std::vector<std::int64_t>(pairs_, std::numeric_limits<std::int64_t>::max()),
                std::vector<std::int64_t>(pairs_, std::numeric_limits<std::int64_t>::min()),
                {},
                {}};
  if (narrow_) {
    out.alice32.assign(pairs_, std::numeric_limits<std::int32_t>::max());
    out.bob32.assign(pairs_, std::numeric_limits<std::int32_t>::min());
  }
  return out;
}

void PairScan::merge_bests(PairBests& into, const PairBests& from) {
  for (std::size_t p = 0; p < into.alice.size(); ++p) {
    into.alice[p] = std::min(into.alice[p], from.alice[p]);
    into.bob[p] = std::max(into.bob[p], from.bob[p]);
  }
  for (std::size_t p = 0; p < into.alice32.size(); ++p) {
    into.alice32[p] = std::min(into.alice32[p], from.alice32[p]);
    into.bob32[p] = std::max(into.bob32[p], from.bob32[p]);
  }
}

std::vector<std::pair<std::int64_t, std::int64_t>> PairScan::pair_values(
    const PairBests& bests) const {
  std::vector<std::pair<std::int64_t, std::int64_t>> out(pairs_);
  for (std::size_t p = 0; p < pairs_; ++p) {
    out[p] = {sums_[p] + bests.alice_at(p), sums_[p] + bests.bob_at(p)};
  }
  return out;
}

std::vector<std::pair<int, std::uint32_t>> PairScan::best_row_requests() const {
  std::vector<std::pair<int, std::uint32_t>> out;
  if (!has_f_) return out;
  for (std::size_t p = 0; p < pairs_; ++p) {
    for (std::size_t side = 0; side < 2; ++side) {
      const int id = flips_[2 * p + side].best_row;
      if (id >= 0) out.emplace_back(id, static_cast<std::uint32_t>(p));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::int64_t PairScan::total(const PairBests& bests, std::size_t first_pair,
                             std::size_t grid_cols) const {
  if (grid_cols == 0) grid_cols = cols_;
  std::int64_t total = 0;
  const auto values = pair_values(bests);
  for (std::size_t p = 0; p < pairs_; ++p) {
    const auto [v, w] = values[p];
    if (w > v) {
      throw RequestError(fmt::format(
          "cannot certify the answer: for the pair of columns {} and {}, Bob opening it is "
          "worth {} to him, more than the {} of Alice opening it, so the per-pair sum is only "
          "a lower bound here; no answer is printed",
          first_pair + p + 1, grid_cols - first_pair - p, w, v));
    }
    if (__builtin_add_overflow(total, v, &total)) {
      throw std::overflow_error("the asymmetry passes 2^63");
    }
  }
  return total;
}

std::int64_t game_value(const Grid& g) {
  PairScan scan(g.cols, g.k, g.rows >= 2);
  const auto row = [&](int r) {
    // data() + offset: a grid with no pair left has no cells to index.
    return g.cells.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols);
  };
  for (int r = 0; r < g.rows; ++r) scan.add_row(row(r), r);
  return scan.finish(row, g.rows);
}

namespace {

// Half-marked pairs, by their marked column.
std::vector<int> open_columns(const Board& b) {
  std::vector<int> out;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (b.is_marked(c) && !b.is_marked(b.grid.mirror(c))) out.push_back(c);
  }
  return out;
}

// The answer in the mirror of marked column `c` best for `maximize`, and the
// pair's term after it: Bob pushes the row with the largest flip to 0 or K,
// Alice copies the marked value into the row with the largest term.
std::pair<Move, std::int64_t> close_pair(const Board& b, int c, bool maximize) {
  const int other = b.grid.mirror(c);
  const std::int64_t s = pair_term(b.grid, c);
  Move best{other, -1, 0};
  std::int64_t best_value = s;
  for (int r = 0; r < b.grid.rows; ++r) {
    const std::int64_t fixed = b.grid.at(r, c), term = absdiff(fixed, b.grid.at(r, other));
    const std::int64_t w = maximize ? (fixed >= b.grid.k - fixed ? 0 : b.grid.k) : fixed;
    const std::int64_t value = s - term + absdiff(fixed, w);
    if (maximize ? value > best_value : value < best_value) {
      best_value = value;
      best = Move{other, r, w};
    }
  }
  return {best, best_value};
}

// The fresh pairs as a grid of their own, in pair order.
Grid fresh_pairs_grid(const Board& b) {
  std::vector<int> cols;
  for (int c = 0; c < b.grid.cols / 2; ++c) {
    if (!b.is_marked(c) && !b.is_marked(b.grid.mirror(c))) cols.push_back(c);
  }
  const int n = static_cast<int>(cols.size());
  Grid g{b.grid.rows, 2 * n, b.grid.k, {}};
  g.cells.resize(static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols));
  for (int r = 0; r < g.rows; ++r) {
    for (int i = 0; i < n; ++i) {
      const int c = cols[static_cast<std::size_t>(i)];
      const std::size_t at = static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols);
      g.cells[at + static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(b.grid.at(r, c));
      g.cells[at + static_cast<std::size_t>(g.cols - 1 - i)] =
          static_cast<std::uint32_t>(b.grid.at(r, b.grid.mirror(c)));
    }
  }
  return g;
}

}  // namespace

bool theory_covers(const Board& b) {
  return open_columns(b).size() == (b.alice_to_move() ? 0u : 1u);
}

std::optional<std::int64_t> theory_value(const Board& b) {
  const std::vector<int> open = open_columns(b);
  if (b.alice_to_move() && open.empty()) return settled_sum(b) + game_value(fresh_pairs_grid(b));
  if (!b.alice_to_move() && open.size() == 1) {
    return settled_sum(b) + close_pair(b, open[0], true).second + game_value(fresh_pairs_grid(b));
  }
  return std::nullopt;
}

std::optional<Move> theory_move(const Board& b) {
  const std::vector<int> open = open_columns(b);
  if (!b.alice_to_move()) {
    if (open.size() != 1) return std::nullopt;
    return close_pair(b, open[0], true).first;
  }
  if (!open.empty()) return std::nullopt;
  for (int c = 0; c < b.grid.cols / 2; ++c) {
    if (b.is_marked(c)) continue;
    const PairPlan plan = plan_pair(b.grid, c);
    const bool unchanged = plan.write == b.grid.at(plan.row, plan.col);
    return Move{plan.col, unchanged ? -1 : plan.row, unchanged ? 0 : plan.write};
  }
  return std::nullopt;  // the game is over
}

std::optional<Move> heuristic_move(const Board& b) {
  std::optional<std::pair<Move, std::int64_t>> pick;
  std::int64_t pick_delta = 0;
  for (const int c : open_columns(b)) {
    const auto closing = close_pair(b, c, !b.alice_to_move());
    const std::int64_t delta = absdiff(closing.second, pair_term(b.grid, c));
    if (!pick || delta > pick_delta) {
      pick = closing;
      pick_delta = delta;
    }
  }
  if (!pick) return std::nullopt;
  return pick->first;
}

}  // namespace perfectplay::games::asymmetry
