// The Jonker-Volgenant solver; see assignment.h for the method and the bounds.
#include "algorithms/assignment/assignment.h"

#include "algorithms/assignment/assignment_kernels.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <type_traits>

namespace perfectplay::algorithms::assignment {

using detail::kBig;
using detail::kDone;
using detail::kNoRow;
using detail::MinAt;

Result solve(const CostMatrix& m) {
  Solver s(m);
  Result r;
  r.cost = s.cost();
  r.column_of_row.resize(m.n);
  for (std::size_t i = 0; i < m.n; ++i) r.column_of_row[i] = s.column_of(i);
  return r;
}

template <class Cost>
BasicSolver<Cost>::BasicSolver(const BasicCostMatrix<Cost>& m, Isa isa)
    : BasicSolver(m, std::vector<bool>(m.n, true), std::vector<bool>(m.n, true), isa) {}

template <class Cost>
BasicSolver<Cost>::BasicSolver(const BasicCostMatrix<Cost>& m, const std::vector<bool>& live_rows,
                               const std::vector<bool>& live_cols, Isa isa)
    : c_(m.cost.data()), nr_(m.n), nc_(m.n), isa_(isa), row_live_(live_rows), col_live_(live_cols) {
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
BasicSolver<Cost>::BasicSolver(const Cost* cost, std::size_t rows, std::size_t cols, Poll poll,
                               Isa isa)
    : c_(cost),
      nr_(rows),
      nc_(cols),
      isa_(isa),
      row_live_(rows, true),
      col_live_(cols, true),
      poll_(std::move(poll)) {
  assert(rows <= cols && rows < kNoRow);
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
  // Every column live: the kernels scan whole rows. Otherwise (a restricted
  // problem, small in practice) plain loops over the live columns.
  const bool full = m == n;
  const detail::KernelTable<Cost>& kernel = detail::kernels<Cost>(isa_);
  const Cost* const c = c_;
  Cost* const v = v_.data();

  // 1. Column reduction: v[j] = min over rows, row by row so that the scan is
  // contiguous.
  std::vector<Cost> colmin(n, kInf);
  std::vector<std::uint32_t> argmin(n, kNoRow);
  for (const std::size_t i : rows_) {
    const Cost* row = c + i * n;
    if (full) {
      kernel.column_minima(row, n, static_cast<std::uint32_t>(i), colmin.data(), argmin.data());
      continue;
    }
    for (const std::size_t j : cols_) {
      if (row[j] < colmin[j]) {
        colmin[j] = row[j];
        argmin[j] = static_cast<std::uint32_t>(i);
      }
    }
  }
  std::vector<std::uint32_t> matches(n, 0);
  for (std::size_t k = m; k-- > 0;) {
    const std::size_t j = cols_[k];
    if (argmin[j] == kNoRow) throw Infeasible();  // a column with every pair forbidden
    const std::size_t i = argmin[j];
    v[j] = colmin[j];
    if (matches[i]++ == 0) {
      x_[i] = j;
      y_[j] = i;
    } else if (v[j] < v[x_[i]]) {
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
      if (full) {
        mu = std::min(kernel.least(row, v, j1), kernel.least(row + j1 + 1, v + j1 + 1, n - j1 - 1));
      } else {
        for (const std::size_t j : cols_) {
          if (j != j1) mu = std::min(mu, row[j] - v[j]);
        }
      }
      if (mu < kInf) v[j1] -= mu;
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
      // The least reduced cost in row i, at j1, and the least of the others,
      // at j2.
      detail::TwoMins<Cost> t{kInf, kNone, kInf, kNone};
      if (full) {
        t = kernel.two_least(row, v, n);
      } else {
        for (const std::size_t j : cols_) {
          const Cost h = row[j] - v[j];
          if (!(h < t.second)) continue;
          if (h < t.first) {
            t = {h, j, t.first, t.first_at};
          } else {
            t.second = h;
            t.second_at = j;
          }
        }
      }
      const Cost umin = t.first, usub = t.second;
      if (!(umin < kInf)) throw Infeasible();  // a row with every pair forbidden
      std::size_t j1 = t.first_at;
      std::size_t i0 = y_[j1];
      if (umin < usub) {
        if (usub < kInf) v[j1] -= usub - umin;
      } else if (i0 != kNone) {
        j1 = t.second_at;
        i0 = y_[j1];
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
  // Dijkstra over the columns in reduced costs, one pass over a cost row per
  // settled column. Each scan (detail::KernelTable::scan) relaxes the columns
  // through one row in memory order, so the cost row is read front to back
  // (the hardware prefetcher streams it) rather than gathered column by
  // column, and finds in the same pass the least distance still open, so the
  // next column to settle costs no pass of its own.
  //
  // Ties: a column whose distance equals the current minimum is settled
  // during the scan that sees it there, or ends the path at once if it is
  // free; settled columns wait in a FIFO queue (order_[head, settled)) for
  // their rows to be scanned. With many equal costs (values in [0, 1000] at
  // n = 4000) a whole tie class is settled by the scans that reach it, with
  // no search for a minimum between them, unlike a textbook Hungarian that
  // relabels per cell.
  //
  // A settled column (and a column not live) has distance kDone, below every
  // candidate, so a scan needs no test of its state; a reduced cost is >= 0,
  // so no candidate is below the current minimum.
  //
  // A free row that reaches only forbidden pairs (distance infinity, double
  // costs) has no augmenting path: the problem is infeasible.
  //
  // Rectangular problems first probe the row read-only for its least reduced
  // cost and a free column at it: then the path is that one cell and the
  // probe is all the work (most rows there, where free columns abound). Square
  // problems reach phase 4 with few free columns, so they start the search at
  // once. The buffers are the solver's, reused.
  const detail::KernelTable<Cost>& kernel = detail::kernels<Cost>(isa_);
  const Cost* const c = c_;
  const std::size_t n = nc_;
  Cost* const v = v_.data();
  const std::size_t* const y = y_.data();
  if (dist_.size() != n) {
    dist_.assign(n, kDone<Cost>);
    pred_.assign(n, 0);
    order_.assign(n, 0);
    settled_at_.assign(n, 0);
  }
  // Raw pointers: through the members the compiler would reload them at every
  // store.
  Cost* const d = dist_.data();
  std::uint32_t* const pred = pred_.data();
  const auto root = static_cast<std::uint32_t>(free_row);
  const Cost* const row = c + free_row * n;
  const bool all_live = cols_.size() == n;
  std::size_t end = kNone;
  if (rows_.size() < cols_.size() && all_live) {
    const MinAt<Cost> p = kernel.probe(row, v, y, n);
    if (!(p.value < kBig<Cost>)) throw Infeasible();
    if (p.at != kNone) {
      end = p.at;
      pred[end] = root;
    }
  }
  if (end == kNone) {
    MinAt<Cost> next{kBig<Cost>, kNone};
    if (all_live) {
      next = kernel.start(row, v, d, pred, root, n);
    } else {
      std::fill(dist_.begin(), dist_.end(), kDone<Cost>);
      for (const std::size_t j : cols_) {
        d[j] = row[j] - v[j];
        pred[j] = root;
        if (d[j] < next.value) next = {d[j], j};
      }
    }
    detail::Frontier<Cost> f{d, pred, order_.data(), settled_at_.data(), 0};
    std::size_t head = 0;  // order[0, head) have had their rows scanned
    Cost min = 0;
    for (;;) {
      if (head == f.settled) {
        // The queue is empty: the least open distance, found by the last
        // pass, is the new minimum.
        if (next.at == kNone) throw Infeasible();
        min = next.value;
        const std::size_t j = next.at;
        if (y[j] == kNone) {
          end = j;
          break;
        }
        d[j] = kDone<Cost>;
        f.order[f.settled] = j;
        f.settled_at[f.settled++] = min;
      }
      const std::size_t j1 = f.order[head++];
      const std::size_t i = y[j1];
      const Cost* const r = c + i * n;
      end = kernel.scan({r, v, y, n, static_cast<std::uint32_t>(i), r[j1] - v[j1] - min, min}, f,
                        next);
      if (end != kNone) break;
    }
    // Prices of the settled columns (those settled at the final minimum,
    // the queue's, move by 0).
    for (std::size_t k = 0; k < head; ++k) v[f.order[k]] += f.settled_at[k] - min;
  }
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
