// explain's document, its game tree and the checks (api/explain.h).
#include "api/explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>
#include <utility>

#include "core/input_error.h"

namespace perfectplay {

namespace {

using nlohmann::json;

// At most this many of the loser's moves are given a reply (each costs one
// exhaustive analysis); the rest are counted, and the check says the list is
// partial.
constexpr std::size_t kMaxRefutations = 64;
// A board longer than this is not drawn again in the text (a 2000 x 2000
// matrix would double the document).
constexpr std::size_t kBoardShownBytes = 4096;

const MoveInfo* find_move(const Analysis& a, const std::string& move) {
  for (const MoveInfo& m : a.moves) {
    if (m.move == move) return &m;
  }
  return nullptr;
}

bool value_is_exhaustive(const Value& v) {
  return v.source == ValueSource::kReference && v.known();
}

// A nimber read as what it means to the player to move (0 loses).
ValueKind outcome_kind(const Value& v) {
  if (v.kind != ValueKind::kNimber) return v.kind;
  return v.nimber && *v.nimber != 0 ? ValueKind::kWin : ValueKind::kLoss;
}

// Each of the mover's moves in `a` with the opponent's best reply.
json refutations_of(const GameEntry& g, const Analysis& a, const Params& params, std::size_t ply) {
  json replies = json::array();
  for (const MoveInfo& m : a.moves) {
    if (replies.size() == kMaxRefutations) break;
    const std::string child = m.position.empty() ? g.apply(a.position, m.move, params) : m.position;
    const Analysis c = g.analyze(child, params);
    json r = {{"move", m.move}, {"value", to_json(m.value)}};
    r["reply"] = c.best_move ? json(*c.best_move) : json(nullptr);
    replies.push_back(std::move(r));
  }
  return {{"ply", ply},
          {"position", a.position},
          {"player", a.to_move ? json(a.to_move->name) : json(nullptr)},
          {"moves_total", count_json(a.moves_total)},
          {"replies", std::move(replies)}};
}

json game_tree(const GameEntry& g, const Analysis& root, const Params& params, int depth) {
  json pv = json::array();
  // The loser's first turn: the root's mover if it loses, else the opponent
  // right after the winning move. In a scored game every alternative of the
  // root's mover is answered.
  std::optional<std::size_t> refute_at;
  const ValueKind kind = outcome_kind(root.value);
  if (kind == ValueKind::kLoss || kind == ValueKind::kScore) refute_at = 0;
  if (kind == ValueKind::kWin) refute_at = 1;
  json refutations = nullptr;
  Analysis a = root;
  std::size_t ply = 0;
  bool exact = true;
  while (a.to_move && ply < static_cast<std::size_t>(depth)) {
    if (refute_at == ply) refutations = refutations_of(g, a, params, ply);
    if (!a.best_move) break;
    const MoveInfo* m = find_move(a, *a.best_move);
    const std::string child = m != nullptr && !m->position.empty()
                                  ? m->position
                                  : g.apply(a.position, *a.best_move, params);
    json step = {{"move", *a.best_move}, {"position", child}};
    if (m != nullptr) step["value"] = to_json(m->value);
    pv.push_back(std::move(step));
    a = g.analyze(child, params);
    ++ply;
    if (a.to_move && !value_is_exhaustive(a.value)) {
      exact = false;  // the reference stopped reaching: no longer a proof
      break;
    }
  }
  json tree = {{"value", to_json(root.value)},
               {"principal_variation", std::move(pv)},
               {"complete", !a.to_move && exact}};
  if (!a.to_move) tree["end"] = {{"position", a.position}, {"value", to_json(a.value)}};
  if (!refutations.is_null()) tree["refutations"] = std::move(refutations);
  return tree;
}

std::string kind_text(const Value& v) {
  return std::string(kind_name(v.kind));
}

// The value a player to move has `plies` moves before an end worth `end` to
// its mover: win and loss swap each ply.
ValueKind kind_before(ValueKind end, std::size_t plies) {
  if (plies % 2 == 0 || (end != ValueKind::kWin && end != ValueKind::kLoss)) return end;
  return end == ValueKind::kWin ? ValueKind::kLoss : ValueKind::kWin;
}

std::string pointer(const std::string& path, const std::string& key) {
  return path + "/" + key;
}

std::string apply_checked(const GameEntry& g, const std::string& from, const std::string& move,
                          const Params& params, const std::string& path) {
  try {
    return g.apply(from, move, params);
  } catch (const RequestError& e) {
    throw WitnessError(path,
                       fmt::format("the move `{}` is not legal in `{}`: {}", move, from, e.what()));
  } catch (const InputError& e) {
    throw WitnessError(path, fmt::format("the move `{}` cannot be read: {}", move, e.what()));
  }
}

// The search's entry for `move` in `a` (which leads to `child`): by its
// text, else by the position it leads to (an edited document may spell a
// move another way the rules accept).
const MoveInfo* searched_move(const GameEntry& g, const Analysis& a, const std::string& move,
                              const std::string& child, const Params& params) {
  if (const MoveInfo* m = find_move(a, move)) return m;
  for (const MoveInfo& m : a.moves) {
    if ((m.position.empty() ? g.apply(a.position, m.move, params) : m.position) == child) return &m;
  }
  return nullptr;
}

void check_game_tree(const GameEntry& g, const Params& params, const std::string& position,
                     const Value& claimed, const json& tree, WitnessCheck& out) {
  const std::string path = "/game_tree";
  if (!tree.is_object()) throw WitnessError(path, "not an object");
  const Value tree_value = witness_value(witness_field(tree, path, "value"), path + "/value");
  if (!(tree_value == claimed)) {
    throw WitnessError(path + "/value",
                       fmt::format("the game tree's value ({}) is not the document's ({})",
                                   text(tree_value), text(claimed)));
  }
  // The value itself, searched again from the rules: a line of legal moves
  // to an end proves nothing about who wins (the loser's mistakes make any
  // line), so the claimed value, and below every move of the line and of the
  // refutations, is held to the exhaustive search (the reference, as verify
  // and certify use it).
  // `here`: the search of the line's current position, the root first.
  Analysis here = g.analyze(position, params);
  if (!value_is_exhaustive(here.value)) {
    throw WitnessError(path, fmt::format("the exhaustive search does not reach this position "
                                         "with these options ({}): its game tree cannot be "
                                         "checked",
                                         text(here.value)));
  }
  if (!(here.value == claimed)) {
    throw WitnessError("/value",
                       fmt::format("the exhaustive search from the rules gives {}, not {}",
                                   text(here.value), text(claimed)));
  }
  const json& pv = witness_field(tree, path, "principal_variation");
  if (!pv.is_array()) throw WitnessError(path + "/principal_variation", "not an array");
  std::vector<std::string> line{position};
  for (std::size_t i = 0; i < pv.size(); ++i) {
    const std::string at = fmt::format("{}/principal_variation/{}", path, i);
    const json& step = pv[i];
    if (!step.is_object()) throw WitnessError(at, "not an object");
    const json& move = witness_field(step, at, "move");
    const json& child = witness_field(step, at, "position");
    if (!move.is_string() || !child.is_string()) {
      throw WitnessError(at, "a step is {\"move\": text, \"position\": text}");
    }
    const std::string next =
        apply_checked(g, line.back(), move.get<std::string>(), params, at + "/move");
    if (next != child.get<std::string>()) {
      throw WitnessError(at + "/position", fmt::format("the move leads to `{}`, not `{}`", next,
                                                       child.get<std::string>()));
    }
    // Perfect play: the move is one of the mover's best (the winner's
    // fastest, the loser's slowest), by the search of its position.
    const MoveInfo* m = searched_move(g, here, move.get<std::string>(), next, params);
    if (m == nullptr || !m->best) {
      throw WitnessError(
          at + "/move",
          fmt::format("not a best move in `{}`: it is worth {} to its player, the "
                      "position {}",
                      line.back(), m != nullptr ? text(m->value) : "?", text(here.value)));
    }
    if (step.contains("value") && !(witness_value(step["value"], at + "/value") == m->value)) {
      throw WitnessError(at + "/value",
                         fmt::format("the move is worth {} to its player", text(m->value)));
    }
    line.push_back(next);
    here = g.analyze(next, params);
  }
  const json& complete = witness_field(tree, path, "complete");
  if (!complete.is_boolean()) throw WitnessError(path + "/complete", "not a boolean");
  const Analysis& last = here;
  if (complete.get<bool>()) {
    if (last.to_move) {
      throw WitnessError(
          path + "/complete",
          fmt::format("the variation stops at `{}`, where the game is not over", line.back()));
    }
    const json& end = witness_field(tree, path, "end");
    const Value end_value =
        witness_value(witness_field(end, path + "/end", "value"), path + "/end/value");
    if (!(end_value == last.value)) {
      throw WitnessError(path + "/end/value",
                         fmt::format("the game ends worth {} to the player to move, not {}",
                                     text(last.value), text(end_value)));
    }
    const std::size_t plies = pv.size();
    if (claimed.kind == ValueKind::kScore) {
      if (last.value.score != claimed.score) {
        throw WitnessError(path + "/end/value",
                           fmt::format("the variation ends at a score of {}, not the claimed {}",
                                       text(last.value), text(claimed)));
      }
    } else {
      const ValueKind expected = kind_before(outcome_kind(last.value), plies);
      if (expected != outcome_kind(claimed)) {
        throw WitnessError(path + "/value",
                           fmt::format("{} plies to an end worth {} make a {}, not a {}", plies,
                                       text(last.value), kind_name(expected), text(claimed)));
      }
      if (claimed.remoteness && *claimed.remoteness != plies) {
        throw WitnessError(path + "/value",
                           fmt::format("the variation lasts {} plies, the value claims {}", plies,
                                       *claimed.remoteness));
      }
    }
    out.checked.push_back(fmt::format(
        "the principal variation: {} legal moves replayed with the rules to the end, worth {} "
        "there, which makes the claimed {}; the value and every move (a best one) searched "
        "again",
        plies, text(last.value), text(claimed)));
  } else {
    out.checked.push_back(fmt::format(
        "the principal variation: {} legal moves replayed with the rules (not to the end); the "
        "value ({}) and every move (a best one) searched again",
        pv.size(), text(claimed)));
  }
  if (!tree.contains("refutations")) return;
  const std::string rpath = path + "/refutations";
  const json& r = tree["refutations"];
  const std::uint64_t ply = witness_uint(r, rpath, "ply");
  if (ply >= line.size()) {
    throw WitnessError(rpath + "/ply", "past the end of the principal variation");
  }
  const json& at = witness_field(r, rpath, "position");
  if (!at.is_string() || at.get<std::string>() != line[ply]) {
    throw WitnessError(rpath + "/position",
                       fmt::format("not the position at ply {} of the variation", ply));
  }
  const json& replies = witness_field(r, rpath, "replies");
  if (!replies.is_array()) throw WitnessError(rpath + "/replies", "not an array");
  const Analysis at_ply = g.analyze(line[ply], params);
  std::set<std::string> seen;
  for (std::size_t i = 0; i < replies.size(); ++i) {
    const std::string rp = fmt::format("{}/replies/{}", rpath, i);
    const json& move = witness_field(replies[i], rp, "move");
    if (!move.is_string()) throw WitnessError(rp + "/move", "not a string");
    const std::string child =
        apply_checked(g, line[ply], move.get<std::string>(), params, rp + "/move");
    // Distinct moves may lead to one child (two cells of one bacteria line).
    if (!seen.insert(move.get<std::string>()).second) {
      throw WitnessError(rp + "/move", "a move listed twice");
    }
    // The move's value and the reply, by the search: the reply is one of
    // the best answers to it.
    const MoveInfo* m = searched_move(g, at_ply, move.get<std::string>(), child, params);
    if (m == nullptr) throw WitnessError(rp + "/move", "not a move the search lists");
    if (!(witness_value(witness_field(replies[i], rp, "value"), rp + "/value") == m->value)) {
      throw WitnessError(rp + "/value",
                         fmt::format("the move is worth {} to its player", text(m->value)));
    }
    const json& reply = witness_field(replies[i], rp, "reply");
    const Analysis answered = g.analyze(child, params);
    if (reply.is_string()) {
      const std::string after =
          apply_checked(g, child, reply.get<std::string>(), params, rp + "/reply");
      const MoveInfo* best = searched_move(g, answered, reply.get<std::string>(), after, params);
      if (best == nullptr || !best->best) {
        throw WitnessError(
            rp + "/reply",
            fmt::format("not a best answer in `{}`: it is worth {}, the position {}", child,
                        best != nullptr ? text(best->value) : "?", text(answered.value)));
      }
    } else if (!reply.is_null() || answered.to_move) {
      throw WitnessError(rp + "/reply", "no reply given where the game goes on");
    }
  }
  const std::string total = count_text(at_ply.moves_total);
  if (witness_field(r, rpath, "moves_total") != count_json(at_ply.moves_total)) {
    throw WitnessError(rpath + "/moves_total",
                       fmt::format("the position has {} legal moves", total));
  }
  const bool all = count_json(seen.size()) == count_json(at_ply.moves_total);
  out.checked.push_back(fmt::format(
      "ply {}: {} of the {} legal moves there, each with its value and a best reply, by the "
      "search{}",
      ply, seen.size(), total, all ? " (every move)" : " (a part: the rest are not listed)"));
}

}  // namespace

const nlohmann::json& witness_field(const nlohmann::json& object, const std::string& path,
                                    const char* name) {
  if (!object.is_object()) throw WitnessError(path, "not an object");
  const auto it = object.find(name);
  if (it == object.end()) throw WitnessError(pointer(path, name), "missing");
  return *it;
}

std::int64_t witness_int(const nlohmann::json& object, const std::string& path, const char* name) {
  const json& v = witness_field(object, path, name);
  if (!v.is_number_integer()) throw WitnessError(pointer(path, name), "not an integer");
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX) {
    throw WitnessError(pointer(path, name), "out of range");
  }
  return v.get<std::int64_t>();
}

