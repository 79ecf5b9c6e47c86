// asymmetry formats.
//
// Contest format (CCO 2026 Day 2 Problem 1):
//   N M K                 1 <= N, M; M even; 1 <= K <= 4294967295; N * M <= 5 * 10^8
//   N lines of M integers in [0, K]
// Answer: the asymmetry under optimal play, one integer.
//
// Position format (analyze, hint, play): the same, then optionally a line
// `marked: c1 c2 ...` of the marked columns (1-based); a marked column's
// values are what was finally written there.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"
#include "games/asymmetry/asymmetry.h"

namespace perfectplay::games::asymmetry {

inline constexpr std::int64_t kMaxK = 4'294'967'295;
inline constexpr std::int64_t kMaxCells = 500'000'000;

Grid parse_contest(std::string_view input);
// parse_contest's checks without keeping the grid: where the solve's fast
// paths decline, this names the defect (InputError) in constant memory.
void check_contest(std::string_view input);

// The first line, N M K, checked; the grid's cells are left empty.
Grid read_header(TextReader& in);
// Reserves room for a grid of `declared` cells read from `bytes` of input
// (never more than the input can hold) and advises huge pages for it.
void reserve_cells(std::vector<std::uint32_t>& cells, std::size_t declared, std::size_t bytes);

// What a line of the contest format may hold (LineRules): digits and blanks,
// numbers of at most 10 digits past their leading zeros (N, M <= 10^9,
// values and K <= 4294967295).
LineRules contest_line_rules();

Board parse_position(std::string_view text);
std::string format_position(const Board& b);

std::string generate_contest(Seed seed, std::int64_t rows, std::int64_t cols, std::int64_t k,
                             const TextSink& sink = {});

}  // namespace perfectplay::games::asymmetry
