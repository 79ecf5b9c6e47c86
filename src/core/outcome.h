// Outcome: the value of a position in a win/loss game, with remoteness.
//
// One encoding for every solver. An Outcome is always seen from the side of
// the player to move in the position it describes:
//
//   kind      remoteness r
//   Win       the mover wins, and can force the end within r more moves
//   Loss      the mover loses, and can make the game last r more moves
//   Draw      neither side can force a win (cyclic games only; r is unused)
//
// Remoteness follows the usual convention: the winner takes the fastest win,
// the loser the slowest loss. A terminal position has remoteness 0.
//
// Passing an outcome up one move (`parent_view`) swaps Win and Loss and adds
// one: if a move leads to a position that is Loss(r) for the opponent, the move
// is worth Win(r + 1) to the mover.
//
// Outcomes are totally ordered by preference of the player who chooses them
// (`preference_key`): any win beats a draw beats any loss; among wins, shorter
// is better; among losses, longer is better.
#pragma once

#include <cassert>
#include <cstdint>
#include <string>

namespace perfectplay {

enum class Result : std::uint8_t { kLoss, kDraw, kWin };

struct Outcome {
  Result result = Result::kLoss;
  std::uint32_t remoteness = 0;

  static constexpr Outcome win(std::uint32_t r) { return {Result::kWin, r}; }
  static constexpr Outcome loss(std::uint32_t r) { return {Result::kLoss, r}; }
  static constexpr Outcome draw() { return {Result::kDraw, 0}; }

  constexpr bool is_win() const { return result == Result::kWin; }
  constexpr bool is_loss() const { return result == Result::kLoss; }
  constexpr bool is_draw() const { return result == Result::kDraw; }

  // The value, to the player who moved, of a move that leads to `*this`.
  constexpr Outcome parent_view() const {
    switch (result) {
      case Result::kWin:
        return loss(remoteness + 1);
      case Result::kLoss:
        return win(remoteness + 1);
      case Result::kDraw:
        return draw();
    }
    return draw();
  }

  // Larger is better for the player who holds this outcome.
  constexpr std::int64_t preference_key() const {
    constexpr std::int64_t kBand = std::int64_t{1} << 33;
    switch (result) {
      case Result::kWin:
        return 2 * kBand - static_cast<std::int64_t>(remoteness);
      case Result::kDraw:
        return 0;
      case Result::kLoss:
        return -2 * kBand + static_cast<std::int64_t>(remoteness);
    }
    return 0;
  }

  constexpr bool better_than(const Outcome& other) const {
    return preference_key() > other.preference_key();
  }

  friend constexpr bool operator==(const Outcome&, const Outcome&) = default;
};

// "win in 3", "loss in 4", "draw".
std::string to_string(const Outcome& o);

}  // namespace perfectplay
