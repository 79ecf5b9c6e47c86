// Exhaustive references as the engine sees them: an object whose value(p) is
// the generic solver's answer for p as a Value (source reference), one table
// shared across calls. A game whose engine positions differ from the
// reference's (binim sorts its stacks, bacteria keeps a bitboard) passes the
// mapping.
#pragma once

#include <functional>
#include <utility>

#include "api/value.h"
#include "solvers/alpha_beta.h"
#include "solvers/grundy.h"
#include "solvers/search_limits.h"
#include "solvers/win_loss.h"

namespace perfectplay {

template <WinLossGame G, class Map = std::identity>
class WinLossReference {
 public:
  WinLossReference(G rules, SearchLimits limits, Map map = {})
      : rules_(std::move(rules)), solver_(rules_, limits), map_(std::move(map)) {}

  template <class P>
  Value value(const P& p) {
    return Value::of(solver_.solve(map_(p)), ValueSource::kReference);
  }
  WinLossSolver<G>& solver() { return solver_; }

 private:
  G rules_;
  WinLossSolver<G> solver_;
  Map map_;
};

// Scored games: the position's final total is what is settled so far plus
// the solver's value of the rest; `map` gives both, as {settled, position}.
template <ScoredGame G, class Map>
class ScoredReference {
 public:
  ScoredReference(G rules, SearchLimits limits, Map map)
      : rules_(std::move(rules)), solver_(rules_, limits), map_(std::move(map)) {}

  template <class P>
  Value value(const P& p) {
    const auto [settled, position] = map_(rules_, p);
    return Value::of_score(settled + solver_.value(position), ValueSource::kReference);
  }
  AlphaBetaSolver<G>& solver() { return solver_; }

 private:
  G rules_;
  AlphaBetaSolver<G> solver_;
  Map map_;
};

// Impartial games: the Grundy value of the position, as a nimber.
template <ImpartialGame G, class Map = std::identity>
class GrundyReference {
 public:
  GrundyReference(G rules, SearchLimits limits, Map map = {})
      : rules_(std::move(rules)), solver_(rules_, limits), map_(std::move(map)) {}

  template <class P>
  Value value(const P& p) {
    return Value::of_nimber(solver_.grundy(map_(p)).value, ValueSource::kReference);
  }
  GrundySolver<G>& solver() { return solver_; }

 private:
  G rules_;
  GrundySolver<G> solver_;
  Map map_;
};

}  // namespace perfectplay
