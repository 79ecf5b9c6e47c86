#include "cgt/report.h"

#include <string>

namespace perfectplay::cgt {

CgtReport report_of(Universe& u, GameId g) {
  CgtReport r;
  r.canonical = u.text(g);
  r.outcome = u.outcome(g);
  r.is_number = u.is_number(g);
  r.left_stop = u.left_stop(g);
  r.right_stop = u.right_stop(g);
  r.thermograph = u.thermograph(g);
  r.mean = r.thermograph.mean;
  r.temperature = r.thermograph.temperature;
  r.birthday = u.birthday(g);
  if (const std::optional<GameId> w = u.atomic_weight(g)) r.atomic_weight = u.text(*w);
  return r;
}

std::string_view outcome_text(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kL:
      return "L (Left wins whoever starts)";
    case OutcomeClass::kR:
      return "R (Right wins whoever starts)";
    case OutcomeClass::kP:
      return "P (the player to move loses)";
    case OutcomeClass::kN:
      return "N (the player to move wins)";
  }
  return "?";
}

namespace {

nlohmann::json wall_json(const Wall& w) {
  nlohmann::json corners = nlohmann::json::array();
  for (const auto& [t, v] : w.corners) corners.push_back({t.text(), v.text()});
  return {{"corners", corners}, {"last_slope", w.last_slope.text()}};
}

std::string wall_text(const Wall& w) {
  std::string out;
  for (const auto& [t, v] : w.corners) {
    if (!out.empty()) out += ' ';
    out += '(';
    out += t.text();
    out += ", ";
    out += v.text();
    out += ')';
  }
  if (w.last_slope != Rational(0)) {
    out += " then slope ";
    out += w.last_slope.text();
  }
  return out;
}

}  // namespace

nlohmann::json to_json(const CgtReport& r) {
  nlohmann::json j;
  j["kind"] = "cgt";
  j["canonical"] = r.canonical;
  j["outcome"] = std::string(outcome_name(r.outcome));
  j["number"] = r.is_number;
  j["left_stop"] = r.left_stop.text();
  j["right_stop"] = r.right_stop.text();
  j["mean"] = r.mean.text();
  j["temperature"] = r.temperature.text();
  j["birthday"] = r.birthday;
  j["atomic_weight"] = r.atomic_weight ? nlohmann::json(*r.atomic_weight) : nlohmann::json(nullptr);
  j["thermograph"] = {{"left_wall", wall_json(r.thermograph.left)},
                      {"right_wall", wall_json(r.thermograph.right)}};
  return j;
}

std::string to_text(const CgtReport& r) {
  std::string out;
  const auto line = [&](std::string_view name, const std::string& value) {
    out += name;
    out.append(name.size() < 15 ? 15 - name.size() : 1, ' ');
    out += value;
    out += '\n';
  };
  line("position", r.position);
  line("value", r.canonical);
  line("outcome", std::string(outcome_text(r.outcome)));
  std::string stops = r.left_stop.text();
  stops += " (left), ";
  stops += r.right_stop.text();
  stops += " (right)";
  line("stops", stops);
  line("mean", r.mean.text());
  line("temperature", r.temperature.text());
  line("birthday", std::to_string(r.birthday));
  line("atomic weight", r.atomic_weight ? *r.atomic_weight : "none (not all-small)");
  line("left wall", wall_text(r.thermograph.left));
  line("right wall", wall_text(r.thermograph.right));
  return out;
}

ValueGame notation_value_game() {
  return ValueGame{
      "cgt", "a value written in the notation itself: {2|-1}, ^*, 3/4, ±1 (docs/cgt.md)",
      "a game in the notation of docs/cgt.md: 0, -3/4, *2, ^, v*, ^2, ±1, {2|-1}, {1,{1|0}|-1}",
      [](std::string_view position, std::size_t) {
        Universe u;
        const GameId g = u.parse(position);
        CgtReport r = report_of(u, g);
        r.position = r.canonical;
        return r;
      }};
}

}  // namespace perfectplay::cgt
