// The judge library's pieces (src/judge/, src/api/contest.h) and every game's
// contest functions: comparisons worked out by hand, the shrink orders, and
// every shrink candidate of random inputs valid for the contest and smaller.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "api/contest.h"
#include "core/game.h"
#include "core/input_error.h"
#include "judge/compare.h"
#include "judge/judge.h"
#include "judge/process.h"
#include "registry/registry.h"

namespace pp = perfectplay;
namespace jd = perfectplay::judge;

TEST(JudgeCompare, Verdicts) {
  EXPECT_EQ(jd::compare_output("lose\nwin 1 2\n", "lose\nwin 1 2\n").verdict, jd::Verdict::kOk);
  EXPECT_EQ(jd::compare_output("lose\nwin 1 2\n", "lose\nwin 1 2").verdict, jd::Verdict::kOk);
  const jd::Comparison crlf = jd::compare_output("lose\nwin 1 2\n", "lose\r\nwin 1 2\r\n");
  EXPECT_EQ(crlf.verdict, jd::Verdict::kPresentation);
  EXPECT_EQ(crlf.line, 1u);
  EXPECT_NE(crlf.detail.find("Windows line endings"), std::string::npos);
  EXPECT_EQ(jd::compare_output("Case #1: 2\n", "case #1: 2\n").verdict, jd::Verdict::kPresentation);
  EXPECT_EQ(jd::compare_output("Dee\nDum\n", "Dee Dum\n").verdict, jd::Verdict::kPresentation);
  EXPECT_EQ(jd::compare_output("3\n", "3 \n").verdict, jd::Verdict::kPresentation);
  const jd::Comparison wa = jd::compare_output("Dee\nDum\nDee\n", "Dee\nDee\nDee\n");
  EXPECT_EQ(wa.verdict, jd::Verdict::kWrongAnswer);
  EXPECT_EQ(wa.line, 2u);
  EXPECT_EQ(wa.expected, "Dum");
  EXPECT_EQ(wa.got, "Dee");
  const jd::Comparison short_out = jd::compare_output("1\n2\n", "1\n");
  EXPECT_EQ(short_out.verdict, jd::Verdict::kWrongAnswer);
  EXPECT_EQ(short_out.line, 2u);
  EXPECT_NE(short_out.detail.find("end of the output"), std::string::npos);
  EXPECT_EQ(jd::compare_output("1\n", "1\n2\n").verdict, jd::Verdict::kWrongAnswer);
  EXPECT_EQ(jd::compare_output("1\n", "").verdict, jd::Verdict::kWrongAnswer);
}

namespace {

// compare_output's answer through jd::StreamComparison: both texts handed
// over in pieces of random sizes, sides taken in a random order (the one
// refused gives way), `window` the most one side may run ahead. Fails the
// test if both sides refuse (the comparison would stall).
jd::Comparison streamed_comparison(std::string_view expected, std::string_view got,
                                   std::size_t window, std::uint32_t seed, std::size_t max_piece) {
  std::mt19937 rng(seed);
  const auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  jd::StreamComparison cmp(window);
  using Side = jd::StreamComparison::Side;
  std::string_view rest[2] = {expected, got};
  int side = static_cast<int>(below(2));
  int refused = 0;
  while (!cmp.ended(Side::kExpected) || !cmp.ended(Side::kGot)) {
    if (cmp.ended(Side(side))) side = 1 - side;
    if (rest[side].empty()) {
      cmp.end(Side(side));
      side = static_cast<int>(below(2));
      continue;
    }
    const std::string_view piece = rest[side].substr(0, 1 + below(max_piece));
    const std::string_view left = cmp.feed(Side(side), piece);
    rest[side].remove_prefix(piece.size() - left.size());
    // Refused outright twice in a row: neither side can go on.
    refused = left.size() == piece.size() ? refused + 1 : 0;
    if (refused == 2) {
      ADD_FAILURE() << "both sides refused";
      break;
    }
    if (!left.empty() || below(3) == 0) side = 1 - side;
  }
  EXPECT_EQ(cmp.bytes(Side::kGot), got.size());
  return cmp.result();
}

std::string comparison_text(const jd::Comparison& c) {
  return fmt::format("{} {} [{}] [{}] {}", jd::verdict_code(c.verdict), c.line, c.expected, c.got,
                     c.detail);
}

// The streamed comparison against the whole-text one, at windows from one
// byte (every character waits for the other side's) to the default, with
// pieces from one byte up.
void expect_streamed_as_whole(const std::string& expected, const std::string& got,
                              std::uint32_t seed = 1) {
  const std::string whole = comparison_text(jd::compare_output(expected, got));
  for (const std::size_t window :
       {std::size_t{1}, std::size_t{5}, std::size_t{200}, jd::StreamComparison::kWindow}) {
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{1} << 20}) {
      EXPECT_EQ(comparison_text(streamed_comparison(expected, got, window, seed++, piece)), whole)
          << "window " << window << ", pieces up to " << piece << ", expected `"
          << jd::escape(expected, 300) << "`, got `" << jd::escape(got, 300) << "`";
    }
  }
}

