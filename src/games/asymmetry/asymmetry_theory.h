// asymmetry theory: the per-pair decomposition, O(N * M), with a proof for
// every input.
//
// Notation for one mirrored pair p (columns j, j'): c[r] = |g[r][j] - g[r][j']|,
// S = sum c[r], top(x) = max(x, K - x).
//   v_p: the pair's value when Alice writes in it first and Bob answers in it;
//   w_p: the pair's value when Bob writes in it first and Alice answers.
//
// Theorem: sum v_p <= value <= sum max(v_p, w_p).
//   - Lower bound (Bob): whenever Alice marks a column of a fresh pair, Bob
//     answers in its mirror with his best reply, so every pair is played as
//     its own Alice-first episode, worth at least v_p to him.
//   - Upper bound (Alice): when Bob has just opened a pair, Alice closes it at
//     once with her best reply (at most w_p); otherwise she opens a fresh pair
//     with her best opening, which holds the pair to at most v_p whenever Bob
//     closes it, at once or later (his replies there do not depend on the
//     rest). She always can: at her turn both have moved equally often, the
//     pairs Bob opened are all closed by her, so as many of her openings were
//     closed by him as she made, and no pair is half-open; a fresh one
//     remains unless the game is over. Pairs add up, so the total is at most
//     sum max(v_p, w_p).
// So when w_p <= v_p for every pair (the seed's "moving last helps Bob"),
// the value is exactly sum v_p. The solve computes w_p as well and checks
// this on every input: the answer it prints is proved for that input, and it
// refuses, naming the pair, rather than print an unproved value should the
// check ever fail. (The bound and the certificate are a teammate's, from
// their asymmetry branch; the exhaustive reference agrees on every grid it
// can reach, see asymmetry_stress_test.cpp, and no failing pair has been
// found.)
//
// v_p. Alice writes v at (rA, col); Bob then writes in the other column,
// either in the same row (the row becomes top(v) at best for him) or in a
// row rB != rA, which becomes top(g[rB][col]): a gain of flip[rB] = that -
// c[rB] >= 0 over its current term, while Alice's row becomes |v - x|,
// x = g[rA][other]. With F = max over rB != rA of flip[rB]:
//
//   v_p = S + min over col, rA of ( -c[rA] + min over v in [0, K] of
//            max( top(v), |v - x| + F ) )                   (N >= 2)
//   v_p = ceil(K / 2)                                        (N == 1)
//
// The inner minimum is of the maximum of two V-shaped pieces of slopes +-1;
// with a = min(x, K - x), b = max(x, K - x) it is ceil(K/2) when F <= a,
// ceil((b + F) / 2) when a < F <= b, and F beyond (the seed's corrected
// closed form; the seed first treated the two threats separately and said
// so). A test checks it against every v for every K <= 12, x, F.
//
// w_p. Bob writes at (rB, col), making that row at most top(g[rB][other])
// (writing 0 or K); Alice answers in the other column, either zeroing row rB
// or zeroing another row (her best: the one with the largest c). With
// t[r] = max(top(g[r][j]), top(g[r][j'])) and C = max over r' != rB of c[r']:
//
//   w_p = S + max over rB of ( -c[rB] + min(0, t[rB] - C) )  (N == 1: 0)
//
// Tests check w_p against the exhaustive reference on Bob-first pairs.
//
// Cost: two row-major passes over the grid with per-pair accumulators (the
// top two flips per pair and column choice, the top two c), O(N * M) time
// and O(M) extra memory besides the grid.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "games/asymmetry/asymmetry.h"

