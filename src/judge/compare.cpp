#include "judge/compare.h"

#include <fmt/format.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <cstring>

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

int fold_case(char c) {
  return std::tolower(static_cast<unsigned char>(c));
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return fold_case(x) == fold_case(y);
         });
}

}  // namespace

// The streamed comparison's parts: named, not anonymous, since
// StreamComparison::State (a class with linkage) holds them, which a unity
// build's translation unit refuses (-Wsubobject-linkage).
namespace streamed {

// escape(s) shows at most 200 of s's bytes, then "..." where s goes on: the
// first 201 bytes of a line are all a message needs of it.
constexpr std::size_t kKeptLineBytes = 201;

// Characters one side has pushed and the other not yet: a queue read from
// `head_`, emptied (its storage kept) whenever it is read to its end.
class AheadQueue {
 public:
  int who() const { return who_; }  // the side ahead, -1 when level
  std::size_t size() const { return text_.size() - head_; }
  std::string_view view() const { return std::string_view(text_).substr(head_); }
  void push(int side, char c) {
    who_ = side;
    if (head_ >= 4096) compact();
    text_ += c;
  }
  void append(int side, std::string_view s) {
    who_ = side;
    if (head_ > 0) compact();
    text_ += s;
  }
  char pop() {
    const char c = text_[head_++];
    if (head_ == text_.size()) clear();
    return c;
  }
  void drop(std::size_t n) {
    head_ += n;
    if (head_ == text_.size()) clear();
  }
  void clear() {
    text_.clear();
    head_ = 0;
    who_ = -1;
  }

 private:
  // Drops what was read once it is half the storage, so the storage stays
  // within twice the lead even where the queue never empties.
  void compact() {
    if (head_ < text_.size() / 2) return;
    text_.erase(0, head_);
    head_ = 0;
  }
  std::string text_;
  std::size_t head_ = 0;
  int who_ = -1;
};

// The first difference of two character streams, side 0's (the answer's)
// and side 1's, fed a character at a time, and the line it lies in: the
// characters both had since the last '\n' before it, then each side's own
// until its next '\n' or its end. `lines()` is the number of '\n' the two
// had in common before the difference, so the line's number is one more.
class LineLockstep {
 public:
  // A character of both streams (while the texts are the same, they are
  // walked once).
  void common(char c) {
    ++common_;
    if (c == '\n') {
      ++lines_;
      line_.clear();
      line_started_ = false;
    } else {
      if (line_.size() < kKeptLineBytes) line_ += c;
      line_last_ = c;
      line_started_ = true;
    }
  }
  // `n` lines of both streams, from a line's start to a '\n', whose text is
  // not needed (common() on each of their characters, but common_chars()).
  void common_lines(std::uint64_t n) {
    if (n == 0) return;
    lines_ += n;
    line_.clear();
    line_started_ = false;
  }
  // The characters `run` of both streams, the same as common() on each.
  void common_run(std::string_view run) {
    if (run.empty()) return;
    common_ += run.size();
    const std::size_t nl = run.rfind('\n');
    if (nl != std::string_view::npos) {
      lines_ += static_cast<std::uint64_t>(std::count(run.begin(), run.end(), '\n'));
      line_.clear();
      line_started_ = false;
      run.remove_prefix(nl + 1);
      if (run.empty()) return;
    }
    line_.append(run.substr(0, kKeptLineBytes - std::min(kKeptLineBytes, line_.size())));
    line_last_ = run.back();
    line_started_ = true;
  }

  void push(int side, char c) {
    if (differed_) {
      take(side, c);
      return;
    }
    const int other = 1 - side;
    if (ahead_.who() == other) {
      const char mine = ahead_.pop();
      if (mine == c) {
        common(c);
        return;
      }
      differ();
      take(other, mine);
      take_ahead(other);
      take(side, c);
    } else if (ended_[other]) {
      differ();
      more_[other] = false;
      done_[other] = true;
      take(side, c);
    } else {
      ahead_.push(side, c);
    }
  }
  void end(int side) {
    ended_[side] = true;
    if (differed_) {
      done_[side] = true;
    } else if (ahead_.who() == 1 - side) {
      differ();
      more_[side] = false;
      done_[side] = true;
      take_ahead(1 - side);
    }
  }

