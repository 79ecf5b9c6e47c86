// The Jonker-Volgenant solver; see assignment.h for the method and the bounds.
#include "algorithms/assignment/assignment.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <type_traits>

namespace perfectplay::algorithms::assignment {

namespace {
// Above every finite distance: int64 costs stay far below it (the range in
// assignment.h); for double, a forbidden pair's infinity.
template <class Cost>
constexpr Cost kBig = std::is_floating_point_v<Cost> ? std::numeric_limits<Cost>::infinity()
                                                     : std::numeric_limits<Cost>::max() / 4;
// Below every distance: marks a settled column in augment().
template <class Cost>
constexpr Cost kSettled = std::is_floating_point_v<Cost> ? -std::numeric_limits<Cost>::infinity()
                                                         : std::numeric_limits<Cost>::min();
}  // namespace

Result solve(const CostMatrix& m) {
  Solver s(m);
  Result r;
  r.cost = s.cost();
  r.column_of_row.resize(m.n);
  for (std::size_t i = 0; i < m.n; ++i) r.column_of_row[i] = s.column_of(i);
  return r;
}

template <class Cost>
BasicSolver<Cost>::BasicSolver(const BasicCostMatrix<Cost>& m)
    : BasicSolver(m, std::vector<bool>(m.n, true), std::vector<bool>(m.n, true)) {}

template <class Cost>
BasicSolver<Cost>::BasicSolver(const BasicCostMatrix<Cost>& m, const std::vector<bool>& live_rows,
                               const std::vector<bool>& live_cols)
    : c_(m.cost.data()), nr_(m.n), nc_(m.n), row_live_(live_rows), col_live_(live_cols) {
  assert(live_rows.size() == nr_ && live_cols.size() == nc_ && nr_ <= kMaxN);
  for (std::size_t i = 0; i < nr_; ++i) {
    if (row_live_[i]) rows_.push_back(i);
    if (col_live_[i]) cols_.push_back(i);
  }
  assert(rows_.size() == cols_.size());
  live_ = rows_.size();
  x_.assign(nr_, kNone);
  y_.assign(nc_, kNone);
  v_.assign(nc_, 0);
  solve_all();
}

template <class Cost>
BasicSolver<Cost>::BasicSolver(const Cost* cost, std::size_t rows, std::size_t cols, Poll poll)
    : c_(cost),
      nr_(rows),
      nc_(cols),
      row_live_(rows, true),
      col_live_(cols, true),
      poll_(std::move(poll)) {
  assert(rows <= cols);
  for (std::size_t i = 0; i < nr_; ++i) rows_.push_back(i);
  for (std::size_t j = 0; j < nc_; ++j) cols_.push_back(j);
  live_ = rows;
  x_.assign(nr_, kNone);
  y_.assign(nc_, kNone);
  v_.assign(nc_, 0);
  solve_all();
}

template <class Cost>
Cost BasicSolver<Cost>::cost() const {
  Cost total = 0;
  for (std::size_t i = 0; i < nr_; ++i) {
    if (row_live_[i]) total += at(i, x_[i]);
  }
  return total;
}

template <class Cost>
Cost BasicSolver<Cost>::reduced(std::size_t i, std::size_t j) const {
  return at(i, j) - u(i) - v_[j];
}

template <class Cost>
void BasicSolver<Cost>::solve_all() {
  constexpr Cost kInf = kBig<Cost>;
  const std::size_t m = live_;
  if (m == 0) return;
  if (rows_.size() < cols_.size()) {
    // Rectangular: v = 0 and one shortest path per row (assignment.h).
    for (const std::size_t i : rows_) {
      if (poll_) poll_();
      augment(i);
    }
    return;
  }
  if (m == 1) {
    if (!(at(rows_[0], cols_[0]) < kInf)) throw Infeasible();
    x_[rows_[0]] = cols_[0];
    y_[cols_[0]] = rows_[0];
    v_[cols_[0]] = at(rows_[0], cols_[0]);
    return;
  }
  const std::size_t n = nc_;  // square from here on
  const bool full = m == n;
  const Cost* const c = c_;

  // 1. Column reduction: v[j] = min over rows, row by row so that the scan is
  // contiguous (and vectorizes in the full case).
  std::vector<Cost> colmin(n, kInf);
  std::vector<std::size_t> argmin(n, kNone);
  for (const std::size_t i : rows_) {
    const Cost* row = c + i * n;
    if (full) {
      for (std::size_t j = 0; j < n; ++j) {
        if (row[j] < colmin[j]) {
          colmin[j] = row[j];
          argmin[j] = i;
        }
      }
    } else {
      for (const std::size_t j : cols_) {
        if (row[j] < colmin[j]) {
          colmin[j] = row[j];
          argmin[j] = i;
        }
      }
    }
  }
  std::vector<std::uint32_t> matches(n, 0);
  for (std::size_t k = m; k-- > 0;) {
    const std::size_t j = cols_[k];
    const std::size_t i = argmin[j];
    if (i == kNone) throw Infeasible();  // a column with every pair forbidden
    v_[j] = colmin[j];
    if (matches[i]++ == 0) {
      x_[i] = j;
      y_[j] = i;
    } else if (v_[j] < v_[x_[i]]) {
      const std::size_t j1 = x_[i];
      x_[i] = j;
      y_[j] = i;
      y_[j1] = kNone;
    } else {
      y_[j] = kNone;
    }
  }

  // 2. Reduction transfer.
  std::vector<std::size_t> free_rows;
  for (const std::size_t i : rows_) {
    if (matches[i] == 0) {
      free_rows.push_back(i);
    } else if (matches[i] == 1) {
      const std::size_t j1 = x_[i];
      const Cost* row = c + i * n;
      Cost mu = kInf;
      for (const std::size_t j : cols_) {
        if (j != j1) mu = std::min(mu, row[j] - v_[j]);
      }
      if (mu < kInf) v_[j1] -= mu;
    }
  }

  // 3. Augmenting row reduction, two passes, each with a step cap so that a
  // long chain of small price cuts cannot run away; what is left goes to 4.
  for (int pass = 0; pass < 2 && !free_rows.empty(); ++pass) {
    std::vector<std::size_t> next;
    std::size_t k = 0;
    std::uint64_t steps = 0;
    const std::uint64_t cap = 8 * static_cast<std::uint64_t>(m);
    while (k < free_rows.size()) {
      if (++steps > cap) {
        for (; k < free_rows.size(); ++k) next.push_back(free_rows[k]);
        break;
      }
      const std::size_t i = free_rows[k++];
      const Cost* row = c + i * n;
      std::size_t j1 = cols_[0], j2 = kNone;
      Cost umin = row[j1] - v_[j1], usub = kInf;
      for (std::size_t t = 1; t < m; ++t) {
        const std::size_t j = cols_[t];
        const Cost h = row[j] - v_[j];
        if (h < usub) {
          if (h >= umin) {
            usub = h;
            j2 = j;
          } else {
            usub = umin;
            umin = h;
            j2 = j1;
            j1 = j;
          }
        }
      }
      if (!(umin < kInf)) throw Infeasible();  // a row with every pair forbidden
      std::size_t i0 = y_[j1];
      if (umin < usub) {
        if (usub < kInf) v_[j1] -= usub - umin;
      } else if (i0 != kNone) {
        j1 = j2;
        i0 = y_[j2];
      }
      x_[i] = j1;
      y_[j1] = i;
      if (i0 != kNone) {
        x_[i0] = kNone;
        if (umin < usub) {
          free_rows[--k] = i0;  // retry the evicted row at once
        } else {
          next.push_back(i0);
        }
      }
    }
    free_rows = std::move(next);
  }

  // 4. Shortest augmenting paths for the rows still free.
  for (const std::size_t f : free_rows) {
    if (poll_) poll_();
    augment(f);
  }
}

template <class Cost>
void BasicSolver<Cost>::augment(std::size_t free_row) {
  // Dijkstra over the columns in reduced costs. The columns at the current
  // minimum distance wait in a FIFO queue and are scanned one by one; a column
  // that a scan brings down to the minimum joins the queue, or ends the path
  // at once if it is free, which keeps ties cheap (a whole tie class costs one
  // scan per column reached). Each scan relaxes the columns through one row in
  // memory order, so the cost row is read front to back (the hardware
  // prefetcher streams it) rather than gathered column by column.
  //
  // A settled column (and a column not live) has distance kSettled, below
  // every candidate, so the scan needs no test of its state; a queued column
  // sits at the minimum, which no candidate undercuts (reduced costs are
  // >= 0). The queue is empty whenever a new minimum is sought, so every
  // column above kSettled is open then.
  //
  // A free row that reaches only forbidden pairs (distance infinity, double
  // costs) has no augmenting path: the problem is infeasible.
  //
  // A first pass, read only, finds the minimum distance from the free row and
  // a free column at it, if any: then the path is that one cell and the pass
  // is all the work (most rows of a rectangular problem, where free columns
  // abound). Only a longer path sets the distances. The buffers are the
  // solver's, reused.
  constexpr Cost kDone = kSettled<Cost>;
  constexpr Cost kInf = kBig<Cost>;
  const Cost* const c = c_;
  const std::size_t n = nc_;
  const Cost* const v = v_.data();
  const std::size_t* const y = y_.data();
  if (dist_.size() != nc_) {
    dist_.assign(nc_, kDone);
    pred_.assign(nc_, free_row);
  }
  // Raw pointers: through the members the compiler would reload them at every
  // store.
  Cost* const d = dist_.data();
  std::size_t* const pred = pred_.data();
  std::vector<std::size_t>& order = order_;     // queued and settled columns, in queue order
  std::vector<Cost>& settled_at = settled_at_;  // the distance each settled column had
  order.clear();
  settled_at.clear();
  std::size_t end = kNone;
  Cost min = kInf;
  const bool all_live = cols_.size() == n;
  {
    const Cost* row = c + free_row * n;
    const auto probe = [&](std::size_t j) {
      const Cost dj = row[j] - v[j];
      if (dj > min) return;  // nearly always: one comparison
      if (dj < min) {
        min = dj;
        end = y[j] == kNone ? j : kNone;
      } else if (end == kNone && y[j] == kNone) {
        end = j;
      }
    };
    // Square problems reach phase 4 with few free columns: the probe would
    // rarely end a path, so only rectangular ones take it.
    if (rows_.size() < cols_.size()) {
      if (all_live) {
        // Four columns per test: their least distance is compared once, and
        // only a block that reaches the minimum is looked at column by column.
        std::size_t j = 0;
        for (; j + 4 <= n; j += 4) {
          const Cost m4 = std::min(std::min(row[j] - v[j], row[j + 1] - v[j + 1]),
                                   std::min(row[j + 2] - v[j + 2], row[j + 3] - v[j + 3]));
          if (m4 > min) continue;
          for (std::size_t k = j; k < j + 4; ++k) probe(k);
        }
        for (; j < n; ++j) probe(j);
      } else {
        for (const std::size_t j : cols_) probe(j);
      }
      if (!(min < kInf)) throw Infeasible();
    }
    if (end != kNone) {
      pred[end] = free_row;
    } else if (all_live) {
      for (std::size_t j = 0; j < n; ++j) {
        d[j] = row[j] - v[j];
        pred[j] = free_row;
      }
    } else {
      std::fill(dist_.begin(), dist_.end(), kDone);
      for (const std::size_t j : cols_) {
        d[j] = row[j] - v[j];
        pred[j] = free_row;
      }
    }
  }
  std::size_t head = 0;  // order[0, head) are settled
  while (end == kNone) {
    if (head == order.size()) {
      // The queue is empty: the next minimum and every column at it, in one
      // pass (the columns at the minimum so far are queued, and dropped when
      // a lower one turns up); a free column at the minimum ends the path.
      min = kInf;
      for (std::size_t j = 0; j < n; ++j) {
        const Cost dj = d[j];
        if (dj > min || dj == kDone) continue;
        if (dj < min) {
          min = dj;
          order.resize(head);
          end = kNone;
        }
        if (y[j] == kNone) {
          if (end == kNone) end = j;
        } else {
          order.push_back(j);
        }
      }
      if (!(min < kInf)) throw Infeasible();
      if (end != kNone) break;
    }
    const std::size_t j1 = order[head++];
    settled_at.push_back(d[j1]);
    d[j1] = kDone;
    const std::size_t i = y[j1];
    const Cost* row = c + i * n;
    const Cost h = row[j1] - v[j1] - min;
    for (std::size_t j = 0; j < n; ++j) {
      const Cost cand = row[j] - v[j] - h;
      if (cand < d[j]) {
        d[j] = cand;
        pred[j] = i;
        if (cand == min) {
          if (y[j] == kNone) {
            end = j;
            break;
          }
          order.push_back(j);
        }
      }
    }
  }
  // Prices of the settled columns (those settled at the final minimum move by
  // 0).
  for (std::size_t k = 0; k < head; ++k) v_[order[k]] += settled_at[k] - min;
  // Flip the path.
  for (;;) {
    const std::size_t r = pred[end];
    y_[end] = r;
    const std::size_t next = x_[r];
    x_[r] = end;
    if (r == free_row) break;
    end = next;
  }
}

template <class Cost>
std::vector<Cost> BasicSolver<Cost>::column_values(std::size_t r) const {
  assert(row_live_[r] && nr_ == nc_);
  const std::size_t n = nc_;
  std::vector<Cost> value(n, 0);
  const Cost opt = cost();
  const std::size_t c0 = x_[r];
  std::vector<Cost> uu(n, 0);
  for (const std::size_t i : rows_) uu[i] = u(i);
  // g[j]: the shortest alternating path from column j's row to column c0.
  std::vector<Cost> g(n, kBig<Cost>);
  std::vector<bool> done(n, false);
  std::vector<std::size_t> open;
  for (const std::size_t j : cols_) {
    if (j == c0) continue;
    const std::size_t i = y_[j];
    g[j] = at(i, c0) - uu[i] - v_[c0];
    open.push_back(j);
  }
  g[c0] = 0;
  while (!open.empty()) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < open.size(); ++k) {
      if (g[open[k]] < g[open[best]]) best = k;
    }
    const std::size_t j = open[best];
    open[best] = open.back();
    open.pop_back();
    done[j] = true;
    for (const std::size_t j2 : open) {
      const std::size_t i = y_[j2];
      const Cost cand = at(i, j) - uu[i] - v_[j] + g[j];
      if (cand < g[j2]) g[j2] = cand;
    }
  }
  for (const std::size_t j : cols_) value[j] = opt + reduced(r, j) + g[j];
  return value;
}

