// gridgame reference: the generic AlphaBetaSolver over the real turn order
// (Alice a row to maximize, Bob a column to minimize, the crossing cell
// scored), memoized on the remaining rows and columns. No matching in it.
//
// Reference is the engine's view (api/reference.h's ScoredReference): the
// score so far plus the search's value of what is left. The search plays on
// a frame of at most kReferenceMaxN rows and columns: the whole matrix when it
// is that small, so that a position and its children share one table, else
// the lines left in the position first asked about (a later position whose
// lines are not all in the frame gets a new frame and table).
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

  // Precondition: at most kReferenceMaxN rows are left in p.
  Value value(const Position& p) {
    const Progress g = progress_of(p);
    if (!ref_ || source_ != p.matrix || !frame_.covers(g)) reframe(p, g);
    return ref_->value(p);
  }

 private:
  // Where each line of the matrix sits in the frame (-1: outside it).
  struct Frame {
    std::vector<int> row_bit, col_bit;

    bool covers(const Progress& g) const {
      const auto in = [](const std::vector<int>& bit, int k) {
        return bit[static_cast<std::size_t>(k)] >= 0;
      };
      return std::all_of(g.rows.begin(), g.rows.end(), [&](int r) { return in(row_bit, r); }) &&
             std::all_of(g.cols.begin(), g.cols.end(), [&](int c) { return in(col_bit, c); });
    }
    // {the score so far, the rest as the search's position}
    std::pair<Score, Rules::Position> operator()(const Rules&, const Position& p) const {
      const Progress g = progress_of(p);
      Rules::Position rp;
      for (const int r : g.rows) {
        const int bit = row_bit[static_cast<std::size_t>(r)];
        if (r == g.pending) rp.pending = bit;
        if (r != g.pending) rp.rows_left |= 1u << bit;
      }
      for (const int c : g.cols) rp.cols_left |= 1u << col_bit[static_cast<std::size_t>(c)];
      return {g.score, rp};
    }
  };

  void reframe(const Position& p, const Progress& g) {
    const int n = p.n();
    std::vector<int> rows = g.rows, cols = g.cols;
    if (n <= kReferenceMaxN) {
      rows.resize(static_cast<std::size_t>(n));
      cols.resize(static_cast<std::size_t>(n));
      std::iota(rows.begin(), rows.end(), 0);
      std::iota(cols.begin(), cols.end(), 0);
    }
    if (static_cast<int>(rows.size()) > kReferenceMaxN) {
      throw RequestError("gridgame's exhaustive reference plays at most 16 remaining lines");
    }
    Frame f{std::vector<int>(static_cast<std::size_t>(n), -1),
            std::vector<int>(static_cast<std::size_t>(n), -1)};
    std::vector<std::int64_t> values;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      f.row_bit[static_cast<std::size_t>(rows[i])] = static_cast<int>(i);
      f.col_bit[static_cast<std::size_t>(cols[i])] = static_cast<int>(i);
      for (const int c : cols) values.push_back((*p.matrix)(rows[i], c));
    }
    ref_.reset();
    source_ = p.matrix;
    framed_ = std::make_unique<CostMatrix>(rows.size(), std::move(values));
    frame_ = f;
    ref_ = std::make_unique<ScoredReference<Rules, Frame>>(Rules(*framed_), limits_, std::move(f));
  }

  SearchLimits limits_;
  std::shared_ptr<const CostMatrix> source_;  // the matrix the frame is cut from
  std::unique_ptr<CostMatrix> framed_;        // the frame's lines of it (the rules read it)
  Frame frame_;
  std::unique_ptr<ScoredReference<Rules, Frame>> ref_;
};

}  // namespace perfectplay::games::gridgame
