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
// Cost: one assignment, O(m^3) for m remaining lines (assignment.h), on the
// live lines of the matrix in place (no copy). Every column's value to Bob at
// once, from the matching's duals: O(m^2) (Solver::column_values).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "games/gridgame/gridgame.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::Solver;

// The value of a fresh game: Alice's total under optimal play.
inline std::int64_t game_value(const CostMatrix& m) {
  return Solver(m).cost();
}

// A position with what is left of it solved.
class Outlook {
 public:
  explicit Outlook(const Position& p)
      : matrix_(p.matrix), g_(progress_of(p)), plan_(*matrix_, live(g_.rows), live(g_.cols)) {}

  const Progress& progress() const { return g_; }
  // Alice's final total under optimal play.
  Score value() const { return g_.score + plan_.cost(); }
  // Bob's best answer: the pending row's column in the matching.
  int bob_column() const { return static_cast<int>(plan_.column_of(pending())); }
  // Alice's final total if Bob crosses column c now and both play perfectly
  // after, for every remaining column c (in the order of progress().cols).
  std::vector<Score> column_values() const {
    const std::vector<std::int64_t> with = plan_.column_values(pending());
    std::vector<Score> out;
    for (const int c : g_.cols) out.push_back(g_.score + with[static_cast<std::size_t>(c)]);
    return out;
  }

 private:
  std::vector<bool> live(const std::vector<int>& lines) const {
    std::vector<bool> out(static_cast<std::size_t>(matrix_->size()), false);
    for (const int k : lines) out[static_cast<std::size_t>(k)] = true;
    return out;
  }
  std::size_t pending() const { return static_cast<std::size_t>(g_.pending); }

  std::shared_ptr<const CostMatrix> matrix_;  // the plan reads it in place
  Progress g_;
  Solver plan_;
};

}  // namespace perfectplay::games::gridgame
