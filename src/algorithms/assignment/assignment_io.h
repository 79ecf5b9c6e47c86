// Assignment formats, shared with the games whose input is a cost matrix
// (gridgame reads its cases with read_matrix).
//
// One case:
//   n                     1 <= n <= 50,000
//   n lines of n integers, each in [-10^12, 10^12]
// `solve assignment` reads one case and prints the minimum cost and, on the
// next line, the column matched to each row (1-based).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "algorithms/assignment/assignment.h"
#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"

namespace perfectplay::algorithms::assignment {

inline constexpr std::int64_t kMaxInputValue = 1'000'000'000'000;
inline constexpr std::int64_t kMaxInputN = 50'000;

// n, then n lines of n integers, from where `in` stands. Memory grows with the
// numbers read, never with the declared n alone.
CostMatrix read_matrix(TextReader& in);
// One case and nothing after it.
CostMatrix parse_assignment(std::string_view input);
// n, then the rows, one line each.
std::string format_matrix(const CostMatrix& m);

// `cases` random matrices of sizes 1..n, entries in [-max_abs, max_abs], after
// a line with their count.
std::string generate_matrices(Seed seed, std::int64_t cases, std::int64_t n, std::int64_t max_abs,
                              bool with_count = true, const TextSink& sink = {},
                              bool exact = false);  // exact: every matrix is n x n

}  // namespace perfectplay::algorithms::assignment
