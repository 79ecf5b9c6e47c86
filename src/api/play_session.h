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

namespace perfectplay {

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
};

}  // namespace perfectplay
