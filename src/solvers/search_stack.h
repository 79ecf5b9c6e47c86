// SearchStack: what a depth-first search keeps per depth, reused from one
// position to the next so that expanding a position allocates nothing once
// the search has been as deep before.
//
//   moves_at(d)   the move list of the position open at depth d, emptied for
//                 append_moves (core/game.h) to fill; it keeps its capacity.
//   play(d, ...)  the child at depth d, overwritten for each move:
//                 copy-assigned from its parent (so a vector or string it owns
//                 keeps its storage), then played in place; or, where the
//                 game has play_into, built from the parent in one pass.
//   pending       the moves held by the open positions (SearchLimits counts
//                 them), kept by each position with a PendingMoves.
//
//   depth 0: the caller's position p        moves_at(0) = [a0 a1 a2]
//   depth 1: play(1, p, a1)                 moves_at(1) = [b0 b1]
//   depth 2: play(2, play(1, p, a1), b0)    moves_at(2) = ...
//
// Each depth's items are allocations of their own: a reference to one stays
// valid while deeper ones are added. (One vector for the whole stack was
// tried first: a deep search whose positions have many moves, such as an
// octal game's long row, spent most of its time moving that vector as it
// grew.)
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/game.h"

namespace perfectplay {

// One T per depth, each its own allocation, reused.
template <class T>
class PerDepth {
 public:
  T& at(std::size_t depth) {
    while (items_.size() <= depth) items_.push_back(std::make_unique<T>());
    return *items_[depth];
  }

 private:
  std::vector<std::unique_ptr<T>> items_;
};

template <class G>
class SearchStack {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  std::uint64_t pending = 0;

  std::vector<Move>& moves_at(std::size_t depth) {
    std::vector<Move>& m = moves_.at(depth);
    m.clear();
    return m;
  }

  // The child at `depth` >= 1, set to play(parent, m). Precondition: parent
  // is not the child at `depth` itself.
  Position& play(const G& game, std::size_t depth, const Position& parent, const Move& m) {
    assert(depth >= 1 && depth <= children_.size() + 1);
    if (depth > children_.size()) children_.push_back(std::make_unique<Position>(parent));
    Position& c = *children_[depth - 1];
    if constexpr (requires { game.play_into(parent, m, c); }) {
      game.play_into(parent, m, c);
    } else {
      c = parent;
      detail::play_in_place(game, c, m);
    }
    return c;
  }

 private:
  PerDepth<std::vector<Move>> moves_;
  std::vector<std::unique_ptr<Position>> children_;
};

}  // namespace perfectplay
