// nim reference: the generic win/loss solver on the rules, and nothing else.
// No nim-sums here; it must be able to catch the theory out.
#pragma once

#include <cstdint>
#include <optional>

#include "games/nim/nim.h"
#include "solvers/analysis.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::nim {

using ReferenceSolver = WinLossSolver<Rules>;

// Number of positions reachable from p (product of (row + 1)), saturating at
// `cap`. The reference is used only where this stays small.
// What an exhaustive search of p costs: the positions reachable from p (each
// row independently keeps 0..r squares: the product of (r + 1)) times the
// most moves one of them has (the sum of r, plus one), capped at `cap`. The
// move count matters as much as the positions: one row of 20,000 squares is
// only 20,001 positions but 200 million moves.
inline std::uint64_t reference_work(const Position& p, std::uint64_t cap) {
  std::uint64_t positions = 1;
  std::uint64_t moves = 1;
  for (const std::uint64_t r : p.rows) {
    if (r >= cap || __builtin_mul_overflow(positions, r + 1, &positions) || positions > cap) {
      return cap;
    }
    moves += r;
  }
  std::uint64_t work;
  if (__builtin_mul_overflow(positions, moves, &work) || work > cap) return cap;
  return work;
}

}  // namespace perfectplay::games::nim
