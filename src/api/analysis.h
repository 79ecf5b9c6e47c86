// Analysis and Hint: what the tool says about a position, as data.
//
// Every front end (the command line's text and --json, the web board, the
// Python module) reads these and nothing game-specific. A position and a move
// are strings in the syntax `--position` and `play` accept, so any of them can
// be handed back to the tool: `position` is canonical (parsing it and
// formatting it again gives it back), and every listed move's `position` is
// the child it leads to.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/value.h"

namespace perfectplay {

// A count of legal moves. A nim row may hold 2^63 - 1 squares, so the count
// of a board's moves can pass 2^64: it is kept exactly in 128 bits.
__extension__ typedef unsigned __int128 MoveCount;
std::string count_text(MoveCount n);  // decimal
// A JSON number when it fits in 64 bits, else its decimal string.
nlohmann::json count_json(MoveCount n);

// Who is to move: index 0 is the player who moves first in the game's
// contest (Alice, Dee, ...); games whose positions do not record the turn
// (nim, bacteria, octal games) name "the player to move", index 0.
struct Mover {
  int index = 0;
  std::string name;
};

struct MoveInfo {
  std::string move;      // in `play` syntax
  std::string position;  // the child position, in `--position` syntax
  Value value;           // to the player making the move
  bool best = false;     // the value is the best the mover can get
  std::string note;      // optional: "mutates: loses at once", "scores 4 now"
};

// A board drawn as a grid of cells, for the front ends that draw one (the
// web board). Games whose position is a grid give it (the partizan boards,
// own games' draw(p) as cells); the others are drawn by the front end from
// the position text. The board draws the cells, and places each listed move
// on the cells it names: a click on any of them plays it.
struct GridCell {
  std::string text;  // what the cell shows; may be empty
  std::string kind;  // one word the board styles by: "empty", "blocked", "left",
                     // "right", "piece" or the game's own word
};
struct GridMove {
  std::string move;                        // in `play` syntax
  std::vector<std::pair<int, int>> cells;  // (row, column) the move covers
};
struct BoardGrid {
  int rows = 0;
  int cols = 0;
  std::vector<GridCell> cells;  // rows * cols of them, row by row
  std::vector<GridMove> moves;  // where the legal moves go; a move may be absent
};
// {"rows","cols","cells":[[{"text","kind"} x cols] x rows],"moves":[{"move","cells":[[r,c]...]}]}
nlohmann::json to_json(const BoardGrid& g);

struct Analysis {
  std::string game;
  nlohmann::json options = nlohmann::json::object();  // the game's options in force
  std::string position;                               // canonical
  std::optional<Mover> to_move;                       // none when the game is over
  Value value;                                        // to the player to move
  std::optional<std::string> best_move;               // the engine's choice
  std::vector<MoveInfo> moves;                        // the listed moves
  MoveCount moves_total = 0;                          // every legal move
  std::string moves_summary;  // when not every move is listed: what the rest amount to
  std::vector<std::string> notes;
  std::string board;              // the position drawn for a terminal
  std::optional<BoardGrid> grid;  // the position as cells, where the game gives one
};

struct Hint {
  std::string game;
  nlohmann::json options = nlohmann::json::object();
  std::string position;
  std::optional<Mover> to_move;
  std::optional<std::string> move;  // none when the game is over
  Value value;                      // of the move to its mover, or of the position when over
  std::string reason;
};

// The JSON schema version every --json output carries as "schema".
inline constexpr int kJsonSchema = 1;

// docs/json.md: {"schema":1,"game":...,"options":...,"position":...,
// "to_move":{"index","name"}|null,"value":{...},"best_move":...|null,
// "moves":[{"move","position","value","best","note"}],"moves_total",
// "moves_listed","moves_summary","notes":[...]} and "grid" (to_json(BoardGrid))
// only where the game gives one.
// By value: pass an analysis that is done with (std::move) and its strings
// move into the document rather than being copied.
nlohmann::json to_json(Analysis a);
// {"schema":1,"game","options","position","to_move","move","value","reason"}
nlohmann::json to_json(Hint h);

}  // namespace perfectplay
