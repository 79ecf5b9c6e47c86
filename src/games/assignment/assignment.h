// assignment: minimum-cost perfect matching of n rows to n columns, O(n^3).
//
// A shortest-augmenting-path solver in the Jonker-Volgenant family, written
// for integer costs:
//
//   1. Column reduction: v[j] = min_i c[i][j]; each column's minimum row, if
//      still free, is matched to it. With u = 0 every reduced cost
//      c[i][j] - u[i] - v[j] is >= 0 and every matched pair is tight (0).
//   2. For each free row, Dijkstra over the reduced costs finds a shortest
//      alternating path to a free column; the potentials are then updated so
//      that the invariant (reduced costs >= 0, matched pairs tight) holds
//      again, and the path is flipped. When every row is matched, the
//      invariant is the LP's complementary slackness: the matching is optimal.
//
// Ties. Among columns at the same shortest distance the search takes a free
// column first and stops there, so matrices full of equal costs (values in
// [0, 1000] at n = 4000) end their searches early instead of exploring every
// tie; this is where the textbook Hungarian method loses an order of
// magnitude.
//
// Incremental use (gridgame): once solved, `cost_with(r, c)`, the best
// matching that pairs row r with column c, costs one more augmentation,
// O(n^2): dropping row r and column c from an optimal solution keeps the
// invariant for the n - 1 problem with one free row (c's partner), so a single
// shortest path completes it optimally.
//
// Costs are int64; the caller keeps |c| * n well inside 2^62 (io checks
// |c| <= 10^12 and n <= 50,000).
#pragma once

#include <cstdint>
#include <vector>

namespace perfectplay::games::assignment {

class CostMatrix {
 public:
  CostMatrix() = default;
  CostMatrix(int n, std::vector<std::int64_t> values) : n_(n), values_(std::move(values)) {}
  int size() const { return n_; }
  std::int64_t operator()(int r, int c) const {
    return values_[static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) +
                   static_cast<std::size_t>(c)];
  }
  const std::int64_t* row(int r) const {
    return values_.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(n_);
  }

 private:
  int n_ = 0;
  std::vector<std::int64_t> values_;  // row-major
};

class Assignment {
 public:
  // Solves the n x n problem (n >= 0). The matrix must outlive the object
  // (it is read again by cost_with and fix), hence no temporaries.
  explicit Assignment(const CostMatrix& cost);
  explicit Assignment(CostMatrix&&) = delete;

  std::int64_t cost() const { return total_; }
  int column_of(int row) const { return col4row_[static_cast<std::size_t>(row)]; }
  const std::vector<int>& columns() const { return col4row_; }

  // The cost of the best matching that pairs `row` with `col`. O(n^2).
  std::int64_t cost_with(int row, int col) const;

  // Pairs `row` with `col` for good and re-optimizes the rest: afterwards
  // column_of() of every other live row is an optimal matching of the rows
  // and columns not fixed, and remaining_cost() its cost. O(n^2), and O(n)
  // when the pair is already in the matching. (gridgame's engine: a move that
  // follows the plan costs nothing, a deviation one augmentation.)
  void fix(int row, int col);
  std::int64_t remaining_cost() const;

  // Checks the optimality certificate of the live rows and columns: every
  // reduced cost c[i][j] - u[i] - v[j] >= 0 and every matched pair at 0, so
  // no other matching costs less (LP duality). O(n^2); for tests.
  bool certified() const;

 private:
  struct State {
    std::vector<std::int64_t> u, v;
    std::vector<int> col4row, row4col;
    std::vector<char> row_fixed, col_fixed;  // out of the problem for good
  };
  // One shortest augmenting path from free row `start`, over the columns not
  // fixed; updates the state. O(n^2).
  void augment(State& s, int start) const;
  // Takes row and col out of `s` and completes the rest optimally.
  void remove_pair(State& s, int row, int col) const;

  const CostMatrix& cost_;
  State state_;
  std::vector<int> col4row_;
  std::int64_t total_ = 0;
};

// The minimum over all n! permutations, for n <= 10: the naive twin.
std::int64_t permutation_minimum(const CostMatrix& cost);

}  // namespace perfectplay::games::assignment
