// The partizan games through the builder (builder/own_game.h's "Partizan
// rules", games/partizan/partizan_boards.h): the position text with its side
// to move, move names and the web board's cells, the combinatorial value as
// the theory that verify and certify check against exhaustive search (and a
// broken one caught and shrunk), and own partizan rules in a few lines.
#include <gtest/gtest.h>

#include <charconv>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "builder/own_game.h"
#include "cgt/report.h"
#include "core/input_error.h"
#include "games/partizan/partizan_boards.h"
#include "games/partizan/partizan_entry.h"
#include "registry/registry.h"
#include "web/handler.h"

namespace perfectplay {
namespace {

using games::partizan::ClobberBoard;
using games::partizan::DomineeringBoard;
using games::partizan::HackenbushBoard;
using games::partizan::ToadsFrogsBoard;

Params defaults_of(const GameEntry& g) {
  Params p;
  for (const ParamSpec& s : g.params) p.values[s.name] = s.default_value;
  for (const ParamSpec& s : g.certify_params) p.values[s.name] = s.default_value;
  return p;
}

TEST(PartizanEntry, TheFourGamesAreBuiltIn) {
  for (const char* name : {"domineering", "toads-frogs", "hackenbush", "clobber"}) {
    const GameEntry* g = find_game(name);
    ASSERT_NE(g, nullptr) << name;
    EXPECT_TRUE(g->analyze && g->hint && g->play && g->verify && g->certify && g->bench &&
                g->cgt_value)
        << name;
  }
}

TEST(PartizanEntry, TheSideToMoveIsInThePosition) {
  const GameEntry& g = *find_game("domineering");
  const Params p = defaults_of(g);
  // No prefix: Left moves. Left has the two vertical dominoes of the square.
  const Analysis a = g.analyze("../..", p);
  EXPECT_EQ(a.position, "L:../..");
  ASSERT_TRUE(a.to_move);
  EXPECT_EQ(a.to_move->name, "Left");
  EXPECT_EQ(a.moves.size(), 2U);
  EXPECT_EQ(a.moves[0].move, "a1-a2");
  EXPECT_EQ(a.moves[0].position, "R:#./#.");
  const Analysis r = g.analyze(" r:../..", p);
  EXPECT_EQ(r.position, "R:../..");
  EXPECT_EQ(r.to_move->name, "Right");
  EXPECT_EQ(r.moves[0].move, "a1-b1");
  // The rules' errors keep their column in the whole text.
  try {
    g.analyze("R:../.x", p);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.column(), 7U);
  }
  try {
    g.analyze("X:../..", p);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.column(), 1U);
    EXPECT_NE(std::string(e.what()).find("'L:'"), std::string::npos) << e.what();
  }
}

TEST(PartizanEntry, MovesAreNamedByTheirCells) {
  const ClobberBoard clobber;
  const auto board = clobber.parse("xo/.x");
  std::vector<std::string> left;
  for (const auto& m : clobber.left_moves(board)) left.push_back(clobber.move_text(m));
  EXPECT_EQ(left, (std::vector<std::string>{"a1-b1", "b2-b1"}));
  const ToadsFrogsBoard tf;
  std::vector<std::string> right;
  for (const auto& m : tf.right_moves(tf.parse("T.TF"))) right.push_back(tf.move_text(m));
  EXPECT_EQ(right, (std::vector<std::string>{"4-2"}));  // the frog jumps the toad
  const HackenbushBoard hb;
  std::vector<std::string> cuts;
  for (const auto& m : hb.left_moves(hb.parse("BRB R"))) cuts.push_back(hb.move_text(m));
  EXPECT_EQ(cuts, (std::vector<std::string>{"1:1", "1:3"}));
  // A stalk cut to nothing keeps its place, and its text reads back.
  const auto cut = hb.play(hb.parse("BRB R"), hb.right_moves(hb.parse("BRB R"))[1]);
  EXPECT_EQ(hb.format(cut), "BRB -");
  EXPECT_EQ(hb.parse("BRB -"), cut);
  EXPECT_THROW(hb.parse("B -R"), InputError);
}

TEST(PartizanEntry, TheGridPlacesTheMoversMoves) {
  const GameEntry& g = *find_game("domineering");
  const Analysis a = g.analyze("R:.#/..", defaults_of(g));
  ASSERT_TRUE(a.grid);
  EXPECT_EQ(a.grid->rows, 2);
  EXPECT_EQ(a.grid->cols, 2);
  EXPECT_EQ(a.grid->cells[1].kind, "blocked");
  EXPECT_EQ(a.grid->cells[0].kind, "empty");
  ASSERT_EQ(a.grid->moves.size(), 1U);  // Right's one horizontal domino
  EXPECT_EQ(a.grid->moves[0].move, "a2-b2");
  EXPECT_EQ(a.grid->moves[0].cells, (std::vector<std::pair<int, int>>{{1, 0}, {1, 1}}));
  // Hackenbush: a stalk is a column, the ground the bottom row.
  const GameEntry& h = *find_game("hackenbush");
  const Analysis b = h.analyze("L:BR B", defaults_of(h));
  ASSERT_TRUE(b.grid);
  EXPECT_EQ(b.grid->rows, 2);
  EXPECT_EQ(b.grid->cells[0].kind, "right");  // row 0 is the top: stalk 1's red edge
  EXPECT_EQ(b.grid->cells[1].kind, "empty");
  EXPECT_EQ(b.grid->cells[2].kind, "left");
  ASSERT_EQ(b.grid->moves.size(), 2U);
  EXPECT_EQ(b.grid->moves[1].move, "2:1");
  EXPECT_EQ(b.grid->moves[1].cells, (std::vector<std::pair<int, int>>{{1, 1}}));
}

