// explain (api/explain.h): every witness the games build passes its checker,
// and mutated witnesses fail it.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "api/explain.h"
#include "core/input_error.h"
#include "registry/registry.h"

namespace perfectplay {
namespace {

using nlohmann::json;

Params explain_params(const GameEntry& g, bool misere = false) {
  Params p = params_from_json(g, json::object());
  if (misere) p.flags.insert("misere");
  return p;
}

// Positions to explain for a game: its examples, and the cases of a few
// small random contest inputs (generate, then contest_case).
std::vector<std::string> positions_of(const GameEntry& g, const Params& p) {
  std::vector<std::string> out = g.example_positions;
  if (!g.generate || !g.contest_case) return out;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Params q = p;
    // Small sizes: the game tree's exhaustive analyses stay quick.
    for (const char* name : {"rows", "cols", "n", "stacks", "max-length", "cases", "k"}) {
      if (q.values.count(name)) q.values[name] = std::min<std::int64_t>(q.values[name], 3);
    }
    if (q.values.count("cases")) q.values["cases"] = 2;
    const std::string input = g.generate(Seed{seed}, q, TextSink{});
    for (std::uint64_t k = 1; k <= 2; ++k) {
      try {
        Params case_params = q;
        out.push_back(g.contest_case(input, k, case_params));
      } catch (const RequestError&) {
        break;  // fewer cases
      }
    }
  }
  return out;
}

struct Explained {
  const GameEntry* game;
  Params params;
  json doc;
};

std::vector<Explained> explained_all() {
  std::vector<Explained> out;
  for (const GameEntry& g : all_games()) {
    if (!g.analyze) continue;
    std::vector<bool> endings = {false};
    for (const FlagSpec& f : g.flags) {
      if (f.name == "misere") endings.push_back(true);
    }
    for (const bool misere : endings) {
      const Params p = explain_params(g, misere);
      for (const std::string& pos : positions_of(g, p)) {
        out.push_back({&g, p, explain_document(g, pos, p, ExplainOptions{60})});
      }
    }
  }
  return out;
}

const std::vector<Explained>& corpus() {
  static const std::vector<Explained> all = explained_all();
  return all;
}

TEST(Explain, EveryWitnessPassesItsChecker) {
  std::set<std::string> games_with_argument, games_with_tree;
  for (const Explained& e : corpus()) {
    SCOPED_TRACE(e.game->name + " " + e.doc["position"].get<std::string>());
    if (!e.doc.contains("argument") && !e.doc.contains("game_tree")) {
      // Nothing to explain: only where no value is claimed (asymmetry off
      // the theory's lines, too large to search).
      EXPECT_EQ(e.doc["value"]["kind"], "unknown");
      EXPECT_THROW(check_explanation(*e.game, e.doc), WitnessError);
      continue;
    }
    EXPECT_NO_THROW({
      const WitnessCheck c = check_explanation(*e.game, e.doc);
      EXPECT_FALSE(c.checked.empty());
    });
    if (e.doc.contains("argument")) games_with_argument.insert(e.game->name);
    if (e.doc.contains("game_tree")) games_with_tree.insert(e.game->name);
  }
  // Every game explains with its theory, and every game's small positions
  // with the game tree.
  for (const char* name :
       {"nim", "octal", "gridgame", "binim", "binim2", "asymmetry", "bacteria"}) {
    EXPECT_TRUE(games_with_argument.count(name)) << name;
    EXPECT_TRUE(games_with_tree.count(name)) << name;
  }
}

// Every integer inside the argument's witness, by JSON pointer.
void integer_leaves(const json& j, const std::string& path, std::vector<std::string>& out) {
  if (j.is_number_integer()) {
    out.push_back(path);
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) integer_leaves(*it, path + "/" + it.key(), out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      integer_leaves(j[i], path + "/" + std::to_string(i), out);
    }
  }
}

// Fields a changed number may leave a valid proof in: octal's count of
// entries computed (information, not part of the proof) and its pre-period
// (a period from n0 holds from n0 + 1 too); asymmetry's openings (another
// opening may hold the pair to v as well); bacteria's listed moves (another
// cell of the same line is the same move's effect) and their count.
bool may_stay_valid(const std::string& game, const std::string& path) {
  const auto has = [&](const char* s) { return path.find(s) != std::string::npos; };
  // octal: another row of the same length holds the same winning move.
  if (game == "octal") return has("/computed") || has("/preperiod") || has("/move/row");
  if (game == "nim") return has("/move/row");  // likewise
  if (game == "asymmetry") return has("/opening/");
  if (game == "bacteria") return has("/winning_moves");
  return false;
}

