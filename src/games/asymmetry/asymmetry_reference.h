// asymmetry reference: the generic AlphaBetaSolver over the rules (which
// columns are marked and what was written; each pair's term collected when
// its second column is marked). No per-pair formula in it.
#pragma once

#include "games/asymmetry/asymmetry.h"
#include "solvers/alpha_beta.h"

namespace perfectplay::games::asymmetry {

using ReferenceSolver = AlphaBetaSolver<Rules>;

inline bool reference_fits(const Grid& g) {
  return g.rows <= kReferenceMaxRows && g.cols <= kReferenceMaxCols && g.k <= kReferenceMaxK;
}

}  // namespace perfectplay::games::asymmetry
