// binim/binim2 reference: the generic WinLossSolver on the rules, nothing else.
//
// The order of the stacks does not change the game, nor does an empty stack,
// so the reference solves positions with their stacks sorted and the empty
// ones dropped (ReferenceRules does so after every move): one memo entry per
// multiset of stacks and player to move. That is the only thing it adds to
// the rules.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "games/binim/binim.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::binim {

inline Position canonical(Position p) {
  std::erase(p.stacks, std::string());  // an empty stack is no stack
  std::sort(p.stacks.begin(), p.stacks.end());
  return p;
}

class ReferenceRules : public Rules {
 public:
  using Rules::Rules;
  Position play(const Position& p, const Move& m) const { return canonical(Rules::play(p, m)); }
  // The same position as play(p, m). A move changes or removes one stack, so
  // from sorted stacks the result (an emptied stack dropped) is often sorted already: checked first
  // (comparisons only), sorted only when not.
  void play_in_place(Position& p, const Move& m) const {
    Rules::play_in_place(p, m);
    if (p.stacks[m.stack].empty()) {
      p.stacks.erase(p.stacks.begin() + static_cast<std::ptrdiff_t>(m.stack));
    }
    if (!std::is_sorted(p.stacks.begin(), p.stacks.end())) {
      std::sort(p.stacks.begin(), p.stacks.end());
    }
  }
};

using ReferenceSolver = WinLossSolver<ReferenceRules>;

// The engine's positions keep the player's stack order; the reference sees
// them sorted.
struct ToCanonical {
  Position operator()(const Position& p) const { return canonical(p); }
};

// What an exhaustive search of p costs, capped at `cap`: the positions
// reachable (each stack keeps one of its suffixes, and either player may be
// to move) times the most moves one of them has.
inline std::uint64_t reference_work(const Position& p, std::uint64_t cap) {
  std::uint64_t positions = 2;
  std::uint64_t moves = 1;
  for (const std::string& s : p.stacks) {
    if (s.size() >= cap || __builtin_mul_overflow(positions, s.size() + 1, &positions) ||
        positions > cap) {
      return cap;
    }
    moves += s.size();
  }
  std::uint64_t work;
  if (__builtin_mul_overflow(positions, moves, &work) || work > cap) return cap;
  return work;
}

}  // namespace perfectplay::games::binim
