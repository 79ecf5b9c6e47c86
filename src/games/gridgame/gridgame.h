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
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "core/game.h"
#include "core/score.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::CostMatrix;

inline constexpr int kReferenceMaxN = 16;

struct Position {
  std::shared_ptr<const CostMatrix> matrix;  // shared by a position and its children
  std::vector<int> moves;                    // 0-based: row, column, row, column, ...

  int n() const { return matrix->size(); }
  bool alice_to_move() const { return moves.size() % 2 == 0; }
  int lines_left() const { return n() - static_cast<int>(moves.size() / 2); }  // rows, pending too
  bool over() const { return lines_left() == 0; }
  friend bool operator==(const Position& a, const Position& b) {
    return (a.matrix == b.matrix || (a.n() == b.n() && a.matrix->cost == b.matrix->cost)) &&
           a.moves == b.moves;
  }
};

struct Progress {
  std::vector<char> row_crossed, col_crossed;  // the pending row counts as crossed
  int pending = -1;                            // the row awaiting Bob's column
  Score score = 0;                             // Alice's total so far
  std::vector<int> rows, cols;                 // what is left (pending row included), in order
};

inline Progress progress_of(const Position& p) {
  const CostMatrix& m = *p.matrix;
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

  // Precondition: m.size() <= kReferenceMaxN.
  explicit Rules(const CostMatrix& m) : m_(&m) {}

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
  const CostMatrix* m_;
};

}  // namespace perfectplay::games::gridgame
