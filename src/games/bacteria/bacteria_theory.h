// bacteria theory: Sprague-Grundy values over sub-rectangles.
//
// Why rectangles. A colony spreads until the edge or an infected cell, so the
// first colony infects a whole row (H) or column (V) of the grid, cutting it
// into at most two rectangles that no later colony can cross. Inductively,
// every reachable position is a set of disjoint, uninfected rectangles, and a
// move inside one rectangle infects a whole row or column of that rectangle
// and splits it into two. The game is impartial (both players have the same
// moves), so it is a sum of independent rectangle games and its value is the
// nim-sum of their Grundy values.
//
// Mutation. A move whose line (within its rectangle) holds a radioactive
// cell mutates and loses at once, so no player who can avoid it makes it; a
// player whose only moves mutate loses, exactly as one with no move. So
// mutating moves are simply not options: a rectangle's options are its clear
// rows (H anywhere in the row) and clear columns (V anywhere in the column).
//
//   g(rect) = mex over clear rows r of  g(above r) ^ g(below r),
//                 and clear columns c of g(left of c) ^ g(right of c)
//   g(empty rectangle) = 0
//
// "Clear" is O(1) from per-row and per-column prefix counts of '#'.
//
// Evaluation (the lazy scheme and the clear-rectangle table are a
// teammate's, from the parallel bacteria branch): a rectangle without '#'
// depends only on its height and width, so one (R+1) x (C+1) table serves
// all of them; any other rectangle is computed on demand, recursively, and
// memoized in a byte per rectangle, so only rectangles that some sequence of
// cuts reaches from the ones asked about are ever evaluated. O(1) tests: a
// line is clear by per-row/column prefix counts of '#', a rectangle is
// '#'-free by a 2D prefix count.
//
// Cost: at most R(R+1)/2 * C(C+1)/2 rectangles, each O(R + C), so
// O(R^2 C^2 (R + C)) in the worst case (few '#': little is clear of them, and
// most rectangles are reached), far less with more '#'. Memory: one byte per
// rectangle, allocated up front (a value is at most R + C <= 254): 15 x 15,
// 14 KB; 100 x 100, 25.5 MB; 127 x 127, 66 MB. Recursion depth at most R + C.
//
// Counting winning openings. Becca wins iff g(grid) != 0. An opening H in a
// clear row r is winning iff g(above) ^ g(below) == 0, and every one of the
// row's C cells is a distinct move doing the same thing; likewise V in a clear
// column, R cells each. Opening moves that mutate never win.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/nimber.h"
#include "games/bacteria/bacteria.h"

namespace perfectplay::games::bacteria {

// The largest grid side the theory accepts (values must fit in a byte).
inline constexpr int kMaxSide = 127;

struct Rect {
  int r1 = 0, r2 = -1, c1 = 0, c2 = -1;  // inclusive; empty when r1 > r2 or c1 > c2
  bool empty() const { return r1 > r2 || c1 > c2; }
  int height() const { return r2 - r1 + 1; }
  int width() const { return c2 - c1 + 1; }
  bool contains(int r, int c) const { return r >= r1 && r <= r2 && c >= c1 && c <= c2; }
  friend bool operator==(const Rect&, const Rect&) = default;
};

class GrundyTable {
 public:
  // Computes every rectangle's value. Precondition: 1 <= rows, cols <= kMaxSide.
  explicit GrundyTable(const Grid& grid);

  Nimber value(const Rect& r) const;
  bool row_clear(int row, int c1, int c2) const {
    return row_hash_[index(row, c2 + 1, grid_.cols + 1)] ==
           row_hash_[index(row, c1, grid_.cols + 1)];
  }
  bool col_clear(int col, int r1, int r2) const {
    return col_hash_[index(col, r2 + 1, grid_.rows + 1)] ==
           col_hash_[index(col, r1, grid_.rows + 1)];
  }
  const Grid& grid() const { return grid_; }
  std::size_t bytes() const { return memo_.size() + clear_.size(); }
  std::uint64_t computed() const { return computed_; }  // rectangles evaluated so far