TEST(Explain, AChangedNumberInAWitnessIsCaught) {
  std::size_t mutations = 0;
  for (const Explained& e : corpus()) {
    if (!e.doc.contains("argument")) continue;
    std::vector<std::string> leaves;
    integer_leaves(e.doc["argument"]["witness"], "/argument/witness", leaves);
    for (std::size_t i = 0; i < leaves.size() && i < 40; ++i) {
      if (may_stay_valid(e.game->name, leaves[i])) continue;
      json doc = e.doc;
      json& leaf = doc.at(json::json_pointer(leaves[i]));
      leaf = leaf.get<std::int64_t>() + 1;
      SCOPED_TRACE(e.game->name + " " + e.doc["position"].get<std::string>() + " " + leaves[i]);
      EXPECT_THROW(check_explanation(*e.game, doc), WitnessError);
      ++mutations;
    }
  }
  EXPECT_GT(mutations, 200u);
}

TEST(Explain, AChangedValueIsCaught) {
  for (const Explained& e : corpus()) {
    SCOPED_TRACE(e.game->name + " " + e.doc["position"].get<std::string>());
    json doc = e.doc;
    json& v = doc["value"];
    if (v["kind"] == "win") {
      v["kind"] = "loss";
    } else if (v["kind"] == "loss") {
      v["kind"] = "win";
    } else if (v["kind"] == "score") {
      v["score"] = v["score"].get<std::int64_t>() + 1;
    } else if (v["kind"] == "nimber") {
      v["nimber"] = v["nimber"].get<std::uint64_t>() ^ 1;
    } else {
      continue;
    }
    EXPECT_THROW(check_explanation(*e.game, doc), WitnessError);
  }
}

TEST(Explain, AReplacedMoveOfTheVariationIsCaught) {
  std::size_t replaced = 0;
  for (const Explained& e : corpus()) {
    if (!e.doc.contains("game_tree")) continue;
    const json& pv = e.doc["game_tree"]["principal_variation"];
    if (pv.empty()) continue;
    // Another legal move at the first ply, its child consistent: the rest of
    // the line then no longer follows, or ends elsewhere.
    const Analysis a = e.game->analyze(e.doc["position"].get<std::string>(), e.params);
    for (const MoveInfo& m : a.moves) {
      // A move as good as the variation's (another cell of the same line,
      // another fastest win) proves the same: only a worse one is a defect.
      if (!pv[0].contains("value") || to_json(m.value) == pv[0]["value"]) continue;
      json doc = e.doc;
      doc["game_tree"]["principal_variation"][0]["move"] = m.move;
      doc["game_tree"]["principal_variation"][0]["position"] =
          e.game->apply(a.position, m.move, e.params);
      SCOPED_TRACE(e.game->name + " " + e.doc["position"].get<std::string>() + " " + m.move);
      EXPECT_THROW(check_explanation(*e.game, doc), WitnessError);
      ++replaced;
      break;
    }
    // And a move text that is not a move.
    json doc = e.doc;
    doc["game_tree"]["principal_variation"][0]["move"] = "99 99 99";
    EXPECT_THROW(check_explanation(*e.game, doc), WitnessError);
  }
  EXPECT_GT(replaced, 20u);
}

TEST(Explain, ATruncatedVariationClaimedCompleteIsCaught) {
  for (const Explained& e : corpus()) {
    if (!e.doc.contains("game_tree")) continue;
    json doc = e.doc;
    json& pv = doc["game_tree"]["principal_variation"];
    if (pv.size() < 2 || !doc["game_tree"]["complete"].get<bool>()) continue;
    pv.erase(pv.size() - 1);
    EXPECT_THROW(check_explanation(*e.game, doc), WitnessError);
  }
}