// A nim-like answer of `n` lines.
std::string nim_like_answer(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += i % 3 == 0 ? "lose\n" : fmt::format("win {} {}\n", i % 7, i % 5);
  return s;
}

std::string with_line(std::string s, int line, const std::string& text) {
  std::size_t start = 0;
  for (int i = 1; i < line; ++i) start = s.find('\n', start) + 1;
  return s.replace(start, s.find('\n', start) - start, text);
}

// `s` with its `line`th line joined to the next.
std::string joined_after(std::string s, int line) {
  std::size_t at = 0;
  for (int i = 0; i < line; ++i) at = s.find('\n', at) + 1;
  s[at - 1] = ' ';
  return s;
}

TEST(JudgeCompare, StreamedNamedCases) {
  const std::string answer = nim_like_answer(3000);
  const auto each_line = [&](const std::string& tail) {
    std::string out;
    for (std::size_t i = 0; i < answer.size(); ++i)
      out += answer[i] == '\n' ? tail : answer.substr(i, 1);
    return out;
  };
  struct Case {
    const char* name;
    std::string got;
    std::string detail;  // compare_output's, written out: what the cases show
  };
  const std::vector<Case> cases = {
      {"accepted", answer, ""},
      {"no final newline", answer.substr(0, answer.size() - 1), ""},
      {"WA in the first case", with_line(answer, 1, "win 1 1"),
       "line 1: expected `lose`, got `win 1 1`"},
      {"WA in the last case", with_line(answer, 3000, "lose"),
       "line 3000: expected `win 3 4`, got `lose`"},
      {"PE: CRLF", each_line("\r\n"),
       "line 1: Windows line endings (\\r\\n): expected `lose`, got `lose\\r`"},
      {"PE: trailing blanks", each_line(" \n"),
       "line 1: whitespace differs: expected `lose`, got `lose `"},
      {"PE: extra blank lines", each_line("\n\n"),
       "line 2: whitespace differs: expected `win 1 1`, got ``"},
      {"PE: a blank line first", "\n" + answer,
       "line 1: whitespace differs: expected `lose`, got ``"},
      {"PE: one line", each_line(" "),
       "line 1: whitespace differs: expected `lose`, got `" + each_line(" ").substr(0, 200) +
           "...`"},
      {"PE: letter case", with_line(answer, 2000, "WIN 4 4"),
       "line 2000: letter case differs: expected `win 4 4`, got `WIN 4 4`"},
      {"PE then WA", with_line(with_line(answer, 2999, "lose"), 10, "lose  "),
       "line 2999: expected `win 2 3`, got `lose`"},
      // Lines 10 and 11 joined: the tokens agree there, and differ at 2999.
      {"WA after lines joined", joined_after(with_line(answer, 2999, "lose"), 10),
       "line 10: expected `lose`, got `lose win 3 0`"},
      {"longer", answer + "lose\n", "line 3001: expected the end of the output, got `lose`"},
      {"longer by blanks", answer + " \n\n", "line 3001: whitespace differs: expected ``, got ` `"},
      {"shorter", answer.substr(0, answer.rfind('\n', answer.size() - 2) + 1),
       "line 3000: expected `win 3 4`, got the end of the output"},
      {"empty", "", "line 1: expected `lose`, got the end of the output"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(jd::compare_output(answer, c.got).detail, c.detail);
    expect_streamed_as_whole(answer, c.got);
  }
  // The same cases with the answer and the output swapped (a jury answer
  // compared the other way round meets every end early or late).
  for (const Case& c : cases) expect_streamed_as_whole(c.got, answer, 7);
}

TEST(JudgeCompare, StreamedHugeLine) {
  // One line of 10^5 tokens (asymmetry's answer is one line): a token that
  // differs near its end, blanks that differ, and a line cut short. The
  // messages show the line's first 200 bytes.
  std::string line;
  for (int i = 0; i < 100000; ++i) line += fmt::format("{}{}", i == 0 ? "" : " ", i % 10);
  const std::string answer = line + "\n";
  std::string wrong = answer;
  wrong[wrong.size() - 4] = '7';
  std::string spaced = answer;
  spaced.insert(spaced.size() - 100, " ");
  for (const std::string& got : {wrong, spaced, line + "\r\n", line.substr(0, 150000) + "\n",
                                 answer + answer, std::string(answer.size(), ' ')}) {
    expect_streamed_as_whole(answer, got);
    expect_streamed_as_whole(got, answer);
  }
  EXPECT_EQ(jd::compare_output(answer, wrong).detail,
            fmt::format("line 1: expected `{}...`, got `{}...`", line.substr(0, 200),
                        line.substr(0, 200)));
}

TEST(JudgeCompare, StreamedBlankLines) {
  // A line of blanks after every tenth answer, one kind of blank at a time, the
  // same on both sides until a token that differs: the WA's line number
  // counts the non-blank lines only, which the common bytes are counted
  // for in bulk.
  for (const char* blank_line : {" ", "\t", "\r", "\f", "\v", " \t\r", ""}) {
    SCOPED_TRACE(jd::escape(blank_line));
    std::string answer;
    for (int i = 0; i < 700; ++i) {
      answer += fmt::format("{}\n", i);
      if (i % 10 == 9) answer += fmt::format("{}\n", blank_line);
    }
    const std::size_t last = answer.size() - 5 - std::strlen(blank_line);  // "699\n"'s place
    std::string got = answer;
    got[last] = '7';
    EXPECT_EQ(jd::compare_output(answer, got).detail, "line 700: expected `699`, got `799`");
    expect_streamed_as_whole(answer, got);
    // PE: a blank more after the last answer.
    expect_streamed_as_whole(answer, answer.substr(0, last + 3) + " " + answer.substr(last + 3));
  }
}

// Contest-like text: tokens (letter case, a control byte, UTF-8, long
// ones) and every kind of blank.
const std::vector<std::string>& contest_text_parts() {
  static const std::vector<std::string> parts = {"a",
                                                 "A",
                                                 "b",
                                                 "win",
                                                 "Win",
                                                 "1",
                                                 "22",
                                                 "lose",
                                                 "\x01",
                                                 "\xc3\xa9",
                                                 std::string(230, 'x'),
                                                 " ",
                                                 "\t",
                                                 "\r",
                                                 "\n",
                                                 "\n",
                                                 "\r\n",
                                                 "  ",
                                                 "\n\n",
                                                 "\f"};
  return parts;
}

std::string contest_text(const std::vector<std::size_t>& parts) {
  std::string s;
  for (const std::size_t p : parts) s += contest_text_parts()[p % contest_text_parts().size()];
  return s;
}

// `s` edited: (kind, where, what) each insert a blank, drop a byte, change
// a letter's case, drop the final newline, cut the text, or change a byte.
std::string edited_text(std::string s,
                        const std::vector<std::tuple<int, std::size_t, int>>& edits) {
  for (const auto& [kind, where, what] : edits) {
    const std::size_t at = s.empty() ? 0 : where % (s.size() + 1);
    switch (kind % 6) {
      case 0:
        s.insert(at, contest_text_parts()[11 + static_cast<std::size_t>(what) % 9]);
        break;
      case 1:
        if (at < s.size()) s.erase(at, 1);
        break;
      case 2:
        if (at < s.size())
          s[at] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[at])));
        break;
      case 3:
        if (!s.empty() && s.back() == '\n') s.pop_back();
        break;
      case 4:
        s.resize(at);
        break;
      default:
        if (at < s.size()) s[at] = "aAb1 \n\r"[static_cast<std::size_t>(what) % 7];
        break;
    }
  }
  return s;
}

