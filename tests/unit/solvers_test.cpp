// Generic solvers on tiny synthetic games whose values are worked out by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <utility>
#include <vector>

#include "solvers/alpha_beta.h"
#include "solvers/analysis.h"
#include "solvers/grundy.h"
#include "solvers/win_loss.h"

namespace perfectplay {
namespace {

// Subtraction game: a pile of n counters, take 1 or 2.
struct Subtraction {
  using Position = int;
  using Move = int;
  Ending end = Ending::kNormal;
  Ending ending() const { return end; }
  std::vector<Move> moves(Position n) const {
    std::vector<Move> out;
    for (int t = 1; t <= 2 && t <= n; ++t) out.push_back(t);
    return out;
  }
  Position play(Position n, Move t) const { return n - t; }
  std::size_t hash(Position n) const { return static_cast<std::size_t>(n); }
};

TEST(WinLossSolver, SubtractionNormalByHand) {
  // n = 0 loss 0; 1, 2 win 1; 3 loss 2; 4, 5 win 3; 6 loss 4: loss(2k) at 3k,
  // win(2k+1) at 3k+1 and 3k+2.
  WinLossSolver<Subtraction> s{Subtraction{}};
  EXPECT_EQ(s.solve(0), Outcome::loss(0));
  EXPECT_EQ(s.solve(1), Outcome::win(1));
  EXPECT_EQ(s.solve(2), Outcome::win(1));
  EXPECT_EQ(s.solve(3), Outcome::loss(2));
  EXPECT_EQ(s.solve(4), Outcome::win(3));
  EXPECT_EQ(s.solve(6), Outcome::loss(4));
  for (int k = 0; k < 20; ++k) {
    EXPECT_EQ(s.solve(3 * k), Outcome::loss(2 * k));
    EXPECT_EQ(s.solve(3 * k + 1), Outcome::win(2 * k + 1));
    EXPECT_EQ(s.solve(3 * k + 2), Outcome::win(2 * k + 1));
  }
}

TEST(WinLossSolver, SubtractionMisereByHand) {
  // Misère: 0 win 0 (the opponent took the last); 1 loss 1; 2 win 2 (take one,
  // leave 1); 3 win 2 (take two); 4 loss 3.
  WinLossSolver<Subtraction> s{Subtraction{Ending::kMisere}};
  EXPECT_EQ(s.solve(0), Outcome::win(0));
  EXPECT_EQ(s.solve(1), Outcome::loss(1));
  EXPECT_EQ(s.solve(2), Outcome::win(2));
  EXPECT_EQ(s.solve(3), Outcome::win(2));
  EXPECT_EQ(s.solve(4), Outcome::loss(3));
  EXPECT_EQ(s.solve(7), Outcome::loss(5));
}

TEST(WinLossSolver, AnalysisPicksFastestWin) {
  WinLossSolver<Subtraction> s{Subtraction{}};
  const auto moves = analyze_moves(s, 4);  // take 1 -> 3 (loss 2): win 3; take 2 -> 2: loss 2
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].value, Outcome::win(3));
  EXPECT_EQ(moves[1].value, Outcome::loss(2));
  EXPECT_EQ(best_move(moves), std::optional<std::size_t>(0));
  // Lost position: the slowest loss. From 3: take 1 -> 2 (win 1) = loss 2,
  // take 2 -> 1 (win 1) = loss 2; tie, the first is chosen.
  const auto lost = analyze_moves(s, 3);
  EXPECT_EQ(best_move(lost), std::optional<std::size_t>(0));
}

// A game where a move may end the game by rule: "poison" positions are won by
// the player to move (the player who moved there lost at once).
struct Poison {
  struct Position {
    int n;
    bool poisoned;
    bool operator==(const Position&) const = default;
  };
  using Move = int;  // 1 or 2; taking 2 from an even pile is poison
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    for (int t = 1; t <= 2 && t <= p.n; ++t) out.push_back(t);
    return out;
  }
  Position play(const Position& p, Move t) const { return {p.n - t, t == 2 && p.n % 2 == 0}; }
  std::optional<Outcome> decided(const Position& p) const {
    if (p.poisoned) return Outcome::win(0);
    return std::nullopt;
  }
  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(p.n * 2 + p.poisoned);
  }
};

