// gridgame (UVa 11553 "Grid Game"). Rules.
//
// An n x n integer matrix M. Each round Alice crosses out an uncrossed row i,
// then Bob an uncrossed column j, and Alice receives M(i, j) (pays it when
// negative). After n rounds every line is crossed. Alice maximizes her total,
// Bob minimizes it.
//
// Position is the game as a player sees it: the matrix and the lines crossed
// so far, in order (row, column, row, ...). An odd count ends with the row
// Alice has just crossed, awaiting Bob's column. Progress splits it into what
// is done (the score so far) and what is left (the remaining rows, that
// pending row included, and columns).
//
// Rules is the exhaustive reference's view (ScoredGame: Alice is Side::kMax),
// for n <= 16 (bit masks):
//
//   Rules::Position{rows_left = 0b101, cols_left = 0b011, pending = -1}: row 2
//   and column 3 are crossed, Alice to move. After Alice crosses row 1 the
//   position has pending = 0 and Bob chooses a column; the crossing cell's
//   value is the reward of Bob's move.
//
// Neither knows anything of matchings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "core/game.h"
#include "core/score.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::CostMatrix;
using algorithms::assignment::CostMatrix16;
using algorithms::assignment::CostMatrix32;

inline constexpr int kReferenceMaxN = 16;

// A position's matrix, its entries stored in 16 bits where every one fits,
// else in 32 where every one fits, else in 64 (read_compact_matrix's
// choice), read as 64-bit either way: a 2000 x 2000 matrix of digits takes
// 8 MB, not 32, beside its 9.6 MB text. Code that runs over the whole matrix
// (the assignment solver, the text) takes the stored matrix through visit().
class GridMatrix {
 public:
  using Stored = std::variant<CostMatrix16, CostMatrix32, CostMatrix>;
  explicit GridMatrix(Stored m) : m_(std::move(m)) {}
  // Narrowed where every entry fits in 16 or 32 bits.
  explicit GridMatrix(CostMatrix m) : m_(narrowed(std::move(m))) {}

  int size() const {
    return std::visit([](const auto& m) { return m.size(); }, m_);
  }
  std::int64_t operator()(int i, int j) const {
    if (const auto* n = std::get_if<CostMatrix16>(&m_)) return (*n)(i, j);
    if (const auto* n = std::get_if<CostMatrix32>(&m_)) return (*n)(i, j);
    return std::get<CostMatrix>(m_)(i, j);
  }
  // f(the stored matrix): a CostMatrix16, CostMatrix32 or CostMatrix.
  template <class F>
  decltype(auto) visit(F&& f) const {
    return std::visit(std::forward<F>(f), m_);
  }
  // Every entry, row by row, as 64-bit values (a copy: for small matrices).
  std::vector<std::int64_t> values() const {
    return visit(
        [](const auto& m) { return std::vector<std::int64_t>(m.cost.begin(), m.cost.end()); });
  }
  CostMatrix wide() const { return CostMatrix(static_cast<std::size_t>(size()), values()); }
  friend bool operator==(const GridMatrix& a, const GridMatrix& b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); ++i) {
      for (int j = 0; j < a.size(); ++j) {
        if (a(i, j) != b(i, j)) return false;
      }
    }
    return true;
  }

 private:
  static Stored narrowed(CostMatrix m) {
    bool fits16 = true;
    for (const std::int64_t v : m.cost) {
      if (v < INT32_MIN || v > INT32_MAX) return m;
      fits16 = fits16 && v >= INT16_MIN && v <= INT16_MAX;
    }
    if (fits16) return CostMatrix16(m.n, std::vector<std::int16_t>(m.cost.begin(), m.cost.end()));
    return CostMatrix32(m.n, std::vector<std::int32_t>(m.cost.begin(), m.cost.end()));
  }
  Stored m_;
};

struct Position {
  std::shared_ptr<const GridMatrix> matrix;  // shared by a position and its children
  std::vector<int> moves;                    // 0-based: row, column, row, column, ...

