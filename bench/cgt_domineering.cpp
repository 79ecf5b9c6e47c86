// Canonical forms of every Domineering position reachable from the empty
// rectangles, smallest first, until a CPU-time budget runs out (default 60 s;
// a rectangle started within it is finished):
// per rectangle its value, the distinct parts (positions, up to the mirror
// images, split into parts) the engine has valued so far, the nodes of its
// universe, wall and CPU time, positions per second and the peak memory.
// One universe and one valuer for all rectangles: a rectangle's parts include
// the smaller rectangles' (docs/cgt.md, docs/performance.md).
//
//   cgt_domineering [SECONDS] [MAX_SIDE]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <utility>
#include <vector>

#include "cgt/partizan.h"
#include "games/partizan/domineering.h"

namespace {

double cpu_seconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

long max_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

int main(int argc, char** argv) {
  namespace dom = perfectplay::games::partizan::domineering;
  using perfectplay::cgt::Universe;
  const double budget = argc > 1 ? std::atof(argv[1]) : 60.0;
  const int max_side = argc > 2 ? std::atoi(argv[2]) : 8;
  // Rectangles by area, then rows; one of each r x c and c x r (the
  // transpose is the negative, valued too as a check of the symmetry).
  std::vector<std::pair<int, int>> boards;
  for (int area = 1; area <= max_side * max_side; ++area) {
    for (int r = 1; r <= max_side; ++r) {
      if (area % r == 0 && area / r <= max_side) boards.emplace_back(r, area / r);
    }
  }
  const dom::Rules rules;
  Universe u;
  perfectplay::cgt::PartizanValuer<dom::Rules> valuer(rules, u);
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  std::printf("%-7s %-28s %12s %10s %9s %9s %12s %8s\n", "board", "value", "positions", "nodes",
              "wall s", "cpu s", "positions/s", "rss MB");
  for (const auto& [r, c] : boards) {
    // The budget is CPU time: on a shared machine wall time says more about
    // the neighbours than about the engine (both are printed).
    if (cpu_seconds() - cpu_start > budget) break;
    const auto v = valuer.value(dom::rectangle(r, c));
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpu_seconds() - cpu_start;
    std::printf("%dx%-5d %-28s %12zu %10zu %9.2f %9.2f %12.0f %8ld\n", r, c, u.text(v).c_str(),
                valuer.parts(), u.size(), wall, cpu,
                static_cast<double>(valuer.parts()) / std::max(cpu, 1e-9), max_rss_mb());
    std::fflush(stdout);
  }
  return 0;
}