// Random texts, and edited copies of them (so that OK, PE and WA all come
// up), compared whole and streamed: any difference in verdict, line or
// message fails.
RC_GTEST_PROP(JudgeCompare, StreamedAsWholeOnRandomTexts, ()) {
  const std::string expected = contest_text(
      *rc::gen::container<std::vector<std::size_t>>(rc::gen::inRange<std::size_t>(0, 40)));
  const bool related = *rc::gen::inRange(0, 4) != 0;
  const std::string got =
      related ? edited_text(
                    expected,
                    *rc::gen::container<std::vector<std::tuple<int, std::size_t, int>>>(
                        rc::gen::tuple(rc::gen::inRange(0, 6), rc::gen::arbitrary<std::size_t>(),
                                       rc::gen::inRange(0, 100))))
              : contest_text(*rc::gen::container<std::vector<std::size_t>>(
                    rc::gen::inRange<std::size_t>(0, 40)));
  const std::uint32_t seed = *rc::gen::arbitrary<std::uint32_t>();
  const std::string whole = comparison_text(jd::compare_output(expected, got));
  for (const std::size_t window :
       {std::size_t{1}, std::size_t{3}, std::size_t{64}, jd::StreamComparison::kWindow}) {
    for (const std::size_t piece : {std::size_t{2}, std::size_t{9}, std::size_t{300}}) {
      RC_ASSERT(comparison_text(streamed_comparison(
                    expected, got, window, seed + static_cast<std::uint32_t>(piece), piece)) ==
                whole);
    }
  }
}

}  // namespace

