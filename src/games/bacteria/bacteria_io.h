// bacteria formats.
//
// Contest format (GCJ 2019 Round 1C "Bacterial Tactics"):
//   T                 number of cases, 1 <= T
//   R C               per case, 1 <= R, C <= 127 (the contest: 15)
//   R lines of C characters, '.' empty, '#' radioactive
// Answer per case: `Case #x: y`, y = 0 if Becca cannot force a win, else the
// number of winning opening (cell, colony) moves.
//
// Position format (analyze, hint, play): `R C`, then R lines of C characters,
// '.' empty, '#' radioactive, 'H' or 'V' infected by a colony of that type.
// Only positions some sequence of moves reaches are accepted. A last line
// `mutated` marks the position after a colony mutated: the game is over and
// the player to move has won (the cells are as before the mutating move).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/seed.h"
#include "core/text_sink.h"
#include "games/bacteria/bacteria_theory.h"

namespace perfectplay::games::bacteria {

std::vector<Grid> parse_contest(std::string_view input);
// The same, one grid at a time: `each(grid, index, count)` as each is read,
// none kept (an error may still come after some grids).
void for_each_grid(std::string_view input,
                   const std::function<void(const Grid&, std::uint64_t, std::uint64_t)>& each);
std::vector<std::uint64_t> solve_contest(std::string_view input);

Board parse_position(std::string_view text);
std::string format_position(const Board& b);
std::string format_grid(const Grid& g);

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t rows, std::int64_t cols,
                             std::int64_t density_percent, const TextSink& sink = {},
                             bool exact = false);  // exact: every grid is rows x cols

}  // namespace perfectplay::games::bacteria
