// The runtime Registry and the own-game builder (builder/own_game.h) on tiny
// games whose values are worked out by hand.
#include <gtest/gtest.h>

#include <charconv>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "api/registry.h"
#include "builder/own_game.h"
#include "registry/registry.h"

namespace perfectplay {
namespace {

// A pile of n counters; a move takes 1 or 2; a player with no move loses.
// The mover loses exactly when n % 3 == 0 (by hand: 0 loses, 1 and 2 win by
// taking all, 3 leaves 2 or 1, ...). `Theory` picks the claimed rule.
template <bool kTrueTheory>
struct OwnPile {
  using Position = int;
  using Move = int;
  std::vector<Move> moves(Position n) const {
    std::vector<Move> out;
    for (int t = 1; t <= 2 && t <= n; ++t) out.push_back(t);
    return out;
  }
  Position play(Position n, Move t) const { return n - t; }
  std::size_t hash(Position n) const { return static_cast<std::size_t>(n); }
  Position parse(std::string_view text) const {
    int n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size() || n < 0 || n > 1000) {
      throw InputError(1, 1, "a pile of 0 to 1000 counters");
    }
    return n;
  }
  std::string format(Position n) const { return std::to_string(n); }
  bool theory(Position n) const { return kTrueTheory ? n % 3 != 0 : n % 2 != 0; }
  std::optional<Move> theory_move(Position n) const {
    if (n % 3 == 0) return std::nullopt;
    return n % 3;
  }
  std::vector<Position> positions(std::uint64_t size) const {
    std::vector<Position> out;
    for (std::uint64_t n = 0; n <= size; ++n) out.push_back(static_cast<int>(n));
    return out;
  }
};

// The same rules without theory or enumerator.
struct OwnBarePile {
  using Position = int;
  using Move = int;
  std::vector<Move> moves(Position n) const { return OwnPile<true>{}.moves(n); }
  Position play(Position n, Move t) const { return n - t; }
  std::size_t hash(Position n) const { return static_cast<std::size_t>(n); }
  Position parse(std::string_view text) const { return OwnPile<true>{}.parse(text); }
  std::string format(Position n) const { return std::to_string(n); }
};

// The bare pile drawn as a row of cells: a counter a cell, and a move "t"
// placed on the counters it takes (the rightmost t).
struct OwnDrawnPile : OwnBarePile {
  std::optional<BoardGrid> grid(Position n) const {
    if (n == 0) return std::nullopt;
    BoardGrid g;
    g.rows = 1;
    g.cols = n;
    for (int c = 0; c < n; ++c) g.cells.push_back({"o", "piece"});
    for (const Move t : moves(n)) {
      GridMove m{std::to_string(t), {}};
      for (int c = n - t; c < n; ++c) m.cells.emplace_back(0, c);
      g.moves.push_back(std::move(m));
    }
    return g;
  }
};

OwnGameInfo own_info(std::string name) {
  return {name, "a pile", "a number", "7", {"7", "9"}};
}

TEST(Registry, AddsFindsAndRefusesClashes) {
  Registry r;
  r.add(own_game(OwnBarePile{}, own_info("pile")))
      .add(own_game(OwnPile<true>{}, own_info("pile2")));
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r.games()[0].name, "pile");
  EXPECT_EQ(r.find("pile2"), &r.games()[1]);
  EXPECT_EQ(r.find("nim"), nullptr);
  const GameEntry* first = r.find("pile");
  EXPECT_THROW(r.add(own_game(OwnBarePile{}, own_info("pile"))), std::invalid_argument);
  EXPECT_THROW(r.add(own_game(OwnBarePile{}, own_info("two words"))), std::invalid_argument);
  EXPECT_THROW(r.add(own_game(OwnBarePile{}, own_info(""))), std::invalid_argument);
  const std::string names = "abcdefghijklmnopqrstuvwxyz";
  for (const char c : names) r.add(own_game(OwnBarePile{}, own_info(std::string(3, c))));
  EXPECT_EQ(r.find("pile"), first);  // entries stay where they are as games are added
}

