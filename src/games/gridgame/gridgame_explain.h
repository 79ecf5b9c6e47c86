// gridgame's `explain` argument (api/explain.h): the minimum matching of
// what is left, with the dual potentials that prove it minimum; its checker.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "api/entry.h"

namespace perfectplay::games::gridgame {

// {"kind": "matching", "value", "text", "witness": {"score_so_far", "rows",
// "columns", "matching", "u", "v"}}: lines numbered from 1; matching[k] is
// the column Bob answers rows[k] with, u[k] that row's potential, v[k]
// columns[k]'s.
nlohmann::json explain(std::string_view position, const Params& params);
// O(m^2) for m lines left, in exact integers: the potentials are feasible
// (u_i + v_j <= M(i, j) on every cell left) and tight on the matching, so no
// perfect matching costs less, and the matching's cost is the value.
void check_witness(std::string_view position, const Params& params, const nlohmann::json& argument);

}  // namespace perfectplay::games::gridgame
