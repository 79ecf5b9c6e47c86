// nim engine: the move perfectplay plays, and the position's value, using the
// exhaustive reference where it reaches and the theory beyond.
//
//   reference_work <= kReferenceCap        reference: fastest win, slowest loss,
//                                          exact remoteness
//   otherwise                              theory: the winning move in the
//                                          lowest-numbered row; when lost,
//                                          delaying_move (a heuristic)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "games/nim/nim.h"
#include "solvers/analysis.h"
#include "solvers/search_limits.h"

namespace perfectplay::games::nim {

// The most work (reachable positions times moves per position, see
// reference_work) the engine gives the exhaustive reference: a few tenths of a
// second at most.
inline constexpr std::uint64_t kReferenceCap = 4'000'000;

struct Evaluation {
  bool wins = false;
  std::optional<std::uint32_t> remoteness;  // set when exact (reference reached)
  std::string text() const;                 // "win in 3", "loss", ...
};

struct Choice {
  std::optional<Move> move;  // none when no legal move
  Evaluation value;          // what the move is worth to the mover
  bool exact = false;        // chosen by the exhaustive reference
};

Evaluation evaluate(const Position& p, Ending ending, SearchLimits limits = {});
// Both throw SearchLimitExceeded when `limits` is below what the reference
// needs for a board within kReferenceCap.
Choice choose_move(const Position& p, Ending ending, SearchLimits limits = {});

// Within the reference's reach, one search gives all three: the value, the
// engine's choice and every move's value (its table serves them all).
// Precondition: reference_work(p) <= kReferenceCap. Throws like choose_move.
struct ExactAnalysis {
  Evaluation value;
  Choice choice;
  std::vector<MoveValue<Move, Outcome>> moves;
};
ExactAnalysis analyze_exactly(const Position& p, Ending ending, SearchLimits limits = {});

// Theory against reference on one board: nullopt when they agree (the
// theory's win/loss matches, and its winning move leaves a lost position),
// else what went wrong. Precondition: p is within kReferenceCap.
std::optional<std::string> check_theory(const Position& p, Ending ending);

}  // namespace perfectplay::games::nim
