// `perfectplay certify` and `certify-merge` (docs/certify.md): options and
// printing only; the enumeration, shards, checkpoints, the report and the
// merge are in src/certify/, each game's instances in its folder.
#include <fmt/format.h>

#include <thread>

#include "certify/driver.h"
#include "certify/model_space.h"
#include "cli/commands.h"
#include "cli/common.h"

namespace perfectplay::cli {

namespace {

namespace cf = perfectplay::certify;

struct CertifyArgs {
  std::map<std::string, std::int64_t> values;
  std::map<std::string, bool> flags;
  std::map<std::string, std::string> texts;
  std::string shard = "1/1";
  unsigned threads = 0;
  std::string checkpoint;
  std::uint64_t max_states = SearchLimits{}.max_states;
  bool json = false;
  bool no_symmetry = false;
  std::string recheck;  // a report to run again and compare
  const GameEntry* chosen = nullptr;
};

int exit_code(const cf::Report& r) {
  return r.disagreed > 0 ? kExitMismatch : kExitOk;
}

void print(const cf::Report& r, bool json) {
  write_out(json ? cf::to_json(r).dump(2) + "\n" : cf::to_text(r));
}

// A report file read back and checked: bounded, a regular file, its digest
// and form (cf::parse_report), its counts (cf::check_counts). `command`
// prefixes the messages.
cf::Report read_report(const std::string& path, std::string_view command) {
  std::string text;
  try {
    text = *cf::read_report_file(path, "report");
  } catch (const RequestError& e) {
    throw RequestError(fmt::format("{}: {}", command, e.what()));
  }
  try {
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception&) {
      throw RequestError("not a certify report (not JSON: certify writes one with --json)");
    }
    cf::Report r = cf::parse_report(j);
    cf::check_counts(r);
    return r;
  } catch (const RequestError& e) {
    throw RequestError(fmt::format("{}: {}: {}", command, path, e.what()));
  }
}

const GameEntry& certify_game(const std::string& name, std::string_view command) {
  const GameEntry* g = registry().find(name);
  if (g == nullptr || !g->certify) {
    throw RequestError(fmt::format(
        "{}: this perfectplay has no game {} to certify (perfectplay list)", command, name));
  }
  return *g;
}

unsigned threads_or_cores(unsigned threads) {
  return threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
}

// certify --recheck REPORT: the shard run again, its results compared.
int run_recheck(const CertifyArgs& a) {
  const cf::Report claimed = read_report(a.recheck, "certify --recheck");
  if (!claimed.complete()) {
    throw RequestError(fmt::format(
        "certify --recheck: {}: shard {}/{} is incomplete ({} of {} instances done): resume it "
        "first",
        a.recheck, claimed.shard.index, claimed.shard.count, claimed.checked + claimed.skipped,
        claimed.slice));
  }
  const GameEntry& g = certify_game(claimed.game, "certify --recheck");
  cf::RunOptions o;
  o.threads = threads_or_cores(a.threads);
  o.checkpoint = a.checkpoint;
  SearchLimits limits;
  limits.max_states = a.max_states;
  const cf::Recheck result = [&] {
    try {
      return cf::recheck(g, claimed, o, limits);
    } catch (const RequestError& e) {
      throw RequestError(fmt::format("certify --recheck: {}: {}", a.recheck, e.what()));
    }
  }();
  std::string out;
  if (a.json) {
    nlohmann::json j = {{"schema", 1},
                        {"command", "certify --recheck"},
                        {"report", a.recheck},
                        {"reproduced", result.differences.empty()},
                        {"differences", result.differences},
                        {"rerun", cf::to_json(result.rerun)}};
    out = j.dump(2) + "\n";
  } else {
    out = fmt::format("certify --recheck {}: shard {}/{} run again by this binary:\n", a.recheck,
                      claimed.shard.index, claimed.shard.count) +
          cf::to_text(result.rerun);
    if (claimed.binary != result.rerun.binary) {
      out += fmt::format("note: the report was written by {}; this is {}\n", claimed.binary,
                         result.rerun.binary);
    }
    if (result.differences.empty()) {
      out +=
          fmt::format("recheck: {} reproduced: the rerun found what the report says\n", a.recheck);
    } else {
      out += fmt::format("recheck: {} NOT REPRODUCED: the rerun differs from the report:\n",
                         a.recheck);
      for (const std::string& d : result.differences) out += "  " + d + "\n";
    }
  }
  write_out(out);
  if (!result.differences.empty()) return kExitBadInput;
  return exit_code(result.rerun);
}

int run_certify(const CertifyArgs& a) {
  if (!a.recheck.empty()) {
    if (a.chosen != nullptr) {
      throw UsageError(
          "certify --recheck takes the game, options, bounds and shard from the report: give no "
          "game");
    }
    return run_recheck(a);
  }
  if (a.chosen == nullptr) throw UsageError("certify: name a game, or give --recheck REPORT");
  const GameEntry& g = *a.chosen;
  Params params;
  for (const ParamSpec& p : g.certify_params) {
    const auto it = a.values.find(p.name);
    params.values[p.name] = it == a.values.end() ? p.default_value : it->second;
  }
  for (const auto& [name, on] : a.flags) {
    if (on) params.flags.insert(name);
  }
  for (const TextOptionSpec& t : g.text_options) {
    const auto it = a.texts.find(t.name);
    params.texts[t.name] = it == a.texts.end() ? t.default_value : it->second;
  }
  if (a.no_symmetry) params.flags.insert(cf::kNoSymmetry);
  params.limits.max_states = a.max_states;
  cf::RunOptions o;
  o.shard = *cf::parse_shard(a.shard);  // checked by the option's validator
  o.threads = threads_or_cores(a.threads);
  o.checkpoint = a.checkpoint;
  const cf::Report r = cf::run(g, params, o);
  print(r, a.json);
  return exit_code(r);
}

const CLI::Validator kShard(
    [](std::string& s) -> std::string {
      return cf::parse_shard(s) ? "" : "must be I/N with 1 <= I <= N <= 2^32, found '" + s + "'";
    },
    "I/N");

}  // namespace

