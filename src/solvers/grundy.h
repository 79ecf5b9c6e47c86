// GrundySolver: Sprague-Grundy values of impartial games, with decomposition
// into independent components.
//
//   grundy(p)     = nim-sum over parts c of components(p) of part_value(c)
//   part_value(c) = mex over moves m of c of grundy(play(c, m))
//
// Memoized per part, so a game that splits into parts (a move cutting a board
// in two) is solved per part and the parts' values are combined by XOR: the
// Sprague-Grundy theorem. A position is a loss for the player to move under
// normal play iff its value is 0. (Misère play does not decompose this way;
// use WinLossSolver for it.)
//
// A part is entered in the memo (solvers/table.h) once, by one
// find-or-insert, as open, and given its value when its options are done;
// meeting an open part again means a cycle (a logic error). An entry is 64
// bits: value * 2 + 1, or 0 while open. Each depth keeps its move list, its
// options' values and the parts of its child (game.h's components(p, parts)
// hook) in buffers reused from one part to the next (solvers/search_stack.h),
// so a part's expansion allocates nothing once the search has been as deep
// before.
//
// Memory: one entry per distinct part, plus the moves of the parts open on
// the stack; together bounded by SearchLimits::max_states. After an exception
// (the state limit, a cycle) the memo is emptied: it held open parts.
#pragma once

#include <cassert>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/game.h"
#include "core/nimber.h"
#include "core/progress.h"
#include "solvers/search_limits.h"
#include "solvers/search_stack.h"
#include "solvers/table.h"

namespace perfectplay {

// Where g.components(p, parts) writes: add() hands out a position to
// overwrite whole, reusing the buffer's elements (and what they own) from one
// call to the next.
template <class Position>
class PartBuffer {
 public:
  Position& add() {
    if (used_ == parts_.size()) parts_.emplace_back();
    return parts_[used_++];
  }
  std::size_t size() const { return used_; }
  const Position& operator[](std::size_t i) const { return parts_[i]; }
  void clear() { used_ = 0; }

 private:
  std::vector<Position> parts_;
  std::size_t used_ = 0;
};

template <ImpartialGame G>
class GrundySolver {
 public:
  using Position = typename G::Position;

  explicit GrundySolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), memo_(game_) {}
  GrundySolver(const GrundySolver&) = delete;  // the memo points at game_
  GrundySolver& operator=(const GrundySolver&) = delete;

  // The value of p: the nim-sum of the values of its components.
  Nimber grundy(const Position& p) {
    return unwinding_safely([&] { return sum_of_parts(p, 0); });
  }

  // The value of one component, by mex over its options.
  Nimber part_value(const Position& part) {
    return unwinding_safely([&] { return visit(part, 0); });
  }

  std::uint64_t stored_positions() const { return memo_.size(); }
  // Components whose options were generated (each once: the bench signature).
  std::uint64_t expanded_positions() const { return expanded_; }
  // Options reached from expanded components, found in the memo or not (a
  // chess engine's node count): every move of every expanded component.
  std::uint64_t visited_positions() const { return visited_; }
  // The memo's bytes per stored part (its slot arrays are at most 3/4 full;
  // parts that do not pack add their own copy).
  std::size_t bytes_per_position() const {
    return memo_.size() == 0 ? 0 : static_cast<std::size_t>(memo_.bytes() / memo_.size());
  }
  const G& game() const { return game_; }

 private:
  using Move = typename G::Move;
  using Entry = std::uint64_t;
  static constexpr Entry kOpen = 0;
  static constexpr bool kWritesParts =
      requires(const G& g, const Position& p, PartBuffer<Position>& parts) {
    g.components(p, parts);
  };

  template <class F>
  Nimber unwinding_safely(F f) {
    try {
      return f();
    } catch (...) {
      memo_.clear();
      throw;
    }
  }

  Nimber sum_of_parts(const Position& p, std::size_t depth) {
    if constexpr (kWritesParts) {
      PartBuffer<Position>& parts = parts_.at(depth);
      parts.clear();
      game_.components(p, parts);
      Nimber total;
      for (std::size_t j = 0; j < parts.size(); ++j) total ^= visit(parts[j], depth);
      return total;
    } else if constexpr (requires { game_.components(p); }) {
      Nimber total;
      for (const Position& part : game_.components(p)) total ^= visit(part, depth);
      return total;
    } else {
      return visit(p, depth);
    }
  }

  Nimber visit(const Position& part, std::size_t depth) {
    bool inserted;
    const auto h = memo_.find_or_insert(part, kOpen, inserted);
    if (inserted) return expand(part, depth, h);
    const Entry e = memo_.at(h);
    if (e == kOpen) throw std::logic_error("GrundySolver: the game has a cycle");
    return Nimber(e >> 1);
  }

  [[gnu::noinline]] Nimber expand(const Position& part, std::size_t depth,
                                  typename Memo<G, Entry>::Handle h) {
    if (memo_.size() - 1 + stack_.pending >= limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    if ((++expanded_ & (kStopInterval - 1)) == 0) {
      throw_if_stopped(limits_);
      if ((expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    }
    std::vector<Move>& moves = stack_.moves_at(depth);
    detail::append_moves(game_, part, moves);
    const PendingMoves held(stack_.pending, moves.size());
    if (memo_.size() + stack_.pending > limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    visited_ += moves.size();
    std::vector<Nimber>& values = values_.at(depth);
    values.clear();
    for (const Move& m : moves) {
      values.push_back(sum_of_parts(stack_.play(game_, depth + 1, part, m), depth + 1));
    }
    const Nimber value = mex_of(values);
    assert(value.value < (std::uint64_t{1} << 63));
    memo_.at(h, part) = value.value * 2 + 1;
    return value;
  }

  // The mex of `values`, O(n) with a reused scratch: only values below n can
  // matter (n values leave some value <= n missing).
  Nimber mex_of(const std::vector<Nimber>& values) {
    const std::size_t n = values.size();
    seen_.assign(n + 1, 0);
    for (const Nimber v : values) {
      if (v.value <= n) seen_[v.value] = 1;
    }
    std::uint64_t m = 0;
    while (seen_[m]) ++m;
    return Nimber(m);
  }

  G game_;
  SearchLimits limits_;
  Memo<G, Entry> memo_;
  SearchStack<G> stack_;
  PerDepth<PartBuffer<Position>> parts_;  // per depth: the parts of that depth's child
  PerDepth<std::vector<Nimber>> values_;  // per depth: the options' values of the open part
  std::vector<unsigned char> seen_;
  std::uint64_t expanded_ = 0;
  std::uint64_t visited_ = 0;
};

}  // namespace perfectplay
