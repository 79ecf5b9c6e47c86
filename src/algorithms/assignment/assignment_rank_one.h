// Rank-one cost matrices, c[i][j] = a_i * b_j (the Machol-Wien matrix
// c[i][j] = i * j, outer products of any two vectors), solved in closed form:
// the Python module's linear_sum_assignment tries this first, since these
// are the matrices where the shortest-path method is slowest (every
// augmenting path settles most columns: n^3 / 3 cell visits at i * j).
//
// Detection, exact: take the first non-zero entry p = c[i0][j0] in row-major
// order (none: the matrix is constant, the caller's case). The matrix has
// rank one iff every c[i][j] * p == c[i][j0] * c[i0][j]; then c[i][j] =
// a_i * b_j / p with a_i = c[i][j0], b_j = c[i0][j]. The products are
// compared exactly: in 128-bit integers for int64 entries; for doubles, as
// error-free products (fma gives each product's rounding error exactly, so
// x * y == z * w iff the rounded products and their errors agree), which
// holds while no product underflows: entries below 2^-400 or above 2^500 in
// magnitude, or not finite, are not tried. The scan stops at the first
// mismatch, which on a matrix of another kind comes in its first rows, so the
// check costs other matrices next to nothing.
//
// Solution: minimize sum a_i * w_{s(i)} over injective s, with w_j = b_j *
// sign(p) (dividing by |p| > 0 changes no comparison). By exchange, rows with
// a_i > 0 take the P smallest w, rows with a_i < 0 the N largest (P + N <=
// cols, so the two sets are apart: a positive row holding a larger w than a
// negative row's gains (a - a')(w - w') >= 0 by swapping), rows with a_i = 0
// any of the others; within each group the rearrangement inequality pairs the
// rows by a descending with their columns by w ascending. O(rows * cols) for
// the check, O(cols log cols) for the rest. Maximizing is minimizing with w
// negated.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

#include "algorithms/assignment/assignment_exact.h"  // Int128

namespace perfectplay::algorithms::assignment {

namespace rank_one_detail {

inline bool same_product(std::int64_t x, std::int64_t y, std::int64_t z, std::int64_t w) {
  return static_cast<Int128>(x) * y == static_cast<Int128>(z) * w;
}

inline bool same_product(double x, double y, double z, double w) {
  const double p = x * y, q = z * w;
  return p == q && std::fma(x, y, -p) == std::fma(z, w, -q);
}

inline bool tame(std::int64_t) {
  return true;
}
inline bool tame(double x) {
  const double m = std::fabs(x);
  return m == 0 || (m >= 0x1p-400 && m <= 0x1p500);
}

}  // namespace rank_one_detail

// The caller's r x c row-major matrix `a`; the column of each row when the
// matrix has rank one (every row matched when r <= c; when r > c, the row of
// each column, the caller's transposed view), else nothing. A zero matrix,
// and any constant one, is the caller's to handle first.
template <class Cost>
std::optional<std::vector<std::size_t>> solve_rank_one(const Cost* a, std::size_t r, std::size_t c,
                                                       bool maximize) {
  using namespace rank_one_detail;
  const std::size_t count = r * c;
  std::size_t pivot = 0;
  while (pivot < count && a[pivot] == 0) ++pivot;
  if (pivot == count) return std::nullopt;
  const std::size_t i0 = pivot / c, j0 = pivot % c;
  const Cost p = a[pivot];
  for (std::size_t i = 0; i < r; ++i) {
    const Cost ai = a[i * c + j0];
    if (!tame(ai)) return std::nullopt;
    for (std::size_t j = 0; j < c; ++j) {
      if (!tame(a[i * c + j]) || !same_product(a[i * c + j], p, ai, a[i0 * c + j])) {
        return std::nullopt;
      }
    }
  }
  // Rows are the shorter side: a_i = c[i][j0] and b_j = c[i0][j] swap roles
  // when the caller's matrix is tall.
  const bool tall = r > c;
  const std::size_t rows = tall ? c : r, cols = tall ? r : c;
  std::vector<Cost> row_factor(rows), col_weight(cols);
  const bool flip = (p < 0) != maximize;  // w = b * sign(p), negated to maximize
  for (std::size_t k = 0; k < rows; ++k) row_factor[k] = tall ? a[i0 * c + k] : a[k * c + j0];
  for (std::size_t k = 0; k < cols; ++k) {
    const Cost b = tall ? a[k * c + j0] : a[i0 * c + k];
    col_weight[k] = flip ? -b : b;
  }
  std::vector<std::size_t> row_order(rows), col_order(cols);
  std::iota(row_order.begin(), row_order.end(), 0);
  std::iota(col_order.begin(), col_order.end(), 0);
  // Rows by a descending: the positive ones first, then zeros, then negatives.
  std::stable_sort(row_order.begin(), row_order.end(),
                   [&](std::size_t x, std::size_t y) { return row_factor[x] > row_factor[y]; });
  std::stable_sort(col_order.begin(), col_order.end(),
                   [&](std::size_t x, std::size_t y) { return col_weight[x] < col_weight[y]; });
  std::size_t positive = 0, negative = 0;
  for (const Cost f : row_factor) {
    positive += f > 0;
    negative += f < 0;
  }
  std::vector<std::size_t> column_of(rows);
  // Positive rows, a descending, take the smallest w ascending.
  for (std::size_t k = 0; k < positive; ++k) column_of[row_order[k]] = col_order[k];
  // Negative rows, a descending (the last `negative` of row_order), take the
  // largest w ascending (the last `negative` of col_order).
  for (std::size_t k = 0; k < negative; ++k) {
    column_of[row_order[rows - negative + k]] = col_order[cols - negative + k];
  }
  // Zero rows: any columns left, in order.
  std::size_t next = positive;
  for (std::size_t k = positive; k < rows - negative; ++k)
    column_of[row_order[k]] = col_order[next++];
  return column_of;
}

}  // namespace perfectplay::algorithms::assignment
