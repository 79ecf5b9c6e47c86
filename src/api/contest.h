// Helpers for a game's contest checks (GameEntry::validate_contest and
// shrink, used by perfectplay judge, check and validate): the limit check
// and the candidate orders every game shares, so that each game only says
// what its limits and its parts are.
//
// Lists shrink as delta debugging does: chunks of half the list removed,
// then of a quarter, ... then single elements, so an input of T cases whose
// failure lives in one case reaches one case in about log T steps; numbers
// shrink toward a target by halving steps (a binary search, smaller_values).
// A huge input would give millions of candidates: shrink_cases stops adding
// them past kMaxCandidates or kMaxCandidateBytes (the fine-grained ones come
// last, and become reachable once the input is smaller).
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_error.h"
#include "core/text_reader.h"

namespace perfectplay {

inline constexpr std::size_t kMaxCandidates = 4096;
inline constexpr std::size_t kMaxCandidateBytes = std::size_t{256} << 20;

// A whole number of an input already known to be well formed (solve's
// parser accepted it), checked against a limit of the original contest:
// outside [lo, hi] it throws InputError at the number, naming the limit,
// e.g. "n = 9 breaks the contest's limit 1 <= n <= 8 (UVa 11553)".
inline std::int64_t read_within(TextReader& in, std::string_view name, std::int64_t lo,
                                std::int64_t hi, std::string_view contest) {
  (void)in.at_line_end();  // skips the blanks before the number
  const std::size_t at = in.offset();
  const std::int64_t v = in.read_int(name, INT64_MIN + 1, INT64_MAX);
  if (v < lo || v > hi) {
    in.fail_at(at, fmt::format("{} = {} breaks the contest's limit {} <= {} <= {} ({})", name, v,
                               lo, name, hi, contest));
  }
  return v;
}

// A contest's validation: `format()` (solve's own parser, every defect of the
// format) and `limits()` (a pass of read_within over the same input). The
// error reported is the one earliest in the input, so a file whose n breaks
// the contest's limit on line 2 is told so even if it is also cut short on
// line 9; at one place, the format's. A limit pass's own complaints about a
// malformed input are left to the format's.
template <class Format, class Limits>
void validate_format_and_limits(Format&& format, Limits&& limits) {
  std::optional<InputError> bad_format, bad_limit;
  try {
    format();
  } catch (const InputError& e) {
    bad_format = e;
  }
  try {
    limits();
  } catch (const InputError& e) {
    if (e.message().find("breaks the contest's limit") != std::string::npos) bad_limit = e;
  }
  const auto before = [](const InputError& a, const InputError& b) {
    return a.line() < b.line() || (a.line() == b.line() && a.column() < b.column());
  };
  if (bad_limit && (!bad_format || before(*bad_limit, *bad_format))) throw *bad_limit;
  if (bad_format) throw *bad_format;
}

// Shorter copies of `v`, never below `min_size` elements: each chunk of
// size/2 removed, then of size/4, ..., then each single element.
template <class T>
std::vector<std::vector<T>> smaller_lists(const std::vector<T>& v, std::size_t min_size = 1) {
  std::vector<std::vector<T>> out;
  const std::size_t n = v.size();
  if (n <= min_size) return out;
  for (std::size_t chunk = n / 2; chunk >= 1; chunk /= 2) {
    if (n - chunk < min_size) continue;
    for (std::size_t start = 0; start < n; start += chunk) {
      std::vector<T> w;
      w.reserve(n);
      for (std::size_t j = 0; j < n; ++j) {
        if (j < start || j >= start + chunk) w.push_back(v[j]);
      }
      out.push_back(std::move(w));
    }
    if (chunk == 1) break;
  }
  return out;
}

// Values between target and v, nearest the target first: target, then v
// moved toward it by half the distance, a quarter, ..., one (distinct, never
// v itself). Run in this order by judge's greedy shrink, which takes the
// first that still fails and goes on from the same place in the next list
// (judge.h), this is a binary search for the smallest failing value: about
// 2 log2|v - target| runs, where one step at a time took |v - target|
// (a nim row near 2^31 is 62 runs, not 2^31).
inline std::vector<std::int64_t> smaller_values(std::int64_t v, std::int64_t target = 0) {
  std::vector<std::int64_t> out;
  if (v == target) return out;
  out.push_back(target);
  // The distance as unsigned: v - target may not fit an int64.
  const bool down = v > target;
  const std::uint64_t distance =
      down ? static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(target)
           : static_cast<std::uint64_t>(target) - static_cast<std::uint64_t>(v);
  for (std::uint64_t step = distance / 2; step >= 1; step /= 2) {
    const auto c = static_cast<std::int64_t>(down ? static_cast<std::uint64_t>(v) - step
                                                  : static_cast<std::uint64_t>(v) + step);
    if (c != out.back()) out.push_back(c);
  }
  if (out.back() != (down ? v - 1 : v + 1)) out.push_back(down ? v - 1 : v + 1);
  return out;
}

// Candidates under the budget above.
class Candidates {
 public:
  bool full() const { return list_.size() >= kMaxCandidates || bytes_ >= kMaxCandidateBytes; }
  void add(std::string s) {
    if (full()) return;
    bytes_ += s.size();
    list_.push_back(std::move(s));
  }
  std::vector<std::string> take() { return std::move(list_); }

