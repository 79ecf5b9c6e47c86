// The Jonker-Volgenant solver; see assignment.h for the method and the bounds.
#include "algorithms/assignment/assignment.h"

#include <algorithm>
#include <cassert>
#include <limits>

namespace perfectplay::algorithms::assignment {

namespace {
constexpr std::int64_t kBig = std::numeric_limits<std::int64_t>::max() / 4;
}  // namespace

Result solve(const CostMatrix& m) {
  Solver s(m);
  Result r;
  r.cost = s.cost();
  r.column_of_row.resize(m.n);
  for (std::size_t i = 0; i < m.n; ++i) r.column_of_row[i] = s.column_of(i);
  return r;
}

Solver::Solver(const CostMatrix& m)
    : Solver(m, std::vector<bool>(m.n, true), std::vector<bool>(m.n, true)) {}

Solver::Solver(const CostMatrix& m, const std::vector<bool>& live_rows,
               const std::vector<bool>& live_cols)
    : m_(&m), n_(m.n), row_live_(live_rows), col_live_(live_cols) {
  assert(live_rows.size() == n_ && live_cols.size() == n_ && n_ <= kMaxN);
  for (std::size_t i = 0; i < n_; ++i) {
    if (row_live_[i]) rows_.push_back(i);
    if (col_live_[i]) cols_.push_back(i);
  }
  assert(rows_.size() == cols_.size());
  live_ = rows_.size();
  x_.assign(n_, kNone);
  y_.assign(n_, kNone);
  v_.assign(n_, 0);
  solve_all();
}

std::int64_t Solver::cost() const {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < n_; ++i) {
    if (row_live_[i]) total += at(i, x_[i]);
  }
  return total;
}

std::int64_t Solver::reduced(std::size_t i, std::size_t j) const {
  return at(i, j) - u(i) - v_[j];
}

void Solver::solve_all() {
  const std::size_t m = live_;
  if (m == 0) return;
  if (m == 1) {
    x_[rows_[0]] = cols_[0];
    y_[cols_[0]] = rows_[0];
    v_[cols_[0]] = at(rows_[0], cols_[0]);
    return;
  }
  const bool full = m == n_;
  const std::int64_t* const c = m_->cost.data();

  // 1. Column reduction: v[j] = min over rows, row by row so that the scan is
  // contiguous (and vectorizes in the full case).
  std::vector<std::int64_t> colmin(n_, kBig);
  std::vector<std::size_t> argmin(n_, kNone);
  for (const std::size_t i : rows_) {
    const std::int64_t* row = c + i * n_;
    if (full) {
      for (std::size_t j = 0; j < n_; ++j) {
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
  std::vector<std::uint32_t> matches(n_, 0);
  for (std::size_t k = m; k-- > 0;) {
    const std::size_t j = cols_[k];
    const std::size_t i = argmin[j];
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
      const std::int64_t* row = c + i * n_;
      std::int64_t mu = kBig;
      for (const std::size_t j : cols_) {
        if (j != j1) mu = std::min(mu, row[j] - v_[j]);
      }
      v_[j1] -= mu;
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
      const std::int64_t* row = c + i * n_;
      std::size_t j1 = cols_[0], j2 = kNone;
      std::int64_t umin = row[j1] - v_[j1], usub = kBig;
      for (std::size_t t = 1; t < m; ++t) {
        const std::size_t j = cols_[t];
        const std::int64_t h = row[j] - v_[j];
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
      std::size_t i0 = y_[j1];
      if (umin < usub) {
        v_[j1] -= usub - umin;
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
  for (const std::size_t f : free_rows) augment(f);
}

void Solver::augment(std::size_t free_row) {
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
  constexpr std::int64_t kSettled = std::numeric_limits<std::int64_t>::min();
  const std::int64_t* const c = m_->cost.data();
  const std::int64_t* const v = v_.data();
  const std::size_t* const y = y_.data();
  std::vector<std::int64_t> d(n_, kSettled);
  std::vector<std::size_t> pred(n_, free_row);
  std::vector<std::size_t> order;        // queued and settled columns, in queue order
  std::vector<std::int64_t> settled_at;  // the distance each settled column had
  order.reserve(live_);
  settled_at.reserve(live_);
  {
    const std::int64_t* row = c + free_row * n_;
    for (const std::size_t j : cols_) d[j] = row[j] - v[j];
  }
  std::size_t head = 0;  // order[0, head) are settled
  std::int64_t min = 0;
  std::size_t end = kNone;
  while (end == kNone) {
    if (head == order.size()) {
      // The queue is empty: the next minimum, and every column at it.
      min = kBig;
      for (std::size_t j = 0; j < n_; ++j) {
        if (d[j] != kSettled && d[j] < min) min = d[j];
      }
      for (std::size_t j = 0; j < n_; ++j) {
        if (d[j] == min) {
          if (y[j] == kNone) {
            end = j;
            break;
          }
          order.push_back(j);
        }
      }
      if (end != kNone) break;
    }
    const std::size_t j1 = order[head++];
    settled_at.push_back(d[j1]);
    d[j1] = kSettled;
    const std::size_t i = y[j1];
    const std::int64_t* row = c + i * n_;
    const std::int64_t h = row[j1] - v[j1] - min;
    for (std::size_t j = 0; j < n_; ++j) {
      const std::int64_t cand = row[j] - v[j] - h;
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

std::vector<std::int64_t> Solver::column_values(std::size_t r) const {
  assert(row_live_[r]);
  std::vector<std::int64_t> value(n_, 0);
  const std::int64_t opt = cost();
  const std::size_t c0 = x_[r];
  std::vector<std::int64_t> uu(n_, 0);
  for (const std::size_t i : rows_) uu[i] = u(i);
  // g[j]: the shortest alternating path from column j's row to column c0.
  std::vector<std::int64_t> g(n_, kBig);
  std::vector<bool> done(n_, false);
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
      const std::int64_t cand = at(i, j) - uu[i] - v_[j] + g[j];
      if (cand < g[j2]) g[j2] = cand;
    }
  }
  for (const std::size_t j : cols_) value[j] = opt + reduced(r, j) + g[j];
  return value;
}

void Solver::remove_pair(std::size_t r, std::size_t col) {
  assert(row_live_[r] && col_live_[col]);
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

bool Solver::certified() const {
  std::vector<bool> seen(n_, false);
  for (const std::size_t i : rows_) {
    const std::size_t j = x_[i];
    if (j == kNone || !col_live_[j] || seen[j] || y_[j] != i) return false;
    seen[j] = true;
  }
  for (const std::size_t i : rows_) {
    const std::int64_t ui = u(i);
    for (const std::size_t j : cols_) {
      if (at(i, j) - ui - v_[j] < 0) return false;
    }
  }
  return true;
}

}  // namespace perfectplay::algorithms::assignment
