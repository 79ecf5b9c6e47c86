// Octal games' `explain` argument (api/explain.h): each row's Grundy value
// read from the proven periodic table, the nim-sum, the move that zeroes it;
// and the checker, which recomputes the table's entries from the rules.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "api/entry.h"

namespace perfectplay::games::octal {

// {"kind": "grundy-table", "value", "text", "witness": {"code", "preperiod",
// "period" (0: none proven), "computed", "rows": [{"pins", "entry", "nimber"}]
// (entry: the table index the row reads, pins itself below the pre-period
// plus a period), "nim_sum", "move": {"row", "take", "left", "right",
// "nimber_after"} | null}}.
nlohmann::json explain(std::string_view position, const Params& params);
// Recomputes G(0..N) from the code's rules alone (the mex of every option's
// value) for the N the witness needs: the entries its rows read and, for a
// claimed period p from n0, every n in [n0, 2 n0 + p + t) so that G(n + p) =
// G(n) there (Guy-Smith's condition). O(t N^2); witnesses that would need N
// past kCheckEntries are refused as too large to check.
void check_witness(std::string_view position, const Params& params, const nlohmann::json& argument);

inline constexpr std::uint64_t kCheckEntries = 20000;

}  // namespace perfectplay::games::octal