namespace perfectplay::games::asymmetry {

// min over integer v in [0, K] of max(max(v, K - v), |v - x| + F); with
// `has_f` false (N == 1) the second term is absent.
std::int64_t inner_minimum(std::int64_t k, std::int64_t x, std::int64_t f, bool has_f);

// Alice's opening in one pair and its value.
struct PairPlan {
  std::int64_t value = 0;  // v_p
  int col = 0;             // the column Alice writes in
  int row = 0;
  std::int64_t write = 0;  // the value she writes
};

// v_p for the pair (j, mirror(j)), with Alice's optimal opening. O(N).
PairPlan plan_pair(const Grid& g, int j);

// w_p for the pair (j, mirror(j)): Bob opens it, Alice closes it. O(N).
std::int64_t bob_first_value(const Grid& g, int j);

// The value of the whole game, sum of v_p, all pairs in two row-major passes,
// with the certificate w_p <= v_p checked for every pair: throws RequestError
// naming the first pair where it fails (none is known), std::overflow_error
// if the sum passes 2^63.
std::int64_t game_value(const Grid& g);

// The best two flips (value, row id) of one pair and column choice.
struct TopTwoFlips {
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
  // Another part's rows: the top two of the four. Its second can never
  // become the best (it is <= its best, and ties go below), so its row is
  // not needed.
  void merge(const TopTwoFlips& o) {
    add(o.best, o.best_row);
    add(o.second, -2);
  }
  std::int64_t excluding(int row) const { return row == best_row ? second : best; }
};

// Per pair, the best opening term of each side, before adding S: Alice's
// min over rows (v_p - S) and Bob's max over rows (w_p - S).
// Where K < 2^30 every term fits in 32 bits (v_p - S in [-K, K], w_p - S in
// [-2K, 0]), and pass 2 keeps them in alice32/bob32, eight pairs to an AVX2
// instruction; a pair's best is then the better of the two arrays' entries
// (alice_at, bob_at).
struct PairBests {
  std::vector<std::int64_t> alice, bob;
  std::vector<std::int32_t> alice32, bob32;  // empty unless the scan is narrow
  std::int64_t alice_at(std::size_t p) const {
    return alice32.empty() ? alice[p] : std::min<std::int64_t>(alice[p], alice32[p]);
  }
  std::int64_t bob_at(std::size_t p) const {
    return bob32.empty() ? bob[p] : std::max<std::int64_t>(bob[p], bob32[p]);
  }
};

// Whether the pair scan's 32-bit passes use their AVX2 build (the default,
// where the CPU has AVX2) or the baseline one; returns whether AVX2 is now
// in use. For tests, which compare the two.
bool use_avx2_pair_scan(bool on);

// game_value's two passes as pieces, so that the rows can be scanned in parts
// (the contest solve splits them between threads). Pass 1 (`add_row`)
// accumulates each pair's S, top flips and top differences; parts `merge`.
// Then `finish_pass1` fixes each pair's F and C for pass 2 (`best_of_row`),
// which improves each pair's best terms row by row; parts combine with
// `merge_bests`. `fix_best_rows` then redoes the few rows that hold a pair's
// top flip (for them F is the second flip, not the first), given a way to
// find a row by its id, and `total` checks the certificate and adds it up.
// (The row holding the top difference needs no redoing for Bob: there
// t >= c >= any C, so min(0, t - C) is 0 with either C.) Row ids must be distinct across all parts,
// the same in both passes.
class PairScan {
 public:
  PairScan(int cols, std::int64_t k, bool has_f)
      : cols_(static_cast<std::size_t>(cols)),
        pairs_(cols_ / 2),
        k_(k),
        has_f_(has_f),
        narrow_(k < kNarrowK),
        sums_(pairs_, 0),
        flips_(2 * pairs_),
        diffs_(pairs_) {
    reset_above();
  }
  // Starts over on a grid of `cols` columns, keeping the memory (the block
  // solve reuses one scan for every block instead of faulting in a new one).
  void reset(int cols) {
    cols_ = static_cast<std::size_t>(cols);
    pairs_ = cols_ / 2;
    sums_.assign(pairs_, 0);
    flips_.assign(2 * pairs_, TopTwoFlips{});
    diffs_.assign(pairs_, TopTwoFlips{});
    reset_above();
  }
  void add_row(const std::uint32_t* row, int id);
  void merge(const PairScan& other);
  void finish_pass1();
  PairBests no_bests() const;
  void best_of_row(const std::uint32_t* row, PairBests& bests) const;
  static void merge_bests(PairBests& into, const PairBests& from);
  template <typename RowOf>  // const std::uint32_t* (int id)
  void fix_best_rows(RowOf&& row_of, PairBests& bests) const {
    if (!has_f_) return;  // one row: F is absent for it, as for every row
    for (std::size_t p = 0; p < pairs_; ++p) {
      for (std::size_t side = 0; side < 2; ++side) {
        const int id = flips_[2 * p + side].best_row;
        if (id >= 0) bests.alice[p] = std::min(bests.alice[p], alice_term(row_of(id), p, id));
      }
    }
  }
  // For a pass 2 over rows that are not kept (the streamed solve): the
  // (row id, pair) redos fix_best_rows would make, sorted by row id, and the
  // redo of one of them on its row.
  std::vector<std::pair<int, std::uint32_t>> best_row_requests() const;
  void fix_best_row(const std::uint32_t* row, int id, std::size_t p, PairBests& bests) const {
    bests.alice[p] = std::min(bests.alice[p], alice_term(row, p, id));
  }
  // The certified total: throws RequestError where w_p > v_p, overflow_error
  // past 2^63. The scan's pairs are pairs first_pair, first_pair + 1, ... of
  // a grid of `grid_cols` columns (0: this scan's own), for the messages.
  std::int64_t total(const PairBests& bests, std::size_t first_pair = 0,
                     std::size_t grid_cols = 0) const;
  // After pass 1 over rows 0 .. rows - 1 (ids their indices), all held: the
  // rest in one call (finish_pass1, pass 2, the top rows redone, total).
  template <typename RowOf>  // const std::uint32_t* (int id)
  std::int64_t finish(RowOf&& row_of, int rows, std::size_t first_pair = 0,
                      std::size_t grid_cols = 0) {
    finish_pass1();
    PairBests bests = no_bests();
    for (int r = 0; r < rows; ++r) best_of_row(row_of(r), bests);
    fix_best_rows(row_of, bests);
    return total(bests, first_pair, grid_cols);
  }
  // v_p and w_p of every pair, for tests and diagnostics.
  std::vector<std::pair<std::int64_t, std::int64_t>> pair_values(const PairBests& bests) const;

