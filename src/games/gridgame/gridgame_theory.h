// gridgame theory: the game's value is a minimum-cost perfect matching.
//
// Claim (the seed's): the value of the game is the minimum over all perfect
// matchings (permutations sigma) of sum_i M(i, sigma(i)), and Alice's moves do
// not matter.
//
// Argument. Every play of the game pairs each row with the column Bob crossed
// right after it, so its total is the weight of some perfect matching: Bob
// can never do better than the minimum weight A. And Bob can reach A whatever
// Alice does: fix a minimum matching sigma and answer row i with sigma(i)
// (always still uncrossed, since sigma is a bijection). So the value is A,
// and every order of Alice's rows gives it. In a game in progress the same
// holds for what is left: value = the score so far + A(remaining rows,
// remaining columns), where a row Alice has just crossed counts as remaining
// (Bob answers it with its column in a minimum matching of what is left).
//
// Cost: one assignment, O(m^3) for m remaining lines (assignment.h). A
// deviation by Bob from the plan changes what is left by one row and one
// column: one augmentation, O(m^2) (Solver::remove_pair).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/assignment/assignment.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::CostMatrix;
using algorithms::assignment::Solver;

// The value of a fresh game: Alice's total under optimal play.
inline std::int64_t game_value(const CostMatrix& m) {
  return Solver(m).cost();
}

}  // namespace perfectplay::games::gridgame
