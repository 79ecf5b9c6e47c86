// gridgame reference: the generic AlphaBetaSolver over the real turn order
// (Alice a row to maximize, Bob a column to minimize, the crossing cell
// scored), memoized on the remaining rows and columns. No matching in it.
#pragma once

#include <algorithm>
#include <limits>
#include <numeric>
#include <vector>

#include "games/gridgame/gridgame.h"
#include "solvers/alpha_beta.h"

namespace perfectplay::games::gridgame {

using ReferenceSolver = AlphaBetaSolver<Rules>;

// The naive twin, the seed's method: the minimum over all n! permutations of
// sum M(i, p(i)). O(n! n): for n <= 10.
inline std::int64_t permutation_minimum(const CostMatrix& m) {
  std::vector<int> p(static_cast<std::size_t>(m.size()));
  std::iota(p.begin(), p.end(), 0);
  std::int64_t best = std::numeric_limits<std::int64_t>::max();
  do {
    std::int64_t total = 0;
    for (int i = 0; i < m.size(); ++i) total += m(i, p[static_cast<std::size_t>(i)]);
    best = std::min(best, total);
  } while (std::next_permutation(p.begin(), p.end()));
  return m.size() == 0 ? 0 : best;
}

}  // namespace perfectplay::games::gridgame
