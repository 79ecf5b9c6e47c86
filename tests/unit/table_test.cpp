// The solvers' tables (solvers/table.h) and packed keys (core/game.h's
// KeyPacker): collisions, growth, the zero key, positions that do not pack,
// and the solvers on games whose hashes collide on purpose.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "solvers/alpha_beta.h"
#include "solvers/grundy.h"
#include "solvers/table.h"
#include "solvers/win_loss.h"

namespace perfectplay {
namespace {

TEST(FlatTable, FindsWhatItInsertedThroughGrowth) {
  FlatTable<std::uint64_t, std::uint32_t> t;
  std::mt19937_64 rng(7);
  std::map<std::uint64_t, std::uint32_t> truth;
  std::uint64_t generation = t.generation();
  int growths = 0;
  for (std::uint32_t i = 0; i < 20000; ++i) {
    // Random keys, and runs of consecutive ones (neighbouring home slots).
    const std::uint64_t key = i % 3 == 0 ? rng() : 1000 + i;
    bool inserted = false;
    const std::size_t slot = t.find_or_insert(key, i, inserted);
    EXPECT_EQ(inserted, truth.count(key) == 0);
    if (inserted) truth[key] = i;
    EXPECT_EQ(t.value(slot), truth[key]);
    if (t.generation() != generation) {
      generation = t.generation();
      ++growths;
    }
    // Never more than 3/4 full; the capacity a power of two.
    ASSERT_LE(4 * t.size(), 3 * t.capacity());
    ASSERT_EQ(t.capacity() & (t.capacity() - 1), 0u);
  }
  EXPECT_EQ(t.size(), truth.size());
  EXPECT_GE(growths, 10);  // 16 slots at first, 16,384 or more at the end
  for (const auto& [key, value] : truth) {
    const std::size_t slot = t.find(key);
    ASSERT_NE(slot, t.kAbsent);
    EXPECT_EQ(t.value(slot), value);
  }
  EXPECT_EQ(t.find(999), t.kAbsent);
  EXPECT_EQ(t.bytes(), t.capacity() * sizeof(FlatTable<std::uint64_t, std::uint32_t>::Slot));
}

TEST(FlatTable, ReusedArraysComeBackEmpty) {
  // A table's freed slot arrays go to the thread's BlockCache and are handed
  // to the next table of the same size: zeroed, so none of the old keys shows.
  for (int round = 0; round < 3; ++round) {
    FlatTable<std::uint64_t, std::uint64_t> t;
    bool inserted = false;
    for (std::uint64_t k = 1; k <= 3000; ++k) {
      t.find_or_insert(k * 7919, k, inserted);  // the same keys every round
      ASSERT_TRUE(inserted) << "round " << round << " key " << k;
    }
    EXPECT_EQ(t.size(), 3000u);
  }
  detail::BlockCache cache;
  void* a = std::calloc(64, 1);
  cache.keep(a, 64);
  EXPECT_EQ(cache.take(128), nullptr);
  EXPECT_EQ(cache.take(64), a);
  EXPECT_EQ(cache.take(64), nullptr);
  std::free(a);
}

TEST(FlatTable, ZeroKeyLivesInTheSideSlot) {
  FlatTable<std::uint64_t, int> t;
  EXPECT_EQ(t.find(0), t.kAbsent);
  bool inserted = false;
  const std::size_t slot = t.find_or_insert(0, 5, inserted);
  EXPECT_TRUE(inserted);
  EXPECT_EQ(slot, t.kZeroSlot);
  EXPECT_EQ(t.size(), 1u);
  t.value(slot) = 6;
  for (std::uint64_t k = 1; k < 100; ++k) t.find_or_insert(k, 0, inserted);  // grows
  EXPECT_EQ(t.value(t.find_or_insert(0, 9, inserted)), 6);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(t.size(), 100u);

  FlatTable<Key128, int> wide;
  EXPECT_EQ(wide.find_or_insert(Key128{0, 0}, 1, inserted), wide.kZeroSlot);
  EXPECT_NE(wide.find_or_insert(Key128{0, 1}, 2, inserted), wide.kZeroSlot);
  EXPECT_TRUE(inserted);
  EXPECT_EQ(wide.value(wide.find(Key128{0, 0})), 1);
  EXPECT_EQ(wide.value(wide.find(Key128{0, 1})), 2);
}

TEST(FlatTable, WideKeysThatFoldAlikeStayApart) {
  // fold_key(lo, hi) mixes hi into lo by a multiplication: {x ^ c, 1} and
  // {x, 0} fold to the same 64 bits, so they share a home slot and differ
  // only in the full comparison.
  constexpr std::uint64_t c = 0xc2b2ae3d27d4eb4fULL;
  FlatTable<Key128, int> t;
  std::vector<Key128> keys;
  for (std::uint64_t x = 1; x <= 500; ++x) {
    keys.push_back({x, 0});
    keys.push_back({x ^ c, 1});
    ASSERT_EQ(detail::fold_key(keys[keys.size() - 2]), detail::fold_key(keys.back()));
  }
  bool inserted = false;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    t.find_or_insert(keys[i], static_cast<int>(i), inserted);
    ASSERT_TRUE(inserted);
  }
  for (std::size_t i = 0; i < keys.size(); ++i) {
    EXPECT_EQ(t.value(t.find(keys[i])), static_cast<int>(i));
  }
}

TEST(FlatTable, EqualKeysAreToldApartByTheirValues) {
  // Memo's whole positions: one hash for several entries, `same` picks.
  FlatTable<std::uint64_t, int> t;
  bool inserted = false;
  for (int v = 0; v < 40; ++v) {
    const std::size_t slot = t.find_or_insert(77, v, inserted, [&](int have) { return have == v; });
    EXPECT_TRUE(inserted);
    EXPECT_EQ(t.value(slot), v);
  }
  EXPECT_EQ(t.size(), 40u);
  for (int v = 0; v < 40; ++v) {
    const std::size_t slot = t.find(77, [&](int have) { return have == v; });
    ASSERT_NE(slot, t.kAbsent);
    EXPECT_EQ(t.value(slot), v);
  }
  EXPECT_EQ(t.find(77, [](int have) { return have == 40; }), t.kAbsent);
}

TEST(KeyPacker, GammaCodedRowsAreExact) {
  // Every sequence of up to 4 rows of 0..7: distinct sequences, distinct keys.
  std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
  int sequences = 0;
  std::vector<std::uint64_t> rows;
  const auto visit = [&](auto& self, int left) -> void {
    KeyPacker k;
    for (const std::uint64_t r : rows) k.put_gamma(r + 1);
    const auto key = k.key();
    ASSERT_TRUE(key);
    EXPECT_TRUE(seen.insert({key->lo, key->hi}).second);
    ++sequences;
    if (left == 0) return;
    for (std::uint64_t r = 0; r < 8; ++r) {
      rows.push_back(r);
      self(self, left - 1);
      rows.pop_back();
    }
  };
  visit(visit, 4);
  EXPECT_EQ(sequences, 1 + 8 + 64 + 512 + 4096);
}

TEST(KeyPacker, BitsAndOverflow) {
  KeyPacker k;
  k.put(5, 3);
  k.put_gamma(4);
  EXPECT_EQ(k.key(), (Key128{0b110100100, 0}));  // the example in game.h
  KeyPacker wide;
  wide.put(~std::uint64_t{0}, 64);
  wide.put(0, 63);  // 1 + 64 + 63 = 128 bits: the most that packs
  ASSERT_TRUE(wide.key());
  EXPECT_EQ(wide.key()->hi, ~std::uint64_t{0});  // the leading 1 and 63 of the ones
  EXPECT_EQ(wide.key()->lo, std::uint64_t{1} << 63);
  wide.put(0, 1);
  EXPECT_FALSE(wide.key());
  KeyPacker big;
  big.put_gamma(~std::uint64_t{0});  // 127 bits
  EXPECT_TRUE(big.key());
  big.put_gamma(1);
  EXPECT_FALSE(big.key());
}

// Take 1 or 2 from a pile of n (as in solvers_test.cpp), with a choice of
// hash and packed key, to drive the memo's two tables.
struct Pile {
  using Position = int;
  using Move = int;
  bool constant_hash = false;
  std::vector<Move> moves(Position n) const {
    std::vector<Move> out;
    for (int t = 1; t <= 2 && t <= n; ++t) out.push_back(t);
    return out;
  }
  Position play(Position n, Move t) const { return n - t; }
  std::size_t hash(Position n) const { return constant_hash ? 0 : static_cast<std::size_t>(n); }
};

// Packs only even piles: the odd ones are stored whole.
struct HalfPackedPile : Pile {
  std::optional<std::uint64_t> key(Position n) const {
    if (n % 2 != 0) return std::nullopt;
    return static_cast<std::uint64_t>(n);  // 0 too: the side slot
  }
};

TEST(Memo, EveryPositionCollidingStillSolves) {
  // Every hash equal: each position is told apart by comparison alone.
  WinLossSolver<Pile> s{Pile{true}};
  for (int k = 0; k < 60; ++k) {
    EXPECT_EQ(s.solve(3 * k), Outcome::loss(2 * k));
    EXPECT_EQ(s.solve(3 * k + 1), Outcome::win(2 * k + 1));
  }
  EXPECT_EQ(s.stored_positions(), 179u);  // 0 to 178
  EXPECT_EQ(s.expanded_positions(), 179u);
  GrundySolver<Pile> g{Pile{true}};
  for (int n = 0; n < 100; ++n) EXPECT_EQ(g.grundy(n), Nimber(static_cast<std::uint64_t>(n % 3)));
}

TEST(Memo, PackedAndWholePositionsTogether) {
  WinLossSolver<HalfPackedPile> s{HalfPackedPile{}};
  EXPECT_EQ(s.solve(300), Outcome::loss(200));
  EXPECT_EQ(s.stored_positions(), 301u);  // 0..300, half in each table
  EXPECT_EQ(s.expanded_positions(), 301u);
  EXPECT_EQ(s.solve(299), Outcome::win(199));
  EXPECT_EQ(s.solve(0), Outcome::loss(0));
  EXPECT_EQ(s.stored_positions(), 301u);
  EXPECT_GT(s.bytes_per_position(), 0u);
}

TEST(Memo, HandlesSurviveGrowth) {
  // An entry found, then enough inserts to grow the table several times:
  // at(h, p) finds p again.
  const HalfPackedPile game;
  Memo<HalfPackedPile, int> memo(game);
  bool inserted = false;
  const auto even = memo.find_or_insert(10, 100, inserted);
  const auto odd = memo.find_or_insert(11, 110, inserted);
  EXPECT_FALSE(even.whole);
  EXPECT_TRUE(odd.whole);
  for (int n = 12; n < 5000; ++n) memo.find_or_insert(n, n * 10, inserted);
  EXPECT_EQ(memo.at(even, 10), 100);
  EXPECT_EQ(memo.at(odd, 11), 110);
  EXPECT_EQ(memo.size(), 4990u);
}

TEST(Memo, LimitCountsBothTablesAndTheSolverRecovers) {
  WinLossSolver<HalfPackedPile> s{HalfPackedPile{}, SearchLimits{50}};
  EXPECT_THROW(s.solve(100), SearchLimitExceeded);
  // Depth first: at depth k, k + 1 positions are stored and each holds its 2
  // moves on the stack, 3(k + 1) in all, past 50 first at k = 16 (17
  // positions expanded).
  EXPECT_EQ(s.expanded_positions(), 17u);
  // The open positions were forgotten with the memo: a smaller search is
  // right, and no cycle is reported (12 deep: 13 stored, 24 moves held).
  EXPECT_EQ(s.stored_positions(), 0u);
  EXPECT_EQ(s.solve(12), Outcome::loss(8));
}

// Scored: a random game on a DAG with transpositions. A position is
// (depth, x); it has 1 to 3 moves to (depth + 1, x * m + i mod 37), each with
// a reward from a fixed table; at depth 9 the game ends with a score of x.
struct RandomDag {
  struct Position {
    int depth;
    int x;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = int;
  std::uint64_t seed;
  std::vector<Move> moves(const Position& p) const {
    if (p.depth == 9) return {};
    std::vector<Move> out;
    const int n = 1 + static_cast<int>(mix64(seed ^ (p.x * 16 + p.depth)) % 3);
    for (int i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  Position play(const Position& p, Move i) const {
    return {p.depth + 1, static_cast<int>((p.x * 7 + i * 5 + 1) % 37)};
  }
  Score reward(const Position& p, Move i) const {
    return static_cast<Score>(mix64(seed + p.x * 64 + p.depth * 4 + i) % 21) - 10;
  }
  Side side(const Position& p) const { return p.depth % 2 == 0 ? Side::kMax : Side::kMin; }
  Score final_score(const Position& p) const { return p.x - 18; }
  std::size_t hash(const Position& p) const { return static_cast<std::size_t>(p.depth * 64 + p.x); }
  std::uint64_t key(const Position& p) const {
    return static_cast<std::uint64_t>(p.depth) << 8 | static_cast<std::uint64_t>(p.x);
  }
};

// Plain minimax over the DAG, memoized in a std::map.
Score naive(const RandomDag& g, const RandomDag::Position& p,
            std::map<std::pair<int, int>, Score>& memo) {
  if (const auto it = memo.find({p.depth, p.x}); it != memo.end()) return it->second;
  const auto moves = g.moves(p);
  Score best = g.final_score(p);
  if (!moves.empty()) {
    best = g.side(p) == Side::kMax ? kScoreMin : kScoreMax;
    for (const int m : moves) {
      const Score v = g.reward(p, m) + naive(g, g.play(p, m), memo);
      best = g.side(p) == Side::kMax ? std::max(best, v) : std::min(best, v);
    }
  }
  memo[{p.depth, p.x}] = best;
  return best;
}

TEST(AlphaBetaSolver, WindowsOnARandomDagKeepTheBoundContract) {
  // One table across many windows, so positions are searched again with
  // other windows and their stored best moves are tried first.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const RandomDag game{seed};
    std::map<std::pair<int, int>, Score> memo;
    AlphaBetaSolver<RandomDag> s{game};
    std::mt19937_64 rng(seed);
    for (int t = 0; t < 40; ++t) {
      const RandomDag::Position p{static_cast<int>(rng() % 4), static_cast<int>(rng() % 37)};
      const Score truth = naive(game, p, memo);
      const Score a = static_cast<Score>(rng() % 81) - 40;
      const Score b = a + 1 + static_cast<Score>(rng() % 30);
      const Score v = s.search(p, a, b);
      if (v <= a) {
        EXPECT_GE(v, truth);
      } else if (v >= b) {
        EXPECT_LE(v, truth);
      } else {
        EXPECT_EQ(v, truth);
      }
    }
    for (int x = 0; x < 37; ++x) EXPECT_EQ(s.value({0, x}), naive(game, {0, x}, memo));
  }
}

}  // namespace
}  // namespace perfectplay
