// AlphaBetaSolver: minimax with alpha-beta pruning and a transposition table,
// for scored zero-sum games (see ScoredGame in core/game.h).
//
// Bound contract of search(p, alpha, beta), alpha < beta (fail-soft):
//   returns v <= alpha   =>  value(p) <= v     (an upper bound)
//   returns v >= beta    =>  value(p) >= v     (a lower bound)
//   alpha < v < beta     =>  value(p) == v     (exact)
// With the full window (kScoreMin, kScoreMax) the result is exact.
//
// The transposition table stores, per position, an interval [lower, upper]
// known to hold the true value. A probe answers at once when the interval is a
// point or lies outside the window, and otherwise narrows the window. After a
// search with window (a, b) returned v, the interval is tightened following the
// contract above. Intervals only ever shrink, and the debug build asserts that
// they never become empty (which would mean a broken bound somewhere).
//
// Move rewards: a move m collecting r = reward(p, m) shifts the child's window
// by r, so the child is searched with (alpha - r, beta - r).
//
// Memory: one table entry per distinct position searched, plus the move lists
// of the positions on the stack; together bounded by SearchLimits::max_states.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <unordered_map>

#include "core/game.h"
#include "core/progress.h"
#include "solvers/search_limits.h"

namespace perfectplay {

template <ScoredGame G>
class AlphaBetaSolver {
 public:
  using Position = typename G::Position;

  explicit AlphaBetaSolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), table_(16, detail::PositionHash<G>{&game_}) {}
  AlphaBetaSolver(const AlphaBetaSolver&) = delete;  // the table's hasher points at game_
  AlphaBetaSolver& operator=(const AlphaBetaSolver&) = delete;

  // The exact minimax value of p.
  Score value(const Position& p) {
    const Score v = search(p, kScoreMin, kScoreMax);
    assert(v > kScoreMin && v < kScoreMax);
    return v;
  }

  // Fail-soft alpha-beta; see the contract above. Precondition: alpha < beta.
  Score search(const Position& p, Score alpha, Score beta) {
    assert(alpha < beta);
    auto it = table_.find(p);
    if (it != table_.end()) {
      const Bounds b = it->second;
      if (b.lower == b.upper || b.lower >= beta) return b.lower;
      if (b.upper <= alpha) return b.upper;
      alpha = std::max(alpha, b.lower);
      beta = std::min(beta, b.upper);
    } else if (table_.size() + pending_ >= limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    if ((++expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    const Score v = compute(p, alpha, beta);
    // Re-find: the recursive calls may have rehashed the table.
    Bounds& b = table_.try_emplace(p, Bounds{kScoreMin, kScoreMax}).first->second;
    if (v <= alpha) {
      b.upper = std::min(b.upper, v);
    } else if (v >= beta) {
      b.lower = std::max(b.lower, v);
    } else {
      b.lower = b.upper = v;
    }
    assert(b.lower <= b.upper);
    return v;
  }

  std::uint64_t stored_positions() const { return table_.size(); }
  // Memory per stored position, estimated from the table's layout: the node
  // (key, value, next pointer, cached hash) and one bucket pointer.
  static constexpr std::size_t bytes_per_position() {
    return sizeof(typename decltype(table_)::value_type) + 3 * sizeof(void*);
  }
  std::uint64_t expanded_positions() const { return expanded_; }
  const G& game() const { return game_; }

 private:
  struct Bounds {
    Score lower;
    Score upper;
  };

  Score compute(const Position& p, Score alpha, Score beta) {
    const auto moves = game_.moves(p);
    if (moves.empty()) return game_.final_score(p);
    const PendingMoves held(pending_, moves.size());
    if (table_.size() + pending_ > limits_.max_states)
      throw SearchLimitExceeded(limits_.max_states);
    const bool maximizing = game_.side(p) == Side::kMax;
    Score best = maximizing ? kScoreMin : kScoreMax;
    for (const auto& m : moves) {
      const Score r = detail::reward(game_, p, m);
      const Score v = r + search(game_.play(p, m), alpha - r, beta - r);
      if (maximizing) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  G game_;
  SearchLimits limits_;
  std::unordered_map<Position, Bounds, detail::PositionHash<G>> table_;
  std::uint64_t expanded_ = 0;
  std::uint64_t pending_ = 0;  // moves generated for the positions on the stack
};

}  // namespace perfectplay
