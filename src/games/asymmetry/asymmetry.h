// asymmetry (Canadian Computing Olympiad 2026, Day 2 Problem 1). Rules.
//
// An N x M grid (M even) of values in [0, K]; no column is marked at the
// start. Alice moves first and the players alternate. A move picks an
// unmarked column j, one cell of it, and a value a in [0, K] (a may equal the
// cell's value), writes a there, and marks column j. After M moves (Bob makes
// the last) the asymmetry is
//
//   sum over rows i and pairs (j, M+1-j), j <= M/2, of |g[i][j] - g[i][M+1-j]|
//
// Alice minimizes it, Bob maximizes it.
//
//      col  1  2 | 3  4         pairs: (1, 4) and (2, 3), mirrored about
//   row 1   1  0 | 0  0                the middle
//   row 2   1  0 | 0  0        asymmetry = |1-0| + |0-0| + |1-0| + |0-0| = 2
//
// A position in progress (Board) is the grid as it stands, a marked column
// holding what was finally written there, and which columns are marked.
//
// Rules below is the exhaustive reference's view, for small grids (N <= 8,
// M <= 16, K <= 15). A position is which columns are marked and, for each
// marked column whose mirror is not yet marked, what that column finally
// holds (4 bits per cell). The asymmetry is a sum over pairs, and a pair's
// term is fixed the moment its second column is marked, so that move
// collects the term as its reward; nothing else is added.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/score.h"

namespace perfectplay::games::asymmetry {

struct Grid {
  int rows = 0;  // N
  int cols = 0;  // M, even
  std::int64_t k = 0;
  std::vector<std::uint32_t> cells;  // row-major

  std::int64_t at(int r, int c) const {
    return cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                 static_cast<std::size_t>(c)];
  }
  int mirror(int c) const { return cols - 1 - c; }
};

struct Board {
  Grid grid;
  std::vector<char> marked;  // per column
  int marked_count() const {
    int n = 0;
    for (const char m : marked) n += m;
    return n;
  }
  bool is_marked(int c) const { return marked[static_cast<std::size_t>(c)] != 0; }
  bool over() const { return marked_count() == grid.cols; }
  // Alice moves when an even number of columns is marked.
  bool alice_to_move() const { return marked_count() % 2 == 0; }
};

// The term of the pair (j, mirror(j)): sum over rows of |left - right|.
inline std::int64_t pair_term(const Grid& g, int j) {
  std::int64_t s = 0;
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t a = g.at(r, j), b = g.at(r, g.mirror(j));
    s += a > b ? a - b : b - a;
  }
  return s;
}

// The asymmetry so far: the sum of the settled pairs' terms.
inline std::int64_t settled_sum(const Board& b) {
  std::int64_t s = 0;
  for (int c = 0; c < b.grid.cols / 2; ++c) {
    if (b.is_marked(c) && b.is_marked(b.grid.mirror(c))) s += pair_term(b.grid, c);
  }
  return s;
}

inline constexpr int kReferenceMaxRows = 8;
inline constexpr int kReferenceMaxCols = 16;
inline constexpr std::int64_t kReferenceMaxK = 15;

// Column c of a grid within the reference's bounds, 4 bits per row.
inline std::uint32_t column_bits(const Grid& g, int c) {
  std::uint32_t out = 0;
  for (int r = 0; r < g.rows; ++r) out |= static_cast<std::uint32_t>(g.at(r, c)) << (4 * r);
  return out;
}

class Rules {
 public:
  struct Position {
    std::uint32_t marked = 0;
    std::array<std::uint32_t, kReferenceMaxCols> content{};  // 4 bits per row; see above
    friend bool operator==(const Position&, const Position&) = default;
  };
  // Writes `value` at `row` of `col`; row == -1 writes a cell's own value
  // (the column is marked unchanged: the same for every row, so one move).
  struct Move {
    int col = 0;
    int row = -1;
    std::int64_t value = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  // Preconditions: the grid is within the reference's bounds.
  // `bob_mirrors`: Bob may only answer in the mirror of a half-marked pair
  // (to test the seed's claim that this costs him nothing).
  explicit Rules(Grid grid, bool bob_mirrors = false)
      : grid_(std::move(grid)), bob_mirrors_(bob_mirrors) {}
  const Grid& grid() const { return grid_; }