Command add_certify(CLI::App& app) {
  static CertifyArgs args;
  CLI::App* cmd = app.add_subcommand(
      "certify",
      "Theory against exhaustive reference on every instance up to the bounds, in shards");
  cmd->require_subcommand(0, 1);
  // --recheck and the options a rerun takes, on certify itself (before the
  // game, which --recheck reads from the report).
  cmd->add_option("--recheck", args.recheck,
                  "run the shard a report (certify --json) names again and compare every result: "
                  "the real check of a report (docs/certify.md)");
  cmd->add_option("-j,--threads", args.threads, "threads (default: the cores)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--checkpoint", args.checkpoint,
                  "save progress to FILE every few seconds; resume from it if it exists (with "
                  "--recheck: a file only the recheck wrote)");
  cmd->add_option("--max-states", args.max_states,
                  "limit on positions stored by each exhaustive search")
      ->check(kWholeNumber)
      ->capture_default_str();
  cmd->add_flag("--json", args.json, "machine-readable output (docs/json.md)");
  for (const GameEntry& g : registry().games()) {
    if (!g.certify) continue;
    CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
    for (const ParamSpec& p : g.certify_params) {
      sub->add_option_function<std::int64_t>(
             "--" + p.name, [p](std::int64_t v) { args.values[p.name] = v; }, p.help)
          ->check(CLI::Range(p.min, p.max))
          ->default_str(std::to_string(p.default_value));
    }
    for (const TextOptionSpec& t : g.text_options) {
      sub->add_option_function<std::string>(
             "--" + t.name, [t](const std::string& v) { args.texts[t.name] = v; }, t.help)
          ->default_str(t.default_value);
    }
    for (const FlagSpec& f : g.flags) sub->add_flag("--" + f.name, args.flags[f.name], f.help);
    sub->add_flag("--no-symmetry", args.no_symmetry,
                  "check mirror images too, where the game skips them (docs/certify.md)");
    sub->add_option("--shard", args.shard,
                    "check only the I-th of N disjoint slices of the instances")
        ->check(kShard)
        ->capture_default_str();
    sub->add_option("-j,--threads", args.threads, "threads (default: the cores)")
        ->check(CLI::Range(1, 1024));
    sub->add_option("--checkpoint", args.checkpoint,
                    "save progress to FILE every few seconds; resume from it if it exists");
    sub->add_option("--max-states", args.max_states,
                    "limit on positions stored by each exhaustive search")
        ->check(kWholeNumber)
        ->capture_default_str();
    sub->add_flag("--json", args.json, "machine-readable output (docs/json.md)");
    sub->callback([&g] { args.chosen = &g; });
  }
  return {cmd, [] { return run_certify(args); }};
}

Command add_certify_merge(CLI::App& app) {
  static std::vector<std::string> files;
  static bool json = false;
  static unsigned threads = 0;
  CLI::App* cmd = app.add_subcommand(
      "certify-merge",
      "Check that certify's shard reports (--json) belong to one run and cover it, and combine "
      "them");
  cmd->add_option("reports", files, "the shards' reports, as `certify --json` wrote them")
      ->required();
  cmd->add_flag("--json", json, "machine-readable output (docs/json.md)");
  cmd->add_option("-j,--threads", threads,
                  "threads re-counting the shards' mirror images (default: the cores)")
      ->check(CLI::Range(1, 1024));
  return {cmd, [] {
            std::vector<cf::Report> reports;
            for (const std::string& f : files) reports.push_back(read_report(f, "certify-merge"));
            const cf::Report r = cf::merge(certify_game(reports.front().game, "certify-merge"),
                                           reports, files, threads_or_cores(threads));
            print(r, json);
            return exit_code(r);
          }};
}

}  // namespace perfectplay::cli
