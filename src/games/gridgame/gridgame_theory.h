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
// live lines of the matrix in place (no copy). A child position from its
// parent's matching: O(m^2). Every column's value to Bob at once, from the
// matching's duals: O(m^2) (Solver::column_values).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
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
  // Solves what is left: O(m^3).
  explicit Outlook(Position p)
      : p_(std::move(p)), g_(progress_of(p_)), plan_(*p_.matrix, live(g_.rows), live(g_.cols)) {}
  // The position after the mover in `parent` crosses `line`. Alice's row
  // leaves the remaining lines (and so the plan) as they were; Bob's column
  // removes a row and a column: one augmentation, O(m^2) (Solver::remove_pair).
  Outlook(const Outlook& parent, int line) : p_(parent.p_), g_(parent.g_), plan_(parent.plan_) {
    p_.moves.push_back(line);
    const auto k = static_cast<std::size_t>(line);
    if (g_.pending < 0) {
      g_.row_crossed[k] = 1;
      g_.pending = line;
      return;
    }
    g_.col_crossed[k] = 1;
    g_.score += (*p_.matrix)(g_.pending, line);
    std::erase(g_.rows, g_.pending);
    std::erase(g_.cols, line);
    plan_.remove_pair(pending(), k);
    g_.pending = -1;
  }

  const Position& position() const { return p_; }
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
    std::vector<bool> out(static_cast<std::size_t>(p_.n()), false);
    for (const int k : lines) out[static_cast<std::size_t>(k)] = true;
    return out;
  }
  std::size_t pending() const { return static_cast<std::size_t>(g_.pending); }

  Position p_;  // its matrix, which the plan reads in place, lives as long
  Progress g_;
  Solver plan_;
};

// The theory of any position, remembering the last position it solved from
// scratch so that the children of a position analyzed move by move cost one
// augmentation each, not one matching. Not for use by two threads at once
// (the engine builds one model per request).
class Theory {
 public:
  std::shared_ptr<const Outlook> of(const Position& p) const {
    if (solved_ && solved_->position() == p) return solved_;
    if (solved_ && is_child(solved_->position(), p)) {
      return std::make_shared<const Outlook>(*solved_, p.moves.back());
    }
    solved_ = std::make_shared<const Outlook>(p);
    return solved_;
  }

 private:
  static bool is_child(const Position& parent, const Position& p) {
    return p.matrix == parent.matrix && p.moves.size() == parent.moves.size() + 1 &&
           std::equal(parent.moves.begin(), parent.moves.end(), p.moves.begin());
  }

  mutable std::shared_ptr<const Outlook> solved_;
};

}  // namespace perfectplay::games::gridgame
