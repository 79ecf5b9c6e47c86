// bacteria reference: the generic WinLossSolver on the rules (placing,
// spreading, mutation on the whole grid), memoized on the set of infected
// cells. No rectangles, no nimbers.
#pragma once

#include "games/bacteria/bacteria.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::bacteria {

using ReferenceSolver = WinLossSolver<Rules>;

// The reference handles grids of at most this many cells (one bit each).
inline constexpr int kReferenceMaxCells = 64;

}  // namespace perfectplay::games::bacteria
