// binim's stack values derived by the engine from the rules
// (games/binim/binim_cgt.h) against the theory's integers (binim_theory.h:
// +zeros for a 0-topped stack, -ones for a 1-topped one), on every stack of
// 1 to 20 bits, and a position's value as the sum of its stacks'.
#include <gtest/gtest.h>

#include <string>

#include "cgt/partizan.h"
#include "games/binim/binim_cgt.h"
#include "games/binim/binim_theory.h"

namespace perfectplay::games::binim {
namespace {

TEST(BinimValues, EveryStackUpTo20BitsIsTheTheorysInteger) {
  const PartizanRules rules;
  cgt::Universe u;
  cgt::PartizanValuer valuer(rules, u);
  std::size_t checked = 0;
  for (int len = 1; len <= 20; ++len) {
    for (std::uint32_t bits = 0; bits < (1u << len); ++bits) {
      std::string s(static_cast<std::size_t>(len), '0');
      for (int i = 0; i < len; ++i) s[static_cast<std::size_t>(i)] = (bits >> i & 1) ? '1' : '0';
      const cgt::GameId v = valuer.value({s});
      Summary theory;
      theory.add(facts_of(s));
      ASSERT_TRUE(u.is_number(v)) << s << " = " << u.text(v);
      ASSERT_EQ(u.number_value(v), cgt::Rational(theory.value)) << s << " = " << u.text(v);
      ++checked;
    }
  }
  EXPECT_EQ(checked, (std::size_t{1} << 21) - 2);
}

TEST(BinimValues, PositionIsTheSumOfItsStacks) {
  const PartizanRules rules;
  cgt::Universe u;
  cgt::PartizanValuer valuer(rules, u);
  // 0110 (zeros 2) + 1001 (-ones -2) + 10 (-1) + 0 (+1): 0, a second-player win.
  const cgt::GameId v = valuer.value({"0110", "1001", "10", "0"});
  EXPECT_EQ(u.text(v), "0");
  EXPECT_EQ(u.outcome(v), cgt::OutcomeClass::kP);
  EXPECT_EQ(u.text(valuer.value({"000", "1"})), "2");
  EXPECT_EQ(summarize(Position{{"000", "1"}, Player::kDee}).value, 2);
}

}  // namespace
}  // namespace perfectplay::games::binim
