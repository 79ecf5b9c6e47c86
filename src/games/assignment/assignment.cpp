#include "games/assignment/assignment.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>

namespace perfectplay::games::assignment {

namespace {
constexpr std::int64_t kInf = std::numeric_limits<std::int64_t>::max() / 4;
}

Assignment::Assignment(const CostMatrix& cost) : cost_(cost) {
  const int n = cost.size();
  const auto un = static_cast<std::size_t>(n);
  State& s = state_;
  s.u.assign(un, 0);
  s.v.assign(un, kInf);
  s.col4row.assign(un, -1);
  s.row4col.assign(un, -1);
  s.row_fixed.assign(un, 0);
  s.col_fixed.assign(un, 0);
  // Column reduction: v[j] = the column's minimum; its (last) minimum row
  // takes the column when that row is still free.
  std::vector<int> argmin(un, -1);
  for (int i = 0; i < n; ++i) {
    const std::int64_t* row = cost.row(i);
    for (std::size_t j = 0; j < un; ++j) {
      if (row[j] <= s.v[j]) {
        s.v[j] = row[j];
        argmin[j] = i;
      }
    }
  }
  for (std::size_t j = 0; j < un; ++j) {
    const int i = argmin[j];
    if (s.col4row[static_cast<std::size_t>(i)] == -1) {
      s.col4row[static_cast<std::size_t>(i)] = static_cast<int>(j);
      s.row4col[j] = i;
    }
  }
  // Augmenting row reduction (Jonker and Volgenant), two passes: a free row
  // takes the column of its smallest reduced cost c - v; when that beats the
  // row's second smallest, the column's v drops by the difference, so the row
  // sits at its new minimum, and the row it displaces retries at once.
  // Invariant kept: every matched row sits at the minimum of its reduced
  // costs, so with u = that minimum the duals stay feasible and matched pairs
  // tight, which is all the shortest-path phase needs.
  std::vector<int> free_rows;
  for (int i = 0; i < n; ++i) {
    if (s.col4row[static_cast<std::size_t>(i)] == -1) free_rows.push_back(i);
  }
  for (int pass = 0; pass < 2 && n > 1; ++pass) {
    std::vector<int> next;
    std::size_t k = 0;
    std::size_t budget = 4 * un + 16;  // a bound on re-tries, so ties cannot loop long
    while (k < free_rows.size()) {
      const int i = free_rows[k++];
      const std::int64_t* row = cost.row(i);
      std::int64_t u1 = kInf, u2 = kInf;
      std::size_t j1 = 0, j2 = 0;
      for (std::size_t j = 0; j < un; ++j) {
        const std::int64_t h = row[j] - s.v[j];
        if (h < u2) {
          if (h >= u1) {
            u2 = h;
            j2 = j;
          } else {
            u2 = u1;
            j2 = j1;
            u1 = h;
            j1 = j;
          }
        }
      }
      int i0 = s.row4col[j1];
      if (u1 < u2) {
        s.v[j1] -= u2 - u1;
      } else if (i0 >= 0) {
        j1 = j2;
        i0 = s.row4col[j1];
      }
      s.col4row[static_cast<std::size_t>(i)] = static_cast<int>(j1);
      s.row4col[j1] = i;
      if (i0 >= 0) {
        s.col4row[static_cast<std::size_t>(i0)] = -1;
        if (u1 < u2 && budget > 0) {
          --budget;
          free_rows[--k] = i0;  // retry the displaced row now
        } else {
          next.push_back(i0);
        }
      }
    }
    free_rows = std::move(next);
  }
  // u: each row's smallest reduced cost (a matched row's is at its column).
  for (int i = 0; i < n; ++i) {
    const std::int64_t* row = cost.row(i);
    std::int64_t m = kInf;
    for (std::size_t j = 0; j < un; ++j) m = std::min(m, row[j] - s.v[j]);
    s.u[static_cast<std::size_t>(i)] = m;
  }
  for (const int i : free_rows) augment(s, i);
  col4row_ = s.col4row;
  total_ = 0;
  for (int i = 0; i < n; ++i) total_ += cost(i, col4row_[static_cast<std::size_t>(i)]);
}

void Assignment::augment(State& s, int start) const {
  const int n = cost_.size();
  const auto un = static_cast<std::size_t>(n);
  // Columns not yet reached for good, with their tentative distances.
  std::vector<int> remaining;
  remaining.reserve(un);
  for (int j = 0; j < n; ++j) {
    if (!s.col_fixed[static_cast<std::size_t>(j)]) remaining.push_back(j);
  }
  std::vector<std::int64_t> shortest(un, kInf);
  std::vector<int> path(un, -1);
  std::vector<int> scanned_rows;
  std::vector<int> scanned_cols;
  std::int64_t min_val = 0;
  int i = start;
  int sink = -1;
  while (sink == -1) {
    scanned_rows.push_back(i);
    const std::int64_t* row = cost_.row(i);
    const std::int64_t base = min_val - s.u[static_cast<std::size_t>(i)];
    std::int64_t lowest = kInf;
    std::size_t index = 0;
    bool lowest_free = false;
    for (std::size_t it = 0; it < remaining.size(); ++it) {
      const auto j = static_cast<std::size_t>(remaining[it]);
      const std::int64_t r = base + row[j] - s.v[j];
      if (r < shortest[j]) {
        path[j] = i;
        shortest[j] = r;
      }
      // Prefer a free column among equals: the search can stop there.
      if (shortest[j] < lowest || (shortest[j] == lowest && !lowest_free && s.row4col[j] == -1)) {
        lowest = shortest[j];
        index = it;
        lowest_free = s.row4col[j] == -1;
      }
    }
    assert(lowest < kInf && "a square matrix always has an augmenting path");
    min_val = lowest;
    const int j = remaining[index];
    scanned_cols.push_back(j);
    remaining[index] = remaining.back();
    remaining.pop_back();
    if (s.row4col[static_cast<std::size_t>(j)] == -1) {
      sink = j;
    } else {
      i = s.row4col[static_cast<std::size_t>(j)];
    }
  }
  // Potentials: keep reduced costs >= 0 and the path tight.
  s.u[static_cast<std::size_t>(start)] += min_val;
  for (const int r : scanned_rows) {
    if (r != start) {
      const auto c = static_cast<std::size_t>(s.col4row[static_cast<std::size_t>(r)]);
      s.u[static_cast<std::size_t>(r)] += min_val - shortest[c];
    }
  }
  for (const int c : scanned_cols) {
    s.v[static_cast<std::size_t>(c)] -= min_val - shortest[static_cast<std::size_t>(c)];
  }
  // Flip the path.
  int j = sink;
  for (;;) {
    const int r = path[static_cast<std::size_t>(j)];
    s.row4col[static_cast<std::size_t>(j)] = r;
    std::swap(s.col4row[static_cast<std::size_t>(r)], j);
    if (r == start) break;
  }
}

void Assignment::remove_pair(State& s, int row, int col) const {
  const auto ur = static_cast<std::size_t>(row), uc = static_cast<std::size_t>(col);
  const int partner = s.row4col[uc];  // loses its column
  const int freed = s.col4row[ur];    // becomes free
  s.row_fixed[ur] = 1;
  s.col_fixed[uc] = 1;
  s.col4row[ur] = -1;
  s.row4col[uc] = -1;
  if (partner == row) return;  // the pair was already matched: nothing moves
  s.row4col[static_cast<std::size_t>(freed)] = -1;
  s.col4row[static_cast<std::size_t>(partner)] = -1;
  // Dropping a row and a column keeps the invariant (reduced costs >= 0,
  // matched pairs tight) for what is left, with one free row and one free
  // column; one shortest path completes it optimally. The fixed row is never
  // reached: no column leads to it and it is not the start.
  augment(s, partner);
}

std::int64_t Assignment::cost_with(int row, int col) const {
  if (state_.col4row[static_cast<std::size_t>(row)] == col) return remaining_cost();
  State s = state_;
  remove_pair(s, row, col);
  std::int64_t total = cost_(row, col);
  for (int i = 0; i < cost_.size(); ++i) {
    if (!s.row_fixed[static_cast<std::size_t>(i)]) {
      total += cost_(i, s.col4row[static_cast<std::size_t>(i)]);
    }
  }
  return total;
}

void Assignment::fix(int row, int col) {
  remove_pair(state_, row, col);
  col4row_ = state_.col4row;
  col4row_[static_cast<std::size_t>(row)] = col;
}

std::int64_t Assignment::remaining_cost() const {
  std::int64_t total = 0;
  for (int i = 0; i < cost_.size(); ++i) {
    if (!state_.row_fixed[static_cast<std::size_t>(i)]) {
      total += cost_(i, state_.col4row[static_cast<std::size_t>(i)]);
    }
  }
  return total;
}

bool Assignment::certified() const {
  const int n = cost_.size();
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    if (state_.row_fixed[ui]) continue;
    for (int j = 0; j < n; ++j) {
      const auto uj = static_cast<std::size_t>(j);
      if (state_.col_fixed[uj]) continue;
      const std::int64_t reduced = cost_(i, j) - state_.u[ui] - state_.v[uj];
      if (reduced < 0) return false;
      if (state_.col4row[ui] == j && reduced != 0) return false;
    }
  }
  return true;
}

std::int64_t permutation_minimum(const CostMatrix& cost) {
  const int n = cost.size();
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  std::int64_t best = kInf;
  do {
    std::int64_t total = 0;
    for (int i = 0; i < n; ++i) total += cost(i, perm[static_cast<std::size_t>(i)]);
    best = std::min(best, total);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return n == 0 ? 0 : best;
}

}  // namespace perfectplay::games::assignment
