#include "judge/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace perfectplay::judge {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Cursors over a text's tokens, raw lines and non-blank normalised lines:
// compare_output walks both texts at once instead of listing them (a 72 MB
// output of 10^7 lines listed as tokens and lines took 2 GB beside it).
struct Tokens {
  std::string_view s;
  std::size_t i = 0;
  // The next token; false at the end.
  bool next(std::string_view& t) {
    while (i < s.size() && blank(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !blank(s[i])) ++i;
    t = s.substr(start, i - start);
    return i > start;
  }
};

struct RawLines {
  std::string_view s;
  std::size_t start = 0;
  bool next(std::string_view& line) {
    if (start >= s.size()) return false;
    const std::size_t nl = s.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? s.size() : nl;
    line = s.substr(start, end - start);
    start = end + 1;
    return true;
  }
};

// A line with its blanks normalised: tokens joined by single spaces.
std::string normal(std::string_view line) {
  std::string out;
  Tokens ts{line};
  for (std::string_view t; ts.next(t);) {
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
  bool same_tokens = true, same_tokens_any_case = true;
  {
    Tokens w{expected}, h{got};
    for (;;) {
      std::string_view a, b;
      const bool more_w = w.next(a), more_h = h.next(b);
      if (more_w != more_h) {
        same_tokens = same_tokens_any_case = false;
        break;
      }
      if (!more_w) break;
      if (a != b) {
        same_tokens = false;
        if (!same_ignoring_case(a, b)) {
          same_tokens_any_case = false;
          break;
        }
      }
    }
  }
  if (same_tokens || same_tokens_any_case) {
    c.verdict = Verdict::kPresentation;
    // The first line that differs byte for byte.
    RawLines want{expected}, have{got};
    std::string_view w, h;
    std::size_t i = 0;
    bool more_w = want.next(w), more_h = have.next(h);
    while (more_w && more_h && w == h) {
      ++i;
      more_w = want.next(w);
      more_h = have.next(h);
    }
    c.line = i + 1;
    c.expected = more_w ? escape(w) : "";
    c.got = more_h ? escape(h) : "";
    const bool crlf = more_h && !h.empty() && h.back() == '\r';
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
  RawLines want{expected}, have{got};
  const auto next_normal = [](RawLines& lines, std::string& out) {
    for (std::string_view l; lines.next(l);) {
      out = normal(l);
      if (!out.empty()) return true;
    }
    return false;
  };
  std::string w, h;
  std::size_t i = 0;
  bool more_w = next_normal(want, w), more_h = next_normal(have, h);
  while (more_w && more_h && w == h) {
    ++i;
    more_w = next_normal(want, w);
    more_h = next_normal(have, h);
  }
  c.line = i + 1;
  c.expected = more_w ? escape(w) : "";
  c.got = more_h ? escape(h) : "";
  if (!more_h) {
    c.detail = fmt::format("line {}: expected `{}`, got the end of the output", c.line, c.expected);
  } else if (!more_w) {
    c.detail = fmt::format("line {}: expected the end of the output, got `{}`", c.line, c.got);
  } else {
    c.detail = fmt::format("line {}: expected `{}`, got `{}`", c.line, c.expected, c.got);
  }
  return c;
}

}  // namespace perfectplay::judge