  // What `side` is ahead by, while the streams are compared.
  std::size_t lead(int side) const {
    return !differed_ && ahead_.who() == side ? ahead_.size() : 0;
  }
  AheadQueue& ahead() { return ahead_; }
  bool differed() const { return differed_; }
  // Differed, and both lines around the difference read to their end.
  bool finished() const { return differed_ && done_[0] && done_[1]; }
  // The characters the two had in common before the difference (not
  // counting common_lines').
  std::uint64_t common_chars() const { return common_; }
  std::uint64_t lines() const { return lines_; }
  // Whether `side` has a line where they differ (not its end), the line's
  // first kKeptLineBytes bytes, and its last byte (0 when it is empty).
  bool more(int side) const { return differed_ && more_[side]; }
  const std::string& text(int side) const { return text_[side]; }
  char last(int side) const { return started_[side] ? last_[side] : 0; }

 private:
  void differ() {
    differed_ = true;
    for (const int s : {0, 1}) {
      text_[s] = line_;
      last_[s] = line_last_;
      started_[s] = line_started_;
      more_[s] = true;
    }
  }
  // `side`'s next character after the difference.
  void take(int side, char c) {
    if (done_[side]) return;
    if (c == '\n') {
      done_[side] = true;
      return;
    }
    if (text_[side].size() < kKeptLineBytes) text_[side] += c;
    last_[side] = c;
    started_[side] = true;
  }
  void take_ahead(int side) {
    for (const char c : ahead_.view()) {
      if (done_[side]) break;
      take(side, c);
    }
    ahead_.clear();
  }

  AheadQueue ahead_;
  std::uint64_t common_ = 0, lines_ = 0;
  std::string line_;  // the common line so far, its first kKeptLineBytes bytes
  char line_last_ = 0;
  bool line_started_ = false;
  bool ended_[2] = {false, false};
  bool differed_ = false;
  bool more_[2] = {false, false}, done_[2] = {false, false}, started_[2] = {false, false};
  std::string text_[2];
  char last_[2] = {0, 0};
};

// The token streams (each token, then ' '), compared byte for byte and with
// letter case folded, as compare_output compares the tokens: equal folded
// is equal tokens but for their case, and a ' ' meets only a ' '.
class TokenLockstep {
 public:
  void push(int side, char c) {
    if (!same_folded_) return;
    const int other = 1 - side;
    if (ahead_.who() == other) {
      const char mine = ahead_.pop();
      if (mine != c) {
        same_ = false;
        if (fold_case(mine) != fold_case(c)) differ();
      }
    } else if (ended_[other]) {
      differ();
    } else {
      ahead_.push(side, c);
    }
  }
  void end(int side) {
    ended_[side] = true;
    if (same_folded_ && ahead_.who() == 1 - side) differ();
  }
  std::size_t lead(int side) const { return ahead_.who() == side ? ahead_.size() : 0; }
  bool same() const { return same_; }
  bool same_folded() const { return same_folded_; }

 private:
  void differ() {
    same_ = same_folded_ = false;
    ahead_.clear();
  }
  AheadQueue ahead_;
  bool ended_[2] = {false, false};
  bool same_ = true, same_folded_ = true;
};

}  // namespace streamed

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

namespace streamed {

// Where one text's reader stands in its token and normalised streams.
struct StreamPlace {
  bool in_token = false;     // the last byte read is a token's
  bool line_tokens = false;  // the current line has a token
};

}  // namespace streamed

struct StreamComparison::State {
  using LineLockstep = streamed::LineLockstep;
  using TokenLockstep = streamed::TokenLockstep;
  using StreamPlace = streamed::StreamPlace;
  LineLockstep raw;     // the bytes, a final '\n' added: PE's line
  LineLockstep normal;  // the non-blank lines normalised: WA's line
  TokenLockstep tokens;
  // While `sync`, every byte compared so far is the same on both sides: the
  // side ahead has its bytes in raw.ahead() (not yet read into the other
  // streams), and `shared` is where both readers stand.
  bool sync = true;
  StreamPlace shared, reader[2];