TEST(PartizanEntry, ValueThroughTheEntry) {
  const GameEntry& g = *find_game("domineering");
  const cgt::CgtReport r = g.cgt_value("R:../..", 1000);
  EXPECT_EQ(r.canonical, "±1");
  EXPECT_EQ(r.position, "R:../..");
  EXPECT_EQ(g.cgt_value(".#/..", 1000).canonical, "*");
  EXPECT_THROW(g.cgt_value("../..../", 1000), InputError);
  EXPECT_THROW(g.cgt_value("..../..../..../....", 10), SearchLimitExceeded);
}

// The theory is the outcome class of the value read for the side to move:
// on every position up to a size it equals exhaustive search (certify's
// comparison, one position at a time here), both sides to move.
TEST(PartizanEntry, TheoryEqualsSearchOnSmallPositions) {
  const own::PartizanPlay<HackenbushBoard> hb{HackenbushBoard{}};
  const OwnModel<own::PartizanPlay<HackenbushBoard>> m(hb);
  const auto all = hb.positions(6);
  EXPECT_GT(all.size(), 500U);
  for (const auto& p : all) {
    ASSERT_FALSE(check_theory(m, p).has_value()) << hb.format(p);
  }
  const own::PartizanPlay<ToadsFrogsBoard> tf{ToadsFrogsBoard{}};
  const OwnModel<own::PartizanPlay<ToadsFrogsBoard>> mt(tf);
  for (const auto& p : tf.positions(6)) {
    ASSERT_FALSE(check_theory(mt, p).has_value()) << tf.format(p);
  }
}

TEST(PartizanEntry, VerifyAndCertifyAgree) {
  for (const char* name : {"domineering", "toads-frogs", "hackenbush", "clobber"}) {
    const GameEntry& g = *find_game(name);
    const VerifyReport r = g.verify(60, Seed{5}, defaults_of(g));
    EXPECT_TRUE(r.ok()) << name << ": " << r.detail;
    EXPECT_EQ(r.agreed, 60U) << name;
  }
}

// Hackenbush with a broken decomposition: the last stalk of two or more is
// left out of the sum, so the engine values the wrong game. verify finds it
// on a random sum and shrinks it to a disagreement none of whose shrinks
// (a stalk dropped or shortened, a move by either player) disagrees: two
// stalks (R:R B is the smallest kind: the theory reads -1, Right to move
// wins; the sum is 0, Right to move loses).
struct ForgetfulHackenbush : HackenbushBoard {
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> parts = HackenbushBoard::components(p);
    if (parts.size() >= 2) parts.pop_back();
    return parts;
  }
};

TEST(PartizanEntry, ABrokenTheoryIsCaughtAndShrunk) {
  const GameEntry g =
      own_game(ForgetfulHackenbush{}, OwnGameInfo{"forgetful", "", "", "L:BR RB", {}});
  const VerifyReport r = g.verify(200, Seed{1}, defaults_of(g));
  ASSERT_FALSE(r.ok());
  ASSERT_TRUE(r.counterexample && r.original);
  const own::PartizanPlay<ForgetfulHackenbush> play{ForgetfulHackenbush{}};
  const OwnModel<own::PartizanPlay<ForgetfulHackenbush>> m(play);
  const auto shrunk = play.parse(*r.counterexample);
  std::size_t stalks = 0;
  for (const std::string& s : shrunk.board.stalks) stalks += s.empty() ? 0 : 1;
  EXPECT_EQ(stalks, 2U) << *r.counterexample << " from " << *r.original;
  EXPECT_TRUE(check_theory(m, shrunk).has_value()) << *r.counterexample;
  for (const auto& q : play.shrinks(shrunk)) {
    EXPECT_FALSE(check_theory(m, q).has_value()) << play.format(q) << " is smaller and disagrees";
  }
  EXPECT_GT(r.shrink_steps, 0U) << *r.original;
  EXPECT_NE(r.detail.find("theory"), std::string::npos) << r.detail;
  // certify finds it on every row of stalks of up to 4 edges, and shrinks
  // its last disagreement to one none of whose shrinks disagrees (by
  // certify's comparison: the position and every move from it).
  Params sized = defaults_of(g);
  sized.values["size"] = 4;
  auto space = g.certify(sized);
  const CertifyBlock block = space->check(0, space->size());
  ASSERT_FALSE(block.failures.empty());
  const std::optional<CertifyShrunk> c = space->shrink(block.failures.back().index);
  ASSERT_TRUE(c);
  EXPECT_GT(c->steps, 0U) << space->show(block.failures.back().index);
  auto ref = m.reference(SearchLimits{});
  const auto at = play.parse(c->instance);
  EXPECT_TRUE(certify::compare(m, ref, at).has_value()) << c->instance;
  for (const auto& q : play.shrinks(at)) {
    EXPECT_FALSE(certify::compare(m, ref, q).has_value())
        << play.format(q) << " from " << c->instance;
  }
  // The same game with its true decomposition agrees.
  const GameEntry ok = own_game(HackenbushBoard{}, OwnGameInfo{"ok", "", "", "L:BR RB", {}});
  EXPECT_TRUE(ok.verify(200, Seed{1}, defaults_of(ok)).ok());
}

