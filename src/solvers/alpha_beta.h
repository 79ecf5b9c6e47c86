// AlphaBetaSolver: minimax with alpha-beta pruning and a transposition table,
// for scored zero-sum games (see ScoredGame in core/game.h).
//
// Bound contract of search(p, alpha, beta), alpha < beta (fail-soft):
//   returns v <= alpha   =>  value(p) <= v     (an upper bound)
//   returns v >= beta    =>  value(p) >= v     (a lower bound)
//   alpha < v < beta     =>  value(p) == v     (exact)
// With the full window (kScoreMin, kScoreMax) the result is exact.
//
// The transposition table (solvers/table.h) stores, per position, an interval
// [lower, upper] known to hold the true value, and the position's best move
// so far. A probe answers at once when the interval is a point or lies outside
// the window, and otherwise narrows the window. After a search with window
// (a, b) returned v, the interval is tightened following the contract above.
// Intervals only ever shrink, and the debug build asserts that they never
// become empty (which would mean a broken bound somewhere). A position is
// entered by one find-or-insert, with the interval [kScoreMin, kScoreMax].
//
// Move ordering: the moves are searched in the game's order, except that a
// position searched again (its interval did not answer the new window) tries
// first the move that was best when it was last searched: the move of the
// cut-off, or the one that gave the exact value; a search that failed on the
// mover's bad side (every move at most alpha for the maximizer, at least beta
// for the minimizer) proves no move better and leaves the stored move alone.
// The move is kept as its index in the game's order of moves(p).
//
// Move rewards: a move m collecting r = reward(p, m) shifts the child's window
// by r, so the child is searched with (alpha - r, beta - r).
//
// Bounds hook (optional): g.bounds(p) -> std::pair<Score, Score>, an
// interval [lo, hi] known to hold value(p) without search (a win at once,
// the most a player can still score: Pons' Connect Four bounds). A position
// entered for the first time starts with that interval in the table, so a
// point answers at once and a window outside it is cut before any move is
// generated. A game with the hook is also solved by null-window bisection
// (value() below): searches of windows (m, m + 1) that halve [lo, hi] until
// it closes, each a cheap yes/no, the table's intervals carried from one to
// the next (MTD-bisection, as Pons' solver does). Fail-soft keeps the
// contract: a returned bound is a true bound, hence inside [lo, hi].
//
// Memory: one table entry per distinct position searched, plus the moves of
// the positions on the stack (solvers/search_stack.h); together bounded by
// SearchLimits::max_states.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/progress.h"
#include "solvers/search_limits.h"
#include "solvers/search_stack.h"
#include "solvers/table.h"

namespace perfectplay {

template <ScoredGame G>
class AlphaBetaSolver {
 public:
  using Position = typename G::Position;

  explicit AlphaBetaSolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), memo_(game_) {}
  AlphaBetaSolver(const AlphaBetaSolver&) = delete;  // the table points at game_
  AlphaBetaSolver& operator=(const AlphaBetaSolver&) = delete;

  // Whether the game gives bounds without search (see the design paragraph).
  static constexpr bool kHasBounds = requires(const G& g, const Position& q) {
    { g.bounds(q) } -> std::convertible_to<std::pair<Score, Score>>;
  };

  // The exact minimax value of p.
  Score value(const Position& p) {
    if constexpr (kHasBounds) {
      auto [lo, hi] = game_.bounds(p);
      assert(lo <= hi);
      while (lo < hi) {
        // Halves [lo, hi], probing nearer 0 first while the interval is wide
        // (most positions are worth little: Pons' choice of the next window).
        Score med = lo + (hi - lo) / 2;
        if (med <= 0 && lo / 2 < med) {
          med = lo / 2;
        } else if (med >= 0 && hi / 2 > med) {
          med = hi / 2;
        }
        const Score r = search(p, med, med + 1);
        if (r <= med) {
          hi = r;
        } else {
          lo = r;
        }
      }
      return lo;
    }
    const Score v = search(p, kScoreMin, kScoreMax);
    assert(v > kScoreMin && v < kScoreMax);
    return v;
  }

  // Fail-soft alpha-beta; see the contract above. Precondition: alpha < beta.
  // After an exception (the state limit) the table's intervals stay true.
  Score search(const Position& p, Score alpha, Score beta) { return visit(p, alpha, beta, 0); }

  std::uint64_t stored_positions() const { return memo_.size(); }
  // The table's bytes per stored position (its slot arrays are at most 3/4
  // full; positions that do not pack add their own copy).
  std::size_t bytes_per_position() const {
    return memo_.size() == 0 ? 0 : static_cast<std::size_t>(memo_.bytes() / memo_.size());
  }
  // Searches that generated a position's moves (a position searched again
  // with a new window counts again): the bench signature.
  std::uint64_t expanded_positions() const { return expanded_; }
  // Children searched from expanded positions, answered by the table or not
  // (a chess engine's node count; moves past a cut-off are not reached).
  std::uint64_t visited_positions() const { return visited_; }
  const G& game() const { return game_; }

 private:
  static constexpr std::uint32_t kNoMove = ~std::uint32_t{0};
  struct Bounds {
    Score lower;
    Score upper;
    std::uint32_t best;  // index into moves(p), or kNoMove
  };
  using Move = typename G::Move;
  using Handle = typename Memo<G, Bounds>::Handle;
  using Probe = typename Memo<G, Bounds>::Probe;
  static constexpr Bounds kUnknown{kScoreMin, kScoreMax, kNoMove};