TEST(Registry, BuiltinIsTheExplicitList) {
  const Registry& b = builtin_registry();
  EXPECT_EQ(&b.games(), &all_games());
  ASSERT_NE(b.find("nim"), nullptr);
  EXPECT_EQ(find_game("octal"), b.find("octal"));
}

TEST(OwnGame, ReferenceValuesWithRemoteness) {
  const GameEntry e = own_game(OwnBarePile{}, own_info("pile"));
  const Params params;
  // 0: lost at once; 4: take 1 to leave 3, which loses in 2: win in 3.
  EXPECT_EQ(e.evaluate("0", params).value, Value::loss(ValueSource::kReference, 0));
  EXPECT_EQ(e.evaluate("4", params).value, Value::win(ValueSource::kReference, 3));
  EXPECT_EQ(e.evaluate("6", params).value, Value::loss(ValueSource::kReference, 4));
  EXPECT_GT(e.evaluate("6", params).nodes, 0u);
  const Analysis a = e.analyze("4", params);
  ASSERT_EQ(a.moves.size(), 2u);
  EXPECT_EQ(a.moves[0].move, "1");
  EXPECT_TRUE(a.moves[0].best);
  EXPECT_EQ(a.moves[0].position, "3");
  EXPECT_FALSE(a.moves[1].best);  // leaves 2: the opponent wins
  EXPECT_EQ(e.apply("4", "2", params), "2");
  EXPECT_THROW(e.apply("1", "2", params), RequestError);
  EXPECT_THROW(e.evaluate("x", params), InputError);
  // No theory: no verify; no enumerator: no certify.
  EXPECT_FALSE(e.verify);
  EXPECT_FALSE(e.certify);
  EXPECT_TRUE(e.bench);
  EXPECT_EQ(e.bench(1).positions, "the 2 example positions");
}

TEST(OwnGame, GridReachesTheAnalysisJson) {
  const Params params;
  const nlohmann::json j = to_json(own_game(OwnDrawnPile{}, own_info("pile")).analyze("3", params));
  ASSERT_TRUE(j.contains("grid"));
  EXPECT_EQ(j["grid"]["rows"], 1);
  EXPECT_EQ(j["grid"]["cols"], 3);
  EXPECT_EQ(j["grid"]["cells"][0][2]["kind"], "piece");
  ASSERT_EQ(j["grid"]["moves"].size(), 2u);
  EXPECT_EQ(j["grid"]["moves"][1]["move"], "2");
  EXPECT_EQ(j["grid"]["moves"][1]["cells"], nlohmann::json::parse("[[0,1],[0,2]]"));
  // No grid where the hook gives none (an empty pile), nor for rules without it.
  EXPECT_FALSE(
      to_json(own_game(OwnDrawnPile{}, own_info("pile")).analyze("0", params)).contains("grid"));
  EXPECT_FALSE(
      to_json(own_game(OwnBarePile{}, own_info("pile")).analyze("3", params)).contains("grid"));
}

TEST(OwnGame, VerifyAndCertifyCatchAWrongTheory) {
  const GameEntry good = own_game(OwnPile<true>{}, own_info("pile"));
  const GameEntry bad = own_game(OwnPile<false>{}, own_info("pile"));
  ASSERT_TRUE(good.verify && bad.verify && good.certify && bad.certify);
  const Params none;
  EXPECT_TRUE(good.verify(200, Seed{1}, none).ok());
  const VerifyReport r = bad.verify(200, Seed{1}, none);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.detail.find("theory says"), std::string::npos) << r.detail;
  Params sized;
  sized.values["size"] = 12;
  auto space = good.certify(sized);
  ASSERT_EQ(space->size(), 13u);
  EXPECT_TRUE(space->check(0, 13).failures.empty());
  auto wrong = bad.certify(sized);
  EXPECT_FALSE(wrong->check(0, 13).failures.empty());
}

}  // namespace
}  // namespace perfectplay
