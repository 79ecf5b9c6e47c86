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
// Two closed forms, each proved by induction on the area (every option of a
// rectangle is smaller, and its parts fall under the same forms). Write
// c(h, w) for (a); a part of height or width 0 is worth 0.
//
//   (a) h x w without '#' (h, w >= 1): c(h, w) = 0 if h and w are even, 1 if
//       both are odd, 2 if exactly one is odd. Every line is clear; a row cut
//       leaves i x w and j x w with i + j = h - 1.
//        - h, w even: one of i, j is odd (part 2), the other even (part 0):
//          every option is 2, by symmetry the columns too: value 0.
//        - h, w odd: i, j both odd (1 ^ 1 = 0) or both even (each 0 or 2):
//          options in {0, 2}, and 0 is one (i = j = 0 when h = 1, else
//          i = 1): value 1.
//        - h odd, w even: rows give 0 (i, j of one parity: 2 ^ 2 or 0 ^ 0);
//          a column cut leaves k + l = w - 1 (odd) columns, an odd part
//          (h x odd: 1) and an even one (0 or 2): options {0, 1, 3} with 1
//          from the edge column: value 2. h even, w odd: the same.
//   (b) h x w with exactly one '#': (h + w) mod 2 =: p. Its row and column
//       mutate; the options cut the four margins around it. Cutting the
//       top margin with i rows above the cut leaves a clear i x w, c(i, w),
//       and a one-'#' rectangle (h - 1 - i) x w, worth p ^ 1 ^ (i mod 2) by
//       induction. The option: i = 0: 1 ^ p; i odd: c ^ p, that is 1 ^ p
//       (w odd) or 2 ^ p (w even); i even >= 2: c ^ p ^ 1, that is 3 ^ p
//       (w odd) or 1 ^ p (w even). So every option is 1 ^ p, 2 or 3, never
//       p; the other margins by symmetry. p = 0: 0 is no option, value 0.
//       p = 1: h + w >= 3, so there is a margin, its edge line (i = 0) is
//       the option 0, and 1 never is: value 1.
//
// Prefix counts of '#' tell in O(1) whether a line is clear and how many '#'
// a rectangle holds, so a rectangle with at most one '#' costs O(1): a grid
// with at most one '#' (issue 20's 127 x 127 grid with one at the centre
// took 30 s) is settled in microseconds, the openings included.
//
// Evaluation of the rest, two ways.
//  - On demand (lazy): a rectangle asked about is computed from its options,
//    recursively, and kept in a small hash table (key: the four sides in a
//    32-bit word). With many '#' few lines are clear and little is reached
//    (a 100 x 100 grid with 5% '#' often has not one clear line); with few
//    '#' nearly everything is (5 '#' in 100 x 100: 2 x 10^8 options looked
//    at, seconds). So the work (options looked at) is counted, and past a
//    budget, a 256th of the full fill's vector steps plus 10,000 (a few
//    percent of the fill's time), the lazy evaluation stops and the full
//    table is filled instead; later questions read it. (Keeping the lazy
//    values in the table itself, a byte per rectangle, was tried: on these
//    machines each page first touched at random costs microseconds, and it
//    was slower.)
//  - Full fill: every rectangle, bottom-up, 32 at a time with AVX2 (runtime
//    dispatch; a scalar loop of the same layout elsewhere), one byte each
//    (the value XOR 0x80). The layout puts 32 rectangles that differ only in
//    their top row in one vector, and with them the parts every one of
//    their cuts leaves:
//
//      table = [column span S = (c1, c2)] [height h = 0..R] [top row r1 = 0..R-h]
//              S numbered c2 (c2 + 1) / 2 + c1; slice h starts at h (R+1) - h (h-1) / 2
//
//      rectangles (S, h, r1 .. r1+31), one vector; per option, two vectors:
//        row cut i rows below the top:  (S, i, r1 ..)  and  (S, h-1-i, r1+i+1 ..)
//        column cut at c:               ((c1, c-1), h, r1 ..)  and  ((c+1, c2), h, r1 ..)
//
//    so an option is two loads and an XOR (the 0x80 flags cancel), a mask
//    for the lanes whose line holds '#' (a per-span row mask; per column,
//    the distance to its next '#' against h), and two byte shuffles that
//    turn a value below 16 into a bit of two 8-bit sets; the mex of 32
//    lanes is a few instructions more. Values grow with the grid (7 at
//    15 x 15; with 1% '#', 33 at 100 x 100 and 46 at 200 x 200), so a lane
//    whose sets come back full runs the options again for the next window
//    of 16 values (v - 16k: the values below the window wrap past 127 and
//    vanish like masked lanes); 1.0 to 1.3 windows per step at 100 x 100,
//    1.75 at 200 x 200 with 1% '#'. Values up to 127 fit; past that the
//    table refuses (RequestError), never a wrong value. Vectors of rectangles with at most
//    one '#' among them are written from the closed forms. The grid is held
//    transposed when it has more columns than rows, so vectors run along
//    the longer side. Span (c1, c2) needs the spans (c1, c) and (c, c2)
//    inside it, so the rows c1 = C-1 .. 0 of spans go to the threads in
//    turn (the processor's count, at most 16, when the fill is large), each
//    row left to right, a span waiting until the row below has done its
//    column: a wavefront in which a thread's row, the left parts of its
//    cuts, stays in its cache.
//
// Cost of the full fill: the sum over spans S of width w and heights h of
// ceil((R - h + 1) / 32) (h + w) vector steps (times the windows), about
// R^3 C^2 / 96 for large grids: 100 x 100, 76 million; 200 x 200, 2.0
// billion; and (C (C+1) / 2) ((R+1) (R+2) / 2) bytes of table: 100 x 100,
// 26 MB; 127 x 127, 67 MB; 200 x 200, 408 MB; 255 x 255 (the limit),
// 1.07 GB, allocated only when a fill starts and checked first against
// Options::max_table_bytes. The lazy memo is at most the table's size, and
// its recursion at most R + C deep.
//
// Counting winning openings. Becca wins iff g(grid) != 0. An opening H in a
// clear row r is winning iff g(above) ^ g(below) == 0, and every one of the
// row's C cells is a distinct move doing the same thing; likewise V in a clear
// column, R cells each. Opening moves that mutate never win.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/nimber.h"
#include "games/bacteria/bacteria.h"
#include "solvers/search_limits.h"

