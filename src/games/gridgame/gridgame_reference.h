// gridgame reference: the generic AlphaBetaSolver over the real turn order
// (Alice a row to maximize, Bob a column to minimize, the crossing cell
// scored), memoized on the remaining rows and columns. No matching in it.
#pragma once

#include "games/gridgame/gridgame.h"
#include "solvers/alpha_beta.h"

namespace perfectplay::games::gridgame {

using ReferenceSolver = AlphaBetaSolver<Rules>;

}  // namespace perfectplay::games::gridgame
