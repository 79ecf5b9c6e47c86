// nim formats.
//
// Contest format (ours; nim has no official one), see docs/games/nim.md:
//   T                      number of cases, 1 <= T
//   k                      per case: number of rows, 1 <= k
//   r_1 r_2 ... r_k        the row lengths, 0 <= r_i < 2^63, on one line
// Answer per case: `lose`, or `win R N` (remove N squares from row R, 1-based;
// the winning move in the lowest-numbered row that has one), or, under misère
// play on an empty board, `win` alone (the opponent took the last square).
//
// Position format (analyze, hint, play): the row lengths on one line.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"
#include "games/nim/nim.h"

namespace perfectplay::games::nim {

inline constexpr std::uint64_t kMaxLength = (std::uint64_t{1} << 63) - 1;

// The answer to one case, as the theory gives it.
struct CaseAnswer {
  bool wins = false;
  std::optional<Move> move;  // absent when losing, or winning with no move (misère, empty)
};

// Parses and solves a whole contest input; throws InputError on the first
// defect, before anything is returned. Only the current case's rows are held
// (one reused buffer), so memory is O(largest case), not O(input).
std::vector<CaseAnswer> solve_contest(std::string_view input, Ending ending);
// The same, each case's answer handed to `each` as it is found (nothing is
// kept): an error may still come after some answers. solve writes its output
// from these directly, and solve --json validates with a first pass and
// streams with a second, so neither holds a vector of ten million answers.
void for_each_answer(std::string_view input, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each);
// The same from a reader (one over a TextSource: the command line's large
// files, read piece by piece).
void for_each_answer(TextReader& in, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each);
void for_each_answer(TextSource& input, Ending ending,  // from its start
                     const std::function<void(const CaseAnswer&)>& each);

// The answers of a whole contest input as solve prints them (a line each),
// read from `input` in two parts at once, the second from a guessed case
// start near the middle on a thread of its own, through input.tail(), and
// handed to `sink` (the first part's, then the second's: never both copied
// into one string). False, having written nothing, where that is not worth
// it or cannot be done (a text under `min_bytes`, one CPU, a source without
// tail, no case start found near the middle, no thread).
// The answers, and any InputError, are those of for_each_answer: the first
// part is read from the start as for_each_answer reads it and takes the
// second part's answers only where its cases meet the guess exactly and the
// second part read the rest of the cases to the end without a defect;
// otherwise it reads on alone. O(input) time on two threads; the answers
// held beside the input.
// `min_bytes` is the size below which it declines (a second thread costs
// more than it saves; tests set it low); `second_used`, where given, tells
// whether the second part's answers were taken.
inline constexpr std::uint64_t kSplitBytes = std::uint64_t{8} << 20;
bool answers_in_two_parts(TextSource& input, Ending ending, const TextSink& sink,
                          std::uint64_t min_bytes = kSplitBytes, bool* second_used = nullptr);

// What a line of the contest format may hold (LineRules): digits and blanks,
// numbers below 2^63 (19 digits past any leading zeros).
LineRules contest_line_rules();

// `lose` / `win R N` / `win`, one line.
std::string format_answer(const CaseAnswer& a);
void append_answer(std::string& out, const CaseAnswer& a);  // the same, onto `out`
nlohmann::json answer_json(const CaseAnswer& a);

Position parse_position(std::string_view text);
std::string format_position(const Position& p);

// A random contest input: `cases` cases of 1..max_rows rows of 0..max_length.
std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_rows,
                             std::int64_t max_length, const TextSink& sink = {},
                             bool exact = false);  // exact: every case has max_rows rows

}  // namespace perfectplay::games::nim
