// The Jonker-Volgenant solver; see assignment.h for the method and the bounds.
#include "algorithms/assignment/assignment.h"

#include "algorithms/assignment/assignment_kernels.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <optional>
#include <type_traits>

namespace perfectplay::algorithms::assignment {

using detail::kBig;
using detail::kDone;
using detail::kNoRow;
using detail::MinAt;

namespace {

// Phase 3 of both solves (dense and on the candidate lists): the augmenting
// row reduction, two passes, each with a step cap so that a long chain of
// small price cuts cannot run away. two_least(i) gives row i's least reduced
// cost, at j1, and the least of its other columns, at j2. A row takes j1; if
// j2's value is higher, j1's price drops by the difference and the row it
// evicts is retried at once, else it goes to the next pass. Returns the rows
// still free (for the shortest paths).
template <class Cost, class TwoLeast>
std::vector<std::size_t> reduce_rows(std::vector<std::size_t> free_rows, std::uint64_t cap, Cost* v,
                                     std::vector<std::size_t>& x, std::vector<std::size_t>& y,
                                     const TwoLeast& two_least) {
  constexpr Cost kInf = kBig<Cost>;
  for (int pass = 0; pass < 2 && !free_rows.empty(); ++pass) {
    std::vector<std::size_t> next;
    std::size_t k = 0;
    std::uint64_t steps = 0;
    while (k < free_rows.size()) {
      if (++steps > cap) {
        for (; k < free_rows.size(); ++k) next.push_back(free_rows[k]);
        break;
      }
      const std::size_t i = free_rows[k++];
      const detail::TwoMins<Cost> t = two_least(i);
      const Cost umin = t.first, usub = t.second;
      if (!(umin < kInf)) throw Infeasible();  // a row with every pair forbidden
      std::size_t j1 = t.first_at;
      std::size_t i0 = y[j1];
      if (umin < usub) {
        if (usub < kInf) v[j1] -= usub - umin;
      } else if (i0 != kNone) {
        j1 = t.second_at;
        i0 = y[j1];
      }
      x[i] = j1;
      y[j1] = i;
      if (i0 != kNone) {
        x[i0] = kNone;
        if (umin < usub) {
          free_rows[--k] = i0;  // retry the evicted row at once
        } else {
          next.push_back(i0);
        }
      }
    }
    free_rows = std::move(next);
  }
  return free_rows;
}

template <class Stored>
Result solve_matrix(const BasicCostMatrix<Stored>& m) {
  const BasicSolver<std::int64_t, Stored> s(m);
  Result r;
  r.cost = s.cost();
  r.column_of_row.resize(m.n);
  for (std::size_t i = 0; i < m.n; ++i) r.column_of_row[i] = s.column_of(i);
  return r;
}

}  // namespace

Result solve(const CostMatrix& m) {
  return solve_matrix(m);
}
Result solve(const CostMatrix32& m) {
  return solve_matrix(m);
}
Result solve(const CostMatrix16& m) {
  return solve_matrix(m);
}

template <class Cost, class Stored>
BasicSolver<Cost, Stored>::BasicSolver(const BasicCostMatrix<Stored>& m, Tuning tuning)
    : BasicSolver(m, std::vector<bool>(m.n, true), std::vector<bool>(m.n, true), tuning) {}

template <class Cost, class Stored>
BasicSolver<Cost, Stored>::BasicSolver(const BasicCostMatrix<Stored>& m,
                                       const std::vector<bool>& live_rows,
                                       const std::vector<bool>& live_cols, Tuning tuning)
    : c_(m.cost.data()),
      nr_(m.n),
      nc_(m.n),
      tuning_(tuning),
      row_live_(live_rows),
      col_live_(live_cols) {
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

template <class Cost, class Stored>
BasicSolver<Cost, Stored>::BasicSolver(const Stored* cost, std::size_t rows, std::size_t cols,
                                       Poll poll, Tuning tuning)
    : c_(cost),
      nr_(rows),
      nc_(cols),
      tuning_(tuning),
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

template <class Cost, class Stored>
Cost BasicSolver<Cost, Stored>::cost() const {
  Cost total = 0;
  for (std::size_t i = 0; i < nr_; ++i) {
    if (row_live_[i]) total += at(i, x_[i]);
  }
  return total;
}

template <class Cost, class Stored>
Cost BasicSolver<Cost, Stored>::reduced(std::size_t i, std::size_t j) const {
  return at(i, j) - u(i) - v_[j];
}

template <class Cost, class Stored>
void BasicSolver<Cost, Stored>::solve_all() {
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
  const detail::KernelTable<Cost, Stored>& kernel = detail::kernels<Cost, Stored>(tuning_.isa);
  const Stored* const c = c_;
  Cost* const v = v_.data();

  // 1. Column reduction: v[j] = min over rows, row by row so that the scan is
  // contiguous.
  std::vector<Cost> colmin(n, kInf);
  std::vector<std::uint32_t> argmin(n, kNoRow);
  for (const std::size_t i : rows_) {
    const Stored* row = c + i * n;
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

  if (full && tuning_.sparse_from != 0 && m >= tuning_.sparse_from && tuning_.candidates >= 2 &&
      2 * tuning_.candidates < n) {
    const std::vector<Cost> v0 = v_;
    const std::vector<std::size_t> x0 = x_, y0 = y_;
    if (std::optional<std::vector<std::size_t>> left = solve_candidates(matches)) {
      for (const std::size_t f : *left) {
        if (poll_) poll_();
        augment(f);
      }
      return;
    }
    // The lists do not connect (a structured matrix): start again from
    // phase 1's result, on whole rows.
    v_ = v0;
    x_ = x0;
    y_ = y0;
  }
  std::vector<std::size_t> free_rows;
  for (const std::size_t i : rows_) {
    if (matches[i] == 0) free_rows.push_back(i);
  }
  solve_dense(matches, std::move(free_rows));
}

template <class Cost, class Stored>
void BasicSolver<Cost, Stored>::solve_dense(const std::vector<std::uint32_t>& matches,
                                            std::vector<std::size_t> free_rows) {
  constexpr Cost kInf = kBig<Cost>;
  const std::size_t m = live_;
  const std::size_t n = nc_;
  const bool full = m == n;
  const detail::KernelTable<Cost, Stored>& kernel = detail::kernels<Cost, Stored>(tuning_.isa);
  const Stored* const c = c_;
  Cost* const v = v_.data();

  // 2. Reduction transfer.
  for (const std::size_t i : rows_) {
    if (matches[i] == 1) {
      const std::size_t j1 = x_[i];
      const Stored* row = c + i * n;
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

  // 3. Augmenting row reduction; what is left goes to 4.
  free_rows = reduce_rows(std::move(free_rows), 8 * static_cast<std::uint64_t>(m), v, x_, y_,
                          [&](std::size_t i) {
                            const Stored* row = c + i * n;
                            if (full) return kernel.two_least(row, v, n);
                            detail::TwoMins<Cost> t{kInf, kNone, kInf, kNone};
                            for (const std::size_t j : cols_) detail::feed(t, row[j] - v[j], j);
                            return t;
                          });

  // 4. Shortest augmenting paths for the rows still free.
  for (const std::size_t f : free_rows) {
    if (poll_) poll_();
    augment(f);
  }
}

// The candidate stage's state: every row's list of candidate columns (with
// their costs, copied so that a search reads them contiguously), the bound
// that proves the columns off a list unneeded, and a search's workspace.
template <class Cost, class Stored>
struct BasicSolver<Cost, Stored>::Candidates {
  // Row i's list: col[first[i] + t] and cost[first[i] + t], t < count[i]. A
  // list that grows is copied to the end.
  std::vector<std::uint32_t> col;
  std::vector<Cost> cost;
  std::vector<std::size_t> first, count;
  // Every column off row i's list had c[i][j] - v[j] >= bound[i] when the
  // list was made, and still has: prices only fall.
  std::vector<Cost> bound;
  std::vector<detail::Candidate<Cost>> buffer;  // select's
  std::vector<std::uint32_t> mark;              // merging lists: mark[j] == era when on it
  std::uint32_t era = 0;
  // augment_candidates' workspace: distances (kBig when untouched, kDone
  // when settled), predecessors, the touched columns, the settled ones with
  // their distances, and the heap.
  struct Entry {
    Cost key;
    std::uint32_t col;
    std::uint32_t matched;  // at equal keys a free column comes first
  };
  std::vector<Cost> d;
  std::vector<std::uint32_t> pred, touched, settled;
  std::vector<Cost> settled_at;
  std::vector<Entry> heap;

  // Appends the columns of buffer[0, got) that row i's list lacks, copying
  // the list to the end.
  void merge(std::size_t i, std::size_t got, const Stored* row) {
    if (++era == 0) {
      std::fill(mark.begin(), mark.end(), 0);
      era = 1;
    }
    const std::size_t from = first[i], size = count[i];
    first[i] = col.size();
    for (std::size_t t = 0; t < size; ++t) {
      const std::uint32_t j = col[from + t];
      mark[j] = era;
      col.push_back(j);
      cost.push_back(cost[from + t]);
    }
    for (std::size_t t = 0; t < got; ++t) {
      const std::uint32_t j = buffer[t].col;
      if (mark[j] == era) continue;
      col.push_back(j);
      cost.push_back(row[j]);
    }
    count[i] = col.size() - first[i];
  }
};

template <class Cost, class Stored>
std::optional<std::vector<std::size_t>> BasicSolver<Cost, Stored>::solve_candidates(
    const std::vector<std::uint32_t>& matches) {
  // Phases 2 to 4 on short lists. Each row keeps its k least reduced costs
  // (k = tuning_.candidates) and a bound below which no other column of the
  // row lies; the augmenting row reduction and the shortest paths then run
  // on the lists, in O(k) per row visited rather than O(n). The duals they
  // keep are feasible on the lists. A row whose u = c[i][x[i]] - v[x[i]] is
  // at most its bound is feasible on the whole row too; a row above it is
  // scanned again, and freed if some column undercuts u, its list grown by
  // the new least columns. When a round of checks frees nothing, the duals are
  // feasible on the whole matrix and the matching is optimal (assignment.h).
  // Rows that find no path on the lists are left to augment(), after that;
  // past a few dozen such rows (a structured matrix, whose least columns are
  // the same few for every row) the stage gives up and returns nothing.
  constexpr Cost kInf = kBig<Cost>;
  const std::size_t n = nc_;  // square, every line live
  const std::size_t k = tuning_.candidates;
  const detail::KernelTable<Cost, Stored>& kernel = detail::kernels<Cost, Stored>(tuning_.isa);
  const Stored* const c = c_;
  Cost* const v = v_.data();
  Candidates lists;
  lists.first.resize(n);
  lists.count.resize(n);
  lists.bound.resize(n);
  lists.col.resize(n * (k + 1));
  lists.cost.resize(n * (k + 1));
  lists.buffer.resize(4 * k);
  lists.mark.assign(n, 0);
  lists.d.assign(n, kInf);
  lists.pred.assign(n, 0);
  detail::Candidate<Cost>* const buffer = lists.buffer.data();
  // Where row i's selection starts reading: ties go to the first columns
  // met, and with every row starting at 0 the lists of a tie-heavy matrix
  // would all name the same few columns and leave the rest unreachable.
  const auto spread = [n](std::size_t i) { return (i * 0x9e3779b97f4a7c15ull >> 20) % n; };

  // 2. The lists, with the reduction transfer: after phase 1 a matched row's
  // column is its least (0), and the least of the others is on the list.
  std::vector<std::size_t> free_rows;
  const std::size_t size = lists.buffer.size();
  Cost hint = kInf;
  for (std::size_t i = 0; i < n; ++i) {
    const Stored* const row = c + i * n;
    // The previous row's bound guesses this one's (random rows are alike); a
    // guess that keeps too few is retried without it.
    Cost& bound = lists.bound[i];
    std::size_t got = kernel.select(row, v, n, spread(i), k, hint, buffer, size, bound);
    if (got < k / 2 && hint < kInf) {
      got = kernel.select(row, v, n, spread(i), k, kInf, buffer, size, bound);
    }
    hint = bound;
    const std::size_t first = i * (k + 1);
    lists.first[i] = first;
    for (std::size_t t = 0; t < got; ++t) {
      lists.col[first + t] = buffer[t].col;
      lists.cost[first + t] = row[buffer[t].col];
    }
    lists.count[i] = got;
    if (matches[i] == 0) {
      free_rows.push_back(i);
      continue;
    }
    const std::size_t j1 = x_[i];
    bool listed = false;
    Cost mu = kInf;
    for (std::size_t t = 0; t < got; ++t) {
      if (buffer[t].col == j1) {
        listed = true;
      } else {
        mu = std::min(mu, buffer[t].value);
      }
    }
    if (!listed) {  // ties at 0 crowded it out, or the hint was too low
      lists.col[first + got] = static_cast<std::uint32_t>(j1);
      lists.cost[first + got] = row[j1];
      ++lists.count[i];
    }
    // The least over the other columns: on the list, or at least the bound
    // (a short list may lack it; then the transfer is smaller, still safe).
    mu = std::min(mu, bound);
    if (matches[i] == 1 && mu < kInf) v[j1] -= mu;
  }

  // 3. Augmenting row reduction on the lists. A list holds its row's least
  // columns, so a list with every pair forbidden means the row is.
  free_rows = reduce_rows(
      std::move(free_rows), 8 * static_cast<std::uint64_t>(n), v, x_, y_, [&](std::size_t i) {
        detail::TwoMins<Cost> t{kInf, kNone, kInf, kNone};
        const std::size_t from = lists.first[i], to = from + lists.count[i];
        for (std::size_t e = from; e < to; ++e) {
          detail::feed(t, lists.cost[e] - v[lists.col[e]], std::size_t{lists.col[e]});
        }
        return t;
      });

  // 4. Shortest paths on the lists, then rounds of checks.
  std::vector<std::size_t> left;  // for augment()
  const std::size_t give_up = std::max<std::size_t>(16, n / 32);
  const auto path = [&](std::size_t f) {
    if (poll_) poll_();
    if (!augment_candidates(f, lists)) left.push_back(f);
    return left.size() <= give_up;
  };
  for (const std::size_t f : free_rows) {
    if (!path(f)) return std::nullopt;
  }
  for (int round = 0;; ++round) {
    std::vector<std::size_t> freed;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j1 = x_[i];
      if (j1 == kNone) continue;
      const Stored* const row = c + i * n;
      const Cost u = row[j1] - v[j1];
      if (!(u > lists.bound[i])) continue;
      const std::size_t got =
          kernel.select(row, v, n, spread(i), k, kInf, buffer, size, lists.bound[i]);
      Cost least = kInf;
      for (std::size_t t = 0; t < got; ++t) least = std::min(least, buffer[t].value);
      lists.merge(i, got, row);
      if (least < u) {
        x_[i] = kNone;
        y_[j1] = kNone;
        freed.push_back(i);
      }
    }
    if (freed.empty()) break;
    // The duals hold on the whole matrix now; past a few rounds, augment()
    // takes the freed rows.
    if (round == 8) {
      left.insert(left.end(), freed.begin(), freed.end());
      break;
    }
    for (const std::size_t f : freed) {
      if (!path(f)) return std::nullopt;
    }
  }
  return left;
}

template <class Cost, class Stored>
bool BasicSolver<Cost, Stored>::augment_candidates(std::size_t free_row, Candidates& lists) {
  // Dijkstra on the lists with a binary heap (lazy deletion: an entry whose
  // key is no longer its column's distance is skipped). Reduced costs on the
  // lists are >= 0, as in augment(); a double candidate below the minimum by
  // rounding counts as the minimum.
  using Entry = typename Candidates::Entry;
  constexpr Cost kInf = kBig<Cost>;
  Cost* const v = v_.data();
  const std::size_t* const y = y_.data();
  Cost* const d = lists.d.data();
  std::uint32_t* const pred = lists.pred.data();
  auto& heap = lists.heap;
  const auto later = [](const Entry& a, const Entry& b) {
    return a.key > b.key || (a.key == b.key && a.matched > b.matched);
  };
  heap.clear();
  lists.touched.clear();
  lists.settled.clear();
  lists.settled_at.clear();
  const auto relax = [&](std::size_t i, Cost h, Cost min) {
    const std::size_t from = lists.first[i], to = from + lists.count[i];
    for (std::size_t e = from; e < to; ++e) {
      const std::uint32_t j = lists.col[e];
      const Cost dj = d[j];
      if (dj == kDone<Cost>) continue;
      Cost cand = lists.cost[e] - v[j] - h;
      if constexpr (std::is_floating_point_v<Cost>) cand = cand < min ? min : cand;
      if (!(cand < dj)) continue;
      if (dj == kInf) lists.touched.push_back(j);
      d[j] = cand;
      pred[j] = static_cast<std::uint32_t>(i);
      heap.push_back({cand, j, y[j] != kNone});
      std::push_heap(heap.begin(), heap.end(), later);
    }
  };
  relax(free_row, 0, kDone<Cost>);
  std::size_t end = kNone;
  Cost min = 0;
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), later);
    const Entry top = heap.back();
    heap.pop_back();
    if (d[top.col] != top.key) continue;  // stale, or settled
    min = top.key;
    const std::size_t j = top.col;
    if (y[j] == kNone) {
      end = j;
      break;
    }
    d[j] = kDone<Cost>;
    lists.settled.push_back(top.col);
    lists.settled_at.push_back(min);
    // Row i's cost at j, from its list (always there) rather than from the
    // matrix: the matrix read would be a cache miss per settled column.
    const std::size_t i = y[j];
    const std::size_t from = lists.first[i];
    std::size_t e = from;
    while (lists.col[e] != j) ++e;
    relax(i, lists.cost[e] - v[j] - min, min);
  }
  const bool found = end != kNone;
  if (found) {
    for (std::size_t t = 0; t < lists.settled.size(); ++t) {
      v[lists.settled[t]] += lists.settled_at[t] - min;
    }
    for (;;) {
      const std::size_t r = pred[end];
      y_[end] = r;
      const std::size_t next = x_[r];
      x_[r] = end;
      if (r == free_row) break;
      end = next;
    }
  }
  for (const std::uint32_t j : lists.touched) d[j] = kInf;
  return found;
}

namespace {

// Whether a cost or price may enter the narrow search (assignment.h), and
// its int32 value.
template <class T>
bool narrow_fits(T x, std::int32_t& out) {
  constexpr auto kLimit = detail::kNarrowCost;
  if constexpr (std::is_floating_point_v<T>) {
    if (!(x > -kLimit && x < kLimit)) return false;  // NaN and infinities too
    out = static_cast<std::int32_t>(x);
    return static_cast<T>(out) == x;  // an integer
  } else {
    if (x <= -kLimit || x >= kLimit) return false;
    out = static_cast<std::int32_t>(x);
    return true;
  }
}

// The search loop of augment() and augment_narrow() (augment() explains
// it: the minimum, the queue of settled columns, the ties), once the search
// has started (`next` and the frontier's distances set): returns the free
// column that ends the path. A scan's offset h = u[i] - min is computed in
// the wide type (int64 for the narrow search) and handed to `offset_ok`
// first: where it refuses, the search returns kNone. On return `min` is the
// path's length and order[0, head) the columns whose prices move (by
// settled_at - min).
template <class C, class S, class Scan, class OffsetOk>
std::size_t search(Scan scan, const S* c, std::size_t n, const C* v, const std::size_t* y,
                   detail::Frontier<C>& f, MinAt<C> next, C& min, std::size_t& head,
                   OffsetOk&& offset_ok) {
  using Wide = std::conditional_t<std::is_same_v<C, std::int32_t>, std::int64_t, C>;
  for (;;) {
    if (head == f.settled) {
      // The queue is empty: the least open distance, found by the last
      // pass, is the new minimum.
      if (next.at == kNone) throw Infeasible();
      min = next.value;
      const std::size_t j = next.at;
      if (y[j] == kNone) return j;
      f.d[j] = kDone<C>;
      --f.open[j >> detail::kBlockShift];
      f.order[f.settled] = j;
      f.settled_at[f.settled++] = min;
    }
    const std::size_t j1 = f.order[head++];
    const std::size_t i = y[j1];
    const S* const r = c + i * n;
    const Wide h = static_cast<Wide>(r[j1]) - v[j1] - min;
    if (!offset_ok(h)) return kNone;
    const std::size_t end =
        scan({r, v, y, n, static_cast<std::uint32_t>(i), static_cast<C>(h), min}, f, next);
    if (end != kNone) return end;
  }
}

}  // namespace

template <class Cost, class Stored>
bool BasicSolver<Cost, Stored>::narrow_ready() {
  if (narrow_ == Narrow::kOff) return false;
  const std::size_t n = nc_;
  if (narrow_ == Narrow::kUntried) {
    if (wide_scans_ / n < tuning_.narrow_from) return false;
    narrow_ = Narrow::kOff;
    const std::size_t cells = nr_ * n;
    if constexpr (std::is_same_v<Stored, std::int32_t>) {
      std::int32_t unused;
      for (std::size_t k = 0; k < cells; ++k) {
        if (!narrow_fits(c_[k], unused)) return false;
      }
      narrow_cost_ = c_;
    } else {
      // int64 or double, or int16 (a matrix stored small to save memory:
      // the copy is twice it, made only for a solve that gets this far,
      // which a matrix of random small entries does not).
      c32_.resize(cells);
      for (std::size_t k = 0; k < cells; ++k) {
        if (!narrow_fits(c_[k], c32_[k])) {
          c32_ = {};
          return false;
        }
      }
      narrow_cost_ = c32_.data();
    }
    narrow_ = Narrow::kOn;
    v32_.resize(n);
    dist32_.resize(n);
    settled32_.resize(n);
  }
  // The prices move between searches (and in the phases before): narrowed
  // afresh, O(n) against the search's O(n) per scanned row.
  for (std::size_t j = 0; j < n; ++j) {
    if (!narrow_fits(v_[j], v32_[j])) {
      narrow_ = Narrow::kOff;
      counts_.narrow_prices_out_of_range = true;
      return false;
    }
  }
  return true;
}

template <class Cost, class Stored>
std::size_t BasicSolver<Cost, Stored>::augment_narrow(std::size_t free_row) {
  // augment()'s search loop (read it there) on the int32 copies. The offset
  // h of each scan is computed wide and checked: |h| < 2^30 with costs and
  // prices below 2^29 keeps every candidate strictly inside int32.
  using N = std::int32_t;
  const detail::NarrowKernels& kernel = detail::narrow_kernels(tuning_.isa);
  const N* const c = narrow_cost_;
  const std::size_t n = nc_;
  const N* const v = v32_.data();
  const std::size_t* const y = y_.data();
  N* const d = dist32_.data();
  std::uint32_t* const open = open_.data();
  MinAt<N> next =
      kernel.start(c + free_row * n, v, d, pred_.data(), static_cast<std::uint32_t>(free_row), n);
  std::fill(open_.begin(), open_.end(), std::uint32_t{1} << detail::kBlockShift);
  detail::Frontier<N> f{d, pred_.data(), order_.data(), settled32_.data(), open, 0};
  std::size_t head = 0;
  N min = 0;
  const std::int64_t limit = std::min(tuning_.narrow_offset_limit, detail::kNarrowH);
  const std::size_t end = search(kernel.scan, c, n, v, y, f, next, min, head,
                                 [limit](std::int64_t h) { return h > -limit && h < limit; });
  if (end == kNone) return kNone;
  // Settling distances are in [0, min]: the differences fit.
  for (std::size_t k = 0; k < head; ++k) {
    v_[f.order[k]] += static_cast<Cost>(f.settled_at[k] - min);
  }
  return end;
}

template <class Cost, class Stored>
void BasicSolver<Cost, Stored>::augment(std::size_t free_row) {
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
  const detail::KernelTable<Cost, Stored>& kernel = detail::kernels<Cost, Stored>(tuning_.isa);
  const Stored* const c = c_;
  const std::size_t n = nc_;
  Cost* const v = v_.data();
  const std::size_t* const y = y_.data();
  const std::size_t blocks = (n >> detail::kBlockShift) + 1;
  if (dist_.size() != n) {
    dist_.assign(n, kDone<Cost>);
    pred_.assign(n, 0);
    order_.assign(n, 0);
    settled_at_.assign(n, 0);
    open_.assign(blocks, 0);
  }
  // Raw pointers: through the members the compiler would reload them at every
  // store.
  Cost* const d = dist_.data();
  std::uint32_t* const pred = pred_.data();
  const auto root = static_cast<std::uint32_t>(free_row);
  const Stored* const row = c + free_row * n;
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
  if (end == kNone && all_live && narrow_ready()) {
    end = augment_narrow(free_row);
    if (end == kNone) {
      narrow_ = Narrow::kOff;  // an offset out of range: wide from here on
      ++counts_.narrow_given_up;
    } else {
      ++counts_.narrow;
    }
  }
  if (end == kNone) {
    MinAt<Cost> next{kBig<Cost>, kNone};
    std::uint32_t* const open = open_.data();
    if (all_live) {
      next = kernel.start(row, v, d, pred, root, n);
      std::fill(open_.begin(), open_.end(), std::uint32_t{1} << detail::kBlockShift);
    } else {
      std::fill(dist_.begin(), dist_.end(), kDone<Cost>);
      std::fill(open_.begin(), open_.end(), 0);
      for (const std::size_t j : cols_) {
        d[j] = row[j] - v[j];
        pred[j] = root;
        ++open[j >> detail::kBlockShift];
        if (d[j] < next.value) next = {d[j], j};
      }
    }
    detail::Frontier<Cost> f{d, pred, order_.data(), settled_at_.data(), open, 0};
    std::size_t head = 0;
    Cost min = 0;
    end = search(kernel.scan, c, n, v, y, f, next, min, head, [](Cost) { return true; });
    // Prices of the settled columns (those settled at the final minimum,
    // the queue's, move by 0).
    for (std::size_t k = 0; k < head; ++k) v[f.order[k]] += f.settled_at[k] - min;
    wide_scans_ += head;
    ++counts_.wide;
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
template <class Cost, class Stored>
std::vector<Cost> BasicSolver<Cost, Stored>::column_values(std::size_t r) const {
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

template <class Cost, class Stored>
void BasicSolver<Cost, Stored>::remove_pair(std::size_t r, std::size_t col) {
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

template <class Cost, class Stored>
bool BasicSolver<Cost, Stored>::certified() const {
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
template class BasicSolver<std::int64_t, std::int32_t>;
template class BasicSolver<std::int64_t, std::int16_t>;
template class BasicSolver<double>;

}  // namespace perfectplay::algorithms::assignment
