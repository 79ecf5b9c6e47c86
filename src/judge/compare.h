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
#include <cstdint>
#include <memory>
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

// Both texts whole. The reference for StreamComparison below (and what
// judge, which holds a run's output anyway, calls).
Comparison compare_output(std::string_view expected, std::string_view got);

// compare_output's verdict and message, with the two texts handed over in
// pieces and never held: check compares a contestant's output with the
// answer as the answer is produced, and a 10^7-case output that differs
// must not be read whole to tell PE from WA (issue 31 item 10).
//
// compare_output is three "first difference" questions about text derived
// from each side, and each is answered here by walking the two derived
// streams in step (LineLockstep and TokenLockstep in compare.cpp):
//   raw lines   the bytes, with a final '\n' added where the text lacks one:
//               the first differing line is the PE message's;
//   normalised  each non-blank line's tokens joined by single blanks, then
//               '\n': the first differing line is the WA message's, and the
//               line number counts non-blank lines, as compare_output's does;
//   tokens      each token then ' ': equal is PE (or OK), equal but for
//               letter case is PE, anything else WA.
// The side that runs ahead has its derived characters kept until the other
// side's arrive, so the state is what one side is ahead by (at most the
// window a stream: feed refuses more), the line around each first
// difference (its first 201 bytes, all that escape shows, and its last),
// and counters. Time: linear in the bytes fed. While the two texts are byte
// for byte the same (the usual case: an accepted output) the derived
// streams are the same on both sides, so they are worked out once from the
// common bytes, found with memcmp.
class StreamComparison {
 public:
  enum Side { kExpected = 0, kGot = 1 };
  // The most one side may run ahead of the other, in bytes of one stream.
  static constexpr std::size_t kWindow = std::size_t{256} << 10;

  // `window`: what one side may run ahead by (tests make it small).
  explicit StreamComparison(std::size_t window = kWindow);
  ~StreamComparison();
  StreamComparison(const StreamComparison&) = delete;
  StreamComparison& operator=(const StreamComparison&) = delete;

  // Takes `side`'s next bytes and returns those it did not take: a suffix
  // of `piece`, non-empty only when `side` is the window ahead of the other
  // side and that side has not ended (hand over the other side's next
  // bytes, then the rest). Two sides can never both refuse.
  std::string_view feed(Side side, std::string_view piece);
  // `side`'s text has ended (nothing may be fed to it after).
  void end(Side side);
  bool ended(Side side) const { return ended_[side]; }
  // Whether the verdict and message are known whatever either side's
  // remaining bytes are (a token that differs, and both lines around the
  // first differences read): the rest only needs counting.
  bool settled() const;
  // compare_output(expected, got), once both sides have ended.
  Comparison result() const;

  // The bytes fed to `side` so far, and the '\n' among them.
  std::uint64_t bytes(Side side) const { return bytes_[side]; }
  std::uint64_t newlines(Side side) const { return newlines_[side]; }

 private:
  struct State;
  void step(int side, std::string_view bytes);
  void leave_sync();
  std::size_t window_;
  std::uint64_t bytes_[2] = {0, 0}, newlines_[2] = {0, 0};
  char last_[2] = {0, 0};
  bool ended_[2] = {false, false};
  std::unique_ptr<State> state_;  // the streams' cursors (compare.cpp)
};

// `s` with \r, \t and other control bytes written as escapes, cut at `cap`.
std::string escape(std::string_view s, std::size_t cap = 200);

}  // namespace perfectplay::judge