std::uint64_t witness_uint(const nlohmann::json& object, const std::string& path,
                           const char* name) {
  const json& v = witness_field(object, path, name);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
    throw WitnessError(pointer(path, name), "not a non-negative integer");
  }
  return v.get<std::uint64_t>();
}

void check_list_total(const nlohmann::json& witness, const std::string& path,
                      const char* total_name, std::size_t listed, std::size_t total,
                      const std::string& what) {
  if (witness.is_object() && witness.contains(total_name)) {
    if (witness_uint(witness, path, total_name) != total) {
      throw WitnessError(pointer(path, total_name), what);
    }
  } else if (listed != total) {
    throw WitnessError(pointer(path, total_name),
                       fmt::format("missing, and {} of them are listed: {}", listed, what));
  }
}

Value witness_value(const nlohmann::json& v, const std::string& path) {
  if (!v.is_object()) throw WitnessError(path, "a value is an object");
  const json& kind = witness_field(v, path, "kind");
  static const std::pair<const char*, ValueKind> kinds[] = {
      {"win", ValueKind::kWin},       {"loss", ValueKind::kLoss},
      {"draw", ValueKind::kDraw},     {"score", ValueKind::kScore},
      {"nimber", ValueKind::kNimber}, {"unknown", ValueKind::kUnknown}};
  Value out;
  bool found = false;
  for (const auto& [name, k] : kinds) {
    if (kind.is_string() && kind.get<std::string>() == name) {
      out.kind = k;
      found = true;
    }
  }
  if (!found) throw WitnessError(path + "/kind", "not a kind of value");
  const json& source = witness_field(v, path, "source");
  static const std::pair<const char*, ValueSource> sources[] = {
      {"reference", ValueSource::kReference},
      {"theory", ValueSource::kTheory},
      {"heuristic", ValueSource::kHeuristic}};
  found = false;
  for (const auto& [name, s] : sources) {
    if (source.is_string() && source.get<std::string>() == name) {
      out.source = s;
      found = true;
    }
  }
  if (!found) throw WitnessError(path + "/source", "not a source");
  if (v.contains("remoteness")) {
    const std::uint64_t r = witness_uint(v, path, "remoteness");
    if (r > UINT32_MAX) throw WitnessError(path + "/remoteness", "out of range");
    out.remoteness = static_cast<std::uint32_t>(r);
  }
  if (v.contains("score")) out.score = witness_int(v, path, "score");
  if (v.contains("nimber")) out.nimber = witness_uint(v, path, "nimber");
  return out;
}

