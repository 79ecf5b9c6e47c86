// WinLossSolver: memoized exhaustive search of a win/loss game, with
// remoteness, under normal or misère endings.
//
// value(p) = decided(p)                      if the rules fix it
//          = Loss(0) / Win(0)                if no move (normal / misère)
//          = best over moves m of value(play(p, m)).parent_view()
// where "best" is Outcome::better_than: the winner takes the fastest win, the
// loser the slowest loss. Every child is searched (no cut-off on the first
// winning move), because remoteness needs the minimum over all winning moves.
//
// Memory: one hash-map entry per distinct position reached, plus the move
// lists of the positions on the stack; together bounded by
// SearchLimits::max_states. Time: O(sum over reached positions of
// the number of moves). The recursion depth is the length of the longest game.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <unordered_map>

#include "core/game.h"
#include "core/progress.h"
#include "solvers/search_limits.h"

namespace perfectplay {

template <WinLossGame G>
class WinLossSolver {
 public:
  using Position = typename G::Position;

  explicit WinLossSolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), memo_(16, detail::PositionHash<G>{&game_}) {}
  WinLossSolver(const WinLossSolver&) = delete;  // the memo's hasher points at game_
  WinLossSolver& operator=(const WinLossSolver&) = delete;

  // The outcome of p for the player to move.
  Outcome solve(const Position& p) {
    if (auto it = memo_.find(p); it != memo_.end()) {
      if (it->second.in_progress) throw std::logic_error("WinLossSolver: the game has a cycle");
      return it->second.outcome;
    }
    if (memo_.size() + pending_ >= limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    memo_.emplace(p, Entry{Outcome{}, true});
    if ((++expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    const Outcome result = compute(p);
    Entry& entry = memo_.find(p)->second;
    entry = Entry{result, false};
    return result;
  }

  std::uint64_t stored_positions() const { return memo_.size(); }
  // Memory per stored position, estimated from the table's layout: the node
  // (key, value, next pointer, cached hash) and one bucket pointer.
  static constexpr std::size_t bytes_per_position() {
    return sizeof(typename decltype(memo_)::value_type) + 3 * sizeof(void*);
  }
  std::uint64_t expanded_positions() const { return expanded_; }
  const G& game() const { return game_; }

 private:
  struct Entry {
    Outcome outcome;
    bool in_progress;
  };

  Outcome compute(const Position& p) {
    if (auto fixed = detail::decided(game_, p)) return *fixed;
    const auto moves = game_.moves(p);
    if (moves.empty()) {
      return detail::ending_of(game_) == Ending::kNormal ? Outcome::loss(0) : Outcome::win(0);
    }
    const PendingMoves held(pending_, moves.size());
    if (memo_.size() + pending_ > limits_.max_states) throw SearchLimitExceeded(limits_.max_states);
    bool first = true;
    Outcome best;
    for (const auto& m : moves) {
      const Outcome o = solve(game_.play(p, m)).parent_view();
      if (first || o.better_than(best)) best = o;
      first = false;
    }
    return best;
  }

  G game_;
  SearchLimits limits_;
  std::unordered_map<Position, Entry, detail::PositionHash<G>> memo_;
  std::uint64_t expanded_ = 0;
  std::uint64_t pending_ = 0;  // moves generated for the positions on the stack
};

}  // namespace perfectplay