  // The two parts a move leaves of `rect`.
  static std::pair<Rect, Rect> split(const Rect& rect, const Move& m);

 private:
  static std::size_t index(int a, int b, int width) {
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(b);
  }
  std::size_t slot(int r1, int r2, int c1, int c2) const {
    // Triangular indices: (r1, r2) with r1 <= r2 -> r2 (r2 + 1) / 2 + r1.
    const std::size_t rows = static_cast<std::size_t>(r2) * (r2 + 1) / 2 + r1;
    const std::size_t cols = static_cast<std::size_t>(c2) * (c2 + 1) / 2 + c1;
    return cols * row_pairs_ + rows;
  }

  Grid grid_;
  std::size_t row_pairs_ = 0;
  std::size_t col_pairs_ = 0;
  std::uint8_t grundy(int r1, int r2, int c1, int c2) const;
  bool has_radioactive(int r1, int r2, int c1, int c2) const;

  std::vector<std::uint32_t> prefix2d_;     // counts of '#' in the top-left rectangles
  std::vector<std::uint8_t> clear_;         // value of an h x w rectangle without '#'
  mutable std::vector<std::uint8_t> memo_;  // every rectangle, filled on demand
  mutable std::uint64_t computed_ = 0;
  std::vector<std::uint16_t> row_hash_;  // prefix counts of '#' per row
  std::vector<std::uint16_t> col_hash_;  // per column
};

// The contest's answer for a whole grid: 0 if Becca loses, else the number
// of winning opening (cell, colony) pairs.
std::uint64_t winning_openings(const GrundyTable& t);

// A game in progress, as the theory sees it: the grid, the infected cells
// with the colony that infected them ('H' or 'V'), and the uninfected
// rectangles they leave.
struct Board {
  Grid grid;
  std::vector<char> marks;  // '.', '#', 'H' or 'V' per cell
  std::vector<Rect> parts;  // the uninfected rectangles (each non-empty)
  // The last colony mutated: the game is over and the player to move has
  // won. The cells are as they were before that move.
  bool mutated = false;

  char mark(int r, int c) const {
    return marks[static_cast<std::size_t>(r) * static_cast<std::size_t>(grid.cols) +
                 static_cast<std::size_t>(c)];
  }
  // The part holding an uninfected cell, or nullptr.
  const Rect* part_of(int r, int c) const;
};

// A fresh board of the grid: one part, the whole grid.
Board start_board(const Grid& grid);

// Splits the infected cells of `marks` into the rectangles they leave, or
// explains why no sequence of moves produces them (every colony crosses its
// whole rectangle, so some part has a fully infected row or column to peel
// off first). The answer does not depend on which full line is peeled first.
struct Unreachable {
  std::string why;
  int row = 0, col = 0;  // 0-based: the first infected cell of the region at fault
};
std::optional<Unreachable> decompose(Board& board);

struct MoveEffect {
  bool mutates = false;
  Rect part;           // the rectangle the move is in
  Rect first, second;  // what it leaves (when it does not mutate)
};
// Precondition: (m.row, m.col) is an uninfected, non-radioactive cell.
MoveEffect effect_of(const GrundyTable& t, const Board& b, const Move& m);
// Plays a move that does not mutate.
void apply(Board& b, const MoveEffect& e, const Move& m);

Nimber board_value(const GrundyTable& t, const Board& b);

// Every legal move (each uninfected empty cell, H then V), in row-major order.
std::vector<Move> legal_moves(const Board& b);

// Whether a move wins: it does not mutate and leaves a nim-sum of 0.
bool is_winning_move(const GrundyTable& t, const Board& b, Nimber total, const Move& m);

// What the engine plays on a lost board beyond the exhaustive reference: the
// non-mutating move that infects the fewest cells (the first among equals),
// else, when every move mutates, the first move. A delaying heuristic, not
// proven longest. nullopt when there is no move.
std::optional<Move> delaying_move(const GrundyTable& t, const Board& b);

}  // namespace perfectplay::games::bacteria
