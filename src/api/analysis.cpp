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

nlohmann::json header(std::string game, nlohmann::json options, std::string position,
                      const std::optional<Mover>& to_move) {
  nlohmann::json j = nlohmann::json::object();
  j["schema"] = kJsonSchema;
  j["game"] = std::move(game);
  j["options"] = std::move(options);
  j["position"] = std::move(position);  // moved: a large board's text is not held twice
  j["to_move"] = mover_json(to_move);
  return j;
}

}  // namespace

nlohmann::json to_json(const BoardGrid& g) {
  nlohmann::json rows = nlohmann::json::array();
  for (int r = 0; r < g.rows; ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (int c = 0; c < g.cols; ++c) {
      const auto i = static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols) +
                     static_cast<std::size_t>(c);
      const GridCell empty;
      const GridCell& cell = i < g.cells.size() ? g.cells[i] : empty;
      row.push_back({{"text", cell.text}, {"kind", cell.kind}});
    }
    rows.push_back(std::move(row));
  }
  nlohmann::json moves = nlohmann::json::array();
  for (const GridMove& m : g.moves) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& [r, c] : m.cells) cells.push_back({r, c});
    moves.push_back({{"move", m.move}, {"cells", std::move(cells)}});
  }
  return {
      {"rows", g.rows}, {"cols", g.cols}, {"cells", std::move(rows)}, {"moves", std::move(moves)}};
}

nlohmann::json to_json(Analysis a) {
  nlohmann::json j =
      header(std::move(a.game), std::move(a.options), std::move(a.position), a.to_move);
  j["value"] = to_json(a.value);
  j["best_move"] = a.best_move ? nlohmann::json(*a.best_move) : nlohmann::json(nullptr);
  nlohmann::json moves = nlohmann::json::array();
  for (MoveInfo& m : a.moves) {
    nlohmann::json move = nlohmann::json::object();
    move["move"] = std::move(m.move);
    move["position"] = std::move(m.position);
    move["value"] = to_json(m.value);
    move["best"] = m.best;
    move["note"] = std::move(m.note);
    moves.push_back(std::move(move));
  }
  j["moves"] = std::move(moves);
  j["moves_total"] = count_json(a.moves_total);
  j["moves_listed"] = a.moves.size();
  j["moves_summary"] = std::move(a.moves_summary);
  j["notes"] = std::move(a.notes);
  if (a.grid) j["grid"] = to_json(*a.grid);
  return j;
}

nlohmann::json to_json(Hint h) {
  nlohmann::json j =
      header(std::move(h.game), std::move(h.options), std::move(h.position), h.to_move);
  j["move"] = h.move ? nlohmann::json(*h.move) : nlohmann::json(nullptr);
  j["value"] = to_json(h.value);
  j["reason"] = std::move(h.reason);
  return j;
}

}  // namespace perfectplay
