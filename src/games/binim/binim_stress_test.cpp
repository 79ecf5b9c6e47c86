// binim/binim2: theory against the exhaustive reference on every position of
// up to 3 stacks of length up to 4 (as multisets), both players to move, both
// endings; and on random positions of up to 5 stacks of length up to 5.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "games/binim/binim_entry.h"
#include "games/binim/binim_io.h"
#include "games/binim/binim_reference.h"
#include "games/binim/binim_theory.h"

namespace perfectplay::games::binim {
namespace {

std::vector<std::string> all_stacks(std::size_t max_len) {
  std::vector<std::string> out;
  for (std::size_t len = 1; len <= max_len; ++len) {
    for (std::size_t bits = 0; bits < (std::size_t{1} << len); ++bits) {
      std::string s;
      for (std::size_t i = 0; i < len; ++i) s += static_cast<char>('0' + ((bits >> i) & 1));
      out.push_back(s);
    }
  }
  return out;
}

void check_all(Ending ending) {
  const std::vector<std::string> stacks = all_stacks(4);
  ASSERT_EQ(stacks.size(), 30u);
  ReferenceSolver solver{ReferenceRules(ending)};
  const Rules rules(ending);
  std::size_t positions = 0;
  auto check = [&](const std::vector<std::string>& chosen) {
    for (const Player first : {Player::kDee, Player::kDum}) {
      const Position p{chosen, first};
      const Outcome truth = solver.solve(canonical(p));
      const Player actual = truth.is_win() ? first : other(first);
      ASSERT_EQ(winner(p, ending), actual) << format_position(p);
      // The theory's winning moves are exactly the reference's.
      std::vector<Move> reference_wins;
      for (const Move& m : rules.moves(p)) {
        if (solver.solve(canonical(rules.play(p, m))).is_loss()) reference_wins.push_back(m);
      }
      ASSERT_EQ(winning_moves(p, ending, SIZE_MAX), reference_wins) << format_position(p);
      ++positions;
    }
  };
  check({});
  for (std::size_t a = 0; a < stacks.size(); ++a) {
    check({stacks[a]});
    for (std::size_t b = a; b < stacks.size(); ++b) {
      check({stacks[a], stacks[b]});
      for (std::size_t c = b; c < stacks.size(); ++c) check({stacks[a], stacks[b], stacks[c]});
    }
  }
  EXPECT_EQ(positions, 2u * (1 + 30 + 465 + 4960));
}

TEST(BinimStress, EveryPositionUpTo3StacksOf4Normal) {
  check_all(Ending::kNormal);
}
TEST(BinimStress, EveryPositionUpTo3StacksOf4Misere) {
  check_all(Ending::kMisere);
}

// Up to `most` stacks of 1 to `longest` elements (inside a property).
std::vector<std::string> random_stacks(std::size_t most, std::size_t longest) {
  const auto n = *rc::gen::inRange<std::size_t>(0, most + 1);
  std::vector<std::string> stacks;
  for (std::size_t i = 0; i < n; ++i) {
    const auto len = *rc::gen::inRange<std::size_t>(1, longest + 1);
    stacks.push_back(*rc::gen::container<std::string>(len, rc::gen::element('0', '1')));
  }
  return stacks;
}

RC_GTEST_PROP(BinimStress, RandomPositionsUpTo5StacksOf5, ()) {
  const std::vector<std::string> stacks = random_stacks(5, 5);
  const Player first = *rc::gen::element(Player::kDee, Player::kDum);
  const Ending ending = *rc::gen::element(Ending::kNormal, Ending::kMisere);
  const Model model(ending);
  const Position p{stacks, first};
  RC_ASSERT(!check_theory(model, p).has_value());
  RC_ASSERT(!model.check_winning_moves(p).has_value());
}

// The reference's children, built in place (SearchStack reuses a child of
// another position, any size) or from the parent in one pass, are the rules'
// children sorted with the empty stacks dropped: equal stacks, emptied
// stacks, first and last places included.
RC_GTEST_PROP(BinimStress, ReferenceChildrenAreTheRulesChildrenCanonical, ()) {
  const Position p =
      canonical({random_stacks(6, 4), *rc::gen::element(Player::kDee, Player::kDum)});
  const ReferenceRules reference(Ending::kNormal);
  const Rules rules(Ending::kNormal);
  Position reused{{"1", "0101", "", "11"}, Player::kDum};  // a stale child
  for (const Move& m : reference.moves(p)) {
    const Position want = canonical(rules.play(p, m));
    Position in_place = p;
    reference.play_in_place(in_place, m);
    RC_ASSERT(in_place == want);
    reference.play_into(p, m, reused);
    RC_ASSERT(reused == want);
  }
}

}  // namespace
}  // namespace perfectplay::games::binim
