#include "api/entry.h"

#include <cassert>

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

nlohmann::json options_json(const GameEntry& g, const Params& p) {
  nlohmann::json j = nlohmann::json::object();
  for (const FlagSpec& f : g.flags) j[f.name] = p.flag(f.name);
  for (const TextOptionSpec& t : g.text_options) {
    const auto it = p.texts.find(t.name);
    j[t.name] = it == p.texts.end() ? t.default_value : it->second;
  }
  return j;
}

}  // namespace perfectplay