TEST(WinLossSolver, DecidedPositions) {
  // From 2: take 2 is poison (loses at once: loss 1), take 1 -> 1 -> opponent
  // takes the last: loss 2. The mover loses, slowest in 2.
  WinLossSolver<Poison> s{Poison{}};
  EXPECT_EQ(s.solve({2, false}), Outcome::loss(2));
  // From 3: take 2 (3 is odd, no poison) -> 1: opponent wins in 1 -> loss... ;
  // take 1 -> 2 which is loss(2) for the opponent: win 3.
  EXPECT_EQ(s.solve({3, false}), Outcome::win(3));
  const auto moves = analyze_moves(s, Poison::Position{2, false});
  EXPECT_EQ(moves[1].value, Outcome::loss(1));
}

struct Cycle {
  using Position = int;
  using Move = int;
  std::vector<Move> moves(Position) const { return {0}; }
  Position play(Position p, Move) const { return 1 - p; }
  std::size_t hash(Position p) const { return static_cast<std::size_t>(p); }
};

TEST(WinLossSolver, DetectsCycles) {
  WinLossSolver<Cycle> s{Cycle{}};
  EXPECT_THROW(s.solve(0), std::logic_error);
}

TEST(WinLossSolver, StateLimit) {
  WinLossSolver<Subtraction> s{Subtraction{}, SearchLimits{10}};
  EXPECT_THROW(s.solve(50), SearchLimitExceeded);
}

// An explicit minimax tree: node 0 (max) -> 1, 2 (min); 1 -> leaves 3, 5;
// 2 -> leaves 2, 9. Value max(min(3, 5), min(2, 9)) = 3.
struct Tree {
  using Position = int;
  using Move = int;
  std::vector<Move> moves(Position p) const {
    switch (p) {
      case 0:
        return {1, 2};
      case 1:
        return {10, 11};
      case 2:
        return {12, 13};
      default:
        return {};
    }
  }
  Position play(Position, Move m) const { return m; }
  Side side(Position p) const { return p == 0 ? Side::kMax : Side::kMin; }
  Score final_score(Position p) const {
    switch (p) {
      case 10:
        return 3;
      case 11:
        return 5;
      case 12:
        return 2;
      case 13:
        return 9;
      default:
        return 0;
    }
  }
  std::size_t hash(Position p) const { return static_cast<std::size_t>(p); }
};

TEST(AlphaBetaSolver, TreeByHand) {
  AlphaBetaSolver<Tree> s{Tree{}};
  EXPECT_EQ(s.value(0), 3);
  // After the left subtree proves 3, the right one is cut after its first leaf
  // (2 <= alpha): leaf 13 is never expanded.
  EXPECT_EQ(s.expanded_positions(), 6u);
  const auto moves = analyze_moves(s, 0);
  EXPECT_EQ(moves[0].value, 3);
  EXPECT_EQ(moves[1].value, 2);
  EXPECT_EQ(best_move(moves, Side::kMax), std::optional<std::size_t>(0));
}

TEST(AlphaBetaSolver, BoundContract) {
  AlphaBetaSolver<Tree> s{Tree{}};
  // Window above the value: fail low, an upper bound >= the truth.
  const Score low = s.search(0, 5, 8);
  EXPECT_LE(low, 5);
  EXPECT_GE(low, 3);
  // Window below the value: fail high, a lower bound <= the truth.
  const Score high = s.search(0, -10, 1);
  EXPECT_GE(high, 1);
  EXPECT_LE(high, 3);
  EXPECT_EQ(s.value(0), 3);
}

