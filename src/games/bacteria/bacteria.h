// bacteria (Google Code Jam 2019 Round 1C "Bacterial Tactics"). Rules.
//
// An R x C grid of empty '.' and radioactive '#' cells. Becca moves first;
// the players alternate. A move picks an empty cell and a colony type:
//   H spreads west and east, V north and south, from the cell, through empty
//   cells, stopping at the grid's edge or at a cell that already has bacteria.
//   If the spread would enter a radioactive cell, the colony mutates and the
//   player who placed it loses at once.
// A player facing a grid with no empty cell loses (normal play).
//
//   . . # .      H at (2, 2) infects row 2 from the edge to the edge:
//   . . . .  ->  x x x x     V at (1, 4) would stop at row 2's bacteria;
//   # . . .      V at (1, 3) is a move onto '#': not empty, not a move;
//                V at (2, 1)... would run into '#' at (3, 1): mutation.
//
// Rules is the exhaustive reference's view: a position is the set of infected
// cells as a 64-bit mask (grids of at most 64 cells) and whether the last
// colony mutated. It knows nothing of rectangles or nimbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/outcome.h"

namespace perfectplay::games::bacteria {

enum class Colony : std::uint8_t { kH, kV };

// The grid of the game: which cells are radioactive.
struct Grid {
  int rows = 0;
  int cols = 0;
  std::vector<char> cells;  // row-major, '.' or '#'

  bool radioactive(int r, int c) const {
    return cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                 static_cast<std::size_t>(c)] == '#';
  }
  friend bool operator==(const Grid&, const Grid&) = default;
};

struct Move {
  int row = 0;  // 0-based
  int col = 0;
  Colony colony = Colony::kH;
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  struct Position {
    std::uint64_t infected = 0;  // bit r * cols + c
    bool mutated = false;        // the last move mutated: its player has lost
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = bacteria::Move;

  // Precondition: rows * cols <= 64.
  explicit Rules(Grid grid) : grid_(std::move(grid)) {}
  const Grid& grid() const { return grid_; }

  // After a mutation the game is over and the player now to move has won.
  std::optional<Outcome> decided(const Position& p) const {
    if (p.mutated) return Outcome::win(0);
    return std::nullopt;
  }

  // Every empty cell, H then V. A player with no empty cell has no move.
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    for (int r = 0; r < grid_.rows; ++r) {
      for (int c = 0; c < grid_.cols; ++c) {
        if (grid_.radioactive(r, c) || infected(p, r, c)) continue;
        out.push_back({r, c, Colony::kH});
        out.push_back({r, c, Colony::kV});
      }
    }
  }

  Position play(Position p, const Move& m) const {
    play_in_place(p, m);
    return p;
  }
  void play_in_place(Position& p, const Move& m) const {
    set(p, m.row, m.col);
    const int dr = m.colony == Colony::kV ? 1 : 0;
    const int dc = m.colony == Colony::kH ? 1 : 0;
    for (const int sign : {-1, 1}) {
      int r = m.row + sign * dr;
      int c = m.col + sign * dc;
      while (r >= 0 && r < grid_.rows && c >= 0 && c < grid_.cols && !infected(p, r, c)) {
        if (grid_.radioactive(r, c)) {
          p.mutated = true;
          break;
        }
        set(p, r, c);
        r += sign * dr;
        c += sign * dc;
      }
    }
  }

  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(mix64(p.infected * 2 + (p.mutated ? 1 : 0)));
  }

  // For the solvers' tables: the infected cells, and the mutation in bit 63
  // (grids of at most 63 cells; a 64-cell grid's positions are stored whole).
  std::optional<std::uint64_t> key(const Position& p) const {
    if (p.infected >> 63) return std::nullopt;
    return p.infected | (std::uint64_t{p.mutated} << 63);
  }

  bool infected(const Position& p, int r, int c) const { return (p.infected >> bit(r, c)) & 1; }

 private:
  int bit(int r, int c) const { return r * grid_.cols + c; }
  void set(Position& p, int r, int c) const { p.infected |= std::uint64_t{1} << bit(r, c); }

  Grid grid_;
};

}  // namespace perfectplay::games::bacteria
