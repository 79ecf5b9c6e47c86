// gridgame reference: the generic AlphaBetaSolver over the real turn order
// (Alice a row to maximize, Bob a column to minimize, the crossing cell
// scored), memoized on the remaining rows and columns. No matching in it.
//
// Reference is the engine's view (api/reference.h's ScoredReference): the
// score so far plus the search's value of what is left, one table for every
// position of one matrix.
#pragma once

#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "api/reference.h"
#include "core/input_error.h"
#include "games/gridgame/gridgame.h"
#include "solvers/alpha_beta.h"

namespace perfectplay::games::gridgame {

using ReferenceSolver = AlphaBetaSolver<Rules>;

// The naive twin, the seed's method: the minimum over all n! permutations of
// sum M(i, p(i)). O(n! n): for n <= 10.
inline std::int64_t permutation_minimum(const CostMatrix& m) {
  std::vector<int> p(static_cast<std::size_t>(m.size()));
  std::iota(p.begin(), p.end(), 0);
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  do {
    std::int64_t total = 0;
    for (int i = 0; i < m.size(); ++i) total += m(i, p[static_cast<std::size_t>(i)]);
    best = std::min(best, total);
  } while (std::next_permutation(p.begin(), p.end()));
  return m.size() == 0 ? 0 : best;
}

class Reference {
 public:
  explicit Reference(SearchLimits limits) : limits_(limits) {}

  // Precondition: p.n() <= kReferenceMaxN.
  Value value(const Position& p) {
    if (p.n() > kReferenceMaxN) throw RequestError("gridgame's reference plays n <= 16");
    if (matrix_ != p.matrix) {
      ref_.reset();
      matrix_ = p.matrix;
      ref_ = std::make_unique<ScoredReference<Rules, Split>>(Rules(*matrix_), limits_, Split{});
    }
    return ref_->value(p);
  }

 private:
  // {the score so far, the rest as the search's position}
  struct Split {
    std::pair<Score, Rules::Position> operator()(const Rules&, const Position& p) const {
      const Progress g = progress_of(p);
      Rules::Position rest{0, 0, g.pending};
      for (const int r : g.rows) {
        if (r != g.pending) rest.rows_left |= 1u << r;
      }
      for (const int c : g.cols) rest.cols_left |= 1u << c;
      return {g.score, rest};
    }
  };

  SearchLimits limits_;
  std::shared_ptr<const GridMatrix> matrix_;
  std::unique_ptr<ScoredReference<Rules, Split>> ref_;
};

}  // namespace perfectplay::games::gridgame
