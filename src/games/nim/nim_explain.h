// nim's `explain` argument (api/explain.h): the XOR column, and its checker.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "api/entry.h"

namespace perfectplay::games::nim {

// {"kind": "nim-sum", "value", "text", "witness": {"ending", "nim_sum", "ones",
// "big", "move": {"row", "from", "to"} | null}}: row numbers from 1.
nlohmann::json explain(std::string_view position, const Params& params);
// Recomputes the nim-sum and the counts from the position, and checks that
// the claimed value follows from them and that the move leaves a lost board.
void check_witness(std::string_view position, const Params& params, const nlohmann::json& argument);

}  // namespace perfectplay::games::nim
