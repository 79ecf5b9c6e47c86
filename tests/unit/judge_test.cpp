// The judge library's pieces (src/judge/, src/api/contest.h) and every game's
// contest functions: comparisons worked out by hand, the shrink orders, and
// every shrink candidate of random inputs valid for the contest and smaller.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
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
