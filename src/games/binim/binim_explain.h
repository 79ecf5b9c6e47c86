// binim's and binim2's `explain` argument (api/explain.h): each stack's value
// (binim) or pending move (binim2) read off its bits, and the checker.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "core/game.h"

namespace perfectplay::games::binim {

// binim: {"kind": "stack-values", "value", "text", "witness": {"to_move",
// "stacks": [{"stack", "top", "zeros", "ones", "value"}], "sum"}};
// binim2: {"kind": "pending-moves", ..., "witness": {"to_move", "stacks":
// [{"stack", "top", "bottom"}] (only those with top == bottom),
// "pending_dee", "pending_dum"}}. Stack numbers from 1; empty stacks are left
// out (worth nothing).
nlohmann::json explain(std::string_view position, Ending ending);
// Recomputes every stack's facts from its bits, the total and the winner.
void check_witness(std::string_view position, Ending ending, const nlohmann::json& argument);

}  // namespace perfectplay::games::binim
