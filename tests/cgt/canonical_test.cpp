// The canonical-form engine (src/cgt/canonical.h) on values worked out by
// hand from the definitions; each comment says how.
#include "cgt/canonical.h"

#include <gtest/gtest.h>

#include "core/input_error.h"

namespace perfectplay::cgt {
namespace {

TEST(Canonical, SmallestGames) {
  Universe u;
  const GameId zero = Universe::kZero;
  const GameId one = u.make({zero}, {});
  const GameId minus_one = u.make({}, {zero});
  const GameId star = u.make({zero}, {zero});
  EXPECT_EQ(one, u.integer(1));
  EXPECT_EQ(minus_one, u.integer(-1));
  EXPECT_EQ(star, u.nimber(1));
  EXPECT_EQ(u.text(one), "1");
  EXPECT_EQ(u.text(minus_one), "-1");
  EXPECT_EQ(u.text(star), "*");
  EXPECT_EQ(u.text(zero), "0");
  // {-1 | 1} = 0 (simplest number between), {0 | 1} = 1/2, {1/2 | 1} = 3/4.
  EXPECT_EQ(u.make({minus_one}, {one}), zero);
  const GameId half = u.make({zero}, {one});
  EXPECT_EQ(u.text(half), "1/2");
  EXPECT_EQ(u.text(u.make({half}, {one})), "3/4");
  // 1/2 + 1/2 = 1, built through the general sum.
  EXPECT_EQ(u.add(half, half), one);
  // * + * = 0; {0, * | 0} = ^* (*'s... hand: ^* = ^ + *).
  EXPECT_EQ(u.add(star, star), zero);
  EXPECT_EQ(u.make({zero, star}, {zero}), u.add(u.ups(1), star));
  EXPECT_EQ(u.text(u.make({zero, star}, {zero})), "^*");
  // {0 | *} = ^; {* | 0} = v.
  EXPECT_EQ(u.text(u.make({zero}, {star})), "^");
  EXPECT_EQ(u.text(u.make({star}, {zero})), "v");
  // {1 | -1} = ±1, a switch that stays as it is.
  const GameId pm1 = u.make({one}, {minus_one});
  EXPECT_EQ(u.text(pm1), "±1");
  // {2 | -1} = 1/2 + ±3/2: its mean and a switch, printed so.
  EXPECT_EQ(u.text(u.make({u.integer(2)}, {minus_one})), "1/2±3/2");
  // A reversible option: in G = {*2 | }, *2 reverses through its Right
  // option 0 (0 <= G: G has no Right option and 0 no Left one), so *2 is
  // replaced by 0's Left options, none: G = 0. By play: Left moving first
  // goes to *2, Right answers 0, Left has no move; Right has none at all.
  EXPECT_EQ(u.make({u.nimber(2)}, {}), zero);
}

TEST(Canonical, OrderAndOutcome) {
  Universe u;
  const GameId star = u.star();
  const GameId up = u.ups(1);
  EXPECT_TRUE(u.fuzzy(star, Universe::kZero));
  EXPECT_TRUE(u.gt(up, Universe::kZero));
  EXPECT_TRUE(u.fuzzy(u.add(up, star), Universe::kZero));  // ^* || 0
  EXPECT_TRUE(u.gt(u.ups(2), star));                       // ^^ > *
  EXPECT_EQ(u.outcome(star), OutcomeClass::kN);
  EXPECT_EQ(u.outcome(up), OutcomeClass::kL);
  EXPECT_EQ(u.outcome(u.neg(up)), OutcomeClass::kR);
  EXPECT_EQ(u.outcome(Universe::kZero), OutcomeClass::kP);
  EXPECT_EQ(u.outcome(u.add(up, u.neg(up))), OutcomeClass::kP);
}

TEST(Canonical, StopsMeanTemperature) {
  Universe u;
  const GameId g = u.parse("{2|-1}");
  EXPECT_EQ(u.left_stop(g), Rational(2));
  EXPECT_EQ(u.right_stop(g), Rational(-1));
  EXPECT_EQ(u.mean(g), Rational(1, 2));
  EXPECT_EQ(u.temperature(g), Rational(3, 2));
  // Its walls: left 3 at t = -1 falling to 1/2 at t = 3/2, then the mast.
  const Thermograph& th = u.thermograph(g);
  ASSERT_EQ(th.left.corners.size(), 2u);
  EXPECT_EQ(th.left.corners[0], std::make_pair(Rational(-1), Rational(3)));
  EXPECT_EQ(th.left.corners[1], std::make_pair(Rational(3, 2), Rational(1, 2)));
  EXPECT_EQ(th.left.last_slope, Rational(0));
  EXPECT_EQ(th.right.corners[0], std::make_pair(Rational(-1), Rational(-2)));
  EXPECT_EQ(u.temperature(u.star()), Rational(0));
  EXPECT_EQ(u.temperature(u.integer(3)), Rational(-1));
  EXPECT_EQ(u.temperature(u.parse("3/4")), Rational(-1, 4));
  // {1 | 0}: temperature 1/2, mean 1/2.
  EXPECT_EQ(u.temperature(u.parse("{1|0}")), Rational(1, 2));
  EXPECT_EQ(u.mean(u.parse("{1|0}")), Rational(1, 2));
  EXPECT_EQ(u.birthday(u.parse("3")), 3u);
  EXPECT_EQ(u.birthday(u.parse("1/2")), 2u);
  EXPECT_EQ(u.birthday(u.parse("^")), 2u);
  EXPECT_EQ(u.birthday(u.parse("*2")), 2u);
}

TEST(Canonical, AtomicWeight) {
  Universe u;
  EXPECT_EQ(u.atomic_weight(u.ups(1)), u.integer(1));
  EXPECT_EQ(u.atomic_weight(u.ups(3)), u.integer(3));
  EXPECT_EQ(u.atomic_weight(u.parse("v*")), u.integer(-1));
  EXPECT_EQ(u.atomic_weight(u.star()), Universe::kZero);
  EXPECT_EQ(u.atomic_weight(u.integer(1)), std::nullopt);
  EXPECT_EQ(u.atomic_weight(u.parse("±1")), std::nullopt);
}

TEST(Canonical, ParseAndPrint) {
  Universe u;
  for (const char* s :
       {"0",    "1",       "-3",       "1/2",        "-3/4",        "*",
        "*3",   "^",       "v",        "^*",         "v*",          "^2",
        "v3*2", "1/2^*",   "-1v",      "±1",         "±1/2",        "1/2±3/2",
        "2±1",  "1/2±1/2", "-3/2±1/4", "±(3/2±1/2)", "{2|1/2±1/2}", "{1,1/2±1/2|-1}"}) {
    const GameId g = u.parse(s);
    EXPECT_EQ(u.text(g), s) << s;
    EXPECT_EQ(u.parse(u.text(g)), g) << s;
  }
  // The text does not depend on the order a universe met the options.
  Universe other;
  other.parse("±2");
  EXPECT_EQ(other.text(other.parse("{±1,±2|-10}")), u.text(u.parse("{±2,±1|-10}")));
  EXPECT_EQ(u.parse("^^"), u.ups(2));
  EXPECT_EQ(u.parse("+-1"), u.parse("±1"));
  EXPECT_EQ(u.parse("{ 0 , * | 0 }"), u.parse("^*"));
  EXPECT_EQ(u.parse("{|}"), Universe::kZero);
  // a±b is {a+b | a-b}: printed so wherever a switch of numbers is.
  EXPECT_EQ(u.parse("2±1"), u.make({u.integer(3)}, {u.integer(1)}));
  EXPECT_EQ(u.parse("2+-1"), u.parse("{3|1}"));
  EXPECT_EQ(u.text(u.parse("{1|0}")), "1/2±1/2");
  EXPECT_EQ(u.parse("±{2|1}"), u.parse("{{2|1}|{-1|-2}}"));
  EXPECT_EQ(u.parse("±(3/2±1/2)"), u.parse("±{2|1}"));
  EXPECT_THROW(u.parse("(1"), InputError);
  // Bars of several strokes: the most strokes split first.
  EXPECT_EQ(u.parse("{1||0|-1}"), u.parse("{1|{0|-1}}"));
  EXPECT_EQ(u.parse("{2|1||0}"), u.parse("{{2|1}|0}"));
  EXPECT_EQ(u.parse("{3|||2||1|0}"), u.parse("{3|{2|{1|0}}}"));
  EXPECT_EQ(u.parse("{3||2|1|||0}"), u.parse("{{3|{2|1}}|0}"));
  EXPECT_EQ(u.parse("{1||0}"), u.parse("{1|0}"));
  EXPECT_EQ(u.parse("{0,*||0|-1}"), u.parse("{0,*|{0|-1}}"));
  for (const char* s : {"{1|0|-1}", "{1||0||-1}", "{3||2|1||0}"}) {
    try {
      u.parse(s);
      ADD_FAILURE() << s << " accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("two bars"), std::string::npos) << s << ": " << e.what();
    }
  }
  EXPECT_THROW(u.parse("{1}"), InputError);
  EXPECT_THROW(u.parse("{1||"), InputError);
  EXPECT_THROW(u.parse("{1|"), InputError);
  EXPECT_THROW(u.parse("1/3"), InputError);
  EXPECT_THROW(u.parse("x"), InputError);
  EXPECT_THROW(u.parse("1 2"), InputError);
  EXPECT_THROW(u.parse("*99999"), InputError);
  try {
    u.parse("{1|2,x}");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.column(), 6u);
  }
}

}  // namespace
}  // namespace perfectplay::cgt
