// bacteria's `explain` argument (api/explain.h): the independent regions the
// infected lines leave, each one's Grundy value, the nim-sum, and the winning
// openings with the two parts each leaves; and its checker.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "api/entry.h"

namespace perfectplay::games::bacteria {

// {"kind": "regions", "value", "text", "witness": {"regions": [{"rows": [r1,
// r2], "cols": [c1, c2], "hashes", "nimber"}], "nim_sum", "winning_moves":
// [{"row", "col", "colony", "region", "parts": [{"rows", "cols", "nimber"} x
// 2]}], "winning_moves_total"}}: rows and columns from 1, inclusive. At most
// kMovesListed winning moves are listed. A board whose last colony mutated
// has {"kind": "mutated"} and the mover's win.
nlohmann::json explain(std::string_view position, const Params& params);
// Recomputes the regions by a flood fill of the uninfected cells (each must
// be exactly its listed rectangle, and every uninfected cell in one), each
// region's value from the rules (the closed forms for at most one '#', which
// bacteria_theory.h proves; otherwise the mex recursion over sub-rectangles,
// refused past kCheckWork steps as too large to check here), the nim-sum,
// and that each listed move is legal, does not mutate, leaves the parts
// listed, and zeroes the nim-sum.
void check_witness(std::string_view position, const Params& params, const nlohmann::json& argument);

inline constexpr std::size_t kMovesListed = 32;
inline constexpr std::uint64_t kCheckWork = std::uint64_t{1} << 26;

}  // namespace perfectplay::games::bacteria