// A forgery the replay alone accepted: a line of legal moves that are not
// the best (each position's last listed move) to the end, with the value
// that line would make, the argument removed. Its moves are legal and its
// length and end agree with the claim; only a search of the positions shows
// that the claim is false.
TEST(Explain, AGameTreeOfLegalButWrongMovesIsCaught) {
  std::size_t forged = 0;
  for (const Explained& e : corpus()) {
    if (!e.doc.contains("game_tree")) continue;
    const GameEntry& g = *e.game;
    Analysis a = g.analyze(e.doc["position"].get<std::string>(), e.params);
    json pv = json::array();
    std::size_t plies = 0;
    while (a.to_move && !a.moves.empty() && plies < 60) {
      const MoveInfo& m = a.moves.back();
      const std::string child =
          m.position.empty() ? g.apply(a.position, m.move, e.params) : m.position;
      pv.push_back({{"move", m.move}, {"position", child}});
      a = g.analyze(child, e.params);
      ++plies;
    }
    if (a.to_move) continue;
    Value claim;
    if (a.value.kind == ValueKind::kScore) {
      claim = Value::of_score(*a.value.score, ValueSource::kReference);
    } else {
      const bool end_won = a.value.kind == ValueKind::kWin ||
                           (a.value.kind == ValueKind::kNimber && a.value.nimber != 0u);
      const bool won = plies % 2 == 0 ? end_won : !end_won;
      claim = Value::wins(won, ValueSource::kReference, static_cast<std::uint32_t>(plies));
    }
    const Value truth = witness_value(e.doc["value"], "/value");
    if (claim.kind == truth.kind && claim.score == truth.score &&
        claim.remoteness == truth.remoteness) {
      continue;  // the line is as good as perfect play: no forgery
    }
    json doc = e.doc;
    doc.erase("argument");
    doc["value"] = to_json(claim);
    doc["game_tree"] = {{"value", to_json(claim)},
                        {"principal_variation", pv},
                        {"complete", true},
                        {"end", {{"position", a.position}, {"value", to_json(a.value)}}}};
    SCOPED_TRACE(g.name + " " + e.doc["position"].get<std::string>() + ": " + doc.dump());
    EXPECT_THROW(check_explanation(g, doc), WitnessError);
    ++forged;
  }
  EXPECT_GT(forged, 20u);
}

// The refutations' values and replies are the search's too.
TEST(Explain, AWrongReplyOrRefutationValueIsCaught) {
  std::size_t wrong_replies = 0, wrong_values = 0;
  std::set<std::string> games;
  for (const Explained& e : corpus()) {
    if (!e.doc.contains("game_tree") || !e.doc["game_tree"].contains("refutations")) continue;
    // Each check searches the whole tree again: a few documents a game are
    // enough (the sanitizer build runs this too).
    if (games.count(e.game->name) && wrong_replies >= 12 && wrong_values >= 12) continue;
    games.insert(e.game->name);
    const GameEntry& g = *e.game;
    const json& r = e.doc["game_tree"]["refutations"];
    for (std::size_t i = 0; i < r["replies"].size(); ++i) {
      const json& entry = r["replies"][i];
      if (!entry["reply"].is_string()) continue;
      const std::string child =
          g.apply(r["position"].get<std::string>(), entry["move"].get<std::string>(), e.params);
      const Analysis c = g.analyze(child, e.params);
      for (const MoveInfo& m : c.moves) {
        if (m.best) continue;
        json doc = e.doc;
        doc["game_tree"]["refutations"]["replies"][i]["reply"] = m.move;
        SCOPED_TRACE(g.name + " " + e.doc["position"].get<std::string>() + " reply " + m.move);
        EXPECT_THROW(check_explanation(g, doc), WitnessError);
        ++wrong_replies;
        break;
      }
      json doc = e.doc;
      json& v = doc["game_tree"]["refutations"]["replies"][i]["value"];
      if (v["kind"] == "score") {
        v["score"] = v["score"].get<std::int64_t>() + 1;
      } else if (v.contains("remoteness")) {
        v["remoteness"] = v["remoteness"].get<std::uint64_t>() + 2;
      } else {
        continue;
      }
      EXPECT_THROW(check_explanation(g, doc), WitnessError);
      ++wrong_values;
      break;
    }
  }
  EXPECT_GT(wrong_replies, 10u);
  EXPECT_GT(wrong_values, 10u);
}

