// asymmetry's `explain` argument (api/explain.h): the per-pair decomposition
// with both strategies, and its checker.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "api/entry.h"

namespace perfectplay::games::asymmetry {

// On the theory's lines (Alice to move with no half-marked pair, or Bob with
// exactly one; asymmetry_theory.h): {"kind": "pairs", "value", "text",
// "witness": {"k", "settled", "open": {"column", "term", "closed"} | null,
// "pairs": [{"columns": [j, j'], "S", "v", "w", "opening": {"column", "row",
// "write"}}], "total"}}, columns and rows from 1. Elsewhere: null (no
// argument; the game tree explains what the reference reaches).
nlohmann::json explain(std::string_view position, const Params& params);
// Recomputes, for every fresh pair, its term S, Alice's opening value v
// (her opening followed by Bob's best answer in the mirror column) and Bob's
// w (his opening, her best answer) from the grid, independently of the
// theory's code (each side's two-move game minimized over written values by
// the convex function's breakpoints); checks w <= v (the certificate that
// makes the sum exact), the opening's value, the open pair's best closing,
// and the total. O(N M).
void check_witness(std::string_view position, const Params& params, const nlohmann::json& argument);

}  // namespace perfectplay::games::asymmetry
