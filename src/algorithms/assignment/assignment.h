// Assignment: a minimum-cost perfect matching of an n x n cost matrix, by the
// shortest augmenting path method of Jonker and Volgenant (dense, int64).
//
// Problem: choose one column per row, no column twice, minimizing the sum of
// the chosen costs. Duals: row potentials u and column potentials v with
// u[i] + v[j] <= c[i][j] everywhere (feasible) and equality on every matched
// cell (complementary slackness) prove a matching optimal, since every perfect
// matching costs at least sum(u) + sum(v). We keep v explicitly; u[i] is
// c[i][x[i]] - v[x[i]]. The reduced cost of a cell is
//
//   red(i, j) = c[i][j] - u[i] - v[j]  >= 0,   == 0 on the matching.
//
// Phases (all keep the duals feasible):
//   1. column reduction: v[j] = min_i c[i][j]; each column's minimum row takes
//      it when that row is still free;
//   2. reduction transfer from rows holding exactly one column;
//   3. augmenting row reduction (two passes, with a step cap): a free row
//      takes its cheapest column, lowering that column's price by the gap to
//      its second cheapest, and evicts the previous owner;
//   4. for each row still free, a Dijkstra-like shortest augmenting path in
//      reduced costs. Columns at the current minimum distance wait in a FIFO
//      queue, and a column that a scan brings down to the minimum ends the
//      path at once if it is free: with many equal costs (values in [0, 1000]
//      at n = 4000) a tie class costs one scan per column reached, unlike a
//      textbook Hungarian that relabels per cell.
//
// Complexity: O(n^3) worst case, far less on random matrices; memory n^2
// costs plus O(n). The matrix is row-major and a scan reads one row front to
// back, in memory order (settled columns carry a sentinel distance instead of
// being skipped by a test), so the hardware prefetcher streams it.
//
// Range: costs must satisfy |c| <= kMaxAbsCost (2^40) and n <= kMaxN; then
// every potential and path length stays below n * 4 * 2^40 <= 2^58 (a
// potential moves by at most the spread of one path, itself at most n cell
// differences), so int64 never overflows.
//
// Reuse after a change: `remove_pair(r, c)` deletes row r and column c from a
// solved problem (the matched pair or any other) and restores optimality with
// one augmenting path, O(n^2), since the old duals stay feasible on the
// subproblem. `column_values(r)` gives, for every live column c, the cheapest
// matching that pairs row r with c, in O(n^2) from one reverse Dijkstra.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace perfectplay::algorithms::assignment {

inline constexpr std::int64_t kMaxAbsCost = std::int64_t{1} << 40;
inline constexpr std::size_t kMaxN = 1 << 16;

// A dense row-major n x n cost matrix.
struct CostMatrix {
  std::size_t n = 0;
  std::vector<std::int64_t> cost;  // n * n, row-major

  CostMatrix() = default;
  CostMatrix(std::size_t size, std::vector<std::int64_t> values)
      : n(size), cost(std::move(values)) {}
  std::int64_t at(std::size_t i, std::size_t j) const { return cost[i * n + j]; }
  // The same with int indices, as the games use them.
  int size() const { return static_cast<int>(n); }
  std::int64_t operator()(int i, int j) const {
    return cost[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(j)];
  }
};

struct Result {
  std::int64_t cost = 0;
  std::vector<std::size_t> column_of_row;  // row i -> column
};

// One-shot solve. Precondition: the range above.
Result solve(const CostMatrix& m);

// A solved problem that can shrink: rows and columns are removed one pair at a
// time, the optimum restored each time. Indices stay those of the original
// matrix.
class Solver {
 public:
  explicit Solver(const CostMatrix& m);  // solves at once
  // Restricts to the given live rows and columns (equal counts) and solves.
  Solver(const CostMatrix& m, const std::vector<bool>& live_rows,
         const std::vector<bool>& live_cols);

  std::int64_t cost() const;  // of the current optimal matching of live lines
  std::size_t column_of(std::size_t row) const { return x_[row]; }
  std::size_t row_of(std::size_t col) const { return y_[col]; }
  bool row_live(std::size_t i) const { return row_live_[i]; }
  bool col_live(std::size_t j) const { return col_live_[j]; }
  std::size_t size() const { return live_; }
  std::int64_t reduced(std::size_t i, std::size_t j) const;

  // For a live row r: value[c] = min cost of a matching of the live lines that
  // pairs r with c, for every live column c (others are left 0). O(n^2).
  std::vector<std::int64_t> column_values(std::size_t r) const;

  // Removes row r and column c and re-optimizes (one augmenting path).
  void remove_pair(std::size_t r, std::size_t c);

  // Checks the certificate: feasible duals, tight matching, a permutation.
  bool certified() const;

 private:
  void solve_all();
  void augment(std::size_t free_row);
  std::int64_t u(std::size_t i) const { return at(i, x_[i]) - v_[x_[i]]; }
  std::int64_t at(std::size_t i, std::size_t j) const { return m_->cost[i * n_ + j]; }

  const CostMatrix* m_;
  std::size_t n_;
  std::size_t live_ = 0;
  std::vector<bool> row_live_, col_live_;
  std::vector<std::size_t> rows_, cols_;  // live indices
  std::vector<std::size_t> x_, y_;        // row -> column, column -> row (kNone if free)
  std::vector<std::int64_t> v_;           // column potentials
};

inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

}  // namespace perfectplay::algorithms::assignment