 private:
  std::int64_t alice_term(const std::uint32_t* row, std::size_t p, int id) const;
  void sync_above(std::size_t p);
  void reset_above() {
    if (!narrow_) return;
    const std::int32_t none = static_cast<std::int32_t>(TopTwoFlips{}.second);
    above_left_.assign(pairs_, none);
    above_right_.assign(pairs_, none);
    above_diff_.assign(pairs_, none);
    hit_.assign(pairs_, 0);
  }

  // K below this: pass 2 runs on 32-bit terms (PairBests).
  static constexpr std::int64_t kNarrowK = std::int64_t{1} << 30;

  std::size_t cols_, pairs_;
  std::int64_t k_;
  bool has_f_;
  bool narrow_;
  std::vector<std::int64_t> sums_;
  std::vector<TopTwoFlips> flips_;  // 2p: Alice in column p, 2p + 1: in its mirror
  std::vector<TopTwoFlips> diffs_;  // the top two c of each pair
  std::vector<std::int64_t> f_;     // after pass 1: 2p, 2p + 1: F for every row but the top one
  std::vector<std::int64_t> c_;     // after pass 1: C (the top difference)
  // Where narrow, during pass 1: the seconds of flips_[2p], flips_[2p + 1]
  // and diffs_[p] (a value above one changes that tracker), and which pairs
  // the row at hand changes.
  std::vector<std::int32_t> above_left_, above_right_, above_diff_, hit_;
  // After pass 1, where narrow: F of 2p, of 2p + 1, and C, as 32 bits.
  std::vector<std::int32_t> f_left32_, f_right32_, c32_;
};

// Positions in progress. Perfect play by the strategies above keeps to two
// kinds of position: Alice to move with every pair fresh or settled, and Bob
// to move with exactly one half-marked pair. There the value is exact:
//
//   settled terms + (Bob: his best answer in the open pair's mirror, the
//   pair's final term) + the sum of v_p over the fresh pairs
//
// (Bob's answer closes the open pair at once; then Alice is to move with
// every pair fresh or settled, and the theorem applies to the fresh pairs as
// a game of their own.) The stress tests check it against the reference after
// every opening of Alice and Bob's best answer. Elsewhere (a side left the
// strategies) the theory claims nothing.

// Whether b is on the lines above (b over: yes). O(M).
bool theory_covers(const Board& b);

// The theory's value where it covers b (see above), else nullopt; b over:
// the final asymmetry. O(N * M).
std::optional<std::int64_t> theory_value(const Board& b);

// The theory's move where it covers b: Alice opens the first fresh pair with
// its optimal opening (plan_pair), which holds it to v_p; Bob answers in the
// open pair's mirror with his best answer. nullopt elsewhere.
std::optional<Move> theory_move(const Board& b);

// The documented heuristic off the theory's lines: close the open pair whose
// closing changes its term the most (Alice: at the least cost; Bob: at the
// most gain), the first such pair in column order. No value is claimed for it.
std::optional<Move> heuristic_move(const Board& b);

}  // namespace perfectplay::games::asymmetry
