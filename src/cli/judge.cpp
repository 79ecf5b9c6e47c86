// `perfectplay judge`, `check` and `validate` (docs/judge.md): options and
// printing only; the loop, the runs and the verdicts are in src/judge/, the
// games' limits and shrinking in their folders.
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <optional>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "judge/judge.h"

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
  std::string save;
  std::string input;
  const GameEntry* chosen = nullptr;
};

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
  o.limits.time_s = a.time_limit;
  o.limits.memory_bytes = a.memory_mb << 20;
  o.shrink = !a.no_shrink;
  o.shrink_time_s = a.shrink_time;
  if (!a.input.empty()) {
    o.input = read_all(a.input);
    try {
      g.validate_contest(*o.input);
    } catch (const InputError& e) {
      std::fprintf(stderr, "%s\n", e.format(input_name(a.input)).c_str());
      return kExitBadInput;
    }
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
  const jd::Report r = jd::run_judge(g, command, o, progress);
  if (shown) std::fputs("\r\033[K", stderr);

  if (!r.failure) {
    write_out(fmt::format("judge {}: OK, {} in {:.2f} s (seed {}, largest input {} bytes)\n",
                          g.name, count(r.tests, "test"), r.seconds, a.seed, r.largest));
    return kExitOk;
  }
  const jd::Failure& f = *r.failure;
  const jd::Judgement& first = f.original.judgement;
  const jd::Judgement& last = f.shrunk.judgement;
  std::string out = fmt::format("judge {}: {} ({}) on test {} (seed {}; {} in {:.2f} s)\n", g.name,
                                jd::verdict_code(first.verdict), jd::verdict_name(first.verdict),
                                f.test, a.seed, count(r.tests, "test"), r.seconds);
  fmt::format_to(std::back_inserter(out), "  {}\n", first.detail);
  if (f.shrink_steps > 0 || f.shrink_runs > 0) {
    fmt::format_to(std::back_inserter(out), "shrunk in {} ({}, {:.2f} s{}) from {} to {}:\n  {}\n",
                   count(f.shrink_steps, "step"), count(f.shrink_runs, "run"), f.shrink_seconds,
                   f.shrink_finished ? "" : ", stopped by --shrink-time",
                   lines_text(f.original.input), lines_text(f.shrunk.input), last.detail);
  }
  if (!a.save.empty()) {
    std::ofstream file(a.save, std::ios::binary);
    file << f.shrunk.input;
    if (!file.flush()) throw RequestError(fmt::format("cannot write {}", a.save));
  }
  fmt::format_to(std::back_inserter(out), "--- input{}\n{}",
                 a.save.empty() ? "" : " (saved to " + a.save + ")", block(f.shrunk.input));
  fmt::format_to(std::back_inserter(out), "--- expected (perfectplay solve {}{})\n{}", g.name,
                 flag_text(a.game), block(f.shrunk.expected));
  if (last.verdict != jd::Verdict::kTimeLimit) {
    fmt::format_to(std::back_inserter(out), "--- got\n{}", block(last.run.out));
  }
  if (!last.run.err.empty()) {
    fmt::format_to(std::back_inserter(out), "--- stderr (the end)\n{}", block(last.run.err, 20));
  }
  write_out(out);
  return exit_code(first.verdict);
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
    sub->add_option("--time-limit", args.time_limit, "seconds per run, wall clock (TLE past it)")
        ->check(CLI::Range(0.001, 86400.0))
        ->capture_default_str();
    sub->add_option("--memory-limit", args.memory_mb,
                    "megabytes of address space per run (MLE; 0: no limit)")
        ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 30))
        ->capture_default_str();
    sub->add_flag("--no-shrink", args.no_shrink, "report the failing input as drawn");
    sub->add_option("--shrink-time", args.shrink_time, "seconds spent shrinking at most")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--save", args.save, "write the (shrunk) failing input to this file");
    sub->add_option("--input", args.input,
                    "judge this input file alone (and shrink it if it fails), not random ones");
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
             sized ? p.help + " (sizes grow up to this)" : p.help)
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
  std::string input;
  std::string output;
  std::string convention = "testlib";
  const GameEntry* chosen = nullptr;
};

