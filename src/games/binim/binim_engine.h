// binim/binim2 engine: what perfectplay says and plays, exact by the
// reference where it reaches, by the theory beyond.
//
//   reference_work(p) <= kReferenceCap   exhaustive: winner and remoteness of
//                                        the position and of every move
//   otherwise                            theory: the winner, the winning moves;
//                                        on a lost position a delaying heuristic
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "games/binim/binim.h"
#include "solvers/search_limits.h"

namespace perfectplay::games::binim {

inline constexpr std::uint64_t kReferenceCap = 4'000'000;

struct Evaluation {
  bool mover_wins = false;
  std::optional<std::uint32_t> remoteness;  // set when exact
  std::string text() const;                 // "win in 3", "loss"
};

struct Choice {
  std::optional<Move> move;  // none when the player to move has no move
  Evaluation value;          // what the move is worth to the mover
  bool exact = false;
};

struct MoveValue {
  Move move;
  Evaluation value;  // to the player making the move
};

bool reference_reaches(const Position& p);
Evaluation evaluate(const Position& p, Ending ending, SearchLimits limits = {});
Choice choose_move(const Position& p, Ending ending, SearchLimits limits = {});
// Every legal move with its value (exact when reference_reaches(p)). Callers
// keep this to positions with few moves.
std::vector<MoveValue> all_moves(const Position& p, Ending ending, SearchLimits limits = {});
// The theory's winning moves, in stack order then count order; at most `limit`.
std::vector<Move> theory_winning_moves(const Position& p, Ending ending, std::size_t limit);

// Theory against reference on one position: nullopt when they agree (winner,
// and every theory-winning move leaves the opponent lost), else the story.
std::optional<std::string> check_theory(const Position& p, Ending ending);

}  // namespace perfectplay::games::binim
