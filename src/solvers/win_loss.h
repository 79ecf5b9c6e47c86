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
// A position is entered in the memo (solvers/table.h) once, by one
// find-or-insert, as open; it is given its outcome when its children are
// done. Meeting an open position again means a cycle (a logic error: the
// games are acyclic). An entry is 32 bits: the outcome's result in the low
// two bits (0 for open) and the remoteness above them.
//
// Memory: one memo entry per distinct position reached, plus the moves of the
// positions on the stack (solvers/search_stack.h);
// together bounded by SearchLimits::max_states. Time: O(sum over reached
// positions of the number of moves), with no allocation per position once
// the stack is as deep as it gets (for games with the hooks of core/game.h).
// The recursion depth is the length of the longest game.
//
// After an exception (the state limit, a cycle) the memo is emptied: it held
// open positions that are no longer being searched.
#pragma once

#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/game.h"
#include "core/progress.h"
#include "solvers/search_limits.h"
#include "solvers/search_stack.h"
#include "solvers/table.h"

namespace perfectplay {

template <WinLossGame G>
class WinLossSolver {
 public:
  using Position = typename G::Position;

  explicit WinLossSolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), memo_(game_) {}
  WinLossSolver(const WinLossSolver&) = delete;  // the memo points at game_
  WinLossSolver& operator=(const WinLossSolver&) = delete;

  // The outcome of p for the player to move.
  Outcome solve(const Position& p) {
    try {
      return visit(p, 0);
    } catch (...) {
      memo_.clear();
      throw;
    }
  }

  std::uint64_t stored_positions() const { return memo_.size(); }
  // The memo's bytes per stored position (its slot arrays are at most 3/4
  // full; positions that do not pack add their own copy).
  std::size_t bytes_per_position() const {
    return memo_.size() == 0 ? 0 : static_cast<std::size_t>(memo_.bytes() / memo_.size());
  }
  // Positions entered in the memo (each once: the bench signature).
  std::uint64_t expanded_positions() const { return expanded_; }
  // Children reached from expanded positions, found in the memo or not (a
  // chess engine's node count): every move of every expanded position.
  std::uint64_t visited_positions() const { return visited_; }
  const G& game() const { return game_; }

 private:
  using Move = typename G::Move;
  using Entry = std::uint32_t;
  using Probe = typename Memo<G, Entry>::Probe;
  static constexpr Entry kOpen = 0;
  static constexpr std::uint32_t kMaxRemoteness = (std::uint32_t{1} << 30) - 1;

  static Entry encode(Outcome o) {
    assert(o.remoteness <= kMaxRemoteness);
    return (o.remoteness << 2) | (static_cast<std::uint32_t>(o.result) + 1);
  }
  static Outcome decode(Entry e) { return {static_cast<Result>((e & 3) - 1), e >> 2}; }

  Outcome visit(const Position& p, std::size_t depth) {
    bool inserted;
    const auto h = memo_.find_or_insert(p, kOpen, inserted);
    if (inserted) return expand(p, depth, h);
    return known(memo_.at(h));
  }

  static Outcome known(Entry e) {
    if (e == kOpen) throw std::logic_error("WinLossSolver: the game has a cycle");
    return decode(e);
  }

  [[gnu::noinline]] Outcome expand(const Position& p, std::size_t depth,
                                   typename Memo<G, Entry>::Handle h) {
    if (memo_.size() - 1 + stack_.pending >= limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    if ((++expanded_ & (kStopInterval - 1)) == 0) {
      throw_if_stopped(limits_);
      if ((expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    }
    const Outcome result = compute(p, depth);
    memo_.at(h, p) = encode(result);
    return result;
  }

  // The children are probed kLookahead ahead of the one searched: each probe
  // computes the child's packed key and prefetches its slot, so that the
  // slots of several children load from memory at once. A child not yet in
  // the memo is played again for its search.
  static constexpr std::size_t kLookahead = 8;

  Outcome compute(const Position& p, std::size_t depth) {
    if (auto fixed = detail::decided(game_, p)) return *fixed;
    std::vector<Move>& moves = stack_.moves_at(depth);
    detail::append_moves(game_, p, moves);
    const std::size_t n = moves.size();
    if (n == 0) {
      return detail::ending_of(game_) == Ending::kNormal ? Outcome::loss(0) : Outcome::win(0);
    }
    const PendingMoves held(stack_.pending, n);
    if (memo_.size() + stack_.pending > limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    visited_ += n;
    std::vector<Probe>& probes = probes_.at(depth);
    probes.resize(n);
    std::size_t ahead = 0;  // children probed
    Outcome best;
    for (std::size_t k = 0; k < n; ++k) {
      if constexpr (Memo<G, Entry>::kPacks) {
        for (; ahead < n && ahead <= k + kLookahead; ++ahead) {
          probes[ahead] = memo_.probe(stack_.play(game_, depth + 1, p, moves[ahead]));
        }
      }
      const Outcome o = child(probes[k], p, moves[k], depth + 1).parent_view();
      if (k == 0 || o.better_than(best)) best = o;
    }
    return best;
  }

  // The outcome of the child of p by m, at `depth`.
  Outcome child(Probe probe, const Position& p, const Move& m, std::size_t depth) {
    if (!probe.packed) return visit(stack_.play(game_, depth, p, m), depth);
    bool inserted;
    const auto h = memo_.find_or_insert(probe, kOpen, inserted);
    if (!inserted) return known(memo_.at(h));
    return expand(stack_.play(game_, depth, p, m), depth, h);
  }

  G game_;
  SearchLimits limits_;
  Memo<G, Entry> memo_;
  SearchStack<G> stack_;
  PerDepth<std::vector<Probe>> probes_;  // per depth, as the moves
  std::uint64_t expanded_ = 0;
  std::uint64_t visited_ = 0;
};

}  // namespace perfectplay
