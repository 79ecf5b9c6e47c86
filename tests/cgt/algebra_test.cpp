// Algebra of canonical forms (src/cgt/canonical.h), as RapidCheck
// properties over random games. A game is drawn as a short program for a
// stack machine (so that RapidCheck shrinks it to a smaller game): each
// byte pops up to two games and pushes a game built from them.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "cgt/canonical.h"

namespace perfectplay::cgt {
namespace {

// ops (byte % 8): push 0; {a|}; {|a}; {a|b}; {a,b|c}... as below. With
// all_small, only games with options on both sides or none (dicotic).
GameId build(Universe& u, const std::vector<std::uint8_t>& program, bool all_small) {
  std::vector<GameId> stack;
  const auto pop = [&] {
    if (stack.empty()) return Universe::kZero;
    const GameId g = stack.back();
    stack.pop_back();
    return g;
  };
  for (const std::uint8_t byte : program) {
    const int op = byte % 8;
    if (op == 0) {
      stack.push_back(Universe::kZero);
      continue;
    }
    const GameId a = pop();
    const GameId b = pop();
    switch (all_small ? 3 + op % 5 : op) {
      case 1:
        stack.push_back(u.make({a}, {}));
        break;
      case 2:
        stack.push_back(u.make({}, {a}));
        break;
      case 3:
        stack.push_back(u.make({a}, {b}));
        break;
      case 4:
        stack.push_back(u.make({a, b}, {b}));
        break;
      case 5:
        stack.push_back(u.make({a}, {a, b}));
        break;
      case 6:
        stack.push_back(u.make({a, Universe::kZero}, {b}));
        break;
      default:
        stack.push_back(u.add(a, b));
        break;
    }
  }
  return stack.empty() ? Universe::kZero : stack.back();
}

rc::Gen<std::vector<std::uint8_t>> programs() {
  return rc::gen::resize(20, rc::gen::arbitrary<std::vector<std::uint8_t>>());
}

RC_GTEST_PROP(CgtAlgebra, GamePlusItsNegativeIsZero, ()) {
  Universe u;
  const GameId g = build(u, *programs(), false);
  RC_ASSERT(u.add(g, u.neg(g)) == Universe::kZero);
  RC_ASSERT(u.outcome(u.sub(g, g)) == OutcomeClass::kP);
}

RC_GTEST_PROP(CgtAlgebra, SumIsCommutativeAcrossUniverses, ()) {
  const auto pa = *programs();
  const auto pb = *programs();
  // In two universes the games get different ids (built in another order):
  // the printed canonical forms must still agree.
  Universe u1;
  Universe u2;
  const GameId a1 = build(u1, pa, false);
  const GameId b1 = build(u1, pb, false);
  const GameId b2 = build(u2, pb, false);
  const GameId a2 = build(u2, pa, false);
  RC_ASSERT(u1.text(u1.add(a1, b1)) == u2.text(u2.add(b2, a2)));
  RC_ASSERT(u2.parse(u1.text(u1.add(a1, b1))) == u2.add(a2, b2));
}

RC_GTEST_PROP(CgtAlgebra, SumIsAssociative, ()) {
  Universe u;
  const GameId a = build(u, *programs(), false);
  const GameId b = build(u, *programs(), false);
  const GameId c = build(u, *programs(), false);
  RC_ASSERT(u.add(u.add(a, b), c) == u.add(a, u.add(b, c)));
}

// Canonical forms are unique: G built again with options that change
// nothing gives the same id. Gift horse (Siegel, Lemma II.2.?): a Left
// option H with H ◁ G (not H >= G) and a Right option H with H ▷ G leave G
// as it is; G - 1, G + * and G + v are such Left options, G + 1, G + * and
// G + ^ such Right options. A dominated copy (G^L - 1 next to G^L) too.
RC_GTEST_PROP(CgtAlgebra, CanonicalFormIsUniqueAcrossConstructions, ()) {
  Universe u;
  const GameId g = build(u, *programs(), false);
  std::vector<GameId> l = u.left(g);
  std::vector<GameId> r = u.right(g);
  const int which = *rc::gen::inRange(0, 4);
  const GameId one = u.integer(1);
  const GameId extras_l[] = {u.sub(g, one), u.add(g, u.star()), u.add(g, u.ups(-1)), g};
  const GameId extras_r[] = {u.add(g, one), u.add(g, u.star()), u.add(g, u.ups(1)), g};
  if (which < 3) {
    l.push_back(extras_l[which]);
    r.push_back(extras_r[which]);
  } else if (!l.empty()) {
    l.push_back(u.sub(l.front(), one));  // dominated by l.front()
  }
  RC_ASSERT(u.make(l, r) == g);
}

RC_GTEST_PROP(CgtAlgebra, OrderIsConsistentWithSum, ()) {
  Universe u;
  const GameId a = build(u, *programs(), false);
  const GameId b = build(u, *programs(), false);
  const GameId c = build(u, *programs(), false);
  RC_ASSERT(u.le(a, b) == u.le(u.add(a, c), u.add(b, c)));
  // a <= b iff b - a >= 0, i.e. b - a is L or P.
  const OutcomeClass d = u.outcome(u.sub(b, a));
  RC_ASSERT(u.le(a, b) == (d == OutcomeClass::kL || d == OutcomeClass::kP));
  RC_ASSERT((a == b) == (u.le(a, b) && u.le(b, a)));
}

RC_GTEST_PROP(CgtAlgebra, NotationRoundTrips, ()) {
  Universe u;
  const GameId g = build(u, *programs(), false);
  RC_ASSERT(u.parse(u.text(g)) == g);
}

// Mean is additive and stops are ordered (Siegel, ch. II.5): LS >= RS, and
// the mean lies between them.
RC_GTEST_PROP(CgtAlgebra, MeanIsAdditiveAndBetweenTheStops, ()) {
  Universe u;
  const GameId a = build(u, *programs(), false);
  const GameId b = build(u, *programs(), false);
  RC_ASSERT(u.mean(u.add(a, b)) == u.mean(a) + u.mean(b));
  RC_ASSERT(u.left_stop(a) >= u.mean(a));
  RC_ASSERT(u.mean(a) >= u.right_stop(a));
  // A sum is no hotter than its hottest part.
  RC_ASSERT(u.temperature(u.add(a, b)) <= std::max(u.temperature(a), u.temperature(b)));
}

// Atomic weight is additive on all-small games, and the negative's is the
// negative (Siegel, ch. II.7).
RC_GTEST_PROP(CgtAlgebra, AtomicWeightIsAdditive, ()) {
  Universe u;
  const GameId a = build(u, *programs(), true);
  const GameId b = build(u, *programs(), true);
  RC_ASSERT(u.is_all_small(a));
  RC_ASSERT(u.is_all_small(b));
  const GameId wa = *u.atomic_weight(a);
  const GameId wb = *u.atomic_weight(b);
  RC_ASSERT(*u.atomic_weight(u.add(a, b)) == u.add(wa, wb));
  RC_ASSERT(*u.atomic_weight(u.neg(a)) == u.neg(wa));
}

}  // namespace
}  // namespace perfectplay::cgt