  // `side`'s byte `c` into its token and normalised streams.
  void read(int side, char c) {
    StreamPlace& r = reader[side];
    if (blank(c)) {
      if (r.in_token) {
        tokens.push(side, ' ');
        r.in_token = false;
      }
      if (c == '\n' && r.line_tokens) {
        normal.push(side, '\n');
        r.line_tokens = false;
      }
    } else {
      if (!r.in_token) {
        if (r.line_tokens) normal.push(side, ' ');
        r.in_token = r.line_tokens = true;
      }
      normal.push(side, c);
      tokens.push(side, c);
    }
  }
  // Bytes both sides have, the same as read() on each (the token streams
  // are equal, so only the shared reader's place in them is kept). The
  // lines that start and end in `run` matter only by whether they have a
  // token (a '\n' of the normalised stream): an accepted output is mostly
  // those, and they are counted without the reader's steps.
  void read_common(std::string_view run) {
    const std::size_t first = run.find('\n');
    if (first == std::string_view::npos) {
      read_common_line(run);
      return;
    }
    read_common_line(run.substr(0, first + 1));
    const std::size_t last = run.rfind('\n');
    if (last > first) normal.common_lines(token_lines(run.substr(first + 1, last - first)));
    read_common_line(run.substr(last + 1));
  }
  // The lines of `text` (each ended by a '\n') that have a token. Most end
  // in one: the '\n's right after a token's byte are counted 16 bytes at a
  // time, and only where a line ends in blanks are the lines walked (an
  // accepted output is mostly such lines: walking them cost check nim of a
  // 69 MB output 60 ms).
  static std::uint64_t token_lines(std::string_view text) {
    const char* const p = text.data();
    std::uint64_t n = 0;
    bool blank_end = false;
    std::size_t i = 1;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; i + 16 <= text.size(); i += 16) {
      const __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
      const __m128i before = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i - 1));
      const __m128i ends = _mm_cmpeq_epi8(here, newline);
      __m128i space = _mm_cmpeq_epi8(before, _mm_set1_epi8(' '));
      for (const char c : {'\t', '\r', '\f', '\v'}) {
        space = _mm_or_si128(space, _mm_cmpeq_epi8(before, _mm_set1_epi8(c)));
      }
      const __m128i not_token = _mm_or_si128(space, _mm_cmpeq_epi8(before, newline));
      n += static_cast<std::uint64_t>(std::popcount(
          static_cast<unsigned>(_mm_movemask_epi8(_mm_andnot_si128(not_token, ends)))));
      blank_end |= _mm_movemask_epi8(_mm_and_si128(space, ends)) != 0;
    }
#endif
    for (; i < text.size(); ++i) {
      if (p[i] != '\n') continue;
      if (p[i - 1] != '\n' && blank(p[i - 1])) blank_end = true;
      n += !blank(p[i - 1]);
    }
    if (!blank_end) return n;
    n = 0;
    bool token = false;
    for (const char c : text) {
      const bool ends_line = c == '\n';
      n += ends_line & token;
      token = (token | !blank(c)) & !ends_line;
    }
    return n;
  }
  void read_common_line(std::string_view run) {
    StreamPlace& r = shared;
    for (const char c : run) {
      if (blank(c)) {
        r.in_token = false;
        if (c == '\n' && r.line_tokens) {
          normal.common('\n');
          r.line_tokens = false;
        }
      } else {
        if (!r.in_token) {
          if (r.line_tokens) normal.common(' ');
          r.in_token = r.line_tokens = true;
        }
        normal.common(c);
      }
    }
  }
  std::size_t lead(int side) const {
    return std::max({raw.lead(side), normal.lead(side), tokens.lead(side)});
  }
};

StreamComparison::StreamComparison(std::size_t window)
    : window_(std::max<std::size_t>(window, 1)), state_(std::make_unique<State>()) {}
StreamComparison::~StreamComparison() = default;

bool StreamComparison::settled() const {
  // A token that differs is WA, whose message is the normalised streams'.
  return !state_->tokens.same_folded() && state_->normal.finished();
}