// Coins in a row; the players alternately take a coin from either end. The
// maximizer's coins count plus, the minimizer's minus (move rewards).
struct Coins {
  struct Position {
    std::vector<int> coins;
    std::size_t lo, hi;  // remaining coins [lo, hi)
    bool max_to_move;
    bool operator==(const Position& o) const {
      return lo == o.lo && hi == o.hi && max_to_move == o.max_to_move;
    }
  };
  using Move = bool;  // true: take the left coin
  std::vector<Move> moves(const Position& p) const {
    if (p.lo == p.hi) return {};
    if (p.hi - p.lo == 1) return {true};
    return {true, false};
  }
  Position play(Position p, Move left) const {
    if (left) {
      ++p.lo;
    } else {
      --p.hi;
    }
    p.max_to_move = !p.max_to_move;
    return p;
  }
  Score reward(const Position& p, Move left) const {
    const int coin = left ? p.coins[p.lo] : p.coins[p.hi - 1];
    return p.max_to_move ? coin : -coin;
  }
  Side side(const Position& p) const { return p.max_to_move ? Side::kMax : Side::kMin; }
  Score final_score(const Position&) const { return 0; }
  std::size_t hash(const Position& p) const { return p.lo * 1000 + p.hi * 2 + p.max_to_move; }
};

Score coins_naive(const std::vector<int>& c, std::size_t lo, std::size_t hi, bool max_to_move) {
  if (lo == hi) return 0;
  const int sign = max_to_move ? 1 : -1;
  const Score left = sign * c[lo] + coins_naive(c, lo + 1, hi, !max_to_move);
  const Score right = sign * c[hi - 1] + coins_naive(c, lo, hi - 1, !max_to_move);
  return max_to_move ? std::max(left, right) : std::min(left, right);
}

TEST(AlphaBetaSolver, RewardsByHandAndAgainstNaive) {
  {
    // [1, 5, 2]: either first coin lets the minimizer take 5: 1 - 5 + 2 = -2.
    AlphaBetaSolver<Coins> s{Coins{}};
    EXPECT_EQ(s.value({{1, 5, 2}, 0, 3, true}), -2);
  }
  std::uint64_t x = 12345;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int> c;
    const int n = 1 + trial % 9;
    for (int i = 0; i < n; ++i) {
      x = mix64(x);
      c.push_back(static_cast<int>(x % 21) - 10);
    }
    AlphaBetaSolver<Coins> s{Coins{}};
    EXPECT_EQ(s.value({c, 0, c.size(), true}), coins_naive(c, 0, c.size(), true));
  }
}

// Coins with alpha-beta's bounds hook: the rest of a row is worth at most the
// sum of its coins' sizes either way, and a single coin exactly its own.
struct CoinsWithBounds : Coins {
  std::pair<Score, Score> bounds(const Position& p) const {
    if (p.hi - p.lo == 1) {
      const Score c = p.coins[p.lo];
      return {p.max_to_move ? c : -c, p.max_to_move ? c : -c};
    }
    Score s = 0;
    for (std::size_t i = p.lo; i < p.hi; ++i) s += std::abs(p.coins[i]);
    return {-s, s};
  }
};

// A bounds hook that lies (every position exactly 7): the solver must take
// it at its word, so that the tests above prove the hook is used.
struct CoinsWithFalseBounds : Coins {
  std::pair<Score, Score> bounds(const Position&) const { return {7, 7}; }
};

