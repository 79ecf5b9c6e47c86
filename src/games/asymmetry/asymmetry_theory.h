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

}  // namespace perfectplay::games::asymmetry
