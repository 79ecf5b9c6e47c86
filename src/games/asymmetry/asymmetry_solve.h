// asymmetry's contest solve, built for large inputs (a 2000 x 2000 grid is
// about 40 MB of text).
//
// The rows after the first line are split at a line boundary into two parts,
// each parsed by its own thread into its own cells; pass 1 of the theory
// (PairScan::add_row) runs on each row right after it is read, while the row
// is still in cache. The parts' accumulators merge, then pass 2 runs over both
// parts in parallel. The value is the same as game_value(parse_contest(input))
// since the passes do not depend on the order of the rows.
//
// The split path takes only the plain shape of the format: every line after
// the first exactly M values in [0, K], exactly N of them. Anything else (a
// short or long row, a blank line, a value out of range, too many or too few
// rows, a small input) goes to the sequential parser, which answers or names
// the defect with its line and column. So the split path never answers an
// input that the sequential path would refuse, and never reports an error.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace perfectplay::games::asymmetry {

// The contest answer: the split path where it applies, else the sequential
// one. Throws InputError on bad input, std::overflow_error past 2^63.
std::int64_t solve_contest(std::string_view input);

// The split path alone, with `parts` (1 or 2) parts whatever the input's size;
// nullopt where it declines. For tests.
std::optional<std::int64_t> solve_contest_split(std::string_view input, int parts);

}  // namespace perfectplay::games::asymmetry
