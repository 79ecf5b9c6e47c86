// Clobber (Albert, Grossman, Nowakowski, Wolfe 2001; Lessons in Play): a
// board of stones, Left's 'x' and Right's 'o'. A move takes one of the
// mover's stones onto an orthogonally adjacent stone of the opponent, which
// is removed ("clobbered"); the stone's old cell becomes empty. The player
// who cannot move loses (normal play).
//
// Position text: rows separated by '/', 'x' Left's stone, 'o' Right's, '.'
// empty: "xo/ox" is the 2 x 2 checkerboard. The parts of a position are its
// groups of stones connected through sides (a stone only ever moves onto a
// neighbour), in normal orientation under all eight symmetries of the
// square, which keep a Clobber value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/partizan/grid.h"

namespace perfectplay::games::partizan::clobber {

using Position = Grid;  // 0 empty, 1 Left's stone (x), 2 Right's (o)

struct Move {
  int from = 0;
  int to = 0;
  int cols = 0;  // the board's width, so that a move names its cells alone
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = clobber::Position;
  using Move = clobber::Move;

  std::vector<Move> left_moves(const Position& p) const { return captures(p, 1); }
  std::vector<Move> right_moves(const Position& p) const { return captures(p, 2); }
  Position play(Position p, const Move& m) const {
    p.cells[static_cast<std::size_t>(m.to)] = p.cells[static_cast<std::size_t>(m.from)];
    p.cells[static_cast<std::size_t>(m.from)] = 0;
    return p;
  }
  std::size_t hash(const Position& p) const { return grid_hash(p); }
  std::vector<Position> components(const Position& p) const { return grid_parts(p, true); }
  std::optional<Key128> key(const Position& p) const {
    KeyPacker k;
    k.put(static_cast<std::uint64_t>(p.rows - 1), 6);
    k.put(static_cast<std::uint64_t>(p.cols - 1), 6);
    for (const std::uint8_t c : p.cells) k.put(c, 2);
    return k.key();
  }

 private:
  static std::vector<Move> captures(const Position& p, std::uint8_t mine) {
    const std::uint8_t theirs = mine == 1 ? 2 : 1;
    std::vector<Move> out;
    for (int r = 0; r < p.rows; ++r) {
      for (int c = 0; c < p.cols; ++c) {
        if (p.at(r, c) != mine) continue;
        const int nr[4] = {r - 1, r + 1, r, r};
        const int nc[4] = {c, c, c - 1, c + 1};
        for (int k = 0; k < 4; ++k) {
          if (nr[k] < 0 || nr[k] >= p.rows || nc[k] < 0 || nc[k] >= p.cols) continue;
          if (p.at(nr[k], nc[k]) == theirs)
            out.push_back({r * p.cols + c, nr[k] * p.cols + nc[k], p.cols});
        }
      }
    }
    return out;
  }
};

inline Position parse(std::string_view text) {
  return parse_grid(
      text, [](char ch) { return ch == '.'   ? 0
                                 : ch == 'x' ? 1
                                 : ch == 'o' ? 2
                                             : -1; },
      "'x' (Left), 'o' (Right) and '.' (empty)");
}
inline std::string format(const Position& p) {
  return format_grid(p, ".xo");
}

}  // namespace perfectplay::games::partizan::clobber