std::string_view StreamComparison::feed(Side side, std::string_view piece) {
  assert(!ended_[side]);
  State& st = *state_;
  const int s = side, other = 1 - side;
  const auto taken = [&](std::string_view bytes) {
    if (bytes.empty()) return;
    bytes_[s] += bytes.size();
    newlines_[s] += static_cast<std::uint64_t>(std::count(bytes.begin(), bytes.end(), '\n'));
    last_[s] = bytes.back();
  };
  while (st.sync && !piece.empty() && !settled()) {
    streamed::AheadQueue& ahead = st.raw.ahead();
    if (ahead.who() == other) {
      // The bytes that match the other side's are read once, for both.
      const std::string_view theirs = ahead.view();
      const std::size_t n = std::min(theirs.size(), piece.size());
      std::size_t same = 0;
      if (std::memcmp(theirs.data(), piece.data(), n) == 0) {
        same = n;
      } else {
        while (theirs[same] == piece[same]) ++same;
      }
      const std::string_view run = piece.substr(0, same);
      st.raw.common_run(run);
      ahead.drop(same);
      st.read_common(run);
      taken(run);
      piece.remove_prefix(same);
      if (same < n) leave_sync();
    } else {
      // Level, or ahead: the bytes wait for the other side's.
      const std::size_t room = window_ - std::min(window_, ahead.size());
      if (room == 0) return piece;
      const std::string_view run = piece.substr(0, room);
      ahead.append(s, run);
      taken(run);
      piece.remove_prefix(run.size());
    }
  }
  while (!piece.empty() && !settled()) {
    // Refused only while the other side is behind in every stream, so the
    // two sides never both refuse.
    if (!ended_[other] && st.lead(s) > window_ && st.lead(other) == 0) return piece;
    const std::string_view run = piece.substr(0, std::min<std::size_t>(window_, 4096));
    step(s, run);
    taken(run);
    piece.remove_prefix(run.size());
  }
  taken(piece);  // settled: the rest is only counted
  return {};
}

void StreamComparison::step(int side, std::string_view bytes) {
  State& st = *state_;
  const bool raw = !st.raw.finished();
  for (const char c : bytes) {
    if (raw) st.raw.push(side, c);
    st.read(side, c);
  }
}

// The texts differ, or one has ended: from here each side reads its own
// bytes, and the side ahead reads the bytes it has waiting.
void StreamComparison::leave_sync() {
  State& st = *state_;
  st.sync = false;
  st.reader[0] = st.reader[1] = st.shared;
  const int ahead = st.raw.ahead().who();
  if (ahead >= 0) {
    for (const char c : st.raw.ahead().view()) st.read(ahead, c);
  }
}

void StreamComparison::end(Side side) {
  if (ended_[side]) return;
  State& st = *state_;
  if (st.sync) leave_sync();
  const int s = side;
  if (bytes_[s] > 0 && last_[s] != '\n') st.raw.push(s, '\n');  // a last line without one
  st.raw.end(s);
  streamed::StreamPlace& r = st.reader[s];
  if (r.in_token) st.tokens.push(s, ' ');
  st.tokens.end(s);
  if (r.line_tokens) st.normal.push(s, '\n');
  st.normal.end(s);
  r = streamed::StreamPlace{};
  ended_[s] = true;
}

Comparison StreamComparison::result() const {
  assert(ended_[kExpected] && ended_[kGot]);
  const State& st = *state_;
  Comparison c;
  // got == expected, or expected but its final '\n': got is a prefix of
  // expected (the raw streams differ nowhere before got's end, where only
  // a '\n' may have been added) of its length or one byte less.
  const std::uint64_t want = bytes_[kExpected], have = bytes_[kGot];
  const bool prefix = !st.raw.differed() || st.raw.common_chars() >= have;
  if (prefix && (have == want || (have + 1 == want && last_[kExpected] == '\n'))) return c;
  if (st.tokens.same_folded()) {
    c.verdict = Verdict::kPresentation;
    const streamed::LineLockstep& lines = st.raw;
    c.line = static_cast<std::size_t>(lines.lines() + 1);
    c.expected = lines.more(kExpected) ? escape(lines.text(kExpected)) : "";
    c.got = lines.more(kGot) ? escape(lines.text(kGot)) : "";
    const bool crlf = lines.more(kGot) && lines.last(kGot) == '\r';
    c.detail = fmt::format("line {}: {}: expected `{}`, got `{}`", c.line,
                           st.tokens.same()
                               ? (crlf ? "Windows line endings (\\r\\n)" : "whitespace differs")
                               : "letter case differs",
                           c.expected, c.got);
    return c;
  }
  c.verdict = Verdict::kWrongAnswer;
  const streamed::LineLockstep& lines = st.normal;
  c.line = static_cast<std::size_t>(lines.lines() + 1);
  c.expected = lines.more(kExpected) ? escape(lines.text(kExpected)) : "";
  c.got = lines.more(kGot) ? escape(lines.text(kGot)) : "";
  if (!lines.more(kGot)) {
    c.detail = fmt::format("line {}: expected `{}`, got the end of the output", c.line, c.expected);
  } else if (!lines.more(kExpected)) {
    c.detail = fmt::format("line {}: expected the end of the output, got `{}`", c.line, c.got);
  } else {
    c.detail = fmt::format("line {}: expected `{}`, got `{}`", c.line, c.expected, c.got);
  }
  return c;
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
