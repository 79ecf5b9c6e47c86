// perfectplay judge: a contestant's program against the exact answers on
// random contest inputs, and the first failure shrunk (docs/judge.md).
//
// The loop is game-independent; what it knows of a game comes from its
// GameEntry: generate (random inputs, sized by the options in
// contest_bounds), solve (the exact answers), validate_contest (every input
// judged is within the contest's limits) and shrink (smaller candidates).
//
// Test i is drawn from seed mix64(seed + i) at a size that grows over the
// first kRamp tests from the options' minima to their bounds (geometrically:
// bound = min + (max - min + 1)^level - 1, so the early tests are tiny in
// counts and in numbers alike); later tests mix full-size ones (one in four)
// with sizes of random level. Workers take test numbers in order; the reported
// failure is the lowest-numbered one, so a run is reproducible from its seed
// whatever -j (up to a timing verdict's own noise).
//
// Instead of our random tests, judge may run the setter's: files (in the
// order given; --tests-dir sorts a folder's by name) or a generator command
// run by /bin/sh with {seed} replaced by seed + i. Every input is validated:
// one solve refuses is the setter's error (or, for ours, a bug: a
// RequestError, never an abort); one that breaks only the contest's limits
// (--n 9 for an 8-at-most contest: a legitimate stress test) is judged, and
// the report counts and names the break.
//
// Shrinking is greedy: the game's candidates for the current input are run
// in order (in batches of -j), the first that fails with the same verdict
// becomes the current input, until none does or the shrink time is spent.
// After a step the next list is tried from the index of the candidate just
// taken (wrapping around), not from its start: the candidates before it
// passed a moment ago on a larger input and mostly still do (an 8 x 8's 64
// row-and-column removals are not re-run after every number shrunk). It
// ends when a whole turn of the list takes nothing. With smaller_values'
// halving steps (api/contest.h) a number shrinks by a binary search toward
// the smallest value that still fails.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/entry.h"
#include "judge/compare.h"
#include "judge/process.h"

namespace perfectplay::judge {

inline constexpr std::uint64_t kRamp = 100;

// One run judged.
struct Judgement {
  Verdict verdict = Verdict::kOk;
  std::string detail;  // one line: the differing line, the exit status, the limit
  RunResult run;
};

// The verdict of a finished run against the expected output. MLE is a
// heuristic (docs/judge.md): a memory limit was set and the run failed
// (signal or non-zero exit) with a sign of memory exhaustion: stderr names it
// (bad_alloc, MemoryError, "out of memory", "Cannot allocate memory") or its
// peak resident set reached 90% of the limit. Any other failure is RE.
Judgement classify(const RunResult& run, std::string_view expected, const RunLimits& limits);

struct Options {
  Seed seed = kDefaultSeed;
  std::uint64_t tests = 1000;  // stop after this many (0: no count limit)
  double time_s = 0;           // stop starting tests after this long (0: no limit)
  int jobs = 1;
  RunLimits limits;
  bool shrink = true;
  double shrink_time_s = 60;
  // The range of each sized generate option (contest_bounds, the user's
  // overrides of the largest); every other option keeps its value in `params`.
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> bounds;
  Params params;
  // The setter's test files, judged in this order instead of random tests.
  std::vector<std::string> inputs;
  // The setter's generator: a shell command line, {seed} replaced by the
  // test's seed (seed + i), whose output is test i.
  std::string gen;
  double gen_time_s = 10;  // wall clock per generator run
  // Judge every test (stop only at --tests or --time), not only up to the
  // first failure; the first failure is still the one shrunk.
  bool keep_going = false;
};

// The kinds of tests: ours, the setter's generator's, the setter's files.
enum class Source { kOurs, kGenerator, kFiles };
Source source_of(const Options& options);

// The seed handed to the setter's generator for test i.
inline std::uint64_t generator_seed(const Options& options, std::uint64_t i) {
  return options.seed + i;
}
// The generator's command line for test i.
std::string generator_command(const Options& options, std::uint64_t i);

// One test's outcome, for --keep-going's table.
struct TestResult {
  std::uint64_t index = 0;
  std::string name;  // "test 7", "seed 20261130", a file's path
  Verdict verdict = Verdict::kOk;
  std::string detail;
  double seconds = 0;
  double cpu_seconds = 0;
  std::size_t bytes = 0;
  int strays = 0;
  bool past_limits = false;  // the input breaks the contest's limits
};

struct Progress {
  bool shrinking = false;
  std::uint64_t tests = 0;  // finished
  double seconds = 0;
  std::size_t largest = 0;  // bytes of the largest input run
  std::uint64_t shrink_steps = 0;
  std::uint64_t shrink_runs = 0;
  std::size_t current = 0;  // bytes of the input being shrunk
};

struct Case {
  std::string input;
  std::string expected;
  Judgement judgement;
};

struct Failure {
  std::uint64_t test = 0;  // 0-based test number
  std::string name;        // as TestResult's
  Case original;
  Case shrunk;  // == original when not shrunk
  std::uint64_t shrink_steps = 0;
  std::uint64_t shrink_runs = 0;
  double shrink_seconds = 0;
  bool shrink_finished = true;  // false: stopped by the shrink time
};

struct Report {
  std::uint64_t tests = 0;          // finished
  double seconds = 0;               // the tests, without the shrinking
  std::size_t largest = 0;          // bytes
  std::optional<Failure> failure;   // the lowest-numbered failure, shrunk
  std::vector<TestResult> results;  // every finished test, by index
  std::uint64_t past_limits = 0;    // tests whose input breaks the contest's limits
  std::string past_limits_example;  // the first such break, as validate words it
  int strays = 0;                   // processes left running by the program, killed
};

// `command`: argv, argv[0] already resolve_program'd. Throws RequestError
// when a run cannot be started, when the setter's generator fails, and when
// an input is not valid for solve (the setter's: named by its file or seed;
// ours: a bug, said so); Interrupted when judge is asked to stop.
Report run_judge(const GameEntry& game, const std::vector<std::string>& command,
                 const Options& options, const std::function<void(const Progress&)>& progress);

// The generate options of test `index`, sized as the header says.
Params test_params(const GameEntry& game, const Options& options, std::uint64_t index);

}  // namespace perfectplay::judge
