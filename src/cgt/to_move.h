// A partizan game with a player to move, as a WinLossGame (normal play): the
// exhaustive twin of the engine. The outcome class of a position is read
// from two searches, Left first and Right first:
//
//   Left first wins, Right first loses -> L      both lose -> P
//   Right first wins, Left first loses -> R      both win  -> N
//
// The twin check compares that with Universe::outcome of the canonical form.
#pragma once

#include <cstddef>
#include <vector>

#include "core/game.h"

namespace perfectplay::cgt {

template <PartizanGame G>
class ToMove {
 public:
  struct Position {
    typename G::Position position;
    bool left_to_move = true;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = typename G::Move;

  explicit ToMove(const G& game) : g_(game) {}

  std::vector<Move> moves(const Position& p) const {
    return p.left_to_move ? g_.left_moves(p.position) : g_.right_moves(p.position);
  }
  Position play(const Position& p, const Move& m) const {
    return Position{g_.play(p.position, m), !p.left_to_move};
  }
  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(mix64(g_.hash(p.position) * 2 + (p.left_to_move ? 1 : 0)));
  }

 private:
  const G& g_;
};

}  // namespace perfectplay::cgt
