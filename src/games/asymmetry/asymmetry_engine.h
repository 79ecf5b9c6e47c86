// asymmetry engine: values and moves for games in progress.
//
// Where each answer comes from:
//   reference    the grid is within the reference's bounds (N <= 8, M <= 16,
//                K <= 15): exact, by exhaustive search.
//   theory       Alice to move with every pair fresh or settled, or Bob to
//                move with exactly one half-marked pair (the positions of
//                perfect play): settled terms + the pairs' values (+ Bob's
//                best answer in the open pair). Exact, given the lemma the
//                stress tests check.
//   heuristic    anything else at a size the reference cannot search: the
//                engine closes an open pair (Alice: at the least cost; Bob:
//                at the most gain) or opens a fresh one; no value is claimed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/asymmetry/asymmetry.h"
#include "games/asymmetry/asymmetry_io.h"
#include "solvers/search_limits.h"

namespace perfectplay::games::asymmetry {

enum class Source { kReference, kTheory, kHeuristic };

struct BoardMove {
  int col = 0;
  int row = -1;  // -1: mark the column unchanged
  std::int64_t value = 0;
};

struct Verdict {
  std::optional<std::int64_t> value;  // the final asymmetry under perfect play, when known
  Source source = Source::kHeuristic;
};

bool alice_to_move(const Board& b);
std::int64_t settled_sum(const Board& b);
Verdict evaluate(const Board& b, SearchLimits limits = {});
// The theory's value where it covers the position (see above), else nullopt.
std::optional<std::int64_t> theory_value(const Board& b);
// The reference's value; the grid must be within its bounds.
std::int64_t reference_value(const Board& b, SearchLimits limits = {});

struct Choice {
  std::optional<BoardMove> move;
  Verdict after;  // the value after the move, when known
};
Choice choose_move(const Board& b, SearchLimits limits = {});

// Every distinct move with the value it leads to; only on reference-sized grids.
std::vector<std::pair<BoardMove, std::int64_t>> reference_moves(const Board& b,
                                                                SearchLimits limits = {});

void apply(Board& b, const BoardMove& m);
std::string move_text(const BoardMove& m);

// Theory against reference, and the seed's side claims, on one fresh grid.
std::optional<std::string> check_theory(const Grid& g);
std::optional<std::string> check_side_claims(const Grid& g);

}  // namespace perfectplay::games::asymmetry
