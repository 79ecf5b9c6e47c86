// nim: the "Square Game". Rules.
//
// Rows of squares. A move removes one or more squares from a single row.
// Normal play: the player who takes the last square wins (a player facing an
// empty board has lost). Misère play: the player who takes the last square
// loses (a player facing an empty board has won).
//
//   row 1  [][][]        Position{rows = {3, 1, 4}}
//   row 2  []            Move{row = 2 (0-based), take = 4} empties row 3
//   row 3  [][][][]
//
// This header is the rules only: the exhaustive reference runs on it, and it
// knows nothing of nim-sums.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"

namespace perfectplay::games::nim {

struct Position {
  std::vector<std::uint64_t> rows;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::size_t row = 0;     // 0-based index into Position::rows
  std::uint64_t take = 0;  // 1 <= take <= rows[row]
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = nim::Position;
  using Move = nim::Move;

  explicit Rules(Ending ending = Ending::kNormal) : ending_(ending) {}

  Ending ending() const { return ending_; }

  // Row by row, taking 1, 2, ... squares. O(total squares): for small boards.
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    for (std::size_t r = 0; r < p.rows.size(); ++r) {
      for (std::uint64_t t = 1; t <= p.rows[r]; ++t) out.push_back({r, t});
    }
  }

  bool is_legal(const Position& p, const Move& m) const {
    return m.row < p.rows.size() && m.take >= 1 && m.take <= p.rows[m.row];
  }

  Position play(Position p, const Move& m) const {
    play_in_place(p, m);
    return p;
  }
  void play_in_place(Position& p, const Move& m) const { p.rows[m.row] -= m.take; }

  // For the solvers' tables: the rows in Elias gamma code (core/game.h).
  std::optional<std::uint64_t> key(const Position& p) const { return gamma_key(p.rows); }

  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.rows.size();
    for (std::uint64_t r : p.rows) h = mix64(h ^ r);
    return static_cast<std::size_t>(h);
  }

 private:
  Ending ending_;
};

}  // namespace perfectplay::games::nim
