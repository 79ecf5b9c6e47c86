// A timing harness around Pascal Pons' Connect Four solver, for
// bench/connect4_vs_pons.py (docs/performance.md). Not part of the build: the
// script compiles it with -O3 against a checkout of his repository given on
// its command line (github.com/PascalPons/connect4, not in this tree).
//
// Reads his test-file lines (the position, optionally its score) from stdin;
// writes, per line, the position, his solver's score, the positions it
// explored and the solve's CPU microseconds. His table is reset before each
// position (his main keeps it across lines: cleared, each position is solved
// from the same start as ours, whose tables are fresh per position). No
// opening book is loaded. `-w`: his weak solve (the sign only).
#include <time.h>

#include <iostream>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

static double cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e6 * static_cast<double>(t.tv_sec) + 1e-3 * static_cast<double>(t.tv_nsec);
}

int main(int argc, char** argv) {
  const bool weak = argc > 1 && std::string(argv[1]) == "-w";
  Solver solver;
  std::string line;
  for (int l = 1; std::getline(std::cin, line); ++l) {
    const std::string moves = line.substr(0, line.find(' '));
    Position p;
    if (p.play(moves) != moves.size()) {
      std::cerr << "line " << l << ": invalid position\n";
      return 1;
    }
    solver.reset();
    const double start = cpu_us();
    const int score = solver.solve(p, weak);
    const double us = cpu_us() - start;
    std::cout << moves << ' ' << score << ' ' << solver.getNodeCount() << ' ' << us << '\n';
  }
  return 0;
}
