// Solves one assignment problem with our solver, with dlib's
// max_cost_assignment, or with a textbook Hungarian method written here as a
// baseline, timing the solve alone (not reading the file), for
// bench/assignment_compare.py. `dense` is our solver with the candidate stage
// off, `scalar` with the portable kernels only (assignment.h's Tuning).
//   assignment_peers ours|dense|scalar|dlib|textbook FILE
// FILE: int64 n, then n*n int64 costs, row-major, little-endian.
// Prints: COST SECONDS
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

#include "algorithms/assignment/assignment.h"

#ifdef PERFECTPLAY_HAVE_DLIB
#include <dlib/optimization/max_cost_assignment.h>
#endif

namespace {

// The Hungarian method as textbooks give it in its O(n^3) form (Kuhn and
// Munkres, with the potentials of Edmonds and Karp): rows enter one at a time
// from all-zero potentials, and each grows a shortest-path tree a column at a
// time, the next column being the first at the minimum slack, with every
// potential and slack updated at each step. No initial reduction, no batching
// of equal slacks and no early stop at a free column: the baseline the issue
// measures ties against.
std::int64_t textbook_hungarian(std::size_t n, const std::vector<std::int64_t>& cost) {
  constexpr std::int64_t kInf = INT64_MAX / 4;
  constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);
  // Column n is the virtual root each new row hangs from.
  std::vector<std::int64_t> row_pot(n, 0), col_pot(n + 1, 0), slack(n + 1);
  std::vector<std::size_t> owner(n + 1, kNoRow), via(n + 1);
  std::vector<char> in_tree(n + 1);
  for (std::size_t r = 0; r < n; ++r) {
    owner[n] = r;
    std::size_t col = n;
    std::fill(slack.begin(), slack.end(), kInf);
    std::fill(in_tree.begin(), in_tree.end(), 0);
    while (owner[col] != kNoRow) {
      in_tree[col] = 1;
      const std::size_t i = owner[col];
      const std::int64_t* row = cost.data() + i * n;
      std::int64_t delta = kInf;
      std::size_t next = n;
      for (std::size_t j = 0; j < n; ++j) {
        if (in_tree[j]) continue;
        const std::int64_t s = row[j] - row_pot[i] - col_pot[j];
        if (s < slack[j]) {
          slack[j] = s;
          via[j] = col;
        }
        if (slack[j] < delta) {
          delta = slack[j];
          next = j;
        }
      }
      for (std::size_t j = 0; j <= n; ++j) {
        if (in_tree[j]) {
          row_pot[owner[j]] += delta;
          col_pot[j] -= delta;
        } else {
          slack[j] -= delta;
        }
      }
      col = next;
    }
    // Flip the path back to the root.
    while (col != n) {
      const std::size_t prev = via[col];
      owner[col] = owner[prev];
      col = prev;
    }
  }
  std::int64_t total = 0;
  for (std::size_t j = 0; j < n; ++j) total += cost[owner[j] * n + j];
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: assignment_peers ours|dense|scalar|dlib|textbook FILE\n");
    return 2;
  }
  std::ifstream in(argv[2], std::ios::binary);
  std::int64_t n = 0;
  in.read(reinterpret_cast<char*>(&n), sizeof n);
  std::vector<std::int64_t> cost(static_cast<std::size_t>(n * n));
  in.read(reinterpret_cast<char*>(cost.data()),
          static_cast<std::streamsize>(cost.size() * sizeof(std::int64_t)));
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[2]);
    return 1;
  }
  // Each solver gets the matrix in its own type, built before the clock
  // starts: the timed region is the solve alone (building a 128 MB matrix at
  // n = 4000 costs page faults that have nothing to do with the method).
  using Clock = std::chrono::steady_clock;
  std::int64_t total = 0;
  Clock::time_point start;
  namespace asg = perfectplay::algorithms::assignment;
  if (std::strcmp(argv[1], "ours") == 0 || std::strcmp(argv[1], "dense") == 0 ||
      std::strcmp(argv[1], "scalar") == 0) {
    asg::Tuning tuning;
    if (std::strcmp(argv[1], "dense") == 0) tuning.sparse_from = 0;
    if (std::strcmp(argv[1], "scalar") == 0) tuning.isa = asg::Isa::kScalar;
    const asg::CostMatrix m(static_cast<std::size_t>(n), std::move(cost));
    start = Clock::now();
    const asg::Solver a(m, tuning);
    total = a.cost();
  } else if (std::strcmp(argv[1], "dlib") == 0) {
#ifdef PERFECTPLAY_HAVE_DLIB
    // dlib maximizes: hand it (max - cost).
    std::int64_t hi = 0;
    for (const std::int64_t c : cost) hi = std::max(hi, c);
    dlib::matrix<std::int64_t> m(n, n);
    for (std::int64_t r = 0; r < n; ++r)
      for (std::int64_t c = 0; c < n; ++c) m(r, c) = hi - cost[static_cast<std::size_t>(r * n + c)];
    start = Clock::now();
    const std::vector<long> assignment = dlib::max_cost_assignment(m);
    for (std::int64_t r = 0; r < n; ++r)
      total += cost[static_cast<std::size_t>(r * n + assignment[static_cast<std::size_t>(r)])];
#else
    std::fprintf(stderr, "built without dlib\n");
    return 1;
#endif
  } else if (std::strcmp(argv[1], "textbook") == 0) {
    start = Clock::now();
    total = textbook_hungarian(static_cast<std::size_t>(n), cost);
  } else {
    std::fprintf(stderr, "unknown solver %s\n", argv[1]);
    return 2;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("%lld %.6f\n", static_cast<long long>(total), seconds);
  return 0;
}
