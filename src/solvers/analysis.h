// Move analysis: every legal move with the value it leads to, and the best.
//
// Values are seen by the player who makes the move:
//   - win/loss games: the Outcome of the move (Win(r) means the mover then
//     wins within r moves counting this one);
//   - scored games: reward(p, m) + value(play(p, m)), in the maximizer's terms;
//   - impartial games: the Grundy value of the position the move leaves (a
//     move is winning iff it leaves 0).
// best_* returns the index of the first best move in move-generation order,
// so the choice is deterministic.
#pragma once

#include <cassert>
#include <cstddef>
#include <optional>
#include <vector>

#include "solvers/alpha_beta.h"
#include "solvers/grundy.h"
#include "solvers/win_loss.h"

namespace perfectplay {

template <class Move, class Value>
struct MoveValue {
  Move move;
  Value value;
};

template <WinLossGame G>
std::vector<MoveValue<typename G::Move, Outcome>> analyze_moves(WinLossSolver<G>& solver,
                                                                const typename G::Position& p) {
  std::vector<MoveValue<typename G::Move, Outcome>> out;
  if (detail::decided(solver.game(), p)) return out;  // the game is already over
  for (const auto& m : solver.game().moves(p)) {
    out.push_back({m, solver.solve(solver.game().play(p, m)).parent_view()});
  }
  return out;
}

template <class Move>
std::optional<std::size_t> best_move(const std::vector<MoveValue<Move, Outcome>>& moves) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!best || moves[i].value.better_than(moves[*best].value)) best = i;
  }
  return best;
}

template <ScoredGame G>
std::vector<MoveValue<typename G::Move, Score>> analyze_moves(AlphaBetaSolver<G>& solver,
                                                              const typename G::Position& p) {
  std::vector<MoveValue<typename G::Move, Score>> out;
  for (const auto& m : solver.game().moves(p)) {
    const Score r = detail::reward(solver.game(), p, m);
    out.push_back({m, r + solver.value(solver.game().play(p, m))});
  }
  return out;
}

template <class Move>
std::optional<std::size_t> best_move(const std::vector<MoveValue<Move, Score>>& moves, Side side) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const bool better = !best || (side == Side::kMax ? moves[i].value > moves[*best].value
                                                     : moves[i].value < moves[*best].value);
    if (better) best = i;
  }
  return best;
}

template <ImpartialGame G>
std::vector<MoveValue<typename G::Move, Nimber>> analyze_moves(GrundySolver<G>& solver,
                                                               const typename G::Position& p) {
  std::vector<MoveValue<typename G::Move, Nimber>> out;
  for (const auto& m : solver.game().moves(p)) {
    out.push_back({m, solver.grundy(solver.game().play(p, m))});
  }
  return out;
}

}  // namespace perfectplay
