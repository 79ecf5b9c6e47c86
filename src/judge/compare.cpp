#include "judge/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace perfectplay::judge {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && blank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !blank(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::vector<std::string_view> raw_lines(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start < s.size()) {
    const std::size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) {
      out.push_back(s.substr(start));
      break;
    }
    out.push_back(s.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

// A line with its blanks normalised: tokens joined by single spaces.
std::string normal(std::string_view line) {
  std::string out;
  for (const std::string_view t : tokens(line)) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

const char* verdict_code(Verdict v) {
  switch (v) {
    case Verdict::kOk:
      return "OK";
    case Verdict::kWrongAnswer:
      return "WA";
    case Verdict::kPresentation:
      return "PE";
    case Verdict::kTimeLimit:
      return "TLE";
    case Verdict::kMemoryLimit:
      return "MLE";
    case Verdict::kRuntimeError:
      return "RE";
  }
  return "?";
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kOk:
      return "accepted";
    case Verdict::kWrongAnswer:
      return "wrong answer";
    case Verdict::kPresentation:
      return "presentation error";
    case Verdict::kTimeLimit:
      return "time limit exceeded";
    case Verdict::kMemoryLimit:
      return "memory limit exceeded";
    case Verdict::kRuntimeError:
      return "runtime error";
  }
  return "?";
}

std::string escape(std::string_view s, std::size_t cap) {
  std::string out;
  for (const char c : s) {
    if (out.size() >= cap) {
      out += "...";
      break;
    }
    if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

Comparison compare_output(std::string_view expected, std::string_view got) {
  Comparison c;
  if (got == expected) return c;
  if (!expected.empty() && expected.back() == '\n' &&
      got == expected.substr(0, expected.size() - 1)) {
    return c;
  }
  const std::vector<std::string_view> want = raw_lines(expected);
  const std::vector<std::string_view> have = raw_lines(got);
  const std::vector<std::string_view> want_tokens = tokens(expected);
  const std::vector<std::string_view> have_tokens = tokens(got);
  const bool same_tokens = want_tokens == have_tokens;
  const bool same_tokens_any_case =
      want_tokens.size() == have_tokens.size() &&
      std::equal(want_tokens.begin(), want_tokens.end(), have_tokens.begin(), same_ignoring_case);
  if (same_tokens || same_tokens_any_case) {
    c.verdict = Verdict::kPresentation;
    // The first line that differs byte for byte.
    std::size_t i = 0;
    while (i < want.size() && i < have.size() && want[i] == have[i]) ++i;
    c.line = i + 1;
    c.expected = i < want.size() ? escape(want[i]) : "";
    c.got = i < have.size() ? escape(have[i]) : "";
    const bool crlf = i < have.size() && !have[i].empty() && have[i].back() == '\r';
    c.detail =
        fmt::format("line {}: {}: expected `{}`, got `{}`", c.line,
                    same_tokens ? (crlf ? "Windows line endings (\\r\\n)" : "whitespace differs")
                                : "letter case differs",
                    c.expected, c.got);
    return c;
  }
  c.verdict = Verdict::kWrongAnswer;
  // Lines compared with their blanks normalised; blank lines are skipped on
  // both sides, so the line number is the answer's.
  std::vector<std::string> w, h;
  for (const auto l : want) {
    if (std::string n = normal(l); !n.empty()) w.push_back(std::move(n));
  }
  for (const auto l : have) {
    if (std::string n = normal(l); !n.empty()) h.push_back(std::move(n));
  }
  std::size_t i = 0;
  while (i < w.size() && i < h.size() && w[i] == h[i]) ++i;
  c.line = i + 1;
  c.expected = i < w.size() ? escape(w[i]) : "";
  c.got = i < h.size() ? escape(h[i]) : "";
  if (i >= h.size()) {
    c.detail = fmt::format("line {}: expected `{}`, got the end of the output", c.line, c.expected);
  } else if (i >= w.size()) {
    c.detail = fmt::format("line {}: expected the end of the output, got `{}`", c.line, c.got);
  } else {
    c.detail = fmt::format("line {}: expected `{}`, got `{}`", c.line, c.expected, c.got);
  }
  return c;
}

}  // namespace perfectplay::judge
