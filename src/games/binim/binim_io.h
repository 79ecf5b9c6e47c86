// binim/binim2 formats.
//
// Contest format (CodeChef BINIM / BINIM2):
//   T                  number of cases, 1 <= T
//   N S                per case: number of stacks N >= 1, S = Dee or Dum (moves first)
//   b_1 ... b_N        N lines, each one non-empty string of 0 and 1, top first
// Answer per case: `Dee` or `Dum`, the winner under optimal play.
//
// Position format (analyze, hint, play): the player to move, then the stacks,
// separated by blanks or newlines: `Dee 0110 1 10`. No stacks: the game is over.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"
#include "games/binim/binim.h"

namespace perfectplay::games::binim {

// Parses and solves a whole contest input; throws InputError on the first
// defect, before anything is returned. No stack is stored: each is folded
// into its case's summary as it is read, so memory is O(T).
std::vector<Player> solve_contest(std::string_view input, Ending ending);
// The same from a source (read from its start), or from a reader.
std::vector<Player> solve_contest(TextSource& input, Ending ending);
std::vector<Player> solve_contest(TextReader& in, Ending ending);

// What a line of the contest format may hold (LineRules): digits, blanks and
// the letters of Dee and Dum; a number (a run of digits other than a stack
// of 0 and 1) of at most 13 digits past its leading zeros (T, N <= 10^12).
LineRules contest_line_rules();

Position parse_position(std::string_view text);
std::string format_position(const Position& p);

// A random contest input: `cases` cases of 1..max_stacks stacks of length
// 1..max_length, the first player drawn at random.
std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_stacks,
                             std::int64_t max_length, const TextSink& sink = {},
                             bool exact = false);  // exact: every case has max_stacks stacks

}  // namespace perfectplay::games::binim
