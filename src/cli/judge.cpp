// `perfectplay judge`, `check` and `validate` (docs/judge.md): options and
// printing only; the loop, the runs and the verdicts are in src/judge/, the
// games' limits and shrinking in their folders.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "judge/judge.h"
#include "solvers/search_limits.h"

namespace perfectplay::cli {

namespace {

namespace jd = perfectplay::judge;

// Exit codes of judge's verdicts (docs/cli.md): 0 and 3 as verify's (agreed,
// a mismatch), then one per verdict past 4 (a search too large).
int exit_code(jd::Verdict v) {
  switch (v) {
    case jd::Verdict::kOk:
      return kExitOk;
    case jd::Verdict::kWrongAnswer:
      return kExitMismatch;
    case jd::Verdict::kPresentation:
      return 5;
    case jd::Verdict::kTimeLimit:
      return 6;
    case jd::Verdict::kMemoryLimit:
      return 7;
    case jd::Verdict::kRuntimeError:
      return 8;
  }
  return kExitMismatch;
}

// The game options every one of these commands takes (flags, text options).
struct GameOptions {
  std::map<std::string, bool> flags;
  std::map<std::string, std::string> texts;
};

// `reads_contest_input`: check, which takes no option the contest input gives
// (judge generates inputs, and takes them all).
void add_game_options(CLI::App* sub, const GameEntry& g, GameOptions& o,
                      bool reads_contest_input = false) {
  for (const TextOptionSpec& t : g.text_options) {
    if (reads_contest_input && t.in_contest_input) continue;
    sub->add_option_function<std::string>(
           "--" + t.name, [&o, t](const std::string& v) { o.texts[t.name] = v; }, t.help)
        ->default_str(t.default_value);
  }
  for (const FlagSpec& f : g.flags) sub->add_flag("--" + f.name, o.flags[f.name], f.help);
}

Params base_params(const GameEntry& g, const GameOptions& o) {
  Params p;
  for (const ParamSpec& spec : g.params) p.values[spec.name] = spec.default_value;
  for (const auto& [name, on] : o.flags) {
    if (on) p.flags.insert(name);
  }
  for (const TextOptionSpec& spec : g.text_options) {
    auto it = o.texts.find(spec.name);
    p.texts[spec.name] = it == o.texts.end() ? spec.default_value : it->second;
  }
  return p;
}

// The game options given, as on the command line (" --misere").
std::string flag_text(const GameOptions& o) {
  std::string out;
  for (const auto& [name, on] : o.flags) {
    if (on) out += " --" + name;
  }
  for (const auto& [name, value] : o.texts) out += " --" + name + " " + value;
  return out;
}

bool offers_contest(const GameEntry& g) {
  return g.solve && g.validate_contest && g.generate && g.shrink;
}

// "1 test", "2 tests".
std::string count(std::uint64_t n, std::string_view what) {
  return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s");
}

std::string lines_text(std::string_view s) {
  std::size_t n = 0;
  for (const char c : s) n += c == '\n';
  if (!s.empty() && s.back() != '\n') ++n;
  return fmt::format("{} byte{}, {} line{}", s.size(), s.size() == 1 ? "" : "s", n,
                     n == 1 ? "" : "s");
}

// A text block for the report: at most `max_lines` lines, escapes shown.
std::string block(std::string_view s, std::size_t max_lines = 60) {
  std::string out;
  std::size_t lines = 0;
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t nl = s.find('\n', start);
    if (nl == std::string_view::npos) nl = s.size();
    if (lines == max_lines) {
      out += fmt::format("... ({} more bytes)\n", s.size() - start);
      break;
    }
    out += jd::escape(s.substr(start, nl - start), 400) + "\n";
    ++lines;
    start = nl + 1;
  }
  return out;
}

// The end of a text for the report: its last `max_lines` lines, escapes
// shown, after a line saying how much came before (stderr: the failed
// assertion or the traceback's last line is at the end).
std::string tail_block(std::string_view s, std::size_t max_lines = 20) {
  while (!s.empty() && s.back() == '\n') s.remove_suffix(1);
  std::size_t start = s.size();
  std::size_t lines = 0;
  while (start > 0 && lines < max_lines) {
    const std::size_t nl = s.rfind('\n', start - 1);
    start = nl == std::string_view::npos ? 0 : nl + 1;
    ++lines;
    if (nl == std::string_view::npos) break;
    if (lines < max_lines) start = nl;
  }
  if (start > 0 && s[start] == '\n') ++start;
  std::string out;
  if (start > 0) out += fmt::format("... ({} earlier bytes)\n", start);
  out += block(s.substr(start), max_lines);
  return out;
}

// Exit codes past 8: the worst verdict of --keep-going wins; a wrong answer
// is the worst (the program is wrong), then a crash, the limits, the format.
int severity(jd::Verdict v) {
  switch (v) {
    case jd::Verdict::kOk:
      return 0;
    case jd::Verdict::kPresentation:
      return 1;
    case jd::Verdict::kTimeLimit:
      return 2;
    case jd::Verdict::kMemoryLimit:
      return 3;
    case jd::Verdict::kRuntimeError:
      return 4;
    case jd::Verdict::kWrongAnswer:
      return 5;
  }
  return 5;
}

// A word of a command line as a POSIX shell reads it back.
std::string shell_quote(const std::string& w) {
  if (!w.empty() &&
      w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                          "_-+=./:,@%") == std::string::npos) {
    return w;
  }
  std::string out = "'";
  for (const char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The files of a test folder in name order: its *.in files if it has any
// (a Kattis data/ folder, with answers in *.ans), else every regular file
// but answers (Polygon's 01, 01.a; *.ans, *.out).
std::vector<std::string> test_files(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("--tests-dir {}: not a folder", dir));
  std::vector<std::string> all, in;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.' || !e.is_regular_file(ec)) continue;
    all.push_back(e.path().string());
    if (e.path().extension() == ".in") in.push_back(all.back());
  }
  if (ec) throw RequestError(fmt::format("cannot list {}: {}", dir, ec.message()));
  std::vector<std::string> files = in;
  if (files.empty()) {
    for (const std::string& f : all) {
      const std::string ext = fs::path(f).extension().string();
      if (ext != ".a" && ext != ".ans" && ext != ".out" && ext != ".answer") files.push_back(f);
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) throw UsageError(fmt::format("--tests-dir {}: no test files in it", dir));
  return files;
}

struct JudgeArgs {
  GameOptions game;
  std::map<std::string, std::int64_t> values;
  std::vector<std::string> command;
  std::uint64_t seed = kDefaultSeed;
  std::uint64_t tests = 1000;
  bool tests_given = false;
  double time_s = 0;
  int jobs = 0;
  double time_limit = 2;
  std::uint64_t memory_mb = 0;
  bool no_shrink = false;
  double shrink_time = 60;
  double time_limit_cpu = 0;
  bool time_limit_given = false;
  std::string save;
  std::vector<std::string> inputs;
  std::string tests_dir;
  std::string gen;
  double gen_time_limit = 10;
  bool keep_going = false;
  const GameEntry* chosen = nullptr;
};

// The exact command that writes test i again: ours through `perfectplay
// generate` (every size option spelled out), the setter's generator's with
// its seed.
std::string regenerate(const JudgeArgs& a, const jd::Options& o, std::uint64_t i) {
  const GameEntry& g = *a.chosen;
  if (jd::source_of(o) == jd::Source::kGenerator) return jd::generator_command(o, i);
  const Params p = jd::test_params(g, o, i);
  std::string out = fmt::format("perfectplay generate {} --seed {}", g.name, mix64(o.seed + i));
  for (const ParamSpec& spec : g.params) {
    const auto it = p.values.find(spec.name);
    if (it == p.values.end()) continue;
    if (spec.yes_no) {
      if (it->second != 0) out += " --" + spec.name;
    } else {
      out += fmt::format(" --{} {}", spec.name, it->second);
    }
  }
  for (const auto& [name, value] : a.game.texts) out += " --" + name + " " + shell_quote(value);
  return out;
}

int run_judge_command(JudgeArgs& a) {
  const GameEntry& g = *a.chosen;
  jd::Options o;
  o.params = base_params(g, a.game);
  o.bounds = g.contest_bounds;
  for (const auto& [name, v] : a.values) {
    if (o.bounds.count(name) != 0) {
      o.bounds[name].second = v;
      o.bounds[name].first = std::min(o.bounds[name].first, v);
    } else {
      o.params.values[name] = v;
    }
  }
  o.seed = a.seed;
  o.tests = a.tests_given || a.time_s <= 0 ? a.tests : 0;
  o.time_s = a.time_s;
  o.jobs = a.jobs > 0 ? a.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  // With a CPU limit and no wall-clock one, the wall clock allows for a busy
  // machine (several runs at once, other work): five times the CPU limit
  // and two seconds; it only stops a program that sleeps or waits.
  o.limits.time_s =
      a.time_limit_cpu > 0 && !a.time_limit_given ? 5 * a.time_limit_cpu + 2 : a.time_limit;
  o.limits.cpu_s = a.time_limit_cpu;
  o.limits.memory_bytes = a.memory_mb << 20;
  o.shrink = !a.no_shrink;
  o.shrink_time_s = a.shrink_time;
  o.inputs = a.inputs;
  if (!a.tests_dir.empty()) {
    for (std::string& f : test_files(a.tests_dir)) o.inputs.push_back(std::move(f));
  }
  o.gen = a.gen;
  o.gen_time_s = a.gen_time_limit;
  o.keep_going = a.keep_going;
  if (!o.inputs.empty() && !o.gen.empty()) {
    throw UsageError("--gen and --input/--tests-dir are two sources of tests: give one");
  }
  if (!o.gen.empty() && o.gen.find("{seed}") == std::string::npos) {
    throw UsageError("--gen: the command has no {seed}; every test would be the same");
  }
  std::vector<std::string> command = a.command;
  command[0] = jd::resolve_program(command[0]);

  const bool tty = ::isatty(2) != 0;
  bool shown = false;
  const auto progress = [&](const jd::Progress& p) {
    if (!tty) return;
    shown = true;
    if (p.shrinking) {
      std::fprintf(stderr, "\r\033[Kjudge %s: shrinking: %llu steps, %llu runs, now %zu bytes",
                   g.name.c_str(), static_cast<unsigned long long>(p.shrink_steps),
                   static_cast<unsigned long long>(p.shrink_runs), p.current);
    } else {
      std::fprintf(stderr, "\r\033[Kjudge %s: %llu tests, %.0f/s, largest input %zu bytes",
                   g.name.c_str(), static_cast<unsigned long long>(p.tests),
                   static_cast<double>(p.tests) / std::max(p.seconds, 1e-9), p.largest);
    }
    std::fflush(stderr);
  };
  // SIGINT, SIGTERM, SIGHUP: the programs running get the signal, then are
  // killed with all they started; the scratch folder goes as run_judge
  // unwinds; the exit code is the shell's for that signal.
  jd::install_stop_handlers();
  jd::Report r;
  try {
    r = jd::run_judge(g, command, o, progress);
  } catch (const jd::Interrupted& e) {
    if (shown) std::fputs("\r\033[K", stderr);
    const char* name = sigabbrev_np(e.signal());
    std::fprintf(stderr, "perfectplay judge %s: stopped by SIG%s; every program it ran is killed\n",
                 g.name.c_str(), name != nullptr ? name : "?");
    return 128 + e.signal();
  }
  if (shown) std::fputs("\r\033[K", stderr);

  std::string out;
  jd::Verdict worst = jd::Verdict::kOk;
  std::map<jd::Verdict, std::uint64_t> counts;
  for (const jd::TestResult& t : r.results) {
    ++counts[t.verdict];
    if (severity(t.verdict) > severity(worst)) worst = t.verdict;
  }
  const auto notes = [&] {
    std::string n;
    if (r.past_limits > 0) {
      n += fmt::format(
          "note: {} broke the contest's limits (sizes past them were asked for: a stress test "
          "beyond the contest), e.g. {}\n",
          count(r.past_limits, "test"), r.past_limits_example);
    }
    if (r.strays > 0) {
      n += fmt::format(
          "note: the program left {} process{} running after it ended; judge killed "
          "them\n",
          r.strays, r.strays == 1 ? "" : "es");
    }
    return n;
  };
  if (a.keep_going) {
    std::string summary;
    for (const auto& [v, n] : counts) {
      summary += fmt::format("{}{} {}", summary.empty() ? "" : ", ", n, jd::verdict_code(v));
    }
    out += fmt::format("judge {}: {}, {} in {:.2f} s: {} (seed {})\n", g.name,
                       jd::verdict_code(worst), count(r.tests, "test"), r.seconds, summary, a.seed);
    // Every test when they are few (a setter's folder), else the failures.
    const bool all = r.results.size() <= 50;
    std::size_t width = 4;
    for (const jd::TestResult& t : r.results) width = std::max(width, t.name.size());
    fmt::format_to(std::back_inserter(out), "{:<{}}  verdict  wall s   cpu s    bytes  detail\n",
                   "test", width);
    for (const jd::TestResult& t : r.results) {
      if (!all && t.verdict == jd::Verdict::kOk) continue;
      fmt::format_to(std::back_inserter(out), "{:<{}}  {:<7}  {:>6.2f}  {:>6.2f}  {:>7}  {}{}\n",
                     t.name, width, jd::verdict_code(t.verdict), t.seconds, t.cpu_seconds, t.bytes,
                     t.detail, t.past_limits ? " (past the contest's limits)" : "");
    }
    std::vector<const jd::TestResult*> slow;
    for (const jd::TestResult& t : r.results) slow.push_back(&t);
    std::sort(slow.begin(), slow.end(),
              [](const auto* x, const auto* y) { return x->seconds > y->seconds; });
    if (slow.size() > 3) slow.resize(3);
    std::string s;
    for (const jd::TestResult* t : slow) {
      s += fmt::format("{}{} {:.2f} s (cpu {:.2f} s)", s.empty() ? "" : ", ", t->name, t->seconds,
                       t->cpu_seconds);
    }
    if (!s.empty()) out += "slowest: " + s + "\n";
    if (jd::source_of(o) != jd::Source::kFiles) {
      // The first few failures' commands; the others follow from the table's
      // test numbers (the same command with that test's seed and sizes).
      std::uint64_t listed = 0, failed = 0;
      for (const jd::TestResult& t : r.results) {
        if (t.verdict == jd::Verdict::kOk) continue;
        if (++failed > 10) continue;
        ++listed;
        fmt::format_to(std::back_inserter(out), "regenerate {} ({}): {} >test{}.in\n", t.name,
                       jd::verdict_code(t.verdict), regenerate(a, o, t.index), t.index);
      }
      if (failed > listed) {
        fmt::format_to(std::back_inserter(out), "({} more failing tests, in the table above)\n",
                       failed - listed);
      }
    }
  }
  if (!r.failure) {
    if (!a.keep_going) {
      out += fmt::format("judge {}: OK, {} in {:.2f} s (seed {}, largest input {} bytes)\n", g.name,
                         count(r.tests, "test"), r.seconds, a.seed, r.largest);
    }
    write_out(out + notes());
    return kExitOk;
  }
  const jd::Failure& f = *r.failure;
  const jd::Judgement& first = f.original.judgement;
  const jd::Judgement& last = f.shrunk.judgement;
  fmt::format_to(std::back_inserter(out), "{}: {} ({}) on {} (seed {}; {} in {:.2f} s)\n",
                 a.keep_going ? "the first failure" : "judge " + g.name,
                 jd::verdict_code(first.verdict), jd::verdict_name(first.verdict), f.name, a.seed,
                 count(r.tests, "test"), r.seconds);
  fmt::format_to(std::back_inserter(out), "  {}\n", first.detail);
  fmt::format_to(std::back_inserter(out), "  wall {:.2f} s, cpu {:.2f} s, peak resident {} MB\n",
                 first.run.seconds, first.run.cpu_seconds, first.run.max_rss_bytes >> 20);
  if (jd::source_of(o) != jd::Source::kFiles) {
    fmt::format_to(std::back_inserter(out), "  regenerate it: {} >test.in\n",
                   regenerate(a, o, f.test));
  }
  if (f.shrink_steps > 0 || f.shrink_runs > 0) {
    fmt::format_to(std::back_inserter(out), "shrunk in {} ({}, {:.2f} s{}) from {} to {}:\n  {}\n",
                   count(f.shrink_steps, "step"), count(f.shrink_runs, "run"), f.shrink_seconds,
                   f.shrink_finished ? "" : ", stopped by --shrink-time",
                   lines_text(f.original.input), lines_text(f.shrunk.input), last.detail);
  }
  std::string saved = a.save;
  const std::string shown_input = block(f.shrunk.input);
  if (saved.empty() && shown_input != f.shrunk.input) {
    // Not shown as it is (past 60 lines, a line cut, a byte escaped): kept
    // whole in a file named after the run, not lost.
    const char* tmp = std::getenv("TMPDIR");
    saved = fmt::format("{}/perfectplay-judge-{}-seed{}-test{}.in",
                        tmp != nullptr && *tmp != '\0' ? tmp : "/tmp", g.name, a.seed, f.test);
  }
  if (!saved.empty()) {
    std::ofstream file(saved, std::ios::binary);
    file << f.shrunk.input;
    if (!file.flush()) throw RequestError(fmt::format("cannot write {}", saved));
  }
  fmt::format_to(
      std::back_inserter(out), "--- input{}\n{}",
      saved.empty() ? "" : fmt::format(" ({} {})", a.save.empty() ? "whole in" : "saved to", saved),
      shown_input);
  fmt::format_to(std::back_inserter(out), "--- expected (perfectplay solve {}{})\n{}", g.name,
                 flag_text(a.game), block(f.shrunk.expected));
  if (last.verdict != jd::Verdict::kTimeLimit) {
    fmt::format_to(std::back_inserter(out), "--- got\n{}", block(last.run.out));
  }
  if (!last.run.err.empty()) {
    fmt::format_to(std::back_inserter(out), "--- stderr (the end)\n{}", tail_block(last.run.err));
  }
  write_out(out + notes());
  return exit_code(a.keep_going ? worst : first.verdict);
}

}  // namespace

