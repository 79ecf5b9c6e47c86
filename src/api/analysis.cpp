#include "api/analysis.h"

namespace perfectplay {

std::string count_text(MoveCount n) {
  if (n == 0) return "0";
  std::string s;
  while (n > 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  }
  return s;
}

nlohmann::json count_json(MoveCount n) {
  if (n <= UINT64_MAX) return static_cast<std::uint64_t>(n);
  return count_text(n);
}

namespace {

nlohmann::json mover_json(const std::optional<Mover>& m) {
  if (!m) return nullptr;
  return {{"index", m->index}, {"name", m->name}};
}

nlohmann::json header(const std::string& game, const nlohmann::json& options,
                      const std::string& position, const std::optional<Mover>& to_move) {
  return {{"schema", kJsonSchema},
          {"game", game},
          {"options", options},
          {"position", position},
          {"to_move", mover_json(to_move)}};
}

}  // namespace

nlohmann::json to_json(const Analysis& a) {
  nlohmann::json j = header(a.game, a.options, a.position, a.to_move);
  j["value"] = to_json(a.value);
  j["best_move"] = a.best_move ? nlohmann::json(*a.best_move) : nlohmann::json(nullptr);
  nlohmann::json moves = nlohmann::json::array();
  for (const MoveInfo& m : a.moves) {
    moves.push_back({{"move", m.move},
                     {"position", m.position},
                     {"value", to_json(m.value)},
                     {"best", m.best},
                     {"note", m.note}});
  }
  j["moves"] = std::move(moves);
  j["moves_total"] = count_json(a.moves_total);
  j["moves_listed"] = a.moves.size();
  j["moves_summary"] = a.moves_summary;
  j["notes"] = a.notes;
  return j;
}

nlohmann::json to_json(const Hint& h) {
  nlohmann::json j = header(h.game, h.options, h.position, h.to_move);
  j["move"] = h.move ? nlohmann::json(*h.move) : nlohmann::json(nullptr);
  j["value"] = to_json(h.value);
  j["reason"] = h.reason;
  return j;
}

}  // namespace perfectplay
