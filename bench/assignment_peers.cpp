// Solves one assignment problem with our solver or with dlib's
// max_cost_assignment, timing the solve alone (not reading the file), for
// bench/assignment_compare.py.
//   assignment_peers ours|dlib FILE
// FILE: int64 n, then n*n int64 costs, row-major, little-endian.
// Prints: COST SECONDS
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

#include "games/assignment/assignment.h"

#ifdef PERFECTPLAY_HAVE_DLIB
#include <dlib/optimization/max_cost_assignment.h>
#endif

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: assignment_peers ours|dlib FILE\n");
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
  if (std::strcmp(argv[1], "ours") == 0) {
    const perfectplay::games::assignment::CostMatrix m(static_cast<std::size_t>(n), std::move(cost));
    start = Clock::now();
    const perfectplay::games::assignment::Solver a(m);
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
  } else {
    std::fprintf(stderr, "unknown solver %s\n", argv[1]);
    return 2;
  }
  const double seconds =
      std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("%lld %.6f\n", static_cast<long long>(total), seconds);
  return 0;
}
