// Exact assignment for integer costs past the fast solver's range: the
// Python module's linear_sum_assignment on int64 matrices whose spread
// (max - min) exceeds kMaxAbsCost (2^40), uint64 ones past 2^63, and Python
// integers past 64 bits, which SciPy (and before this, we) solve in float64
// and can get wrong.
//
// Method: the Hungarian method by shortest augmenting paths with row and
// column potentials (Kuhn-Munkres in the form of Jonker-Volgenant's phase 4,
// as e-maxx writes it): rows are added one at a time, each by one Dijkstra
// over reduced costs c[i][j] - u[i] - v[j] >= 0, which stay non-negative, so
// the matching is optimal after each row. O(rows^2 * cols) time, O(cols)
// memory besides the matrix; no candidate lists, no vector kernels: these
// inputs are rare, and exactness is the point.
//
// Range: the caller shifts the costs to [0, spread]. Adding row i raises the
// dual objective sum(u) + sum(v) by the path's length D_i, and moves each
// potential by at most D_i; the objective after row i is the optimum of the
// first i rows, in [0, i * spread], so D_i <= i * spread - 0 and the sum of
// the D_i, the objective at the end, is at most rows * spread: every
// potential stays within rows * spread, every reduced cost and distance
// within (2 rows + 1) * spread. `Wide` must hold that below `inf`: int64 when
// (2 rows + 2) * spread < 2^61 (inf = 2^61), else __int128 (spread < 2^100
// and rows < 2^20 keep it below 2^122; inf = 2^125).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace perfectplay::algorithms::assignment {

__extension__ typedef __int128 Int128;

// Rows <= cols, `cost(i, j)` in [0, spread]; returns the column of each row.
// `inf` is above every distance (a quarter of Wide's range, say); `poll` is
// called before each row's search and may throw to abandon the solve.
template <class Wide, class CostAt>
std::vector<std::size_t> solve_exact(std::size_t rows, std::size_t cols, CostAt cost, Wide inf,
                                     const std::function<void()>& poll = {}) {
  // 1-based as in the method's usual statement: column 0 is the virtual
  // column that holds the row being added, p[j] the row of column j (0: free).
  std::vector<Wide> u(rows + 1, 0), v(cols + 1, 0), minv(cols + 1);
  std::vector<std::size_t> p(cols + 1, 0), way(cols + 1, 0);
  std::vector<char> used(cols + 1);
  for (std::size_t i = 1; i <= rows; ++i) {
    if (poll) poll();
    p[0] = i;
    std::size_t j0 = 0;
    std::fill(minv.begin(), minv.end(), inf);
    std::fill(used.begin(), used.end(), 0);
    do {
      used[j0] = 1;
      const std::size_t i0 = p[j0];
      Wide delta = inf;
      std::size_t j1 = 0;
      for (std::size_t j = 1; j <= cols; ++j) {
        if (used[j]) continue;
        const Wide cur = static_cast<Wide>(cost(i0 - 1, j - 1)) - u[i0] - v[j];
        if (cur < minv[j]) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (std::size_t j = 0; j <= cols; ++j) {
        if (used[j]) {
          u[p[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] != 0);
    do {
      const std::size_t j1 = way[j0];
      p[j0] = p[j1];
      j0 = j1;
    } while (j0 != 0);
  }
  std::vector<std::size_t> column_of(rows);
  for (std::size_t j = 1; j <= cols; ++j) {
    if (p[j] != 0) column_of[p[j] - 1] = j - 1;
  }
  return column_of;
}

}  // namespace perfectplay::algorithms::assignment