  int n() const { return matrix->size(); }
  bool alice_to_move() const { return moves.size() % 2 == 0; }
  int lines_left() const { return n() - static_cast<int>(moves.size() / 2); }  // rows, pending too
  bool over() const { return lines_left() == 0; }
  friend bool operator==(const Position& a, const Position& b) {
    return (a.matrix == b.matrix || *a.matrix == *b.matrix) && a.moves == b.moves;
  }
};

struct Progress {
  std::vector<char> row_crossed, col_crossed;  // the pending row counts as crossed
  int pending = -1;                            // the row awaiting Bob's column
  Score score = 0;                             // Alice's total so far
  std::vector<int> rows, cols;                 // what is left (pending row included), in order
};

inline Progress progress_of(const Position& p) {
  const GridMatrix& m = *p.matrix;
  Progress g;
  g.row_crossed.assign(static_cast<std::size_t>(m.size()), 0);
  g.col_crossed.assign(static_cast<std::size_t>(m.size()), 0);
  for (std::size_t k = 0; k < p.moves.size(); ++k) {
    const int line = p.moves[k];
    if (k % 2 == 0) {
      g.row_crossed[static_cast<std::size_t>(line)] = 1;
      g.pending = line;
    } else {
      g.col_crossed[static_cast<std::size_t>(line)] = 1;
      g.score += m(g.pending, line);
      g.pending = -1;
    }
  }
  for (int r = 0; r < m.size(); ++r) {
    if (!g.row_crossed[static_cast<std::size_t>(r)] || r == g.pending) g.rows.push_back(r);
  }
  for (int c = 0; c < m.size(); ++c) {
    if (!g.col_crossed[static_cast<std::size_t>(c)]) g.cols.push_back(c);
  }
  return g;
}

class Rules {
 public:
  struct Position {
    std::uint32_t rows_left = 0;
    std::uint32_t cols_left = 0;
    int pending = -1;  // the row Alice has just crossed, awaiting Bob; -1 when Alice moves
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = int;  // a row (Alice) or a column (Bob), 0-based

  // Precondition: m.size() <= kReferenceMaxN. The rules hold a 64-bit copy
  // (256 entries at most), read at every move's reward.
  explicit Rules(CostMatrix m) : m_(std::make_shared<const CostMatrix>(std::move(m))) {}
  explicit Rules(const GridMatrix& m) : Rules(m.wide()) {}

  Position start() const {
    const std::uint32_t all = (m_->size() == 32) ? ~0u : (1u << m_->size()) - 1;
    return {all, all, -1};
  }
  Side side(const Position& p) const { return p.pending < 0 ? Side::kMax : Side::kMin; }
  Score final_score(const Position&) const { return 0; }
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    const std::uint32_t left = p.pending < 0 ? p.rows_left : p.cols_left;
    for (int k = 0; k < m_->size(); ++k) {
      if ((left >> k) & 1) out.push_back(k);
    }
  }
  Position play(Position p, Move m) const {
    play_in_place(p, m);
    return p;
  }
  void play_in_place(Position& p, Move m) const {
    if (p.pending < 0) {
      p.rows_left &= ~(1u << m);
      p.pending = m;
    } else {
      p.cols_left &= ~(1u << m);
      p.pending = -1;
    }
  }
  Score reward(const Position& p, Move m) const { return p.pending < 0 ? 0 : (*m_)(p.pending, m); }
  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(mix64((std::uint64_t{p.rows_left} << 32) ^ p.cols_left ^
                                          (std::uint64_t(p.pending + 1) << 58)));
  }
  // For the solvers' tables: rows_left, cols_left and pending + 1 in 28, 28
  // and 8 bits (every position of n <= 16 packs).
  std::optional<std::uint64_t> key(const Position& p) const {
    if ((p.rows_left | p.cols_left) >> 28 || p.pending < -1 || p.pending > 254) return std::nullopt;
    return std::uint64_t{p.rows_left} | (std::uint64_t{p.cols_left} << 28) |
           (static_cast<std::uint64_t>(p.pending + 1) << 56);
  }

 private:
  std::shared_ptr<const CostMatrix> m_;
};

}  // namespace perfectplay::games::gridgame
