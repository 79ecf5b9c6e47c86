#include "api/entry.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cstdint>

#include "core/input_error.h"
#include "core/text_reader.h"

namespace perfectplay {

std::int64_t Params::get(const std::string& name) const {
  const auto it = values.find(name);
  assert(it != values.end() && "parameter not declared by the game");
  return it == values.end() ? 0 : it->second;
}

const std::string& Params::text(const std::string& name) const {
  static const std::string kNone;
  const auto it = texts.find(name);
  assert(it != texts.end() && "text option not declared by the game");
  return it == texts.end() ? kNone : it->second;
}

nlohmann::json options_json(const GameEntry& g, const Params& p, bool of_contest_input) {
  nlohmann::json j = nlohmann::json::object();
  for (const FlagSpec& f : g.flags) j[f.name] = p.flag(f.name);
  for (const TextOptionSpec& t : g.text_options) {
    if (of_contest_input && t.in_contest_input) continue;
    const auto it = p.texts.find(t.name);
    j[t.name] = it == p.texts.end() ? t.default_value : it->second;
  }
  return j;
}

nlohmann::json solve_json_array(const GameEntry& g, std::string_view input, const Params& p) {
  nlohmann::json cases = nlohmann::json::array();
  g.solve_json(input, p, [&cases](nlohmann::json c) { cases.push_back(std::move(c)); });
  return cases;
}

namespace {

template <class Input>
std::uint64_t read_declared_cases(Input& input) {
  try {
    TextReader in(input);
    return in.read_uint("the number of cases", UINT64_MAX);
  } catch (const InputError&) {
    return 0;
  }
}

}  // namespace

std::uint64_t declared_cases(std::string_view input) {
  return read_declared_cases(input);
}

std::uint64_t declared_cases(TextSource& input) {
  input.rewind();
  return read_declared_cases(input);
}

nlohmann::json game_json(const GameEntry& g) {
  nlohmann::json commands = nlohmann::json::array();
  const std::pair<const char*, bool> offered[] = {
      {"solve", bool(g.solve)},    {"analyze", bool(g.analyze)}, {"hint", bool(g.hint)},
      {"play", bool(g.play)},      {"verify", bool(g.verify)},   {"generate", bool(g.generate)},
      {"bench", bool(g.bench)},    {"certify", bool(g.certify)}, {"explain", bool(g.analyze)},
      {"value", bool(g.cgt_value)}};
  for (const auto& [name, has] : offered) {
    if (has) commands.push_back(name);
  }
  nlohmann::json options = nlohmann::json::array();
  for (const FlagSpec& f : g.flags) {
    options.push_back({{"name", f.name}, {"kind", "flag"}, {"help", f.help}, {"default", false}});
  }
  for (const TextOptionSpec& t : g.text_options) {
    options.push_back(
        {{"name", t.name}, {"kind", "text"}, {"help", t.help}, {"default", t.default_value}});
  }
  nlohmann::json bounds = nlohmann::json::array();
  for (const ParamSpec& p : g.params) {
    bounds.push_back({{"name", p.name},
                      {"help", p.help},
                      {"default", p.default_value},
                      {"min", p.min},
                      {"max", p.max},
                      {"yes_no", p.yes_no},
                      {"commands", p.generate_only ? nlohmann::json{"generate"}
                                                   : nlohmann::json{"verify", "generate"}}});
  }
  nlohmann::json certify_bounds = nlohmann::json::array();
  for (const ParamSpec& p : g.certify_params) {
    certify_bounds.push_back({{"name", p.name},
                              {"help", p.help},
                              {"default", p.default_value},
                              {"min", p.min},
                              {"max", p.max}});
  }
  return {{"name", g.name},
          {"summary", g.summary},
          {"position_format", g.position_format},
          {"default_position", g.default_position},
          {"example_positions", g.example_positions},
          {"commands", commands},
          {"options", options},
          {"bounds", bounds},
          {"certify_bounds", certify_bounds}};
}

Params params_from_json(const GameEntry& g, const nlohmann::json& options) {
  if (!options.is_null() && !options.is_object()) {
    throw RequestError("options must be an object of option names and values");
  }
  Params p;
  for (const ParamSpec& spec : g.params) p.values[spec.name] = spec.default_value;
  for (const TextOptionSpec& t : g.text_options) p.texts[t.name] = t.default_value;
  if (options.is_null()) return p;
  for (const auto& item : options.items()) {
    // Named copies: clang 14 cannot capture structured bindings in lambdas.
    const std::string& name = item.key();
    const nlohmann::json& v = item.value();
    const auto flag = std::find_if(g.flags.begin(), g.flags.end(),
                                   [&](const FlagSpec& f) { return f.name == name; });
    const auto text = std::find_if(g.text_options.begin(), g.text_options.end(),
                                   [&](const TextOptionSpec& t) { return t.name == name; });
    const auto bound = std::find_if(g.params.begin(), g.params.end(),
                                    [&](const ParamSpec& b) { return b.name == name; });
    if (flag != g.flags.end()) {
      if (!v.is_boolean()) throw RequestError(fmt::format("option {} must be true or false", name));
      if (v.get<bool>()) p.flags.insert(name);
    } else if (text != g.text_options.end()) {
      if (!v.is_string()) throw RequestError(fmt::format("option {} must be a string", name));
      p.texts[name] = v.get<std::string>();
    } else if (bound != g.params.end()) {
      if (bound->yes_no && v.is_boolean()) {
        p.values[name] = v.get<bool>() ? 1 : 0;
        continue;
      }
      if (!v.is_number_integer()) {
        throw RequestError(fmt::format("option {} must be a whole number", name));
      }
      const bool fits = !(v.is_number_unsigned() &&
                          v.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) &&
                        v.get<std::int64_t>() >= bound->min && v.get<std::int64_t>() <= bound->max;
      if (!fits) {
        throw RequestError(
            fmt::format("option {} must be from {} to {}", name, bound->min, bound->max));
      }
      p.values[name] = v.get<std::int64_t>();
    } else {
      std::string known;
      for (const FlagSpec& f : g.flags) known += (known.empty() ? "" : ", ") + f.name;
      for (const TextOptionSpec& t : g.text_options) known += (known.empty() ? "" : ", ") + t.name;
      for (const ParamSpec& b : g.params) known += (known.empty() ? "" : ", ") + b.name;
      throw RequestError(fmt::format("{} has no option '{}' (its options: {})", g.name, name,
                                     known.empty() ? "none" : known));
    }
  }
  return p;
}

nlohmann::json solve_document(const GameEntry& g, std::string_view input, const Params& p) {
  return {{"schema", kJsonSchema},
          {"game", g.name},
          {"options", options_json(g, p, true)},
          {"cases", solve_json_array(g, input, p)}};
}

nlohmann::json verify_document(const GameEntry& g, const Params& p, Seed seed,
                               const VerifyReport& r) {
  // The size bounds the run used (not generate's own options).
  nlohmann::json bounds = nlohmann::json::object();
  for (const ParamSpec& b : g.params) {
    if (!b.generate_only) bounds[b.name] = p.get(b.name);
  }
  nlohmann::json j = {{"schema", kJsonSchema},
                      {"game", g.name},
                      {"options", options_json(g, p)},
                      {"bounds", bounds},
                      {"seed", seed},
                      {"trials", r.trials},
                      {"agreed", r.agreed},
                      {"disagreed", r.trials - r.agreed},
                      {"ok", r.ok()}};
  j["mismatch"] = nullptr;
  if (!r.ok()) {
    j["mismatch"] = {{"trial", r.first_failure},
                     {"shrink_steps", r.shrink_steps},
                     {"counterexample", *r.counterexample},
                     {"detail", r.detail},
                     {"original", r.original.value_or(*r.counterexample)}};
  }
  return j;
}

}  // namespace perfectplay
