// gridgame formats.
//
// Contest format (UVa 11553):
//   t                     number of cases, 1 <= t
//   n                     per case, 1 <= n <= 50,000 (the contest: 8)
//   n lines of n integers, each in [-10^12, 10^12] (the contest: [-1000, 1000])
// Answer per case: Alice's total under optimal play, one line. A case is
// read as the assignment solver reads one (algorithms/assignment/assignment_io.h).
//
// Position format (analyze, hint, play): one case (n and the matrix), then
// optionally a line `moves: r1 c1 r2 c2 ...` of the lines crossed so far, in
// order, 1-based: Alice's row, Bob's column, ... An odd count ends with the
// row Alice has just crossed, awaiting Bob's column. The canonical form
// writes the matrix one row a line, single spaces, and the moves line only
// when a line is crossed.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/assignment/assignment_io.h"
#include "games/gridgame/gridgame.h"

namespace perfectplay::games::gridgame {

inline constexpr std::int64_t kMaxValue = algorithms::assignment::kMaxInputValue;
inline constexpr std::int64_t kMaxN = algorithms::assignment::kMaxInputN;

std::vector<CostMatrix> parse_contest(std::string_view input);
// The same, one case at a time: `each(matrix, index, count)` as each is read,
// none kept (an error may still come after some cases). solve solves each
// as it comes, so only one matrix is held at a time.
void for_each_case(std::string_view input,
                   const std::function<void(CostMatrix, std::int64_t, std::int64_t)>& each);

// The same for solving: each matrix with 32-bit entries where they fit
// (algorithms::assignment::read_compact_matrix), at half the memory; `passed`
// hears of the text read (algorithms/assignment/assignment_io.h).
void for_each_compact_case(std::string_view input,
                           const std::function<void(const algorithms::assignment::CompactMatrix&,
                                                    std::int64_t, std::int64_t)>& each,
                           const algorithms::assignment::Passed& passed = {});

Position parse_position(std::string_view text);
std::string format_position(const Position& p);

}  // namespace perfectplay::games::gridgame
