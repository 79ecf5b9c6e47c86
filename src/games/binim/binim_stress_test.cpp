// binim/binim2: theory against the exhaustive reference on every position of
// up to 3 stacks of length up to 4 (as multisets), both players to move, both
// endings; and on random positions of up to 5 stacks of length up to 5.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <compare>
#include <string>
#include <vector>

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

// The packed stacks (binim_stacks.h) against std::string as the model:
// stacks across word boundaries (up to 150 symbols), tops removed in place,
// bottoms dropped, stacks erased; then every view reads, compares and
// orders as its string does, and a Stacks rebuilt from the strings (other
// offsets, no removed bits) is equal and hashes the same.
RC_GTEST_PROP(BinimStress, PackedStacksActAsStrings, ()) {
  std::vector<std::string> model;
  const auto n = *rc::gen::inRange<std::size_t>(0, 8);
  for (std::size_t i = 0; i < n; ++i) {
    const auto len = *rc::gen::inRange<std::size_t>(0, 151);
    model.push_back(*rc::gen::container<std::string>(len, rc::gen::element('0', '1')));
  }
  Position p{model, Player::kDee};
  const auto edits = *rc::gen::inRange(0, 12);
  for (int e = 0; e < edits && !model.empty(); ++e) {
    const std::size_t i = *rc::gen::inRange<std::size_t>(0, model.size());
    const int kind = *rc::gen::inRange(0, 3);
    if (kind == 0) {
      const std::size_t count = *rc::gen::inRange<std::size_t>(0, model[i].size() + 1);
      model[i].erase(0, count);
      p.stacks.erase_top(i, count);
    } else if (kind == 1 && !model[i].empty()) {
      model[i].pop_back();
      p.stacks.erase_bottom(i);
    } else if (kind == 2) {
      model.erase(model.begin() + static_cast<std::ptrdiff_t>(i));
      p.stacks.erase(i);
    }
  }
  RC_ASSERT(p.stacks.to_strings() == model);
  RC_ASSERT(p.stacks.size() == model.size());
  for (std::size_t i = 0; i < model.size(); ++i) {
    const StackView v = p.stacks[i];
    RC_ASSERT(v == std::string_view(model[i]));
    RC_ASSERT(v.top() == (model[i].empty() ? '\0' : model[i][0]));
    RC_ASSERT(v.ones() ==
              static_cast<std::uint64_t>(std::count(model[i].begin(), model[i].end(), '1')));
    for (std::size_t j = 0; j < model.size(); ++j) {
      const int want = model[i] < model[j] ? -1 : model[i] == model[j] ? 0 : 1;
      const auto got = v <=> p.stacks[j];
      RC_ASSERT((got < 0 ? -1 : got == 0 ? 0 : 1) == want);
    }
  }
  const Position rebuilt{model, Player::kDee};
  RC_ASSERT(rebuilt == p);
  RC_ASSERT(Rules(Ending::kNormal).hash(rebuilt) == Rules(Ending::kNormal).hash(p));
  RC_ASSERT(format_position(rebuilt) == format_position(p));
  RC_ASSERT(parse_position(format_position(p)) == p);
}

}  // namespace
}  // namespace perfectplay::games::binim