nlohmann::json explain_document(const GameEntry& g, std::string_view position, const Params& params,
                                const ExplainOptions& options) {
  json doc;
  {
    Analysis root = g.analyze(position, params);
    doc = {{"schema", kJsonSchema},
           {"game", g.name},
           {"options", options_json(g, params)},
           {"value", to_json(root.value)}};
    if (value_is_exhaustive(root.value))
      doc["game_tree"] = game_tree(g, root, params, options.depth);
    // Moved, not copied: a 2000 x 2000 board's text is the input's size, and
    // a second copy of it broke the 2 x input memory bound.
    doc["position"] = std::move(root.position);
  }  // the analysis (its moves and children) is freed before the argument is built
  if (g.explain) {
    json argument = g.explain(doc["position"].get_ref<const std::string&>(), params);
    if (!argument.is_null()) doc["argument"] = std::move(argument);
  }
  doc["text"] = json::array();
  for (std::string& line : [&] {
         std::vector<std::string> lines;
         std::string t = explanation_text(doc);
         std::size_t start = 0;
         while (start < t.size()) {
           const std::size_t end = t.find('\n', start);
           lines.push_back(t.substr(start, end - start));
           start = end == std::string::npos ? t.size() : end + 1;
         }
         return lines;
       }()) {
    doc["text"].push_back(std::move(line));
  }
  return doc;
}