TEST(AlphaBetaSolver, BoundsHookAgreesWithNaiveAndPrunes) {
  static_assert(AlphaBetaSolver<CoinsWithBounds>::kHasBounds);
  static_assert(!AlphaBetaSolver<Coins>::kHasBounds);
  std::uint64_t x = 999;
  std::uint64_t with = 0, without = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int> c;
    const int n = 1 + trial % 10;
    for (int i = 0; i < n; ++i) {
      x = mix64(x);
      c.push_back(static_cast<int>(x % 21) - 10);
    }
    const Score truth = coins_naive(c, 0, c.size(), true);
    AlphaBetaSolver<CoinsWithBounds> b{CoinsWithBounds{}};
    EXPECT_EQ(b.value({c, 0, c.size(), true}), truth) << trial;
    // The bound contract holds for any window, with the hook too.
    for (const auto& [alpha, beta] : {std::pair<Score, Score>{truth - 3, truth - 1},
                                      {truth + 1, truth + 4},
                                      {truth - 1, truth + 1}}) {
      AlphaBetaSolver<CoinsWithBounds> w{CoinsWithBounds{}};
      const Score v = w.search({c, 0, c.size(), true}, alpha, beta);
      if (v <= alpha) {
        EXPECT_GE(v, truth);
      } else if (v >= beta) {
        EXPECT_LE(v, truth);
      } else {
        EXPECT_EQ(v, truth);
      }
    }
    // The same full-window search with and without the hook: single coins
    // (and the empty rows after them) are answered without being expanded.
    AlphaBetaSolver<CoinsWithBounds> full{CoinsWithBounds{}};
    EXPECT_EQ(full.search({c, 0, c.size(), true}, kScoreMin, kScoreMax), truth);
    AlphaBetaSolver<Coins> plain{Coins{}};
    EXPECT_EQ(plain.value({c, 0, c.size(), true}), truth);
    with += full.expanded_positions();
    without += plain.expanded_positions();
  }
  EXPECT_LT(with, without);
  AlphaBetaSolver<CoinsWithFalseBounds> liar{CoinsWithFalseBounds{}};
  EXPECT_EQ(liar.value({{1, 5, 2}, 0, 3, true}), 7);
}

// Nim heaps as a sum: each heap is a component.
struct Heaps {
  using Position = std::vector<int>;
  struct Move {
    std::size_t heap;
    int take;
  };
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
      for (int t = 1; t <= p[i]; ++t) out.push_back({i, t});
    }
    return out;
  }
  Position play(Position p, const Move& m) const {
    p[m.heap] -= m.take;
    return p;
  }
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (int h : p) {
      if (h > 0) out.push_back({h});
    }
    return out;
  }
  std::size_t hash(const Position& p) const {
    std::uint64_t h = 0;
    for (int v : p) h = mix64(h ^ static_cast<std::uint64_t>(v));
    return h;
  }
};

TEST(GrundySolver, HeapsAreNimbers) {
  GrundySolver<Heaps> s{Heaps{}};
  for (int n = 0; n < 10; ++n) EXPECT_EQ(s.grundy({n}), Nimber(static_cast<std::uint64_t>(n)));
  EXPECT_EQ(s.grundy({3, 5, 6}), Nimber(0));
  EXPECT_EQ(s.grundy({1, 2}), Nimber(3));
  // Components are memoized one heap at a time: heaps 0..6 only.
  EXPECT_LE(s.stored_positions(), 10u);
}

// One heap of 5,000 is only 5,001 positions, but a depth-first search holds
// the move lists of every position on its stack: 5,000 + 4,999 + ... moves.
// The limit counts them, so the search stops early instead of holding
// 12.5 million moves; a large enough limit lets it finish.
TEST(SearchLimits, CountMovesHeldOnTheStack) {
  {
    GrundySolver<Heaps> s{Heaps{}, SearchLimits{100'000}};
    EXPECT_THROW(s.grundy({5000}), SearchLimitExceeded);
    EXPECT_LT(s.expanded_positions(), 100u);
  }
  {
    WinLossSolver<Heaps> s{Heaps{}, SearchLimits{100'000}};
    EXPECT_THROW(s.solve({5000}), SearchLimitExceeded);
  }
  {
    GrundySolver<Heaps> s{Heaps{}, SearchLimits{100'000}};
    EXPECT_EQ(s.grundy({300}), Nimber(300));  // 300 + 299 + ... = 45,150 moves held at most
  }
}

TEST(GrundySolver, SubtractionIsPeriodic) {
  // Take 1 or 2: values 0, 1, 2, 0, 1, 2, ...
  GrundySolver<Subtraction> s{Subtraction{}};
  for (int n = 0; n < 30; ++n) EXPECT_EQ(s.grundy(n), Nimber(static_cast<std::uint64_t>(n % 3)));
  const auto moves = analyze_moves(s, 4);  // -> 3 (0), -> 2 (*2)
  EXPECT_EQ(moves[0].value, Nimber(0));
  EXPECT_EQ(moves[1].value, Nimber(2));
}

}  // namespace
}  // namespace perfectplay