template <class Cost>
void BasicSolver<Cost>::remove_pair(std::size_t r, std::size_t col) {
  assert(row_live_[r] && col_live_[col] && nr_ == nc_);
  const std::size_t c0 = x_[r];
  const std::size_t r1 = y_[col];
  row_live_[r] = false;
  col_live_[col] = false;
  rows_.erase(std::find(rows_.begin(), rows_.end(), r));
  cols_.erase(std::find(cols_.begin(), cols_.end(), col));
  --live_;
  x_[r] = kNone;
  y_[col] = kNone;
  if (c0 == col) return;  // the matched pair: still optimal
  // Row r1 lost its column and c0 is free; the duals are still feasible on
  // what is left, so one augmenting path from r1 restores optimality.
  y_[c0] = kNone;
  x_[r1] = kNone;
  augment(r1);
}

template <class Cost>
bool BasicSolver<Cost>::certified() const {
  std::vector<bool> seen(nc_, false);
  for (const std::size_t i : rows_) {
    const std::size_t j = x_[i];
    if (j == kNone || !col_live_[j] || seen[j] || y_[j] != i) return false;
    seen[j] = true;
  }
  for (const std::size_t i : rows_) {
    const Cost ui = u(i);
    for (const std::size_t j : cols_) {
      if (at(i, j) - ui - v_[j] < 0) return false;
    }
  }
  // Rectangular: a free column's price must be 0, a matched one's <= 0.
  if (rows_.size() < cols_.size()) {
    for (const std::size_t j : cols_) {
      if (v_[j] > 0 || (y_[j] == kNone && v_[j] != 0)) return false;
    }
  }
  return true;
}

template class BasicSolver<std::int64_t>;
template class BasicSolver<double>;

}  // namespace perfectplay::algorithms::assignment