// Own partizan rules in a few lines: two counters, Left takes one from the
// first, Right one from the second. The value is a - b (each counter alone
// is an integer: a Left moves, b Right moves), worked out by hand.
struct Counters {
  struct Position {
    int a = 0;
    int b = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = int;  // 0: Left's take, 1: Right's
  std::vector<Move> left_moves(const Position& p) const {
    return p.a > 0 ? std::vector<Move>{0} : std::vector<Move>{};
  }
  std::vector<Move> right_moves(const Position& p) const {
    return p.b > 0 ? std::vector<Move>{1} : std::vector<Move>{};
  }
  Position play(Position p, Move m) const {
    (m == 0 ? p.a : p.b) -= 1;
    return p;
  }
  std::size_t hash(const Position& p) const { return static_cast<std::size_t>(p.a * 1000 + p.b); }
  std::vector<Position> components(const Position& p) const { return {{p.a, 0}, {0, p.b}}; }
  Position parse(std::string_view text) const {
    Position p;
    const char* end = text.data() + text.size();
    auto r = std::from_chars(text.data(), end, p.a);
    if (r.ec != std::errc() || r.ptr == end || *r.ptr != ' ')
      throw InputError(1, 1, "two counts, 'A B'");
    r = std::from_chars(r.ptr + 1, end, p.b);
    if (r.ec != std::errc() || r.ptr != end || p.a < 0 || p.b < 0 || p.a > 99 || p.b > 99)
      throw InputError(1, 1, "two counts of 0 to 99, 'A B'");
    return p;
  }
  std::string format(const Position& p) const {
    return std::to_string(p.a) + " " + std::to_string(p.b);
  }
  std::string move_text(Move m) const { return m == 0 ? "left" : "right"; }
};

TEST(PartizanEntry, OwnPartizanRulesGetValuesAndTheory) {
  const GameEntry g = own_game(Counters{}, OwnGameInfo{"counters", "", "", "L:3 1", {"R:1 3"}});
  EXPECT_EQ(g.cgt_value("3 1", 100).canonical, "2");
  EXPECT_EQ(g.cgt_value("R:1 3", 100).canonical, "-2");
  EXPECT_EQ(g.cgt_value("2 2", 100).canonical, "0");
  const Params p = defaults_of(g);
  // 2 2 is 0: the player to move loses, Left or Right.
  EXPECT_TRUE(g.analyze("L:2 2", p).value.is_loss());
  EXPECT_TRUE(g.analyze("R:2 2", p).value.is_loss());
  EXPECT_TRUE(g.analyze("R:2 3", p).value.is_win());
  ASSERT_TRUE(g.verify);
  EXPECT_TRUE(g.verify(50, Seed{2}, p).ok());
  EXPECT_FALSE(g.certify) << "no enumerator, no certify";
}

// The board's value panel asks POST /api/value: the same document as
// `value --json`, for games with values only.
TEST(PartizanEntry, TheWebServerAnswersValues) {
  web::Limits limits;
  limits.workers = 0;  // on this thread
  const web::Handler h(limits);
  const auto post = [&](const nlohmann::json& body) {
    web::Request r{"POST", "/api/value", body.dump()};
    r.content_type = "application/json";
    return h.handle(r);
  };
  web::Response r = post({{"game", "domineering"}, {"position", "R:../.."}});
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j["position"], "R:../..");
  EXPECT_EQ(j["value"]["canonical"], "±1");
  EXPECT_EQ(j["value"]["thermograph"]["left_wall"]["corners"].size(), 2U);
  EXPECT_EQ(post({{"game", "nim"}, {"position", "1 2"}}).status, 400);  // no values
  EXPECT_EQ(post({{"game", "domineering"}, {"position", "L:x"}}).status, 400);
  // Too large for the server's budget of parts: refused, not run out of memory.
  web::Limits small = limits;
  small.max_states = 10;
  const web::Handler tight(small);
  web::Request big{
      "POST", "/api/value",
      nlohmann::json{{"game", "domineering"}, {"position", "..../..../..../...."}}.dump()};
  big.content_type = "application/json";
  EXPECT_EQ(tight.handle(big).status, 422);
}

}  // namespace
}  // namespace perfectplay
