// PlaySession: one game between a person and the engine, driven by the CLI.
//
// The CLI loop: draw the board; if the game is over, print the result and
// stop; if it is the engine's turn, call engine_move(); otherwise read a line
// and pass it to try_move(), which returns the reason when the move is
// refused. The session owns all game logic; the CLI only reads and prints.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/analysis.h"

namespace perfectplay {

// Who the engine plays (GameEntry::play's `engine_side`): the side that
// moves first (0), the other (1), both (engine against engine), or neither
// (two people at one terminal).
inline constexpr int kEngineFirst = 0;
inline constexpr int kEngineSecond = 1;
inline constexpr int kEngineBoth = 2;
inline constexpr int kEngineNeither = -1;

class PlaySession {
 public:
  virtual ~PlaySession() = default;

  virtual std::string board() const = 0;  // drawn for a terminal
  virtual bool over() const = 0;
  virtual std::string result() const = 0;  // who won and why; only when over()
  virtual std::string mover() const = 0;   // name of the player to move
  virtual bool engine_to_move() const = 0;
  // The legal moves, each one typed as try_move() accepts it, or a range
  // `FIRST .. LAST` standing for a run of moves whose two ends are legal
  // moves as written (nim: `2 1 .. 2 5`). May be abbreviated when huge, but
  // every entry listed is real.
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual std::string move_syntax() const = 0;  // how to type a move
  // Plays the person's move, or returns why it is refused (nothing changes).
  virtual std::optional<std::string> try_move(std::string_view text) = 0;
  // Plays the engine's move and returns it, as text with a short reason.
  virtual std::string engine_move() = 0;
  // The position now, in the `--position` syntax.
  virtual std::string position() const = 0;
  // Takes back the last move and, against the engine, its reply too, back
  // to a position where a person is to move; redo plays them again. False
  // when there is nothing to take back (or to play again). Any new move
  // clears what redo would replay.
  virtual bool undo() = 0;
  virtual bool redo() = 0;
  // The engine's move here and its value, without playing it.
  virtual Hint hint() const = 0;
  // Moves played so far (the first player of this session moves on even
  // plies), after undo and redo.
  virtual int plies() const = 0;
  // The analysis of the position now: every listed move with its value.
  virtual Analysis analysis() const = 0;
};

}  // namespace perfectplay
