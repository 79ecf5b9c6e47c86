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
#include <type_traits>
#include <variant>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "games/gridgame/gridgame.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::Solver;
// The solvers over a matrix stored in 32 or 16 bits (GridMatrix); their sums
// are 64-bit.
using Solver32 = algorithms::assignment::BasicSolver<std::int64_t, std::int32_t>;
using Solver16 = algorithms::assignment::BasicSolver<std::int64_t, std::int16_t>;

// The value of a fresh game: Alice's total under optimal play.
inline std::int64_t game_value(const CostMatrix& m) {
  return Solver(m).cost();
}

// A position with what is left of it solved.
class Outlook {
 public:
  explicit Outlook(const Position& p)
      : matrix_(p.matrix),
        g_(progress_of(p)),
        plan_(plan_of(*matrix_, live(g_.rows), live(g_.cols))) {}

  const Progress& progress() const { return g_; }
  // Alice's final total under optimal play.
  Score value() const {
    return g_.score + std::visit([](const auto& s) { return s.cost(); }, plan_);
  }
  // Bob's best answer: the pending row's column in the matching.
  int bob_column() const {
    return static_cast<int>(
        std::visit([&](const auto& s) { return s.column_of(pending()); }, plan_));
  }
  // Alice's final total if Bob crosses column c now and both play perfectly
  // after, for every remaining column c (in the order of progress().cols).
  std::vector<Score> column_values() const {
    const std::vector<std::int64_t> with =
        std::visit([&](const auto& s) { return s.column_values(pending()); }, plan_);
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

  using Plan = std::variant<Solver, Solver32, Solver16>;
  // The solver for the matrix as stored: it reads the matrix in place.
  static Plan plan_of(const GridMatrix& m, const std::vector<bool>& rows,
                      const std::vector<bool>& cols) {
    return m.visit([&](const auto& stored) -> Plan {
      using Stored = typename std::decay_t<decltype(stored)>::value_type;
      using S = algorithms::assignment::BasicSolver<std::int64_t, Stored>;
      return Plan(std::in_place_type<S>, stored, rows, cols);
    });
  }

  std::shared_ptr<const GridMatrix> matrix_;  // the plan reads it in place
  Progress g_;
  Plan plan_;
};

}  // namespace perfectplay::games::gridgame
