// Octal games' formats.
//
// Contest format (ours), see docs/games/octal.md:
//   T                      number of cases, 1 <= T
//   CODE k                 per case: the octal code (0.77) and the number of
//                          rows, 1 <= k; at most kMaxCodes distinct codes
//   r_1 r_2 ... r_k        the row lengths, 0 <= r_i < 2^63, on one line
// Answer per case: `lose`, or `win R N` (take the whole row R of N pins), or
// `win R N S` (from row R remove N pins leaving a left part of S and a right
// part of the rest; S = 0: one row is left). The lowest R, then N, then S.
//
// Position format (analyze, hint, play): the row lengths on one line; the
// code is the option --code.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/seed.h"
#include "core/text_sink.h"
#include "games/octal/octal.h"
#include "games/octal/octal_theory.h"

namespace perfectplay::games::octal {

inline constexpr std::uint64_t kMaxLength = (std::uint64_t{1} << 63) - 1;
// The most distinct codes one contest input may use: a code whose period is
// not proven costs its full computation budget (about 0.3 s), so a hostile
// file of many such codes would otherwise run for hours.
inline constexpr std::size_t kMaxCodes = 64;

// The answer to one case, as the theory gives it.
struct CaseAnswer {
  std::optional<Move> move;  // the winning move; absent: `lose`
  std::string code;          // the case's code, for the JSON answer
};

// Parses and solves a whole contest input; throws InputError on the first
// defect (a bad code, a row longer than the code's theory answers), before
// anything is returned.
std::vector<CaseAnswer> solve_contest(std::string_view input);
// The same, each case's answer handed to `each` as it is found and not kept
// (an error may still come after some answers), as nim's for_each_answer.
void for_each_answer(std::string_view input, const std::function<void(CaseAnswer)>& each);

// `lose` / `win R N` / `win R N S`, one line, onto `out`.
void append_answer(std::string& out, const CaseAnswer& a);
nlohmann::json answer_json(const CaseAnswer& a);

// Refuses a row the theory does not reach, at its column.
Position parse_position(std::string_view text, const Theory& theory);
std::string format_position(const Position& p);

// A random contest input: `cases` cases of `code` with 1..max_rows rows of
// 0..max_length pins. Throws RequestError when the theory of the code does
// not reach max_length.
std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_rows,
                             std::int64_t max_length, const Theory& theory,
                             const TextSink& sink = {},
                             bool exact = false);  // exact: every case has max_rows rows

}  // namespace perfectplay::games::octal
