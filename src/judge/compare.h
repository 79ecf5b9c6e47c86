// Comparing a contestant's output with the exact answer, as judges do.
//
// Every game's contest output is one line per case (asymmetry: one line in
// all), so a line number is a case number. The output is:
//   OK  byte for byte the answer; a missing final newline is forgiven;
//   PE  the same tokens, but other whitespace (CRLF line endings, trailing
//       or doubled blanks, blank lines, the answers on one line) or another
//       letter case (`case #1:`, `dee`): the answers are right, the format
//       is not;
//   WA  anything else; the first line that differs once whitespace is
//       normalised is reported, with the answer's line and the output's.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace perfectplay::judge {

enum class Verdict { kOk, kWrongAnswer, kPresentation, kTimeLimit, kMemoryLimit, kRuntimeError };

// "OK", "WA", "PE", "TLE", "MLE", "RE".
const char* verdict_code(Verdict v);
// "accepted", "wrong answer", ...
const char* verdict_name(Verdict v);

struct Comparison {
  Verdict verdict = Verdict::kOk;  // kOk, kWrongAnswer or kPresentation
  std::size_t line = 0;            // 1-based, where it differs (0 when OK)
  std::string expected;            // that line of the answer (empty at its end)
  std::string got;                 // that line of the output, escaped (\r, \t shown)
  std::string detail;              // one line: what differs
};

Comparison compare_output(std::string_view expected, std::string_view got);

// `s` with \r, \t and other control bytes written as escapes, cut at `cap`.
std::string escape(std::string_view s, std::size_t cap = 200);

}  // namespace perfectplay::judge
