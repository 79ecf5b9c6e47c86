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
#include <vector>

#include "games/binim/binim.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::binim {

inline Position canonical(const Position& p) {
  std::vector<StackView> kept;  // an empty stack is no stack
  kept.reserve(p.stacks.size());
  for (const StackView s : p.stacks) {
    if (!s.empty()) kept.push_back(s);
  }
  std::sort(kept.begin(), kept.end());
  Position c{{}, p.to_move};
  for (const StackView& s : kept) c.stacks.push_back(s);
  return c;
}

class ReferenceRules : public Rules {
 public:
  using Rules::Rules;
  Position play(const Position& p, const Move& m) const { return canonical(Rules::play(p, m)); }
  // Not the base's: p stays canonical.
  void play_in_place(Position& p, const Move& m) const { p = play(p, m); }
  // c becomes play(p, m), for p canonical (as the solver's root is, and then
  // every child), built from p in one pass: the other stacks copied in order,
  // the changed one written where it sorts among them, an emptied one left
  // out. The solvers' children are made here (SearchStack).
  void play_into(const Position& p, const Move& m, Position& c) const {
    const StackView rest = p.stacks[m.stack].substr(m.count);
    c.to_move = other(p.to_move);
    c.stacks.clear();  // keeps its storage: SearchStack reuses children
    bool placed = rest.empty();
    for (std::size_t i = 0; i < p.stacks.size(); ++i) {
      if (i == m.stack) continue;
      const StackView s = p.stacks[i];
      if (!placed && s > rest) {
        c.stacks.push_back(rest);
        placed = true;
      }
      c.stacks.push_back(s);
    }
    if (!placed) c.stacks.push_back(rest);
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
  for (const StackView s : p.stacks) {
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
