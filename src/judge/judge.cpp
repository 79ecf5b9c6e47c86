#include "judge/judge.h"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <random>
#include <stdexcept>
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

// Runs one input and judges it. `slot` names the runner's files.
Case judge_input(const GameEntry& game, const std::vector<std::string>& command,
                 const Options& options, const Scratch& scratch, int slot, std::string input) {
  Case c;
  c.expected = game.solve(input, options.params);
  const RunResult run = run_program(command, input, options.limits, scratch, slot);
  c.judgement = classify(run, c.expected, options.limits);
  c.input = std::move(input);
  return c;
}

}  // namespace

Judgement classify(const RunResult& run, std::string_view expected, const RunLimits& limits) {
  Judgement j;
  j.run = run;
  if (run.timed_out) {
    j.verdict = Verdict::kTimeLimit;
    j.detail = fmt::format("killed after {:.2f} s (--time-limit {})", run.seconds, limits.time_s);
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

Report run_judge(const GameEntry& game, const std::vector<std::string>& command,
                 const Options& options, const std::function<void(const Progress&)>& progress) {
  const int jobs = std::max(1, options.jobs);
  const Scratch scratch;
  const auto start = Clock::now();
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> stop_at{UINT64_MAX};
  std::atomic<bool> abort{false};
  std::mutex mutex;  // guards everything below
  Report report;
  std::exception_ptr error;
  Progress shown;
  auto last_shown = Clock::now() - std::chrono::seconds(1);

  auto worker = [&](int slot) {
    try {
      for (;;) {
        const std::uint64_t i = next.fetch_add(1);
        if (abort || i >= stop_at || (options.tests != 0 && i >= options.tests) ||
            (options.time_s > 0 && since(start) >= options.time_s) || (options.input && i > 0)) {
          return;
        }
        std::string input =
            options.input
                ? *options.input
                : game.generate(mix64(options.seed + i), test_params(game, options, i), TextSink{});
        if (options.input) {
          game.validate_contest(input);  // the user's file: its InputError is theirs
        } else {
          try {
            game.validate_contest(input);
          } catch (const InputError& e) {
            throw std::logic_error(fmt::format(
                "judge {}: the generated test {} breaks the contest's limits ({}); a bug in its "
                "generate or contest_bounds",
                game.name, i, e.format("<test>")));
          }
        }
        Case c = judge_input(game, command, options, scratch, slot, std::move(input));
        const std::lock_guard lock(mutex);
        ++report.tests;
        report.largest = std::max(report.largest, c.input.size());
        if (c.judgement.verdict != Verdict::kOk && (!report.failure || i < report.failure->test)) {
          report.failure = Failure{i, c, c};
          stop_at = std::min<std::uint64_t>(stop_at, i);
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
      const std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      abort = true;
    }
  };
  {
    std::vector<std::thread> threads;
    for (int s = 0; s < jobs; ++s) threads.emplace_back(worker, s);
    for (auto& t : threads) t.join();
  }
  if (error) std::rethrow_exception(error);
  report.seconds = since(start);
  if (!report.failure || !options.shrink || !game.shrink) return report;

  // Greedy shrinking: the first candidate, in the game's order, that fails
  // the same way is taken; candidates are run `jobs` at a time.
  Failure& f = *report.failure;
  const auto shrink_start = Clock::now();
  const Verdict verdict = f.original.judgement.verdict;
  bool improved = true;
  while (improved) {
    improved = false;
    const std::vector<std::string> candidates = game.shrink(f.shrunk.input);
    for (std::size_t b = 0; b < candidates.size() && !improved; b += jobs) {
      if (since(shrink_start) >= options.shrink_time_s) {
        f.shrink_finished = false;
        break;
      }
      const std::size_t n = std::min<std::size_t>(jobs, candidates.size() - b);
      std::vector<std::optional<Case>> results(n);
      std::vector<std::thread> threads;
      std::exception_ptr batch_error;
      for (std::size_t k = 0; k < n; ++k) {
        threads.emplace_back([&, k] {
          try {
            // Checked as it is run (most candidates never are).
            try {
              game.validate_contest(candidates[b + k]);
            } catch (const InputError& e) {
              throw std::logic_error(fmt::format(
                  "judge {}: a shrink candidate breaks the contest's limits ({}); a bug in its "
                  "shrink",
                  game.name, e.format("<candidate>")));
            }
            results[k] = judge_input(game, command, options, scratch, static_cast<int>(k),
                                     candidates[b + k]);
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
    if (!f.shrink_finished) break;
  }
  f.shrink_seconds = since(shrink_start);
  return report;
}

}  // namespace perfectplay::judge
