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
inline std::uint64_t reachable_positions(const Position& p, std::uint64_t cap) {
  std::uint64_t n = 1;
  for (const std::uint64_t r : p.rows) {
    if (r >= cap || __builtin_mul_overflow(n, r + 1, &n) || n > cap) return cap;
  }
  return n;
}

}  // namespace perfectplay::games::nim
