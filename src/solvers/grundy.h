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
#pragma once

#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "core/game.h"
#include "core/nimber.h"
#include "core/progress.h"
#include "solvers/search_limits.h"

namespace perfectplay {

template <ImpartialGame G>
class GrundySolver {
 public:
  using Position = typename G::Position;

  explicit GrundySolver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(limits), memo_(16, detail::PositionHash<G>{&game_}) {}
  GrundySolver(const GrundySolver&) = delete;  // the memo's hasher points at game_
  GrundySolver& operator=(const GrundySolver&) = delete;

  // The value of p: the nim-sum of the values of its components.
  Nimber grundy(const Position& p) {
    Nimber total;
    for (const Position& part : detail::components(game_, p)) total ^= part_value(part);
    return total;
  }

  // The value of one component, by mex over its options.
  Nimber part_value(const Position& part) {
    if (auto it = memo_.find(part); it != memo_.end()) {
      if (it->second.in_progress) throw std::logic_error("GrundySolver: the game has a cycle");
      return it->second.value;
    }
    if (memo_.size() + pending_ >= limits_.max_states) {
      throw SearchLimitExceeded(limits_.max_states);
    }
    memo_.emplace(part, Entry{Nimber(), true});
    if ((++expanded_ & 0xFFFF) == 0) progress::report("positions searched", expanded_, 0);
    const auto moves = game_.moves(part);
    const PendingMoves held(pending_, moves.size());
    if (memo_.size() + pending_ > limits_.max_states) throw SearchLimitExceeded(limits_.max_states);
    std::vector<Nimber> options;
    options.reserve(moves.size());
    for (const auto& m : moves) options.push_back(grundy(game_.play(part, m)));
    const Nimber value = mex(options);
    memo_.find(part)->second = Entry{value, false};
    return value;
  }

  std::uint64_t stored_positions() const { return memo_.size(); }
  // Components whose options were generated (each once: the bench signature).
  std::uint64_t expanded_positions() const { return expanded_; }
  // Memory per stored position, estimated from the table's layout: the node
  // (key, value, next pointer, cached hash) and one bucket pointer.
  static constexpr std::size_t bytes_per_position() {
    return sizeof(typename decltype(memo_)::value_type) + 3 * sizeof(void*);
  }
  const G& game() const { return game_; }

 private:
  struct Entry {
    Nimber value;
    bool in_progress;
  };

  G game_;
  SearchLimits limits_;
  std::unordered_map<Position, Entry, detail::PositionHash<G>> memo_;
  std::uint64_t pending_ = 0;  // moves generated for the positions on the stack
  std::uint64_t expanded_ = 0;
};

}  // namespace perfectplay