// The same on many more pairs than the property's hundred cases, drawn
// from a fixed seed: every window and piece size, and texts of up to 60
// parts.
TEST(JudgeCompare, StreamedAsWholeOnManyTexts) {
  std::mt19937 rng(20261127);
  const auto below = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::size_t> parts(below(60));
    for (std::size_t& p : parts) p = below(64);
    const std::string expected = contest_text(parts);
    std::string got;
    if (below(4) == 0) {
      for (std::size_t& p : parts) p = below(64);
      got = contest_text(parts);
    } else {
      std::vector<std::tuple<int, std::size_t, int>> edits(below(5));
      for (auto& e : edits) e = {static_cast<int>(below(6)), rng(), static_cast<int>(below(100))};
      got = edited_text(expected, edits);
    }
    const std::string whole = comparison_text(jd::compare_output(expected, got));
    const std::size_t window = i % 3 == 0   ? 1 + below(4)
                               : i % 3 == 1 ? 1 + below(300)
                                            : jd::StreamComparison::kWindow;
    ASSERT_EQ(comparison_text(streamed_comparison(expected, got, window, rng(), 1 + below(400))),
              whole)
        << "window " << window << ", expected `" << jd::escape(expected, 2000) << "`, got `"
        << jd::escape(got, 2000) << "`";
  }
}

