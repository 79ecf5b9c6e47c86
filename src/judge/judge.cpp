#include "judge/judge.h"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "core/game.h"
#include "core/input_error.h"
#include "core/seed.h"

namespace perfectplay::judge {

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

bool mentions_memory(std::string_view err) {
  for (const char* sign : {"bad_alloc", "MemoryError", "out of memory", "Out of memory",
                           "Cannot allocate memory", "memory exhausted"}) {
    if (err.find(sign) != std::string_view::npos) return true;
  }
  return false;
}

std::string signal_text(int sig) {
  const char* name = sigabbrev_np(sig);
  std::string text = name != nullptr ? fmt::format("SIG{}", name) : fmt::format("signal {}", sig);
  if (sig == SIGXFSZ) text += fmt::format(" (output past {} MB)", kMaxOutput >> 20);
  return text;
}

std::string last_line(std::string_view err) {
  while (!err.empty() && (err.back() == '\n' || err.back() == '\r')) err.remove_suffix(1);
  const std::size_t nl = err.rfind('\n');
  return escape(nl == std::string_view::npos ? err : err.substr(nl + 1), 160);
}

// Runs one input and judges it. `slot` names the runner's files. An input
// solve refuses is a bug of whoever made it (the caller says whose).
Case judge_input(const GameEntry& game, const std::vector<std::string>& command,
                 const Options& options, const Scratch& scratch, int slot, std::string input) {
  Case c;
  c.expected = game.solve(input, options.params);
  const RunResult run = run_program(command, input, options.limits, scratch, slot);
  c.judgement = classify(run, c.expected, options.limits);
  c.input = std::move(input);
  return c;
}

std::string read_test_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw RequestError(fmt::format("cannot read the test {}", path));
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) throw RequestError(fmt::format("cannot read the test {}", path));
  return std::move(text).str();
}

}  // namespace

Judgement classify(const RunResult& run, std::string_view expected, const RunLimits& limits) {
  Judgement j;
  j.run = run;
  // The CPU limit is polled while the program runs (every few ms) and
  // checked again on what wait4 reports, so a run that ends between two
  // polls past it is TLE as well.
  if (run.cpu_timed_out || (limits.cpu_s > 0 && run.cpu_seconds > limits.cpu_s)) {
    j.verdict = Verdict::kTimeLimit;
    j.detail =
        fmt::format("{} after {:.2f} s of CPU (--time-limit-cpu {}; {:.2f} s wall clock)",
                    run.timed_out ? "killed" : "ended", run.cpu_seconds, limits.cpu_s, run.seconds);
    return j;
  }
  if (run.timed_out) {
    j.verdict = Verdict::kTimeLimit;
    j.detail = fmt::format("killed after {:.2f} s (--time-limit {}; {:.2f} s of CPU)", run.seconds,
                           limits.time_s, run.cpu_seconds);
    return j;
  }
  const bool failed = run.signaled || run.exit_code != 0;
  if (failed && limits.memory_bytes != 0 &&
      (mentions_memory(run.err) || run.max_rss_bytes >= limits.memory_bytes / 10 * 9)) {
    j.verdict = Verdict::kMemoryLimit;
    j.detail = fmt::format("{} with a memory limit of {} MB (peak resident {} MB){}",
                           run.signaled ? "killed by " + signal_text(run.signal)
                                        : fmt::format("exit status {}", run.exit_code),
                           limits.memory_bytes >> 20, run.max_rss_bytes >> 20,
                           run.err.empty() ? "" : "; stderr: " + last_line(run.err));
    return j;
  }
  if (failed) {
    j.verdict = Verdict::kRuntimeError;
    j.detail = fmt::format("{}{}",
                           run.signaled ? "killed by " + signal_text(run.signal)
                                        : fmt::format("exit status {}", run.exit_code),
                           run.err.empty() ? "" : "; stderr: " + last_line(run.err));
    return j;
  }
  if (run.out_truncated) {
    j.verdict = Verdict::kWrongAnswer;
    j.detail = fmt::format("output longer than {} MB", kMaxOutput >> 20);
    return j;
  }
  const Comparison c = compare_output(expected, run.out);
  j.verdict = c.verdict;
  j.detail = c.detail;
  return j;
}