// Case 1 of a generated contest input with these sizes.
std::string big_case(const GameEntry& g, const std::vector<std::pair<const char*, int>>& sizes) {
  Params q = params_from_json(g, json::object());
  for (const auto& size : sizes) q.values[size.first] = size.second;
  q.values["cases"] = 1;
  q.flags.insert("exact");
  const std::string input = g.generate(Seed{7}, q, TextSink{});
  return g.contest_case(input, 1, q);
}

// A long position's list stops at kWitnessListed entries beside their count,
// and the check still values every part: an unlisted part changed in the
// position, or a wrong count, is caught.
TEST(Explain, LongListsAreCutAndEveryPartIsStillChecked) {
  const struct {
    const char* game;
    std::vector<std::pair<const char*, int>> sizes;
    const char* list;
    const char* total;
  } cases[] = {
      {"binim", {{"stacks", 1500}, {"max-length", 6}}, "stacks", "stacks_total"},
      {"binim2", {{"stacks", 3000}, {"max-length", 6}}, "stacks", "stacks_total"},
      {"octal", {{"rows", 1500}, {"max-length", 1000}}, "rows", "rows_total"},
      {"asymmetry", {{"rows", 2}, {"cols", 2400}, {"k", 9}}, "pairs", "pairs_total"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.game);
    const GameEntry* g = find_game(c.game);
    ASSERT_NE(g, nullptr);
    const Params p = explain_params(*g);
    const std::string pos = big_case(*g, c.sizes);
    const json doc = explain_document(*g, pos, p);
    ASSERT_TRUE(doc.contains("argument")) << doc.dump().substr(0, 500);
    const json& w = doc["argument"]["witness"];
    ASSERT_EQ(w[c.list].size(), kWitnessListed);
    ASSERT_GT(w[c.total].get<std::size_t>(), kWitnessListed);
    EXPECT_NO_THROW(check_explanation(*g, doc));
    json bad = doc;
    bad["argument"]["witness"][c.total] = w[c.total].get<std::size_t>() + 1;
    EXPECT_THROW(check_explanation(*g, bad), WitnessError);
    // No count, a cut list: refused (an old document lists every part).
    bad = doc;
    bad["argument"]["witness"].erase(c.total);
    EXPECT_THROW(check_explanation(*g, bad), WitnessError);
    // The list cut shorter still: every part is recomputed anyway.
    json shorter = doc;
    shorter["argument"]["witness"][c.list].erase(kWitnessListed - 1);
    EXPECT_NO_THROW(check_explanation(*g, shorter));
    // An unlisted part changed in the position: binim's last stack given its
    // top symbol once more at its bottom (one more move for its owner, a
    // value the sum does not count), octal's last row a digit more.
    const std::string game = c.game;
    if (game != "binim" && game != "octal") continue;
    json changed = doc;
    std::string& text = changed["position"].get_ref<std::string&>();
    std::size_t end = text.size();
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == ' ')) --end;
    const std::size_t start = text.find_last_of(" \n", end - 1) + 1;
    text.insert(end, game == "binim" ? std::string(1, text[start]) : "1");
    EXPECT_THROW(check_explanation(*g, changed), WitnessError) << text.substr(end - 20);
  }
}

TEST(Explain, GridgameWitnessScalesToTwoThousand) {
  const GameEntry* g = find_game("gridgame");
  ASSERT_NE(g, nullptr);
  // A 300 x 300 matrix here (the test suite's budget); docs/performance.md
  // times n = 2000.
  std::string pos = "300\n";
  std::uint64_t s = 12345;
  for (int i = 0; i < 300; ++i) {
    for (int j = 0; j < 300; ++j) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      pos += std::to_string(static_cast<int>((s >> 33) % 2001) - 1000);
      pos += j + 1 < 300 ? ' ' : '\n';
    }
  }
  const Params p = explain_params(*g);
  const json doc = explain_document(*g, pos, p);
  ASSERT_TRUE(doc.contains("argument"));
  EXPECT_NO_THROW(check_explanation(*g, doc));
  json bad = doc;
  bad["argument"]["witness"]["v"][17] = bad["argument"]["witness"]["v"][17].get<std::int64_t>() + 1;
  EXPECT_THROW(check_explanation(*g, bad), WitnessError);
}

}  // namespace
}  // namespace perfectplay