  Position start() const { return {}; }

  // Alice moves when an even number of columns is marked.
  Side side(const Position& p) const {
    return __builtin_popcount(p.marked) % 2 == 0 ? Side::kMin : Side::kMax;
  }
  Score final_score(const Position&) const { return 0; }

  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    for (int c = 0; c < grid_.cols; ++c) {
      if (is_marked(p, c)) continue;
      if (bob_mirrors_ && side(p) == Side::kMax && !is_marked(p, grid_.mirror(c))) continue;
      out.push_back({c, -1, 0});
      for (int r = 0; r < grid_.rows; ++r) {
        for (std::int64_t a = 0; a <= grid_.k; ++a) {
          if (a != grid_.at(r, c)) out.push_back({c, r, a});
        }
      }
    }
  }

  // The term of the pair, collected when its second column is marked.
  Score reward(const Position& p, const Move& m) const {
    const int other = grid_.mirror(m.col);
    if (!is_marked(p, other)) return 0;
    Score sum = 0;
    const std::uint32_t written = column_after(m);
    for (int r = 0; r < grid_.rows; ++r) {
      const std::int64_t a = cell(written, r),
                         b = cell(p.content[static_cast<std::size_t>(other)], r);
      sum += a > b ? a - b : b - a;
    }
    return sum;
  }

  Position play(Position p, const Move& m) const {
    play_in_place(p, m);
    return p;
  }
  void play_in_place(Position& p, const Move& m) const {
    const int other = grid_.mirror(m.col);
    p.marked |= 1u << m.col;
    if (is_marked(p, other)) {
      p.content[static_cast<std::size_t>(other)] = 0;  // the pair is settled
    } else {
      p.content[static_cast<std::size_t>(m.col)] = column_after(m);
    }
  }

  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.marked;
    for (const std::uint32_t c : p.content) h = mix64(h ^ c);
    return static_cast<std::size_t>(h);
  }

  // For the solvers' tables (core/game.h's KeyPacker): the marked columns
  // (cols bits), then the content of each half-marked column in column order
  // (4 * rows bits each; which columns those are, the marks say). Every other
  // column holds 0. Positions of up to 127 such bits pack.
  std::optional<Key128> key(const Position& p) const {
    if (p.marked >> grid_.cols) return std::nullopt;
    const int width = 4 * grid_.rows;
    KeyPacker k;
    k.put(p.marked, grid_.cols);
    for (int c = 0; c < grid_.cols; ++c) {
      const std::uint32_t content = p.content[static_cast<std::size_t>(c)];
      if (is_marked(p, c) && !is_marked(p, grid_.mirror(c))) {
        if (width < 32 && content >> width) return std::nullopt;
        k.put(content, width);
      } else if (content != 0) {
        return std::nullopt;
      }
    }
    for (int c = grid_.cols; c < kReferenceMaxCols; ++c) {
      if (p.content[static_cast<std::size_t>(c)] != 0) return std::nullopt;
    }
    return k.key();
  }

  bool is_marked(const Position& p, int c) const { return (p.marked >> c) & 1; }
  static std::int64_t cell(std::uint32_t column, int r) { return (column >> (4 * r)) & 15; }
  std::uint32_t original_column(int c) const { return column_bits(grid_, c); }
  std::uint32_t column_after(const Move& m) const {
    std::uint32_t col = original_column(m.col);
    if (m.row >= 0) {
      col &= ~(15u << (4 * m.row));
      col |= static_cast<std::uint32_t>(m.value) << (4 * m.row);
    }
    return col;
  }

 private:
  Grid grid_;
  bool bob_mirrors_;
};

// A move, on a Board as in the reference: writes the value (unless row is -1)
// and marks the column.
using Move = Rules::Move;

inline Board play(Board b, const Move& m) {
  if (m.row >= 0) {
    b.grid.cells[static_cast<std::size_t>(m.row) * static_cast<std::size_t>(b.grid.cols) +
                 static_cast<std::size_t>(m.col)] = static_cast<std::uint32_t>(m.value);
  }
  b.marked[static_cast<std::size_t>(m.col)] = 1;
  return b;
}

}  // namespace perfectplay::games::asymmetry
