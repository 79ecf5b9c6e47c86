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
  const GameEntry* chosen = nullptr;
};

int exit_code(const cf::Report& r) {
  return r.disagreed > 0 ? kExitMismatch : kExitOk;
}

void print(const cf::Report& r, bool json) {
  write_out(json ? cf::to_json(r).dump(2) + "\n" : cf::to_text(r));
}

int run_certify(const CertifyArgs& a) {
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
  o.threads = a.threads > 0 ? a.threads : std::max(1u, std::thread::hardware_concurrency());
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
  cmd->require_subcommand(1);
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
  CLI::App* cmd = app.add_subcommand(
      "certify-merge",
      "Check that certify's shard reports (--json) belong to one run and cover it, and combine "
      "them");
  cmd->add_option("reports", files, "the shards' reports, as `certify --json` wrote them")
      ->required();
  cmd->add_flag("--json", json, "machine-readable output (docs/json.md)");
  return {cmd, [] {
            std::vector<cf::Report> reports;
            for (const std::string& f : files) {
              const std::string text = read_all(f);
              try {
                reports.push_back(cf::report_from_json(nlohmann::json::parse(text)));
              } catch (const nlohmann::json::exception&) {
                throw RequestError(fmt::format(
                    "certify-merge: {}: not a certify report (not JSON: certify writes one with "
                    "--json)",
                    f));
              } catch (const RequestError& e) {
                throw RequestError(fmt::format("certify-merge: {}: {}", f, e.what()));
              }
            }
            const cf::Report r = cf::merge(reports, files);
            print(r, json);
            return exit_code(r);
          }};
}

}  // namespace perfectplay::cli