namespace perfectplay::games::bacteria {

// The largest grid side the theory accepts: a side fits a byte, and the
// full table of a 255 x 255 grid is 1.07 GB.
inline constexpr int kMaxSide = 255;

// The table a grid needs is past the memory budget it was given (the
// command line's --max-states, counted as memory: see bacteria_entry.h).
class TableTooLarge : public SearchLimitExceeded {
 public:
  TableTooLarge(std::uint64_t limit, std::string message)
      : SearchLimitExceeded(limit), message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

struct Rect {
  int r1 = 0, r2 = -1, c1 = 0, c2 = -1;  // inclusive; empty when r1 > r2 or c1 > c2
  bool empty() const { return r1 > r2 || c1 > c2; }
  int height() const { return r2 - r1 + 1; }
  int width() const { return c2 - c1 + 1; }
  bool contains(int r, int c) const { return r >= r1 && r <= r2 && c >= c1 && c <= c2; }
  friend bool operator==(const Rect&, const Rect&) = default;
};

// The value of an h x w rectangle without '#' (closed form (a) above).
constexpr std::uint8_t clear_value(int h, int w) {
  if (h <= 0 || w <= 0) return 0;
  if ((h & 1) && (w & 1)) return 1;
  return ((h + w) & 1) ? 2 : 0;
}

class GrundyTable {
 public:
  // How values are computed; the defaults are what the game uses. Tests and
  // benchmarks pick a way to compare them.
  struct Options {
    bool lazy = true;  // on demand first (with its budget); false: fill at once
    bool simd = true;  // AVX2 where the processor has it; false: the scalar fill
    // Work units (options looked at) the lazy evaluation may spend before it
    // gives way to the full fill; 0: a 256th of the fill's vector steps.
    std::uint64_t lazy_budget = 0;
    // The most bytes the table may take; past it, asking about a rectangle
    // with two or more '#' throws TableTooLarge. 0: no limit.
    std::uint64_t max_table_bytes = 0;
    // Where that budget comes from, for the message: empty for --max-states
    // ("raise it with --max-states"), else the limit's words.
    std::string budget_source;
    // Threads of the full fill; 0: the processor's count (at most 16) for
    // grids whose fill takes more than a few milliseconds, else one.
    int threads = 0;
  };

  // Precondition: 1 <= rows, cols <= kMaxSide. O(R C) here; values on demand.
  explicit GrundyTable(const Grid& grid) : GrundyTable(grid, Options{}) {}
  GrundyTable(const Grid& grid, Options options);

  Nimber value(const Rect& r) const;
  // Whether row `row` has no '#' in columns c1..c2 (and likewise a column).
  bool row_clear(int row, int c1, int c2) const;
  bool col_clear(int col, int r1, int r2) const;
  const Grid& grid() const { return grid_; }

  // What the evaluation did so far: whether the full table was filled, and
  // whether the vector kernel filled it.
  bool filled() const { return filled_; }
  bool filled_by_simd() const { return filled_by_simd_; }
  std::uint64_t lazy_work() const { return lazy_work_; }
  // Bytes of the full table of an R x C grid (allocated zeroed; the lazy
  // evaluation touches only what it reaches).
  static std::size_t table_bytes(int rows, int cols);
  // Vector steps of the full fill of an R x C grid.
  static std::uint64_t fill_steps(int rows, int cols);