 private:
  std::vector<std::string> list_;
  std::size_t bytes_ = 0;
};

// The candidates of a contest input made of independent cases: fewer cases
// (at least one left), then each case replaced by each of its own smaller
// versions, in case order. `shrink_case(c)` gives a case's smaller versions;
// `format(cases)` writes a whole input.
template <class Case, class ShrinkCase, class Format>
std::vector<std::string> shrink_cases(const std::vector<Case>& cases, ShrinkCase&& shrink_case,
                                      Format&& format) {
  Candidates out;
  for (const auto& fewer : smaller_lists(cases, 1)) {
    if (out.full()) break;
    out.add(format(fewer));
  }
  for (std::size_t i = 0; i < cases.size() && !out.full(); ++i) {
    for (auto& smaller : shrink_case(cases[i])) {
      if (out.full()) break;
      std::vector<Case> copy = cases;
      copy[i] = std::move(smaller);
      out.add(format(copy));
    }
  }
  return out.take();
}

// One case of a contest input that solve has accepted, as lines, for
// `analyze FILE --case K`: the case's first line (its header) and the
// `lines_after(header)` lines that follow it. With `counted`, the input
// starts with a line holding the number of cases T; without, the whole
// input is one case. Blank lines between cases are skipped, as solve skips
// them (docs/cli.md). A RequestError when there is no case k.
struct CaseLines {
  std::string_view header;
  std::vector<std::string_view> lines;
};
template <class LinesAfter>
CaseLines case_lines(std::string_view input, std::uint64_t k, bool counted,
                     LinesAfter&& lines_after) {
  TextReader in(input);
  in.skip_blank_lines();
  const std::uint64_t t = counted ? in.read_uint("the number of cases", UINT64_MAX) : 1;
  if (counted) in.end_line("the number of cases");
  if (k < 1 || k > t) {
    throw RequestError(fmt::format("there is no case {}: the input has {} case{} (--case 1 to {})",
                                   k, t, t == 1 ? "" : "s", t));
  }
  CaseLines c;
  for (std::uint64_t i = 1; i <= k; ++i) {
    in.skip_blank_lines();
    c.header = in.read_line("a case");
    const std::uint64_t n = lines_after(c.header);
    c.lines.clear();
    for (std::uint64_t j = 0; j < n; ++j) c.lines.push_back(in.read_line("a line of the case"));
  }
  return c;
}

// The case as its own input: the header and its lines, one per line (the
// position format of the games whose position is a contest case). `passed`,
// where given, hears the offset in `input` (which c's lines view) up to
// which the text is copied, line by line (Params::release_input: the
// command line gives a mapped file's pages back behind the copy, which held
// the input and its case at once).
inline std::string case_text(const CaseLines& c, std::string_view input = {},
                             const std::function<void(std::size_t)>& passed = {}) {
  // Its size first: grown by doubling, a large case's old and new blocks
  // were held together (1.5 times the case).
  std::size_t size = c.header.size();
  for (const std::string_view line : c.lines) size += 1 + line.size();
  std::string out;
  out.reserve(size);
  out += c.header;
  for (const std::string_view line : c.lines) {
    out += '\n';
    out += line;
    if (passed) passed(static_cast<std::size_t>(line.data() + line.size() - input.data()));
  }
  return out;
}

// The first whole number of a case's header line ("3 Dee" -> 3).
inline std::uint64_t header_number(std::string_view header, std::size_t index = 0) {
  TextReader in(header);
  std::uint64_t v = 0;
  for (std::size_t i = 0; i <= index; ++i) v = in.read_uint("a number", UINT64_MAX);
  return v;
}

}  // namespace perfectplay
