// The twin check: the outcome class read from a position's canonical value
// (the engine: components valued apart, summed, simplified) equals the one
// found by exhaustive search of the whole position with each player moving
// first (WinLossSolver on cgt/to_move.h's adapter), on random positions of
// every partizan game and on random sums of positions of different games.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cgt/partizan.h"
#include "cgt/to_move.h"
#include "games/partizan/clobber.h"
#include "games/partizan/domineering.h"
#include "games/partizan/hackenbush.h"
#include "games/partizan/toads_frogs.h"
#include "solvers/win_loss.h"

namespace perfectplay::cgt {
namespace {

namespace gp = games::partizan;

// The class by search: who wins with Left first, and with Right first.
template <PartizanGame G>
OutcomeClass searched_class(const G& game, const typename G::Position& p) {
  const ToMove<G> to_move(game);
  WinLossSolver<ToMove<G>> solver(to_move);
  const bool left_first = solver.solve({p, true}).is_win();
  const bool right_first = solver.solve({p, false}).is_win();
  if (left_first) return right_first ? OutcomeClass::kN : OutcomeClass::kL;
  return right_first ? OutcomeClass::kR : OutcomeClass::kP;
}

// Two partizan games side by side: a move is in one of them.
template <PartizanGame A, PartizanGame B>
class Sum {
 public:
  using Position = std::pair<typename A::Position, typename B::Position>;
  struct Move {
    bool first = true;
    typename A::Move a{};
    typename B::Move b{};
  };
  Sum(const A& a, const B& b) : a_(a), b_(b) {}
  std::vector<Move> left_moves(const Position& p) const {
    return tagged(a_.left_moves(p.first), b_.left_moves(p.second));
  }
  std::vector<Move> right_moves(const Position& p) const {
    return tagged(a_.right_moves(p.first), b_.right_moves(p.second));
  }
  Position play(Position p, const Move& m) const {
    if (m.first) {
      p.first = a_.play(p.first, m.a);
    } else {
      p.second = b_.play(p.second, m.b);
    }
    return p;
  }
  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(mix64(a_.hash(p.first) * 31 + b_.hash(p.second)));
  }

 private:
  static std::vector<Move> tagged(const std::vector<typename A::Move>& ma,
                                  const std::vector<typename B::Move>& mb) {
    std::vector<Move> out;
    for (const auto& m : ma) out.push_back(Move{true, m, {}});
    for (const auto& m : mb) out.push_back(Move{false, {}, m});
    return out;
  }
  const A& a_;
  const B& b_;
};

gp::Grid random_grid(int max_rows, int max_cols, int kinds) {
  gp::Grid g;
  // Sizes uniform, not grown with RapidCheck's size: small boards are few.
  g.rows = *rc::gen::resize(100, rc::gen::inRange(1, max_rows + 1));
  g.cols = *rc::gen::resize(100, rc::gen::inRange(1, max_cols + 1));
  g.cells = *rc::gen::container<std::vector<std::uint8_t>>(
      static_cast<std::size_t>(g.rows * g.cols),
      rc::gen::map(rc::gen::inRange(0, kinds + 2), [kinds](int c) {
        return static_cast<std::uint8_t>(c > kinds ? 1 : c);  // a bias to the first kind
      }));
  return g;
}

std::string random_strip(int max_len) {
  const int len = *rc::gen::resize(100, rc::gen::inRange(1, max_len + 1));
  return *rc::gen::container<std::string>(static_cast<std::size_t>(len),
                                          rc::gen::element('T', 'F', '.', '.'));
}

gp::hackenbush::Position random_stalks() {
  gp::hackenbush::Position p;
  const int n = *rc::gen::inRange(1, 4);
  for (int i = 0; i < n; ++i) {
    const int len = *rc::gen::inRange(0, 5);
    p.stalks.push_back(*rc::gen::container<std::string>(static_cast<std::size_t>(len),
                                                        rc::gen::element('B', 'R')));
  }
  return p;
}

template <PartizanGame G>
void check_twin(const G& game, const typename G::Position& p) {
  Universe u;
  PartizanValuer<G> valuer(game, u);
  const GameId v = valuer.value(p);
  RC_ASSERT(u.outcome(v) == searched_class(game, p));
}

RC_GTEST_PROP(CgtTwin, Domineering, ()) {
  const gp::domineering::Rules rules;
  check_twin(rules, random_grid(4, 4, 1));
}

RC_GTEST_PROP(CgtTwin, Clobber, ()) {
  const gp::clobber::Rules rules;
  check_twin(rules, random_grid(3, 4, 2));
}

RC_GTEST_PROP(CgtTwin, ToadsFrogs, ()) {
  const gp::toads_frogs::Rules rules;
  check_twin(rules, random_strip(12));
}

RC_GTEST_PROP(CgtTwin, Hackenbush, ()) {
  const gp::hackenbush::Rules rules;
  check_twin(rules, random_stalks());
}

// Sums across games: the engine adds the parts' values (Universe::add); the
// search plays the sum as one game.
RC_GTEST_PROP(CgtTwin, SumsOfDifferentGames, ()) {
  const gp::domineering::Rules dom;
  const gp::toads_frogs::Rules tf;
  const gp::clobber::Rules clob;
  const gp::hackenbush::Rules hb;
  const auto a = random_grid(2, 3, 1);
  const auto b = random_strip(6);
  const auto c = random_grid(2, 3, 2);
  const auto d = random_stalks();
  Universe u;
  PartizanValuer<gp::domineering::Rules> va(dom, u);
  PartizanValuer<gp::toads_frogs::Rules> vb(tf, u);
  PartizanValuer<gp::clobber::Rules> vc(clob, u);
  PartizanValuer<gp::hackenbush::Rules> vd(hb, u);
  const GameId total = u.add(u.add(va.value(a), vb.value(b)), u.add(vc.value(c), vd.value(d)));
  const Sum<gp::domineering::Rules, gp::toads_frogs::Rules> ab(dom, tf);
  const Sum<gp::clobber::Rules, gp::hackenbush::Rules> cd(clob, hb);
  const Sum<decltype(ab), decltype(cd)> all(ab, cd);
  RC_ASSERT(u.outcome(total) == searched_class(all, {{a, b}, {c, d}}));
}

}  // namespace
}  // namespace perfectplay::cgt