WitnessCheck check_explanation(const GameEntry& g, const nlohmann::json& doc) {
  WitnessCheck out;
  if (!doc.is_object()) throw WitnessError("", "an explanation is a JSON object");
  const json& game = witness_field(doc, "", "game");
  if (!game.is_string() || game.get<std::string>() != g.name) {
    throw WitnessError("/game", fmt::format("not the game `{}`", g.name));
  }
  const json& options = witness_field(doc, "", "options");
  const Params params = params_from_json(g, options);
  const json& position = witness_field(doc, "", "position");
  if (!position.is_string()) throw WitnessError("/position", "not a string");
  const std::string& pos = position.get_ref<const std::string&>();
  if (g.check_position) g.check_position(pos, params);
  const Value claimed = witness_value(witness_field(doc, "", "value"), "/value");
  if (!doc.contains("argument") && !doc.contains("game_tree")) {
    throw WitnessError("", "neither an argument nor a game tree: nothing proves the value");
  }
  if (doc.contains("argument")) {
    if (!g.check_witness) {
      throw WitnessError("/argument", fmt::format("{} has no checker for an argument", g.name));
    }
    const json& argument = doc["argument"];
    const Value argued =
        witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
    // The theory does not know remoteness; what it argues must agree with
    // the document's value in everything it states.
    // A nimber argued proves a win (non-zero) or a loss (zero) claimed.
    const bool by_nimber = argued.kind == ValueKind::kNimber && argued.nimber &&
                           (claimed.kind == ValueKind::kWin || claimed.kind == ValueKind::kLoss) &&
                           (*argued.nimber != 0) == claimed.is_win();
    const bool agrees =
        by_nimber || (argued.kind == claimed.kind && argued.score == claimed.score &&
                      argued.nimber == claimed.nimber &&
                      (!argued.remoteness || argued.remoteness == claimed.remoteness));
    if (!agrees) {
      throw WitnessError("/argument/value",
                         fmt::format("the argument proves {}, the document claims {}", text(argued),
                                     text(claimed)));
    }
    g.check_witness(pos, params, argument);
    const json& kind = witness_field(argument, "/argument", "kind");
    out.checked.push_back(fmt::format("the {} argument, recomputed from the position: {}",
                                      kind.is_string() ? kind.get<std::string>() : "?",
                                      text(argued)));
  }
  if (doc.contains("game_tree")) check_game_tree(g, params, pos, claimed, doc["game_tree"], out);
  return out;
}

