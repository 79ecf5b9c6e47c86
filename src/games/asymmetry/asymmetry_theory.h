// asymmetry theory: the per-pair decomposition, O(N * M).
//
// The seed's lemma (checked by the reference, see asymmetry_stress_test.cpp):
// the game's value is the sum over mirrored pairs p of v_p, the value of the
// two-move game on p alone in which Alice moves first and Bob answers.
//   - Bob reaches the sum by mirroring: whenever Alice marks a column of a
//     fresh pair, he answers in its mirror, so every pair is played as its
//     own Alice-first episode.
//   - Alice holds Bob to it by answering any pair Bob opens in the same pair
//     (the seed's argument that a Bob-first pair is worth at most v_p to him).
// The reference confirms the sum exhaustively on every grid with N <= 2,
// M <= 4, K <= 2 and on thousands of seeded grids with M in {4, 6},
// N in {1, 2, 3}, K in {1..5}; it also confirms that Bob restricted to
// mirroring loses nothing. The argument for Alice's bound is the seed's and
// is not written out as a full proof here: the tests are the evidence.
//
// One pair, Alice first. Let c[r] = |g[r][j] - g[r][j']| and S = sum c[r].
// Alice writes v at (rA, col); Bob then writes in the other column, either
// in the same row (the row becomes max(v, K - v) at best for him) or in a
// row rB != rA, which becomes max(g[rB][col], K - g[rB][col]): a gain of
// flip[rB] = that - c[rB] >= 0 over its current term, while Alice's row
// becomes |v - x|, x = g[rA][other]. With F = max over rB != rA of flip[rB]:
//
//   pair = S + min over col, rA of ( -c[rA] + min over v in [0, K] of
//            max( max(v, K - v), |v - x| + F ) )          (N >= 2)
//   pair = ceil(K / 2)                                     (N == 1)
//
// The inner minimum is of the maximum of two V-shaped pieces of slopes +-1;
// with a = min(x, K - x), b = max(x, K - x) it is ceil(K/2) when F <= a,
// ceil((b + F) / 2) when a < F <= b, and F beyond (the seed's corrected
// closed form; the seed first treated the two threats separately and said
// so). A test checks it against every v for every K <= 12, x, F.
//
// Cost: two row-major passes over the grid with per-pair accumulators (the
// top two flips per pair and column choice), O(N * M) time and O(M) extra
// memory besides the grid.
#pragma once

#include <cstdint>
#include <optional>
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

// The value of the whole game, sum of v_p, all pairs in two row-major passes.
// Throws std::overflow_error if the sum passes 2^63.
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

// game_value's two passes as pieces, so that the rows can be scanned in parts
// (the contest solve splits them between threads). Pass 1 (`add_row`)
// accumulates each pair's S and top flips; parts `merge`. Then `finish_pass1`
// fixes each pair's F for pass 2 (`best_of_row`), which lowers each pair's
// best opening term row by row; parts combine with `merge_best`.
// `fix_best_rows` then redoes the few rows that hold a pair's top flip (their
// F is the second flip, not the first), given a way to find a row by its id,
// and `total` adds it up. Row ids must be distinct across all parts, the same
// in both passes.
class PairScan {
 public:
  PairScan(int cols, std::int64_t k, bool has_f)
      : cols_(static_cast<std::size_t>(cols)),
        pairs_(cols_ / 2),
        k_(k),
        has_f_(has_f),
        sums_(pairs_, 0),
        flips_(2 * pairs_) {}
  void add_row(const std::uint32_t* row, int id);
  void merge(const PairScan& other);
  void finish_pass1();
  std::vector<std::int64_t> no_best() const;
  void best_of_row(const std::uint32_t* row, std::vector<std::int64_t>& best) const;
  static void merge_best(std::vector<std::int64_t>& into, const std::vector<std::int64_t>& from);
  template <typename RowOf>  // const std::uint32_t* (int id)
  void fix_best_rows(RowOf&& row_of, std::vector<std::int64_t>& best) const {
    if (!has_f_) return;  // one row: F is absent for it, as for every row
    for (std::size_t p = 0; p < pairs_; ++p) {
      for (std::size_t side = 0; side < 2; ++side) {
        const int id = flips_[2 * p + side].best_row;
        if (id >= 0) best[p] = std::min(best[p], row_term(row_of(id), p, id));
      }
    }
  }
  std::int64_t total(const std::vector<std::int64_t>& best) const;  // throws on overflow

 private:
  std::int64_t row_term(const std::uint32_t* row, std::size_t p, int id) const;

  std::size_t cols_, pairs_;
  std::int64_t k_;
  bool has_f_;
  std::vector<std::int64_t> sums_;
  std::vector<TopTwoFlips> flips_;  // 2p: Alice in column p, 2p + 1: in its mirror
  std::vector<std::int64_t> f_;     // after pass 1: 2p, 2p + 1: F for every row but the top one
};
}  // namespace perfectplay::games::asymmetry
