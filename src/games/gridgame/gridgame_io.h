// gridgame formats.
//
// Contest format (UVa 11553):
//   t                     number of cases, 1 <= t
//   n                     per case, 1 <= n <= 50,000 (the contest: 8)
//   n lines of n integers, each in [-10^12, 10^12] (the contest: [-1000, 1000])
// Answer per case: Alice's total under optimal play, one line.
//
// Position format (analyze, hint, play): one case (n and the matrix), then
// optionally a line `moves: r1 c1 r2 c2 ...` of the lines crossed so far, in
// order, 1-based: Alice's row, Bob's column, ... An odd count ends with the
// row Alice has just crossed, awaiting Bob's column.
//
// `solve assignment` reads one case (n and the matrix) and prints the minimum
// cost and, on the next line, the column matched to each row (1-based).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/seed.h"
#include "algorithms/assignment/assignment.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::CostMatrix;

inline constexpr std::int64_t kMaxValue = 1'000'000'000'000;
inline constexpr std::int64_t kMaxN = 50'000;

std::vector<CostMatrix> parse_contest(std::string_view input);
CostMatrix parse_assignment(std::string_view input);

struct GamePosition {
  CostMatrix matrix;
  std::vector<int> moves;  // 0-based: row, column, row, column, ...
};
GamePosition parse_position(std::string_view text);
std::string format_matrix(const CostMatrix& m);

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t n, std::int64_t max_abs);

}  // namespace perfectplay::games::gridgame
