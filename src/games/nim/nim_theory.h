// nim theory: who wins, and the winning move, in O(k) for k rows.
//
// Normal play (Bouton, 1901). Let X be the nim-sum (XOR) of the row lengths.
// The player to move loses iff X == 0:
//   - from X == 0 every move changes exactly one row, so some bit of X flips
//     and X != 0 after it;
//   - from X != 0, let b be the highest set bit of X; some row r has bit b set,
//     and r ^ X < r (bit b clears, higher bits are unchanged), so taking
//     r - (r ^ X) squares from it leaves X == 0.
// A row r has a winning move iff (r ^ X) < r, and it is unique in that row: the
// only length that zeroes X is r ^ X.
//
// Misère play (Bouton; see Winning Ways ch. 2). If every row has at most one
// square, the game is forced: with c one-square rows, the player to move
// wins iff c is even (c == 0: the opponent took the last square). Otherwise
// (some row has >= 2) the player to move wins iff X != 0, and the winning moves
// are those of normal play, except when exactly one row has >= 2 squares: then
// the only winning move cuts that row to 0 or 1 so that an odd number of
// one-square rows remains. Why: with two or more big rows no move can reach an
// all-small position, and X == 0 positions behave as in normal play; with one
// big row X != 0 always, and cutting it decides the parity of the forced
// endgame.
//
// What the theory does not give in O(k): how long the game lasts. The
// exhaustive reference computes remoteness on small boards; `delaying_move`
// below is what the engine plays on a lost board beyond the reference's reach
// (see docs/games/nim.md for how often it matches the exact answer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "core/game.h"
#include "games/nim/nim.h"

namespace perfectplay::games::nim {

// What the theory needs to know about a board, accumulated row by row, so a
// parser can solve a case while streaming over it.
struct Summary {
  std::uint64_t nim_sum = 0;
  std::uint64_t ones = 0;  // rows of exactly one square
  std::uint64_t big = 0;   // rows of two or more squares

  void add(std::uint64_t row) {
    nim_sum ^= row;
    ones += (row == 1);
    big += (row >= 2);
  }
};

inline Summary summarize(std::span<const std::uint64_t> rows) {
  Summary s;
  for (const std::uint64_t r : rows) s.add(r);
  return s;
}

// Whether the player to move wins.
inline bool mover_wins(const Summary& s, Ending ending) {
  if (ending == Ending::kMisere && s.big == 0) return s.ones % 2 == 0;
  return s.nim_sum != 0;
}

// If a winning move exists in a row of length `row` on a board summarized by
// `s` (the player to move wins), the length the row is cut to; else nullopt.
// In every case at most one length works per row.
inline std::optional<std::uint64_t> winning_target(std::uint64_t row, const Summary& s,
                                                   Ending ending) {
  if (ending == Ending::kMisere) {
    if (s.big == 0) {  // forced endgame: take a single square, leaving an odd count
      if (row == 1 && s.ones % 2 == 0) return 0;
      return std::nullopt;
    }
    if (s.big == 1) {  // cut the only big row to leave an odd number of ones
      if (row >= 2) return s.ones % 2 == 1 ? 0 : 1;
      return std::nullopt;
    }
  }
  const std::uint64_t target = row ^ s.nim_sum;
  if (s.nim_sum != 0 && target < row) return target;
  return std::nullopt;
}

// The winning move in the lowest-numbered row that has one, if the player to
// move wins and has a move (misère: an empty board is won without a move).
inline std::optional<Move> winning_move(std::span<const std::uint64_t> rows, Ending ending) {
  const Summary s = summarize(rows);
  if (!mover_wins(s, ending)) return std::nullopt;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (auto t = winning_target(rows[i], s, ending)) return Move{i, rows[i] - *t};
  }
  return std::nullopt;
}

// What the engine plays on a lost board too large for the exhaustive
// reference: one square from the longest row (the lowest-numbered among
// equals). It keeps the most material on the board; it is not always the
// longest-lasting move (docs/games/nim.md gives the measured agreement).
// Precondition: some row is non-empty.
inline Move delaying_move(std::span<const std::uint64_t> rows) {
  std::size_t best = rows.size();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] > 0 && (best == rows.size() || rows[i] > rows[best])) best = i;
  }
  return Move{best, 1};
}

}  // namespace perfectplay::games::nim
