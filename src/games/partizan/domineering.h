// Domineering (Göran Andersson; Winning Ways ch. 5, Lessons in Play ch. 1):
// a board of cells of any shape; Left places a domino on two free cells one
// above the other (vertical), Right on two free cells side by side
// (horizontal). The player who cannot place loses (normal play).
//
// Position text: rows separated by '/', '.' a free cell, '#' a filled cell
// or one not on the board: "../.." is the 2 x 2 square, ".#/.." an L.
// A move names its two cells. The parts of a position (grid.h) are its
// groups of free cells connected through sides, in normal orientation under
// the mirror images (the transposition swaps the players).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/partizan/grid.h"

namespace perfectplay::games::partizan::domineering {

using Position = Grid;  // cell 1 = free, 0 = filled or off the board

struct Move {
  int a = 0;  // cell indices (row-major), a above or left of b
  int b = 0;
  int cols = 0;  // the board's width, so that a move names its cells alone
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = domineering::Position;
  using Move = domineering::Move;

  std::vector<Move> left_moves(const Position& p) const { return placements(p, true); }
  std::vector<Move> right_moves(const Position& p) const { return placements(p, false); }
  Position play(Position p, const Move& m) const {
    p.cells[static_cast<std::size_t>(m.a)] = 0;
    p.cells[static_cast<std::size_t>(m.b)] = 0;
    return p;
  }
  std::size_t hash(const Position& p) const { return grid_hash(p); }
  std::vector<Position> components(const Position& p) const { return grid_parts(p, false); }
  std::optional<Key128> key(const Position& p) const {
    KeyPacker k;
    k.put(static_cast<std::uint64_t>(p.rows - 1), 6);
    k.put(static_cast<std::uint64_t>(p.cols - 1), 6);
    for (const std::uint8_t c : p.cells) k.put(c, 1);
    return k.key();
  }

 private:
  static std::vector<Move> placements(const Position& p, bool vertical) {
    std::vector<Move> out;
    for (int r = 0; r < p.rows; ++r) {
      for (int c = 0; c < p.cols; ++c) {
        const int r2 = vertical ? r + 1 : r;
        const int c2 = vertical ? c : c + 1;
        if (r2 >= p.rows || c2 >= p.cols) continue;
        if (p.at(r, c) != 0 && p.at(r2, c2) != 0)
          out.push_back({r * p.cols + c, r2 * p.cols + c2, p.cols});
      }
    }
    return out;
  }
};

inline Position parse(std::string_view text) {
  return parse_grid(
      text, [](char ch) { return ch == '.'   ? 1
                                 : ch == '#' ? 0
                                             : -1; },
      "'.' (free) and '#' (filled)");
}
inline std::string format(const Position& p) {
  return format_grid(p, "#.");
}
// The empty rows x cols rectangle.
inline Position rectangle(int rows, int cols) {
  return Position{rows, cols, std::vector<std::uint8_t>(static_cast<std::size_t>(rows * cols), 1)};
}

}  // namespace perfectplay::games::partizan::domineering
