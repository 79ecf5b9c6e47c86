// asymmetry reference: the generic AlphaBetaSolver over the rules (which
// columns are marked and what was written; each pair's term collected when
// its second column is marked). No per-pair formula in it.
//
// The rules are built from a grid, and a Board carries its own grid, so the
// engine's Reference keeps one ScoredReference per grid: a Board's value
// depends on the grid only through its unmarked columns (a marked column's
// values go into the solver's position, a settled pair's into the settled
// sum), so a child, which has the same unmarked columns less one, reuses its
// parent's solver and table.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

#include "api/reference.h"
#include "games/asymmetry/asymmetry.h"
#include "solvers/alpha_beta.h"

namespace perfectplay::games::asymmetry {

using ReferenceSolver = AlphaBetaSolver<Rules>;

inline bool reference_fits(const Grid& g) {
  return g.rows <= kReferenceMaxRows && g.cols <= kReferenceMaxCols && g.k <= kReferenceMaxK;
}

// The solver's position for b: the marked columns, and what each half-marked
// one holds.
inline Rules::Position reference_position(const Board& b) {
  Rules::Position p;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (b.is_marked(c)) p.marked |= 1u << c;
    if (b.is_marked(c) && !b.is_marked(b.grid.mirror(c))) {
      p.content[static_cast<std::size_t>(c)] = column_bits(b.grid, c);
    }
  }
  return p;
}

// What an exhaustive search of b costs, estimated before searching: the
// positions reachable from b times the most moves one of them has, capped at
// `cap`. A column takes one of D = 1 + N * K contents when it is marked (its
// own, or one cell rewritten). A fresh pair is then in one of 2 + 2D states
// (unmarked, either column marked with one of D contents, settled), a
// half-marked pair in one of 2 (its content is fixed); a position has at
// most (unmarked columns) * D moves. Grids past the solver's encoding cost
// `cap`.
inline std::uint64_t reference_work(const Board& b, std::uint64_t cap) {
  const Grid& g = b.grid;
  if (!reference_fits(g)) return cap;
  const auto d = static_cast<std::uint64_t>(1 + g.rows * g.k);
  std::uint64_t positions = 1, unmarked = 0;
  for (int c = 0; c < g.cols / 2; ++c) {
    const int marked = b.is_marked(c) + b.is_marked(g.mirror(c));
    const std::uint64_t states = marked == 0 ? 2 + 2 * d : marked == 1 ? 2 : 1;
    unmarked += static_cast<std::uint64_t>(2 - marked);
    if (__builtin_mul_overflow(positions, states, &positions) || positions > cap) return cap;
  }
  std::uint64_t work;
  if (__builtin_mul_overflow(positions, std::max<std::uint64_t>(1, unmarked * d), &work))
    return cap;
  return std::min(work, cap);
}

// The exhaustive value of Boards (source reference): settled terms plus the
// solver's value of the rest, one table per grid (see above).
class Reference {
 public:
  explicit Reference(SearchLimits limits) : limits_(limits) {}
  Value value(const Board& b);

 private:
  struct Split {
    std::pair<Score, Rules::Position> operator()(const Rules&, const Board& b) const {
      return {settled_sum(b), reference_position(b)};
    }
  };
  SearchLimits limits_;
  std::unique_ptr<ScoredReference<Rules, Split>> ref_;
};

inline Value Reference::value(const Board& b) {
  // A new table unless b's unmarked columns are the solver grid's.
  const auto same_rest = [&](const Grid& g) {
    if (g.rows != b.grid.rows || g.cols != b.grid.cols || g.k != b.grid.k) return false;
    for (int c = 0; c < g.cols; ++c) {
      if (!b.is_marked(c) && column_bits(g, c) != column_bits(b.grid, c)) return false;
    }
    return true;
  };
  if (!ref_ || !same_rest(ref_->solver().game().grid())) {
    ref_ = std::make_unique<ScoredReference<Rules, Split>>(Rules(b.grid), limits_, Split{});
  }
  return ref_->value(b);
}

}  // namespace perfectplay::games::asymmetry