  Score visit(const Position& p, Score alpha, Score beta, std::size_t depth) {
    assert(alpha < beta);
    bool inserted;
    const Handle h = memo_.find_or_insert(p, kUnknown, inserted);
    return enter(h, inserted, p, alpha, beta, depth);
  }

  // The child of p by m (probed ahead, see compute), at
  // `depth`, searched with (alpha, beta).
  Score child(Probe probe, const Position& p, const Move& m, Score alpha, Score beta,
              std::size_t depth) {
    if (!probe.packed) return visit(stack_.play(game_, depth, p, m), alpha, beta, depth);
    assert(alpha < beta);
    bool inserted;
    const Handle h = memo_.find_or_insert(probe, kUnknown, inserted);
    if (!inserted) {
      const Bounds& b = memo_.at(h);
      if (b.lower == b.upper || b.lower >= beta) return b.lower;  // as in enter()
      if (b.upper <= alpha) return b.upper;
    }
    return enter(h, inserted, stack_.play(game_, depth, p, m), alpha, beta, depth);
  }

  // p's entry h, just found or inserted: the answer when its interval settles
  // the window, else the search of p with the window narrowed by it.
  Score enter(Handle h, bool inserted, const Position& p, Score alpha, Score beta,
              std::size_t depth) {
    std::uint32_t first = kNoMove;
    if (!inserted) {
      const Bounds& b = memo_.at(h);
      if (b.lower == b.upper || b.lower >= beta) return b.lower;
      if (b.upper <= alpha) return b.upper;
      alpha = std::max(alpha, b.lower);
      beta = std::min(beta, b.upper);
      first = b.best;
    } else {
      if (memo_.size() - 1 + stack_.pending >= limits_.max_states) {
        throw SearchLimitExceeded(limits_.max_states);
      }
      if constexpr (kHasBounds) {
        const auto [lo, hi] = game_.bounds(p);
        assert(lo <= hi);
        Bounds& b = memo_.at(h);
        b.lower = lo;
        b.upper = hi;
        if (lo == hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
        alpha = std::max(alpha, lo);
        beta = std::min(beta, hi);
      }
    }
    return expand(p, alpha, beta, depth, h, first);
  }

  [[gnu::noinline]] Score expand(const Position& p, Score alpha, Score beta, std::size_t depth,
                                 Handle h, std::uint32_t first) {
    if ((++expanded_ & (kStopInterval - 1)) == 0) {
      throw_if_stopped(limits_);
      if ((expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    }
    std::uint32_t best_move = kNoMove;
    const Score v = compute(p, alpha, beta, depth, first, best_move);
    Bounds& b = memo_.at(h, p);
    if (v <= alpha) {
      b.upper = std::min(b.upper, v);
    } else if (v >= beta) {
      b.lower = std::max(b.lower, v);
    } else {
      b.lower = b.upper = v;
    }
    assert(b.lower <= b.upper);
    if (best_move != kNoMove) b.best = best_move;
    return v;
  }

  // The children are probed kLookahead ahead of the one searched (the
  // packed key computed, the slot prefetched), as in WinLossSolver; fewer
  // than there, since a cut-off makes the probes past it wasted work.
  static constexpr std::size_t kLookahead = 3;

  // The search of p's moves: `first` (an index into them) first when it is
  // one, then the others in order. Sets best_move unless the search failed
  // on the mover's bad side (see the design paragraph).
  Score compute(const Position& p, Score alpha, Score beta, std::size_t depth, std::uint32_t first,
                std::uint32_t& best_move) {
    std::vector<Move>& moves = stack_.moves_at(depth);
    detail::append_moves(game_, p, moves);
    const std::size_t n = moves.size();
    if (n == 0) return game_.final_score(p);
    assert(n < kNoMove);
    const PendingMoves held(stack_.pending, n);
    if (memo_.size() + stack_.pending > limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    const bool maximizing = game_.side(p) == Side::kMax;
    const Score alpha0 = alpha, beta0 = beta;
    const bool reorder = first < n;
    // The k-th move searched: first, then 0, 1, ... skipping it.
    const auto order = [&](std::size_t k) {
      return !reorder ? k : k == 0 ? first : k <= first ? k - 1 : k;
    };
    std::vector<Probe>& probes = probes_.at(depth);
    probes.resize(n);
    std::size_t ahead = 0;  // moves probed, in search order
    Score best = maximizing ? kScoreMin : kScoreMax;
    std::size_t best_i = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if constexpr (Memo<G, Bounds>::kPacks) {
        for (; ahead < n && ahead <= k + kLookahead; ++ahead) {
          probes[ahead] = memo_.probe(stack_.play(game_, depth + 1, p, moves[order(ahead)]));
        }
      }
      const std::size_t i = order(k);
      ++visited_;
      const Score r = detail::reward(game_, p, moves[i]);
      const Score v = r + child(probes[k], p, moves[i], alpha - r, beta - r, depth + 1);
      if (maximizing ? v > best : v < best) {
        best = v;
        best_i = i;
      }
      if (maximizing) {
        alpha = std::max(alpha, v);
      } else {
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    if (maximizing ? best > alpha0 : best < beta0) best_move = static_cast<std::uint32_t>(best_i);
    return best;
  }

  G game_;
  SearchLimits limits_;
  Memo<G, Bounds> memo_;
  SearchStack<G> stack_;
  PerDepth<std::vector<Probe>> probes_;  // per depth, as the moves
  std::uint64_t expanded_ = 0;
  std::uint64_t visited_ = 0;
};

}  // namespace perfectplay