TEST(JudgeClassify, Failures) {
  jd::RunLimits limits;
  limits.memory_bytes = 100 << 20;
  jd::RunResult r;
  r.timed_out = true;
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kTimeLimit);
  r = {};
  r.exit_code = 1;
  r.err = "Traceback...\nMemoryError\n";
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kMemoryLimit);
  r.err = "Traceback...\nValueError\n";
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kRuntimeError);
  r.max_rss_bytes = 95 << 20;
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kMemoryLimit);
  r = {};
  r.signaled = true;
  r.signal = 11;
  const jd::Judgement re = jd::classify(r, "1\n", limits);
  EXPECT_EQ(re.verdict, jd::Verdict::kRuntimeError);
  EXPECT_NE(re.detail.find("SIGSEGV"), std::string::npos);
  r = {};
  r.out = "1\n";
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kOk);
}

TEST(ContestHelpers, ShrinkOrders) {
  const std::vector<int> v = {1, 2, 3, 4};
  const std::vector<std::vector<int>> want = {{3, 4},    {1, 2},    {2, 3, 4},
                                              {1, 3, 4}, {1, 2, 4}, {1, 2, 3}};
  EXPECT_EQ(pp::smaller_lists(v, 1), want);
  EXPECT_TRUE(pp::smaller_lists(std::vector<int>{7}, 1).empty());
  EXPECT_EQ(pp::smaller_lists(std::vector<int>{1, 2, 3}, 2).size(), 3u);
  // The target, then halving steps from v: a binary search once judge
  // continues from the candidate it took (judge.h).
  EXPECT_EQ(pp::smaller_values(10), (std::vector<std::int64_t>{0, 5, 8, 9}));
  EXPECT_EQ(pp::smaller_values(-7), (std::vector<std::int64_t>{0, -4, -6}));
  EXPECT_EQ(pp::smaller_values(1), (std::vector<std::int64_t>{0}));
  EXPECT_EQ(pp::smaller_values(5, 1), (std::vector<std::int64_t>{1, 3, 4}));
  EXPECT_TRUE(pp::smaller_values(0).empty());
  EXPECT_EQ(pp::smaller_values(INT64_MAX, INT64_MIN).front(), INT64_MIN);
  EXPECT_EQ(pp::smaller_values(INT64_MAX, INT64_MIN).back(), INT64_MAX - 1);
  // 2^32 toward 0: 33 candidates, where the old three (0, half, one less)
  // left 2^31 single steps after a halving.
  EXPECT_EQ(pp::smaller_values(std::int64_t{1} << 32).size(), 33u);
}

// A greedy shrink over smaller_values, continued from the candidate taken,
// finds the smallest failing value of a monotone failure in O(log) runs.
TEST(ContestHelpers, NumbersShrinkByBinarySearch) {
  const std::int64_t smallest_failing = (std::int64_t{1} << 31) + 12345;
  std::int64_t v = 9'876'543'210;
  std::size_t from = 0, runs = 0;
  for (bool improved = true; improved;) {
    improved = false;
    const std::vector<std::int64_t> c = pp::smaller_values(v);
    if (from >= c.size()) from = 0;
    for (std::size_t k = 0; k < c.size(); ++k) {
      const std::size_t i = (from + k) % c.size();
      ++runs;
      if (c[i] >= smallest_failing) {
        v = c[i];
        from = i;
        improved = true;
        break;
      }
    }
  }
  EXPECT_EQ(v, smallest_failing);
  EXPECT_LT(runs, 200u);
}

TEST(JudgeClassify, CpuLimit) {
  jd::RunLimits limits;
  limits.cpu_s = 0.5;
  jd::RunResult r;
  r.out = "1\n";
  r.cpu_seconds = 0.7;  // ended between two polls, past the limit
  const jd::Judgement j = jd::classify(r, "1\n", limits);
  EXPECT_EQ(j.verdict, jd::Verdict::kTimeLimit);
  EXPECT_NE(j.detail.find("--time-limit-cpu"), std::string::npos) << j.detail;
  r.cpu_seconds = 0.4;
  EXPECT_EQ(jd::classify(r, "1\n", limits).verdict, jd::Verdict::kOk);
}