std::string explanation_text(const nlohmann::json& doc) {
  std::string out;
  const Value v = witness_value(doc.at("value"), "/value");
  const std::string& position = doc.at("position").get_ref<const std::string&>();
  const bool one_line = position.find('\n') == std::string::npos;
  if (position.size() > kBoardShownBytes) {  // the JSON holds it; the text does not
    out += fmt::format("{}: {} ({}), for the position given ({} bytes, not repeated here)\n",
                       doc.at("game").get<std::string>(), text(v), source_words(v.source),
                       position.size());
  } else if (one_line) {
    out += fmt::format("{} {}: {} ({})\n", doc.at("game").get<std::string>(), position, text(v),
                       source_words(v.source));
  } else {  // a board of several lines, drawn below its value
    out += fmt::format("{}: {} ({}), the position:\n", doc.at("game").get<std::string>(), text(v),
                       source_words(v.source));
    std::size_t start = 0;
    while (start < position.size()) {
      const std::size_t end = std::min(position.find('\n', start), position.size());
      out += "  " + position.substr(start, end - start) + "\n";
      start = end + 1;
    }
  }
  if (doc.contains("argument")) {
    const json& a = doc["argument"];
    out += fmt::format("\nWhy ({}):\n", a.at("kind").get<std::string>());
    for (const json& line : a.at("text")) out += "  " + line.get<std::string>() + "\n";
  }
  if (!doc.contains("argument") && !doc.contains("game_tree")) {
    out +=
        "\nNo explanation: the theory does not cover this position and it is too large for "
        "exhaustive search.\n";
  }
  if (doc.contains("game_tree")) {
    const json& t = doc["game_tree"];
    const json& pv = t.at("principal_variation");
    out += fmt::format("\nPerfect play, both sides ({} plies{}):\n", pv.size(),
                       t.at("complete").get<bool>() ? ", to the end" : ", not to the end");
    std::size_t i = 0;
    for (const json& step : pv) {
      ++i;
      std::string value;
      if (step.contains("value")) {
        value = "  (" + text(witness_value(step["value"], "")) + " for its player)";
      }
      // A board of several lines is not drawn at every ply: the moves say it.
      const std::string child = step.at("position").get<std::string>();
      out += fmt::format("  {:>3}. {:<12}{}{}\n", i, step.at("move").get<std::string>(),
                         child.find('\n') == std::string::npos ? " -> " + child : "", value);
    }
    if (t.contains("end")) {
      out += fmt::format("  the game is over: {} for the player to move\n",
                         text(witness_value(t["end"].at("value"), "")));
    }
    if (t.contains("refutations")) {
      const json& r = t["refutations"];
      const json& replies = r.at("replies");
      const std::string at = r.at("position").get<std::string>();
      out += fmt::format("\nAt ply {}{}, every move and the answer to it ({} of {}):\n",
                         r.at("ply").get<std::size_t>(),
                         at.find('\n') == std::string::npos ? " (" + at + ")" : "", replies.size(),
                         r.at("moves_total").dump());
      for (const json& e : replies) {
        out += fmt::format("  {:<12} ({})  answered by {}\n", e.at("move").get<std::string>(),
                           kind_text(witness_value(e.at("value"), "")),
                           e.at("reply").is_string() ? e["reply"].get<std::string>()
                                                     : std::string("nothing: the game is over"));
      }
      out += "  and so on: each answer's position is explained the same way.\n";
    }
  }
  return out;
}

}  // namespace perfectplay