Params test_params(const GameEntry& game, const Options& options, std::uint64_t index) {
  Params p = options.params;
  std::mt19937_64 rng(mix64(options.seed ^ mix64(index + 0x5eed)));
  double level = 1;
  if (index < kRamp) {
    level = static_cast<double>(index + 1) / kRamp;
  } else if (index % 4 != 0) {
    level = std::uniform_real_distribution<double>(0, 1)(rng);
  }
  // Geometric: a bound of 10^9 is 2 at level 0.05, 1000 at 0.33, 10^9 at 1;
  // a bound of 8 is 1 below level 0.2 and 3 at 0.5.
  for (const ParamSpec& spec : game.params) {
    const auto it = options.bounds.find(spec.name);
    if (it == options.bounds.end()) continue;
    const auto [lo, bound] = it->second;
    const std::int64_t hi = std::max(lo, bound);
    const double span = static_cast<double>(hi - lo);
    const auto grown = static_cast<std::int64_t>(std::llround(std::pow(span + 1, level) - 1));
    p.values[spec.name] = std::clamp(lo + grown, lo, hi);
  }
  return p;
}

Source source_of(const Options& options) {
  if (!options.inputs.empty()) return Source::kFiles;
  if (!options.gen.empty()) return Source::kGenerator;
  return Source::kOurs;
}

std::string generator_command(const Options& options, std::uint64_t i) {
  std::string cmd = options.gen;
  const std::string seed = std::to_string(generator_seed(options, i));
  for (std::size_t at = cmd.find("{seed}"); at != std::string::npos;
       at = cmd.find("{seed}", at + seed.size())) {
    cmd.replace(at, 6, seed);
  }
  return cmd;
}

namespace {

// Test i's input and name, from whichever source the options name.
std::pair<std::string, std::string> make_test(const GameEntry& game, const Options& options,
                                              std::uint64_t i, const Scratch& scratch, int slot) {
  switch (source_of(options)) {
    case Source::kFiles:
      return {read_test_file(options.inputs[i]), options.inputs[i]};
    case Source::kGenerator: {
      const std::string cmd = generator_command(options, i);
      RunLimits limits;
      limits.time_s = options.gen_time_s;
      const RunResult r = run_program({"/bin/sh", "-c", cmd}, "", limits, scratch, slot);
      std::string why;
      if (r.timed_out) {
        why = fmt::format("it ran past {} s", options.gen_time_s);
      } else if (r.signaled) {
        why = fmt::format("killed by {}", signal_text(r.signal));
      } else if (r.exit_code != 0) {
        why = fmt::format("exit status {}", r.exit_code);
      } else if (r.out_truncated) {
        why = fmt::format("its output passed {} MB", kMaxOutput >> 20);
      }
      if (!why.empty()) {
        throw RequestError(fmt::format("the generator failed on test {} (`{}`): {}{}", i, cmd, why,
                                       r.err.empty() ? "" : "; stderr: " + last_line(r.err)));
      }
      return {r.out, fmt::format("seed {}", generator_seed(options, i))};
    }
    case Source::kOurs:
      break;
  }
  return {game.generate(mix64(options.seed + i), test_params(game, options, i), TextSink{}),
          fmt::format("test {}", i)};
}

// "" when `input` is within the contest's limits; the break, as validate
// words it, when it is valid for solve but past those limits. An input solve
// refuses throws RequestError, naming whose fault it is.
std::string check_test(const GameEntry& game, const Options& options, const std::string& input,
                       const std::string& name) {
  try {
    game.validate_contest(input);
    return "";
  } catch (const InputError& limits) {
    try {
      (void)game.solve(input, options.params);
    } catch (const InputError& e) {
      switch (source_of(options)) {
        case Source::kFiles:
          throw RequestError(e.format(name));
        case Source::kGenerator:
          throw RequestError(fmt::format("the generator's {} is not a valid {} input: {}", name,
                                         game.name, e.format("<generated>")));
        case Source::kOurs:
          break;
      }
      throw RequestError(
          fmt::format("judge {}: its generated {} is not a valid input ({}); a bug in its generate",
                      game.name, name, e.format("<test>")));
    }
    return limits.format(name);
  }
}

}  // namespace