Command add_judge(CLI::App& app) {
  static JudgeArgs args;
  CLI::App* cmd = app.add_subcommand(
      "judge",
      "Run a contestant's program on random inputs against the exact answers; shrink the "
      "first failure");
  cmd->require_subcommand(1);
  for (const GameEntry& g : registry().games()) {
    if (!offers_contest(g)) continue;
    CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
    sub->add_option("command", args.command, "the program and its arguments, after --")->required();
    sub->add_option_function<std::uint64_t>(
           "--tests",
           [](std::uint64_t n) {
             args.tests = n;
             args.tests_given = true;
           },
           "stop after this many tests (0: no limit; with --time alone: no limit)")
        ->check(kWholeNumber)
        ->default_str("1000");
    sub->add_option("--time", args.time_s,
                    "stop starting tests after this many seconds (0: no limit)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("-j,--jobs", args.jobs, "programs run at once (default: the cores)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--seed", args.seed, "random seed")->check(kWholeNumber)->capture_default_str();
    sub->add_option_function<double>(
           "--time-limit",
           [](double v) {
             args.time_limit = v;
             args.time_limit_given = true;
           },
           "seconds per run, wall clock (TLE past it; with --time-limit-cpu alone: five times "
           "it and 2)")
        ->check(CLI::Range(0.001, 86400.0))
        ->default_str("2");
    sub->add_option("--time-limit-cpu", args.time_limit_cpu,
                    "seconds of CPU per run, user and system, the program's and its children's "
                    "(TLE past it; 0: none)")
        ->check(CLI::Range(0.0, 86400.0));
    sub->add_option("--memory-limit", args.memory_mb,
                    "megabytes of address space per run (MLE; 0: no limit)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 30))
        ->capture_default_str();
    sub->add_flag("--no-shrink", args.no_shrink, "report the failing input as drawn");
    sub->add_option("--shrink-time", args.shrink_time, "seconds spent shrinking at most")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--save", args.save, "write the (shrunk) failing input to this file");
    sub->add_option("--input", args.inputs,
                    "judge these input files, in this order (repeat the option), not random "
                    "ones; the first failure is shrunk")
        ->take_all();
    sub->add_option("--tests-dir", args.tests_dir,
                    "judge the test files of this folder in name order: its *.in files, or every "
                    "file but answers (*.a, *.ans, *.out)");
    sub->add_option("--gen", args.gen,
                    "your generator: a shell command whose output is a contest input, {seed} "
                    "replaced by the test's seed (--seed + i); judge validates and solves it");
    sub->add_option("--gen-time-limit", args.gen_time_limit,
                    "seconds per generator run, wall clock")
        ->check(CLI::Range(0.001, 86400.0))
        ->capture_default_str();
    sub->add_flag("--keep-going", args.keep_going,
                  "run every test, not only up to the first failure: a table of verdicts, the "
                  "slowest tests, the exit code of the worst verdict");
    for (const ParamSpec& p : g.params) {
      if (p.yes_no) {
        sub->add_flag_callback(
            "--" + p.name, [p] { args.values[p.name] = 1; }, p.help);
        continue;
      }
      const auto bound = g.contest_bounds.find(p.name);
      const bool sized = bound != g.contest_bounds.end();
      sub->add_option_function<std::int64_t>(
             "--" + p.name, [p](std::int64_t v) { args.values[p.name] = v; },
             // Not the generate option's own help, which speaks of verify.
             sized ? fmt::format("tests grow up to this; the contest allows {} to {} (past that: "
                                 "a stress test beyond the contest, reported as such)",
                                 bound->second.first, g.contest_bounds.at(p.name).second)
                   : p.help)
          ->check(CLI::Range(p.min, p.max))
          ->default_str(std::to_string(sized ? bound->second.second : p.default_value));
    }
    add_game_options(sub, g, args.game);
    sub->callback([&g] { args.chosen = &g; });
  }
  return {cmd, [] { return run_judge_command(args); }};
}

namespace {

struct CheckArgs {
  GameOptions game;
  std::vector<std::string> files;
  std::vector<std::string> extras;  // what CLI11 did not take: only testlib's -appes
  std::string convention = "testlib";
  const GameEntry* chosen = nullptr;
};

// Where check's result goes, by the calling convention (docs/judge.md):
//   testlib, INPUT OUTPUT (ours): one line on stdout, "OK: ...", "WA: ...";
//   testlib, INPUT OUTPUT ANSWER [RESULT [-appes]] (Polygon, Codeforces):
//     testlib's words ("ok", "wrong answer", "wrong output format", "FAIL")
//     on stderr, and in RESULT when given (as testlib's XML with -appes);
//   kattis, INPUT ANSWER FEEDBACK_DIR [ARGS] < OUTPUT (Kattis, DOMjudge):
//     FEEDBACK_DIR/judgemessage.txt, and stderr for a judge error;
//   kattis, INPUT OUTPUT (ours, exit codes only): as the first.
// A write that fails is the checker's failure (testlib 3, kattis 1), never a
// verdict: /dev/full must not read as a wrong answer.
struct CheckCall {
  bool kattis = false;
  bool system = false;  // called as Polygon or Kattis call a checker
  std::string input, output, answer, result, feedback_dir;
  bool appes = false;
};

enum class Outcome { kOk, kWrong, kFormat, kFail };

int outcome_code(const CheckCall& c, Outcome o) {
  switch (o) {
    case Outcome::kOk:
      return c.kattis ? 42 : 0;
    case Outcome::kWrong:
      return c.kattis ? 43 : 1;
    case Outcome::kFormat:
      return c.kattis ? 43 : 2;
    case Outcome::kFail:
      break;
  }
  return c.kattis ? 1 : 3;
}

void write_file_or_throw(const std::string& path, std::string_view text) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  if (!file.flush()) {
    throw RequestError(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  }
}

// Reports `message` where the convention wants it and returns the exit code;
// a report that cannot be written is a failure of the checker.
int report(const CheckCall& c, Outcome o, const std::string& message) {
  try {
    if (!c.system) {
      write_out(message + "\n");
    } else if (c.kattis) {
      write_file_or_throw(c.feedback_dir + "/judgemessage.txt", message + "\n");
      if (o == Outcome::kFail) std::fprintf(stderr, "%s\n", message.c_str());
    } else {
      static const char* const kWords[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
      const std::string line = fmt::format("{} {}", kWords[static_cast<int>(o)], message);
      if (std::fprintf(stderr, "%s\n", line.c_str()) < 0) {
        throw RequestError("cannot write to standard error");
      }
      if (!c.result.empty()) {
        static const char* const kOutcomes[] = {"accepted", "wrong-answer", "presentation-error",
                                                "fail"};
        std::string text = line + "\n";
        if (c.appes) {
          std::string escaped;
          for (const char ch : message) {
            escaped += ch == '<'   ? "&lt;"
                       : ch == '>' ? "&gt;"
                       : ch == '&' ? "&amp;"
                                   : std::string(1, ch);
          }
          text = fmt::format(
              "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome=\"{}\">{}</result>\n",
              kOutcomes[static_cast<int>(o)], escaped);
        }
        write_file_or_throw(c.result, text);
      }
    }
  } catch (const RequestError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return outcome_code(c, Outcome::kFail);
  }
  return outcome_code(c, o);
}

CheckCall check_call(const CheckArgs& a) {
  CheckCall c;
  c.kattis = a.convention == "kattis";
  std::vector<std::string> f = a.files;
  for (const std::string& e : a.extras) {
    for (const TextOptionSpec& t : a.chosen->text_options) {
      if (t.in_contest_input && e.substr(0, e.find('=')) == "--" + t.name) {
        throw UsageError(
            fmt::format("`check {}` takes --{} from the contest input (each case gives its own)",
                        a.chosen->name, t.name));
      }
    }
    if (e != "-appes") {
      throw UsageError(
          fmt::format("`check {}` has no option {} (`perfectplay check {} --help` "
                      "lists its options)",
                      a.chosen->name, e, a.chosen->name));
    }
    f.push_back(e);
  }
  if (f.size() < 2) throw UsageError("check: INPUT and OUTPUT are required");
  c.input = f[0];
  if (f.size() == 2) {
    c.output = f[1];
  } else if (c.kattis) {
    // Kattis and DOMjudge: input, the jury's answer, the feedback folder,
    // then their own flags (case_sensitive, ...), which exact answers need not.
    c.system = true;
    c.answer = f[1];
    c.feedback_dir = f[2];
    c.output = "-";
  } else {
    if (f.size() > 5 || (f.size() == 5 && f[4] != "-appes")) {
      throw UsageError("check --convention testlib takes INPUT OUTPUT [ANSWER [RESULT [-appes]]]");
    }
    c.system = true;
    c.output = f[1];
    c.answer = f[2];
    if (f.size() >= 4) c.result = f[3];
    c.appes = f.size() == 5;
  }
  if (c.input == "-" && c.output == "-") {
    throw UsageError("INPUT and OUTPUT cannot both be - (standard input): give one as a file");
  }
  return c;
}

// A contestant's (or the jury's) output compared with the answer as the
// answer is produced (GameEntry::solve_source or solve_streamed hand it over
// in pieces): neither is ever held whole, accepted or not. check nim of
// 10^7 cases held the 72 MB answer and the 72 MB output beside the 48 MB
// input (176 MB), and one that differed 212 MB, to tell PE from WA on the
// whole texts; jd::StreamComparison tells them apart as the pieces come,
// with the output read a piece at a time as far as the answer needs it.
//
// The output limit (judge's kMaxOutput, or twice the answer where that is
// more: past it the output is wrong, as judge's run past it is) depends on
// the answer's length, known at its end. An output read past the limit
// that the answer given so far allows (a long run of blanks among the
// tokens: tokens are compared as they come) stops being read, and the
// answer's pieces are kept until the limit they raise lets it go on: they
// are at most half of kMaxOutput (once the limit is twice the answer, the
// next piece raises it past what was read), and at the answer's end the
// output is past the limit (WA) or the comparison goes on.
class StreamedOutput {
 public:
  explicit StreamedOutput(std::string path) : path_(std::move(path)) {}
  StreamedOutput(const StreamedOutput&) = delete;
  StreamedOutput& operator=(const StreamedOutput&) = delete;
  ~StreamedOutput() {
    if (fd_ > 0) ::close(fd_);
  }

  static std::uint64_t limit(std::uint64_t answer_bytes) {
    return std::max<std::uint64_t>(jd::kMaxOutput, 2 * answer_bytes);
  }

  // Compares the answer's next piece; a read error is kept for later (the
  // input's errors come first), and ends the output.
  void compare(std::string_view piece) {
    answer_bytes_ += piece.size();
    if (!held_.empty()) {
      held_.emplace_back(piece);
      compare_held();
      return;
    }
    while (!(piece = cmp_.feed(Side::kExpected, piece)).empty()) {
      if (!advance(limit(answer_bytes_))) {
        held_.emplace_back(piece);
        held_from_ = 0;
        return;
      }
    }
  }
  // After the answer's last piece: the output is read to its end, or past
  // the output limit.
  void finish() {
    if (compare_held()) {
      cmp_.end(Side::kExpected);
      while (!cmp_.ended(Side::kGot)) {
        if (!advance(limit(answer_bytes_))) break;
      }
    }
    too_long_ = !cmp_.ended(Side::kGot);
  }

  // A read error met (empty when none).
  const std::string& error() const { return error_; }
  // Longer than the output limit (read no further: `yes` as an output ends
  // there, not in memory).
  bool too_long() const { return too_long_; }
  jd::Comparison result() const { return cmp_.result(); }
  // "N bytes, M lines" of the output (judge.cpp's lines_text).
  std::string size_text() const {
    const std::uint64_t bytes = cmp_.bytes(Side::kGot);
    const std::uint64_t lines = cmp_.newlines(Side::kGot) + (bytes > 0 && last_ != '\n' ? 1 : 0);
    return fmt::format("{} byte{}, {} line{}", bytes, bytes == 1 ? "" : "s", lines,
                       lines == 1 ? "" : "s");
  }

 private:
  using Side = jd::StreamComparison::Side;
  static constexpr std::size_t kPiece = std::size_t{1} << 20;

  // Hands the comparison more of the output: what it left of the last piece
  // read, else the next piece (or the output's end). False, reading nothing,
  // once more than `cap` bytes were read.
  bool advance(std::uint64_t cap) {
    if (rest_.empty()) {
      if (read_ > cap) return false;
      buf_.resize(kPiece);
      const std::size_t n = read_some(buf_.data(), kPiece);
      if (n == 0) {
        cmp_.end(Side::kGot);
        return true;
      }
      read_ += n;
      last_ = buf_[n - 1];
      rest_ = std::string_view(buf_).substr(0, n);
    }
    rest_ = cmp_.feed(Side::kGot, rest_);
    return true;
  }
  // The answer's pieces kept while the output waited, as far as the limit
  // now lets the output be read; whether all were compared.
  bool compare_held() {
    while (!held_.empty()) {
      std::string_view rest = std::string_view(held_.front()).substr(held_from_);
      while (!(rest = cmp_.feed(Side::kExpected, rest)).empty()) {
        if (!advance(limit(answer_bytes_))) {
          held_from_ = held_.front().size() - rest.size();
          return false;
        }
      }
      held_.pop_front();
      held_from_ = 0;
    }
    return true;
  }
  // Up to `n` bytes (0 at the end or on an error, kept in error_).
  std::size_t read_some(char* out, std::size_t n) {
    if (!error_.empty()) return 0;
    if (fd_ < 0) {
      fd_ = path_ == "-" ? 0 : ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd_ < 0) {
        error_ = fmt::format("cannot open {}: {}", path_, std::strerror(errno));
        return 0;
      }
    }
    for (;;) {
      const ssize_t got = ::read(fd_, out, n);
      if (got >= 0) return static_cast<std::size_t>(got);
      if (errno == EINTR) continue;
      error_ = fmt::format("cannot read {}: {}", input_name(path_), std::strerror(errno));
      return 0;
    }
  }

  std::string path_;
  int fd_ = -1;  // 0 is standard input, which is not closed
  jd::StreamComparison cmp_;
  std::string buf_;               // the last piece read
  std::string_view rest_;         // what the comparison has not taken of it
  std::deque<std::string> held_;  // the answer's pieces kept (the first from held_from_ on)
  std::size_t held_from_ = 0;
  std::uint64_t read_ = 0, answer_bytes_ = 0;
  char last_ = 0;  // the output's last byte read
  bool too_long_ = false;
  std::string error_;
};

// Hands the answer to `sink` in pieces where the game can (a regular file
// read piece by piece, else the text mapped or read and the answer streamed),
// else whole. The input is validated before the first piece, as solve does.
void produce_answer(const GameEntry& g, const std::string& path, const Params& params,
                    const std::function<void(std::string_view)>& sink) {
  if (g.solve_source) {
    if (const auto source = FileSource::open(path, g.line_rules ? &*g.line_rules : nullptr)) {
      if (g.solve_source(*source, params, TextSink::unvalidated(sink))) return;
      if (source->changed()) throw RequestError(InputText::changed_message());
    }
  }
  // A pipe is checked as it arrives (solve's own parse), as solve does.
  const InputText input(
      path, InputText::kNoLimit, [&](std::string_view prefix) { (void)g.solve(prefix, params); },
      g.line_rules ? &*g.line_rules : nullptr);
  if (g.solve_streamed) {
    g.solve_streamed(input.view(), params, TextSink::unvalidated(sink));
    return;
  }
  // A mapped file's pages are given back behind the game's reading
  // (Params::release_input), as solve's are: check gridgame held the 9.6 MB
  // text beside the matrix read from it.
  Params releasing = params;
  releasing.release_input = [&input](std::size_t offset) { input.release_before(offset); };
  sink(g.solve(input.view(), releasing));
}

int run_check(const CheckArgs& a) {
  const CheckCall call = check_call(a);
  const GameEntry& g = *a.chosen;
  const Params params = base_params(g, a.game);
  // The jury's answer (when given) and the output, compared as the answer
  // comes (StreamedOutput), then read to their ends.
  std::optional<StreamedOutput> jury_stream;
  if (!call.answer.empty()) jury_stream.emplace(call.answer);
  StreamedOutput output_stream(call.output);
  std::uint64_t answer_bytes = 0;
  try {
    produce_answer(g, call.input, params, [&](std::string_view piece) {
      answer_bytes += piece.size();
      if (jury_stream) jury_stream->compare(piece);
      output_stream.compare(piece);
    });
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.format(input_name(call.input)).c_str());
    return report(call, Outcome::kFail,
                  call.system ? "the input is not valid: " + e.format(input_name(call.input))
                              : "FAIL: the input is not valid");
  } catch (const RequestError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return report(call, Outcome::kFail,
                  call.system ? std::string("cannot check: ") + e.what() : "FAIL: cannot check");
  } catch (const SearchLimitExceeded& e) {
    // The exact answer is out of reach (bacteria's table past the memory
    // budget, a search past --max-states): the checker cannot judge, which
    // the conventions call a checker failure, not a verdict on the output.
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    return report(call, Outcome::kFail,
                  call.system ? std::string("cannot check: ") + e.what() : "FAIL: cannot check");
  }
  if (jury_stream) jury_stream->finish();
  output_stream.finish();
  // The output limit, as StreamedOutput applied it.
  const std::uint64_t cap = StreamedOutput::limit(answer_bytes);
  if (jury_stream) {
    // The jury's answer is not needed (ours is exact), but one that
    // disagrees with it means the jury's solution or the test is wrong: the
    // checker fails rather than judge against either.
    if (!jury_stream->error().empty()) return report(call, Outcome::kFail, jury_stream->error());
    const jd::Comparison c = jury_stream->too_long() ? jd::Comparison{} : jury_stream->result();
    if (jury_stream->too_long() || c.verdict == jd::Verdict::kWrongAnswer) {
      return report(
          call, Outcome::kFail,
          fmt::format("the jury's answer {} is not the exact answer: {}", call.answer,
                      jury_stream->too_long() ? "longer than the output limit" : c.detail));
    }
  }
  if (!output_stream.error().empty()) {
    std::fprintf(stderr, "perfectplay: %s\n", output_stream.error().c_str());
    return report(call, Outcome::kFail,
                  call.system ? output_stream.error() : "FAIL: cannot read the output");
  }
  if (output_stream.too_long()) {
    const std::string what =
        fmt::format("output longer than {} MB (the answer is {} bytes)", cap >> 20, answer_bytes);
    return report(call, Outcome::kWrong,
                  call.system
                      ? what
                      : fmt::format("{}: {}", jd::verdict_code(jd::Verdict::kWrongAnswer), what));
  }
  const jd::Comparison c = output_stream.result();
  if (c.verdict == jd::Verdict::kOk) {
    return report(call, Outcome::kOk,
                  fmt::format("{}{}", call.system ? "" : "OK: ", output_stream.size_text()));
  }
  const Outcome o = c.verdict == jd::Verdict::kPresentation ? Outcome::kFormat : Outcome::kWrong;
  return report(
      call, o,
      call.system ? c.detail : fmt::format("{}: {}", jd::verdict_code(c.verdict), c.detail));
}

}  // namespace

Command add_check(CLI::App& app) {
  static CheckArgs args;
  CLI::App* cmd = app.add_subcommand(
      "check", "Check a contestant's output file against the exact answer (a judge's checker)");
  cmd->require_subcommand(1);
  for (const GameEntry& g : registry().games()) {
    if (!g.solve || !g.validate_contest) continue;
    CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
    sub->add_option("files", args.files,
                    "INPUT OUTPUT; as testlib calls a checker: INPUT OUTPUT ANSWER [RESULT "
                    "[-appes]]; as Kattis and DOMjudge call one (--convention kattis): INPUT "
                    "ANSWER FEEDBACK_DIR [ARGS] < OUTPUT")
        ->required()
        ->expected(2, 16);
    sub->add_option("--convention", args.convention,
                    "testlib (exit 0 OK, 1 WA, 2 PE, 3 fail) or kattis (42 accepted, 43 wrong, "
                    "1 fail; judgemessage.txt in FEEDBACK_DIR)")
        ->check(CLI::IsMember({"testlib", "kattis"}))
        ->capture_default_str();
    add_game_options(sub, g, args.game, true);
    // testlib's "-appes" (the result file as XML) is a word CLI11 would read
    // as short options; it is taken as an extra and checked in check_call.
    sub->allow_extras();
    sub->callback([&g, sub] {
      args.chosen = &g;
      args.extras = sub->remaining();
    });
  }
  return {cmd, [] { return run_check(args); }};
}

Command add_validate(CLI::App& app) {
  static std::string file;
  static const GameEntry* chosen = nullptr;
  CLI::App* cmd = app.add_subcommand(
      "validate",
      "Check that an input file obeys the original contest's limits, naming the first "
      "one broken");
  cmd->require_subcommand(1);
  for (const GameEntry& g : registry().games()) {
    if (!g.validate_contest) continue;
    CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
    sub->add_option("input", file, "the contest input file (- : stdin)")->required();
    sub->callback([&g] { chosen = &g; });
  }
  return {cmd, [] {
            try {
              // A pipe is validated as it arrives: its first broken limit
              // ends the read, not the end of an endless stream.
              const InputText input(file, InputText::kNoLimit, [](std::string_view prefix) {
                chosen->validate_contest(prefix);
              });
              chosen->validate_contest(input.view());
            } catch (const InputError& e) {
              std::fprintf(stderr, "%s\n", e.format(input_name(file)).c_str());
              return kExitBadInput;
            }
            write_out(fmt::format("{}: valid {} input\n", input_name(file), chosen->name));
            return kExitOk;
          }};
}

}  // namespace perfectplay::cli
