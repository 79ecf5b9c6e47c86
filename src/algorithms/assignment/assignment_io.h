// Assignment formats, shared with the games whose input is a cost matrix
// (gridgame reads its cases with read_matrix).
//
// One case:
//   n                     1 <= n <= 50,000
//   n lines of n integers, each in [-10^12, 10^12]
// `solve assignment` reads one case and prints the minimum cost and, on the
// next line, the column matched to each row (1-based).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>

#include "algorithms/assignment/assignment.h"
#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"

namespace perfectplay::algorithms::assignment {

inline constexpr std::int64_t kMaxInputValue = 1'000'000'000'000;
inline constexpr std::int64_t kMaxInputN = 50'000;

// The text before an offset has been read and will not be again (a front
// end may give its pages back: Params::release_input).
using Passed = std::function<void(std::size_t offset)>;

// n, then n lines of n integers, from where `in` stands. Memory grows with the
// numbers read, never with the declared n alone.
CostMatrix read_matrix(TextReader& in);
// A matrix read to be solved: 16-bit entries when every entry of the case
// has fewer than five digits, 32-bit when fewer than ten, 64-bit otherwise.
// An entry's text takes two bytes at least (a digit and a blank or line
// end), one past 16 bits six and one past 32 bits eleven, so the matrix
// takes at most the bytes of its text (int64 entries throughout would take
// four times a matrix of single digits, int32 twice).
using CompactMatrix = std::variant<CostMatrix16, CostMatrix32, CostMatrix>;
// As read_matrix (the case's lines are looked over once for a long number
// before they are read); `passed`, if set, hears of the text read every MiB
// or so.
CompactMatrix read_compact_matrix(TextReader& in, const Passed& passed = {});
// The least cost of a perfect matching, and a matching at it.
Result solve(const CompactMatrix& m);

// One case and nothing after it.
CostMatrix parse_assignment(std::string_view input);
CompactMatrix parse_compact_assignment(std::string_view input, const Passed& passed = {});
// n, then the rows, one line each.
std::string format_matrix(const CostMatrix& m);
// The same text for a matrix stored narrower (what read_compact_matrix gives).
std::string format_matrix(const CostMatrix32& m);
std::string format_matrix(const CostMatrix16& m);

// `cases` random matrices of sizes 1..n, entries in [-max_abs, max_abs], after
// a line with their count.
std::string generate_matrices(Seed seed, std::int64_t cases, std::int64_t n, std::int64_t max_abs,
                              bool with_count = true, const TextSink& sink = {},
                              bool exact = false);  // exact: every matrix is n x n

}  // namespace perfectplay::algorithms::assignment