Report run_judge(const GameEntry& game, const std::vector<std::string>& command,
                 const Options& options, const std::function<void(const Progress&)>& progress) {
  const int jobs = std::max(1, options.jobs);
  const Scratch scratch;
  const auto start = Clock::now();
  const Source source = source_of(options);
  std::uint64_t count = options.tests;
  if (source == Source::kFiles) count = options.inputs.size();
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> stop_at{UINT64_MAX};
  std::atomic<bool> abort{false};
  std::mutex mutex;  // guards everything below
  Report report;
  std::exception_ptr error;
  Progress shown;
  auto last_shown = Clock::now() - std::chrono::seconds(1);

  std::uint64_t error_at = UINT64_MAX;
  auto worker = [&](int slot) {
    std::uint64_t current = UINT64_MAX;
    try {
      for (;;) {
        throw_if_stopped();
        const std::uint64_t i = next.fetch_add(1);
        current = i;
        if (abort || i >= stop_at || (count != 0 && i >= count) ||
            (options.time_s > 0 && since(start) >= options.time_s)) {
          return;
        }
        auto [input, name] = make_test(game, options, i, scratch, slot);
        const std::string past = check_test(game, options, input, name);
        Case c = judge_input(game, command, options, scratch, slot, std::move(input));
        const std::lock_guard lock(mutex);
        ++report.tests;
        report.largest = std::max(report.largest, c.input.size());
        const RunResult& run = c.judgement.run;
        report.results.push_back({i, name, c.judgement.verdict, c.judgement.detail, run.seconds,
                                  run.cpu_seconds, c.input.size(), run.strays, !past.empty()});
        report.strays += run.strays;
        if (!past.empty() && report.past_limits++ == 0) report.past_limits_example = past;
        if (c.judgement.verdict != Verdict::kOk && (!report.failure || i < report.failure->test)) {
          report.failure = Failure{i, name, c, c};
          if (!options.keep_going) stop_at = std::min<std::uint64_t>(stop_at, i);
        }
        if (progress && since(last_shown) >= 0.1) {
          last_shown = Clock::now();
          shown.tests = report.tests;
          shown.seconds = since(start);
          shown.largest = report.largest;
          progress(shown);
        }
      }
    } catch (...) {
      // The lowest-numbered test's error, as for failures (a generator
      // broken on every seed is reported on the first).
      const std::lock_guard lock(mutex);
      if (!error || current < error_at) {
        error = std::current_exception();
        error_at = current;
      }
      abort = true;
    }
  };
  {
    std::vector<std::thread> threads;
    for (int s = 0; s < jobs; ++s) threads.emplace_back(worker, s);
    for (auto& t : threads) t.join();
  }
  if (error) std::rethrow_exception(error);
  std::sort(report.results.begin(), report.results.end(),
            [](const TestResult& a, const TestResult& b) { return a.index < b.index; });
  if (!options.keep_going && report.failure) {
    // Tests past the failure that finished meanwhile (other workers) are
    // not reported: the run is the same for any -j.
    std::erase_if(report.results,
                  [&](const TestResult& t) { return t.index > report.failure->test; });
  }
  report.seconds = since(start);
  if (!report.failure || !options.shrink || !game.shrink) return report;

  // Greedy shrinking (the header says how): candidates run `jobs` at a time
  // in the order of the list from `from` on, wrapping around.
  Failure& f = *report.failure;
  const auto shrink_start = Clock::now();
  const Verdict verdict = f.original.judgement.verdict;
  std::size_t from = 0;
  for (bool improved = true; improved && f.shrink_finished;) {
    improved = false;
    const std::vector<std::string> candidates = game.shrink(f.shrunk.input);
    const std::size_t total = candidates.size();
    if (from >= total) from = 0;
    for (std::size_t b = 0; b < total && !improved; b += jobs) {
      throw_if_stopped();
      if (since(shrink_start) >= options.shrink_time_s) {
        f.shrink_finished = false;
        break;
      }
      const std::size_t n = std::min<std::size_t>(jobs, total - b);
      std::vector<std::optional<Case>> results(n);
      std::vector<std::thread> threads;
      std::exception_ptr batch_error;
      for (std::size_t k = 0; k < n; ++k) {
        threads.emplace_back([&, k] {
          try {
            const std::string& candidate = candidates[(from + b + k) % total];
            try {
              results[k] =
                  judge_input(game, command, options, scratch, static_cast<int>(k), candidate);
            } catch (const InputError& e) {
              throw RequestError(fmt::format(
                  "judge {}: a shrink candidate is not a valid input ({}); a bug in its shrink",
                  game.name, e.format("<candidate>")));
            }
          } catch (...) {
            const std::lock_guard lock(mutex);
            if (!batch_error) batch_error = std::current_exception();
          }
        });
      }
      for (auto& t : threads) t.join();
      if (batch_error) std::rethrow_exception(batch_error);
      f.shrink_runs += n;
      for (std::size_t k = 0; k < n; ++k) {
        if (results[k]->judgement.verdict == verdict) {
          f.shrunk = std::move(*results[k]);
          ++f.shrink_steps;
          from = (from + b + k) % total;
          improved = true;
          break;
        }
      }
      if (progress && since(last_shown) >= 0.1) {
        last_shown = Clock::now();
        Progress p;
        p.shrinking = true;
        p.shrink_steps = f.shrink_steps;
        p.shrink_runs = f.shrink_runs;
        p.current = f.shrunk.input.size();
        p.seconds = since(shrink_start);
        progress(p);
      }
    }
  }
  f.shrink_seconds = since(shrink_start);
  return report;
}

}  // namespace perfectplay::judge