namespace {

// How many processes run `command` (their command line, arguments joined
// by blanks); a zombie has none.
int running(const std::string& command) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(e.path() / "cmdline", std::ios::binary);
    std::string line((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::replace(line.begin(), line.end(), '\0', ' ');
    n += line == command + " ";
  }
  return n;
}

}  // namespace

// What a program starts is killed when it ends, however it detached; its
// CPU time is measured.
TEST(JudgeProcess, NothingIsLeftRunning) {
  const jd::Scratch scratch;
  jd::RunLimits limits;
  limits.time_s = 20;
  const std::string mark = "sleep 1234." + std::to_string(::getpid());
  const jd::RunResult r =
      jd::run_program({"/bin/sh", "-c", "setsid " + mark + " & ( (" + mark + " &) & ); echo done"},
                      "", limits, scratch, 0);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "done\n");
  EXPECT_GE(r.strays, 2);  // the sleepers, and the subshells still alive
  EXPECT_LT(r.seconds, 10);
  EXPECT_EQ(running(mark), 0) << "a sleeper is still running";
  const jd::RunResult busy =
      jd::run_program({"/bin/sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"}, "",
                      limits, scratch, 0);
  EXPECT_GT(busy.cpu_seconds, 0.01);
}

// Every game's shrink candidates of random inputs pass its validate_contest,
// differ from the input and are no longer; judge's sizes stay within the
// contest's limits.
TEST(ContestFunctions, EveryGameShrinksWithinTheLimits) {
  for (const pp::GameEntry& g : pp::all_games()) {
    if (!g.shrink) continue;
    SCOPED_TRACE(g.name);
    ASSERT_TRUE(g.validate_contest);
    ASSERT_FALSE(g.contest_bounds.empty());
    jd::Options o;
    for (const pp::ParamSpec& spec : g.params) o.params.values[spec.name] = spec.default_value;
    for (const pp::TextOptionSpec& spec : g.text_options) {
      o.params.texts[spec.name] = spec.default_value;
    }
    o.bounds = g.contest_bounds;
    o.bounds.erase("rows");  // asymmetry's full-size grid is 40 MB; keep this test quick
    o.bounds.erase("cols");
    std::size_t total = 0;  // the tiniest inputs have no smaller version
    for (std::uint64_t i : {0, 20, 50, 70}) {
      const pp::Params params = jd::test_params(g, o, i);
      const std::string input = g.generate(pp::mix64(i), params, pp::TextSink{});
      EXPECT_NO_THROW(g.validate_contest(input)) << input;
      const std::vector<std::string> candidates = g.shrink(input);
      total += candidates.size();
      for (const std::string& c : candidates) {
        EXPECT_NE(c, input);
        EXPECT_LE(c.size(), input.size()) << c;
        EXPECT_NO_THROW(g.validate_contest(c)) << c;
      }
    }
    EXPECT_GT(total, 0u);
  }
}

TEST(ContestFunctions, NamesTheContestLimit) {
  const pp::GameEntry* g = pp::find_game("gridgame");
  ASSERT_NE(g, nullptr);
  try {
    g->validate_contest("1\n2\n1 2\n3 1001\n");
    FAIL() << "accepted an entry past the contest's limit";
  } catch (const pp::InputError& e) {
    EXPECT_EQ(e.line(), 4u);
    EXPECT_EQ(e.column(), 3u);
    EXPECT_NE(e.message().find("<= 1000"), std::string::npos) << e.message();
  }
  EXPECT_NO_THROW(g->validate_contest("1\n2\n1 2\n3 1000\n"));
}
