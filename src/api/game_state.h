// GameState: a game in progress for programs that play it move by move (the
// Python module's State, after OpenSpiel's pyspiel.State).
//
// A state holds the model's position itself, not its text, so a move costs
// what the rules' play costs: a random playout or a search written in Python
// calls apply_action a million times a second (docs/performance.md), where
// GameEntry::apply parses and formats the position on every call.
//
// Actions are integers: the index of a move in the list of the position's
// legal moves (the model's move order), 0 <= a < num_actions(). They are
// meaningful only in the position they were listed for; action_to_string
// gives the move in `play` syntax, the same text GameEntry::apply accepts.
//
// Players are 0 and 1 by turn: player 0 is to move in the position the state
// starts from, and the players alternate (every game here alternates). The
// game's own name for the side to move is mover_name(). At the end,
// returns() gives each player's result: +1 for the winner, -1 for the loser,
// 0 each for a draw; in a scored game the final total, positive for the
// player who maximizes it and negated for the other (zero-sum).
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "api/analysis.h"
#include "api/value.h"

namespace perfectplay {

class GameState {
 public:
  virtual ~GameState() = default;

  virtual std::unique_ptr<GameState> clone() const = 0;
  virtual std::string position() const = 0;  // canonical, in the position format
  virtual std::string board() const = 0;     // drawn for a terminal
  virtual bool is_terminal() const = 0;
  // 0 or 1 (see above); nullopt when the game is over.
  virtual std::optional<int> current_player() const = 0;
  virtual std::string mover_name() const = 0;  // "nobody" when the game is over
  // The number of legal moves; a position with more than kMaxActions is
  // refused with a RequestError (the moves are listed to be indexed).
  virtual std::size_t num_actions() = 0;
  // The move of action a in `play` syntax; RequestError when a is not an
  // action of this position.
  virtual std::string action_to_string(std::size_t a) = 0;
  // The action that the move `text` (play syntax) is here, or RequestError
  // with the reason the move is refused.
  virtual std::size_t string_to_action(std::string_view text) = 0;
  virtual void apply_action(std::size_t a) = 0;  // RequestError when not an action here
  virtual bool undo() = 0;                       // false with no move to take back
  virtual int plies() const = 0;                 // moves played since the start
  // Each player's result at the end; {0, 0} before it.
  virtual std::array<double, 2> returns() const = 0;
  // The engine's value of the position (to the player to move), analysis and
  // hint: the same as GameEntry's analyze and hint of position().
  virtual Value value() const = 0;
  virtual Analysis analyze() const = 0;
  virtual Hint hint() const = 0;

  // More legal moves than a state lists (2^22): larger positions are played
  // through GameEntry's apply and moves.
  static constexpr std::size_t kMaxActions = std::size_t{1} << 22;
};

}  // namespace perfectplay