// The contestant's output when it is at most `cap` bytes; nullopt when it is
// longer (read no further: `yes` as an output ends there, not in memory).
std::optional<std::string> read_output(const std::string& path, std::size_t cap) {
  const bool use_stdin = path == "-";
  const int fd = use_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw RequestError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  struct Closer {
    int fd;
    bool own;
    ~Closer() {
      if (own) ::close(fd);
    }
  } closer{fd, !use_stdin};
  std::string out;
  std::size_t chunk = std::size_t{1} << 16;
  for (;;) {
    const std::size_t old = out.size();
    out.resize(old + chunk);
    const ssize_t n = ::read(fd, out.data() + old, chunk);
    out.resize(old + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      throw RequestError(fmt::format("cannot read {}: {}", input_name(path), std::strerror(errno)));
    }
    if (n == 0) return out;
    if (out.size() > cap) return std::nullopt;
    if (chunk < (std::size_t{16} << 20)) chunk *= 2;
  }
}

int run_check(const CheckArgs& a) {
  if (a.input == "-" && a.output == "-") {
    throw UsageError("INPUT and OUTPUT cannot both be - (standard input): give one as a file");
  }
  const bool kattis = a.convention == "kattis";
  const GameEntry& g = *a.chosen;
  const Params params = base_params(g, a.game);
  std::string expected;
  try {
    // A pipe is checked as it arrives (solve's own parse), as solve does.
    const InputText input(a.input, InputText::kNoLimit,
                          [&](std::string_view prefix) { (void)g.solve(prefix, params); });
    expected = g.solve(input.view(), params);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.format(input_name(a.input)).c_str());
    write_out("FAIL: the input is not valid\n");
    return kattis ? 1 : 3;
  } catch (const RequestError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    write_out("FAIL: cannot check\n");
    return kattis ? 1 : 3;
  }
  // The output limit: judge's (kMaxOutput), or twice the answer where that is
  // more. Past it the output is wrong, as judge's run past it is.
  const std::size_t cap = std::max(jd::kMaxOutput, 2 * expected.size());
  std::optional<std::string> read;
  try {
    read = read_output(a.output, cap);
  } catch (const RequestError& e) {
    std::fprintf(stderr, "perfectplay: %s\n", e.what());
    write_out("FAIL: cannot read the output\n");
    return kattis ? 1 : 3;
  }
  if (!read) {
    write_out(fmt::format("{}: output longer than {} MB (the answer is {} bytes)\n",
                          jd::verdict_code(jd::Verdict::kWrongAnswer), cap >> 20, expected.size()));
    return kattis ? 43 : 1;
  }
  const std::string& got = *read;
  const jd::Comparison c = jd::compare_output(expected, got);
  if (c.verdict == jd::Verdict::kOk) {
    write_out(fmt::format("OK: {}\n", lines_text(got)));
    return kattis ? 42 : 0;
  }
  write_out(fmt::format("{}: {}\n", jd::verdict_code(c.verdict), c.detail));
  if (kattis) return 43;
  return c.verdict == jd::Verdict::kPresentation ? 2 : 1;
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
    sub->add_option("input", args.input, "the contest input file")->required();
    sub->add_option("output", args.output, "the contestant's output file")->required();
    sub->add_option("--convention", args.convention,
                    "exit codes: testlib (0 OK, 1 WA, 2 PE, 3 fail) or kattis (42 accepted, 43 "
                    "wrong, 1 fail)")
        ->check(CLI::IsMember({"testlib", "kattis"}))
        ->capture_default_str();
    add_game_options(sub, g, args.game, true);
    sub->callback([&g] { args.chosen = &g; });
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