  // The two parts a move leaves of `rect`.
  static std::pair<Rect, Rect> split(const Rect& rect, const Move& m);

 private:
  struct FreeDeleter {
    void operator()(std::uint8_t* p) const { std::free(p); }
  };
  struct LazyBudgetSpent {};

  // Internal coordinates: the grid transposed when it has more columns than
  // rows, so rows_ >= cols_.
  std::size_t span(int c1, int c2) const {
    return (static_cast<std::size_t>(c2) * static_cast<std::size_t>(c2 + 1) / 2 +
            static_cast<std::size_t>(c1)) *
           block_;
  }
  std::size_t slice(int h) const {
    const auto uh = static_cast<std::size_t>(h);
    return uh * static_cast<std::size_t>(rows_ + 1) - uh * (uh - (uh > 0 ? 1 : 0)) / 2;
  }
  bool blocked(int r, int c) const { return cells_[static_cast<std::size_t>(r) * cols_ + c] != 0; }
  int count(int r1, int r2, int c1, int c2) const;   // '#' in the rectangle, inclusive
  bool line_clear_row(int r, int c1, int c2) const;  // internal row r, columns c1..c2
  bool line_clear_col(int c, int r1, int r2) const;
  std::uint8_t closed_form(int h, int c1, int c2, int hashes) const;

  std::uint8_t internal_value(int r1, int h, int c1, int c2) const;
  std::uint8_t lazy(int r1, int h, int c1, int c2) const;
  std::size_t memo_slot(std::uint32_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (memo_.size() - 1);
  }
  std::optional<std::uint8_t> memo_find(std::uint32_t key) const;
  void memo_insert(std::uint32_t key, std::uint8_t value) const;
  void ensure_table() const;
  // Per thread: the span's row mask (0x70 where a row is clear in it, 0xFF
  // not) and the spans its column cuts leave, left and right of each column.
  struct SpanScratch {
    std::vector<std::uint8_t> rowmask;
    std::vector<const std::uint8_t*> left, right;
  };
  void fill() const;
  int fill_threads() const;
  void prepare_span(int c1, int c2, SpanScratch& scratch) const;
  void fill_span_avx2(int c1, int c2, SpanScratch& scratch) const;
  void fill_span_scalar(int c1, int c2, SpanScratch& scratch) const;

  // The rectangles (c1, c2, h, base .. base + n - 1) when they hold at most
  // one '#' together: true and filled by the closed forms.
  bool fill_closed(int c1, int c2, int h, int base, int n) const;
  void prepare_masks() const;

  Grid grid_;
  Options options_;
  bool transposed_ = false;
  int rows_ = 0, cols_ = 0;
  std::size_t block_ = 0;                 // bytes per column span: (R+1)(R+2)/2
  std::vector<std::uint8_t> cells_;       // internal, 1 for '#'
  std::vector<std::uint32_t> prefix2d_;   // '#' in the top-left rectangles, (R+1) x (C+1)
  std::vector<std::uint16_t> row_count_;  // per internal row, prefix counts over columns
  std::vector<std::uint16_t> col_count_;  // per internal column, over rows

  mutable std::vector<std::uint64_t> memo_;  // the lazy evaluation's values
  mutable std::size_t memo_used_ = 0;
  mutable std::unique_ptr<std::uint8_t, FreeDeleter> table_;  // the full fill's
  mutable std::vector<std::uint8_t> zero_;   // the parts of an empty column span: value 0
  mutable std::vector<std::size_t> slices_;  // slice(h) for h = 0..R
  mutable std::vector<std::uint8_t> dist_;   // per column, rows from r1 to its next '#' (<= 255)
  mutable bool filled_ = false;
  mutable bool filled_by_simd_ = false;
  mutable std::uint64_t lazy_work_ = 0;
  std::uint64_t lazy_budget_ = 0;
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
// whole rectangle, an H colony a row and a V colony a column, so some part has
// a row all H or a column all V to peel off first). The answer does not
// depend on which such line is peeled first (argued at the definition).
struct Unreachable {
  std::string why;
  int row = 0, col = 0;  // 0-based: the first infected cell of the region at fault
};
std::optional<Unreachable> decompose(Board& board);

// Whether a colony placed now could mutate, on a decomposed board: some part
// holds both an empty cell and a '#'. (Then one does: a '.' in a row with a
// '#' mutates as H; otherwise take a '.' at (r, c) and a '#' at (r', c') of
// the part: (r', c) is '.', as a '#' there would share c with the first, and
// an H there meets the '#'.) A `mutated` position needs it.
bool can_mutate(const Board& board);

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
