// The partizan games (src/games/partizan/) valued by the engine: values from
// the literature (each test names its source), values worked out by hand in
// the comments, and Hackenbush strings against Berlekamp's sign-expansion
// rule written independently here.
#include <gtest/gtest.h>

#include <string>

#include "cgt/partizan.h"
#include "core/input_error.h"
#include "games/partizan/clobber.h"
#include "games/partizan/domineering.h"
#include "games/partizan/hackenbush.h"
#include "games/partizan/toads_frogs.h"

namespace perfectplay::games::partizan {
namespace {

using cgt::GameId;
using cgt::Rational;
using cgt::Universe;

template <class Rules, class Parse>
std::string value_text(const Rules& rules, Universe& u, Parse parse, const std::string& text) {
  cgt::PartizanValuer valuer(rules, u);
  return u.text(valuer.value(parse(text)));
}

TEST(Domineering, SmallBoards) {
  const domineering::Rules rules;
  Universe u;
  const auto v = [&](const std::string& t) { return value_text(rules, u, domineering::parse, t); };
  // Left places vertically, Right horizontally (Winning Ways ch. 5).
  EXPECT_EQ(v("."), "0");
  EXPECT_EQ(v(".."), "-1");    // one horizontal domino for Right
  EXPECT_EQ(v("./."), "1");    // one vertical for Left
  EXPECT_EQ(v("...."), "-2");  // 1 x 4: Right places two
  EXPECT_EQ(v("..."), "-1");   // 1 x 3: one only
  // The 2 x 2 square is ±1 (Winning Ways ch. 5; Lessons in Play ch. 1):
  // either player's domino leaves the other a 1 x 2 of its own.
  EXPECT_EQ(v("../.."), "±1");
  // Separate boards add: ./. + ./. = 2, and ./. + .. = 1 - 1 = 0.
  EXPECT_EQ(v(".#./.#."), "2");
  EXPECT_EQ(v(".#../.###"), "0");
  // The L of three cells ".#/..": Left's vertical domino leaves a single
  // cell (0), Right's horizontal one leaves one too (0): {0 | 0} = *.
  EXPECT_EQ(v(".#/.."), "*");
  EXPECT_THROW(domineering::parse("../."), InputError);
  EXPECT_THROW(domineering::parse(".x"), InputError);
}

TEST(Domineering, RectangleTransposeIsNegative) {
  const domineering::Rules rules;
  Universe u;
  cgt::PartizanValuer valuer(rules, u);
  for (int r = 1; r <= 4; ++r) {
    for (int c = 1; c <= 4; ++c) {
      const GameId v = valuer.value(domineering::rectangle(r, c));
      EXPECT_EQ(v, u.neg(valuer.value(domineering::rectangle(c, r)))) << r << " x " << c;
      // The text does not depend on the order a universe met its games: a
      // fresh universe meets the negative's options first, then the value.
      Universe fresh;
      fresh.parse(u.text(u.neg(v)));
      EXPECT_EQ(fresh.text(fresh.parse(u.text(v))), u.text(v)) << r << " x " << c;
    }
  }
}

// Domineering rectangles against the published tables, entry by entry.
// m x n is m rows by n columns; Left (Vertical, V) places vertical dominoes.
// Outcomes: V = L (Left wins whoever starts), H = R, 1 = N (the first
// player wins), 2 = P (the second player wins).
//   2 x n, n = 1..8: Berlekamp, "Blockbuster and Domineering", J. Combin.
//     Theory A 49 (1988), as tabulated in MathWorld's "Domineering": V, 1,
//     1, H, V, 1, 1, H.
//   3 x n, n = 1..5 and 5 x n, n = 1..5: Lachmann, Moore and Rapaport, "Who
//     wins Domineering on rectangular boards?" (2000; in More Games of No
//     Chance, 2002), as MathWorld tabulates them: 3 x n: V, 1, 1, H, H; 5 x n:
//     V, H, V, H, 2 (and 5 x 6: H, 34 s of CPU: docs/cgt.md's table only).
// Values:
//   2 x 2 = ±1 (Winning Ways ch. 5; Lessons in Play ch. 1);
//   2 x 3 = {2 | -1/2}, mean 3/4, temperature 5/4 (the 2 x 3 example of
//     Wikipedia's "Domineering", two rows, Right's four moves);
//   3 x 2 = {1/2 | -2} = -3/4 ± 5/4 (Berlekamp's notes for Math 275,
//     Berkeley 2003, "2xN Domineering").
TEST(Domineering, PublishedRectangles) {
  const domineering::Rules rules;
  Universe u;
  cgt::PartizanValuer valuer(rules, u);
  const auto outcome = [&](int r, int c) {
    return std::string(cgt::outcome_name(u.outcome(valuer.value(domineering::rectangle(r, c)))));
  };
  const std::string two = "LNNRLNNR";  // V 1 1 H V 1 1 H
  const std::string three = "LNNRR";   // V 1 1 H H
  const std::string five = "LRLRP";    // V H V H 2
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(outcome(2, n), two.substr(n - 1, 1)) << "2 x " << n;
  for (int n = 1; n <= 5; ++n) EXPECT_EQ(outcome(3, n), three.substr(n - 1, 1)) << "3 x " << n;
  for (int n = 1; n <= 5; ++n) EXPECT_EQ(outcome(5, n), five.substr(n - 1, 1)) << "5 x " << n;
  const GameId g22 = valuer.value(domineering::rectangle(2, 2));
  EXPECT_EQ(u.text(g22), "±1");
  const GameId g23 = valuer.value(domineering::rectangle(2, 3));
  EXPECT_EQ(g23, u.parse("{2|-1/2}"));
  EXPECT_EQ(u.mean(g23), Rational(3, 4));
  EXPECT_EQ(u.temperature(g23), Rational(5, 4));
  const GameId g32 = valuer.value(domineering::rectangle(3, 2));
  EXPECT_EQ(g32, u.parse("{1/2|-2}"));
  EXPECT_EQ(g32, u.parse("-3/4±5/4"));
  EXPECT_EQ(u.text(g32), "-3/4±5/4");
}

TEST(ToadsFrogs, SmallStrips) {
  const toads_frogs::Rules rules;
  Universe u;
  const auto v = [&](const std::string& t) { return value_text(rules, u, toads_frogs::parse, t); };
  EXPECT_EQ(v("T."), "1");   // one toad step
  EXPECT_EQ(v("T.."), "2");  // two
  EXPECT_EQ(v(".F"), "-1");
  EXPECT_EQ(v("TF"), "0");  // nobody can move
  // T□F = * (Winning Ways ch. 1): the toad's step to .TF leaves Right the
  // jump to FT. and Left then the step to F.T (so .TF = {|1} = 0), the
  // frog's step to TF. leaves Left the jump to .FT (= {|0} = -1), so
  // TF. = {-1|} = 0, and T.F = {0 | 0} = *.
  EXPECT_EQ(v("T.F"), "*");
  EXPECT_THROW(toads_frogs::parse("T.X"), InputError);
}

// Berlekamp's sign-expansion rule (Winning Ways ch. 2; Lessons in Play
// ch. 2): the edges of the first colour's run count 1 each; after the first
// change of colour, each edge counts 1/2, 1/4, ... in turn; blue positive.
Rational sign_expansion(const std::string& s) {
  Rational v(0);
  std::size_t i = 0;
  while (i < s.size() && s[i] == s[0]) {
    v = v + Rational(s[0] == 'B' ? 1 : -1);
    ++i;
  }
  std::int64_t den = 2;
  for (; i < s.size(); ++i, den *= 2) v = v + Rational(s[i] == 'B' ? 1 : -1, den);
  return v;
}

TEST(Hackenbush, EveryStringUpTo12EdgesFollowsSignExpansion) {
  const hackenbush::Rules rules;
  Universe u;
  cgt::PartizanValuer valuer(rules, u);
  for (int len = 1; len <= 12; ++len) {
    for (std::uint32_t bits = 0; bits < (1u << len); ++bits) {
      std::string s;
      for (int i = 0; i < len; ++i) s += (bits >> i & 1) ? 'B' : 'R';
      const GameId g = valuer.value(hackenbush::Position{{s}});
      ASSERT_TRUE(u.is_number(g)) << s;
      ASSERT_EQ(u.number_value(g), sign_expansion(s)) << s;
    }
  }
  // Worked examples (Lessons in Play ch. 2): BR = 1/2, BRR = 1/4, BRB = 3/4.
  EXPECT_EQ(u.text(valuer.value(hackenbush::parse("BR"))), "1/2");
  EXPECT_EQ(u.text(valuer.value(hackenbush::parse("BRR"))), "1/4");
  EXPECT_EQ(u.text(valuer.value(hackenbush::parse("BRB"))), "3/4");
  // A sum: BR + BR + R = 1/2 + 1/2 - 1 = 0.
  EXPECT_EQ(u.text(valuer.value(hackenbush::parse("BR BR R"))), "0");
  EXPECT_THROW(hackenbush::parse("BG"), InputError);
}

TEST(Clobber, SmallBoards) {
  const clobber::Rules rules;
  Universe u;
  const auto v = [&](const std::string& t) { return value_text(rules, u, clobber::parse, t); };
  // xo: either capture leaves one stone, 0: {0 | 0} = *.
  EXPECT_EQ(v("xo"), "*");
  // xxo: Left's x.x is 0; Right's xo. is *: {0 | *} = ^.
  EXPECT_EQ(v("xxo"), "^");
  EXPECT_EQ(v("oox"), "v");
  // xox: every capture leaves two stones apart, 0: *.
  EXPECT_EQ(v("xox"), "*");
  // x.o: no stone touches another: 0.
  EXPECT_EQ(v("x.o"), "0");
  // Symmetric images have one value: xo/.. and ../ox.
  EXPECT_EQ(v("xo/.."), v("../ox"));
  EXPECT_THROW(clobber::parse("xz"), InputError);
}

}  // namespace
}  // namespace perfectplay::games::partizan
