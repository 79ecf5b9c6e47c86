// SearchStack: what a depth-first search keeps per ply, reused from one
// position to the next so that expanding a position allocates nothing once
// the search has been as deep before.
//
//   moves   one vector for every open position: a position at depth d
//           appends its moves, reads them as moves[base, end) while its
//           children are searched (which append theirs after them), and
//           truncates back to base when it is done. Its size is the count of
//           moves held on the stack (SearchLimits counts it).
//   child   one position per depth, overwritten for each move: copy-assigned
//           from its parent (so a vector or string it owns keeps its storage)
//           and then played in place.
//
//   depth 0: the caller's position   moves: [a0 a1 a2 | b0 b1 | c0 c1 c2]
//   depth 1: child(1) = play(p, a1)            open: a (at a1), b (at b1), c
//   depth 2: child(2) = play(child(1), b1)
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <vector>

#include "core/game.h"

namespace perfectplay {

template <class G>
class SearchStack {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  std::vector<Move> moves;

  // The child at `depth` >= 1, set to play(parent, m). It stays valid while
  // the search below it runs (each child has its own allocation, which the
  // vector of pointers never moves). Precondition: parent is not the child at
  // `depth` itself.
  Position& play(const G& game, std::size_t depth, const Position& parent, const Move& m) {
    assert(depth >= 1 && depth <= children_.size() + 1);
    if (depth > children_.size()) children_.push_back(std::make_unique<Position>(parent));
    Position& c = *children_[depth - 1];
    c = parent;
    detail::play_in_place(game, c, m);
    return c;
  }

  // Drops the moves of the position that appended them at `base`.
  void pop_moves(std::size_t base) {
    moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(base), moves.end());
  }

  // After a search unwound (an exception): no position is open.
  void clear() { moves.clear(); }

 private:
  std::vector<std::unique_ptr<Position>> children_;
};

}  // namespace perfectplay
