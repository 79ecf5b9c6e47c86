// bacteria engine: what perfectplay says and plays. The Grundy table gives
// win/loss of every position and move on grids up to 127 x 127; the
// exhaustive reference adds remoteness where it reaches (grids of at most 64
// cells with at most kReferenceMaxEmpty uninfected cells).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/bacteria/bacteria.h"
#include "games/bacteria/bacteria_theory.h"
#include "solvers/search_limits.h"

namespace perfectplay::games::bacteria {

inline constexpr int kReferenceMaxEmpty = 20;

struct MoveInfo {
  Move move;
  bool mutates = false;
  bool wins = false;                        // for the player making it
  std::optional<std::uint32_t> remoteness;  // when the reference reached
  Nimber first, second;                     // values of the parts it leaves
};

struct Verdict {
  bool wins = false;  // for the player to move
  std::optional<std::uint32_t> remoteness;
  std::string text() const;
};

bool reference_reaches(const Board& b);
Rules::Position reference_position(const Board& b);

// Every legal move (each uninfected empty cell, H and V), in row-major order.
std::vector<Move> legal_moves(const Board& b);

Verdict evaluate(const GrundyTable& t, const Board& b, SearchLimits limits = {});
std::vector<MoveInfo> analyze_all(const GrundyTable& t, const Board& b, SearchLimits limits = {});

struct Choice {
  std::optional<Move> move;
  Verdict value;  // to the mover
  bool exact = false;
};
// The fastest win / slowest loss where the reference reaches; beyond, the
// first winning move, or when lost a delaying heuristic (the non-mutating
// move infecting the fewest cells).
Choice choose_move(const GrundyTable& t, const Board& b, SearchLimits limits = {});
// The same choice from moves already analyzed (analyze_all of b).
Choice choose_from(const GrundyTable& t, const Board& b, const std::vector<MoveInfo>& all);

// Theory against reference on a fresh grid (at most 64 cells): nullopt when
// they agree on the winner and on the number of winning openings.
std::optional<std::string> check_theory(const Grid& g);

}  // namespace perfectplay::games::bacteria
