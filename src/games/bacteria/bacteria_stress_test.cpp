// bacteria: the Grundy theory against the exhaustive reference on every grid
// up to 3 x 3 (every pattern of '#'), on random grids up to 4 x 5 at several
// densities, and on positions in the middle of random games; and the fast
// evaluations (closed forms, the lazy memo, the vector fill, the scalar
// fill) against the recurrence as first written, on every rectangle of
// seeded grids up to 24 x 40 and on large grids where values pass 15 and 31;
// and the position format's reachability check (decompose) against the
// positions legal play reaches, on every marking of every grid up to 3 x 3.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>

#include "games/bacteria/bacteria_entry.h"
#include "games/bacteria/bacteria_io.h"
#include "games/bacteria/bacteria_reference.h"
#include "support/sanitized.h"

namespace perfectplay::games::bacteria {
namespace {

std::optional<std::string> check_grid(const Grid& g) {
  return Model().check_grid(g);
}

// The twin of the fast evaluations: the recurrence of bacteria_theory.h as
// first written, every rectangle from its clear rows and columns, memoized
// in a flat array; no closed form, no lazy memo, no vector layout, no
// transposition.
class NaiveGrundy {
 public:
  explicit NaiveGrundy(const Grid& g)
      : g_(g), memo_(static_cast<std::size_t>(g.rows * g.rows * g.cols * g.cols), -1) {}

  int value(int r1, int r2, int c1, int c2) {
    if (r1 > r2 || c1 > c2) return 0;
    int& slot =
        memo_[static_cast<std::size_t>(((r1 * g_.rows + r2) * g_.cols + c1) * g_.cols + c2)];
    if (slot >= 0) return slot;
    std::vector<bool> seen(static_cast<std::size_t>(g_.rows + g_.cols + 2), false);
    for (int r = r1; r <= r2; ++r) {
      bool clear = true;
      for (int c = c1; c <= c2; ++c) clear = clear && !g_.radioactive(r, c);
      if (clear)
        seen[static_cast<std::size_t>(value(r1, r - 1, c1, c2) ^ value(r + 1, r2, c1, c2))] = true;
    }
    for (int c = c1; c <= c2; ++c) {
      bool clear = true;
      for (int r = r1; r <= r2; ++r) clear = clear && !g_.radioactive(r, c);
      if (clear)
        seen[static_cast<std::size_t>(value(r1, r2, c1, c - 1) ^ value(r1, r2, c + 1, c2))] = true;
    }
    int mex = 0;
    while (seen[static_cast<std::size_t>(mex)]) ++mex;
    slot = mex;
    return mex;
  }

  // The contest's answer from these values.
  std::uint64_t openings() {
    if (value(0, g_.rows - 1, 0, g_.cols - 1) == 0) return 0;
    std::uint64_t n = 0;
    for (int r = 0; r < g_.rows; ++r) {
      bool clear = true;
      for (int c = 0; c < g_.cols; ++c) clear = clear && !g_.radioactive(r, c);
      if (clear && value(0, r - 1, 0, g_.cols - 1) == value(r + 1, g_.rows - 1, 0, g_.cols - 1)) {
        n += static_cast<std::uint64_t>(g_.cols);
      }
    }
    for (int c = 0; c < g_.cols; ++c) {
      bool clear = true;
      for (int r = 0; r < g_.rows; ++r) clear = clear && !g_.radioactive(r, c);
      if (clear && value(0, g_.rows - 1, 0, c - 1) == value(0, g_.rows - 1, c + 1, g_.cols - 1)) {
        n += static_cast<std::uint64_t>(g_.rows);
      }
    }
    return n;
  }

 private:
  Grid g_;
  std::vector<int> memo_;
};

Grid random_grid(std::mt19937_64& rng, int rows, int cols, double percent, int count) {
  Grid g{rows, cols, std::vector<char>(static_cast<std::size_t>(rows * cols), '.')};
  if (count >= 0) {
    std::vector<std::size_t> cells(g.cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int i = 0; i < std::min<int>(count, static_cast<int>(cells.size())); ++i) {
      g.cells[cells[static_cast<std::size_t>(i)]] = '#';
    }
  } else {
    for (char& cell : g.cells) {
      if (static_cast<double>(rng() % 10000) < percent * 100) cell = '#';
    }
  }
  return g;
}

GrundyTable::Options lazy_only() {
  GrundyTable::Options o;
  o.lazy_budget = ~std::uint64_t{0};
  return o;
}
GrundyTable::Options fill(bool simd) {
  GrundyTable::Options o;
  o.lazy = false;
  o.simd = simd;
  return o;
}

bool cpu_has_avx2() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

// Every rectangle of `g` has the same value in `t` as in the twin; returns
// the largest value, or -1 after the first difference (reported).
int largest_if_equal(const Grid& g, const GrundyTable& t, NaiveGrundy& naive) {
  int largest = 0;
  for (int r1 = 0; r1 < g.rows; ++r1) {
    for (int r2 = r1; r2 < g.rows; ++r2) {
      for (int c1 = 0; c1 < g.cols; ++c1) {
        for (int c2 = c1; c2 < g.cols; ++c2) {
          const int want = naive.value(r1, r2, c1, c2);
          const auto got = static_cast<int>(t.value(Rect{r1, r2, c1, c2}).value);
          if (got != want) {
            ADD_FAILURE() << format_grid(g) << "rows " << r1 << ".." << r2 << ", columns " << c1
                          << ".." << c2 << ": " << got << ", the recurrence says " << want;
            return -1;
          }
          largest = std::max(largest, got);
        }
      }
    }
  }
  return largest;
}

TEST(BacteriaStress, ClosedFormsHold) {
  // (a): every h x w up to 24 x 24 without '#'.
  const Grid clear{24, 24, std::vector<char>(24 * 24, '.')};
  NaiveGrundy naive(clear);
  for (int h = 1; h <= 24; ++h) {
    for (int w = 1; w <= 24; ++w) ASSERT_EQ(clear_value(h, w), naive.value(0, h - 1, 0, w - 1));
  }
  // (b): one '#' anywhere in a 9 x 11 grid, every rectangle holding it.
  for (int at = 0; at < 9 * 11; ++at) {
    Grid g{9, 11, std::vector<char>(9 * 11, '.')};
    g.cells[static_cast<std::size_t>(at)] = '#';
    NaiveGrundy one(g);
    for (int r1 = 0; r1 <= at / 11; ++r1) {
      for (int r2 = at / 11; r2 < 9; ++r2) {
        for (int c1 = 0; c1 <= at % 11; ++c1) {
          for (int c2 = at % 11; c2 < 11; ++c2) {
            ASSERT_EQ((r2 - r1 + 1 + c2 - c1 + 1) % 2, one.value(r1, r2, c1, c2));
          }
        }
      }
    }
  }
}

// Seeded grids up to 24 x 40 (wider than tall too: the table transposes
// them) at densities from 0 to 50% and with exactly 0 to 5 '#': the lazy
// memo, the vector fill, the scalar fill and the default (lazy, then the
// fill past its budget) give every rectangle the recurrence's value, and the
// contest's answer is the same.
TEST(BacteriaStress, FastEvaluationsAgreeWithTheRecurrence) {
  std::mt19937_64 rng(2019);
  const int grids = testing::sweep_size(120, 24);
  for (int i = 0; i < grids; ++i) {
    const int rows = 1 + static_cast<int>(rng() % 24);
    const int cols = 1 + static_cast<int>(rng() % (i % 3 == 0 ? 40 : 24));
    const double percents[] = {0, 0.5, 1, 2, 5, 10, 25, 50};
    const bool by_count = i % 2 == 0;
    const Grid g = random_grid(rng, rows, cols, percents[rng() % 8],
                               by_count ? static_cast<int>(rng() % 6) : -1);
    NaiveGrundy naive(g);
    const std::uint64_t openings = naive.openings();
    for (const GrundyTable::Options& options :
         {lazy_only(), fill(true), fill(false), GrundyTable::Options{}}) {
      const GrundyTable t(g, options);
      ASSERT_GE(largest_if_equal(g, t, naive), 0);
      ASSERT_EQ(winning_openings(t), openings) << format_grid(g);
    }
  }
}

// Few '#' on larger grids: the lazy evaluation passes its budget and the
// fill takes over, values and openings unchanged.
TEST(BacteriaStress, LazyGivesWayToTheFill) {
  std::mt19937_64 rng(7);
  for (int count : {2, 3, 8}) {
    const Grid g = random_grid(rng, 30, 26, 0, count);
    NaiveGrundy naive(g);
    GrundyTable::Options small_budget;
    small_budget.lazy_budget = 1000;
    const GrundyTable t(g, small_budget);
    EXPECT_EQ(winning_openings(t), naive.openings());
    EXPECT_TRUE(t.filled());
    ASSERT_GE(largest_if_equal(g, t, naive), 0);
  }
}

// Where values pass 15 and 31 the vector fill needs its second and third
// windows: it must agree with the scalar fill (its twin) on every
// rectangle. 64 x 64 with 2% '#' reaches 19 to 24; 88 x 88 with 1%, 32 to 34.
TEST(BacteriaStress, VectorFillAgreesWithTheScalarFillPastOneWindow) {
  std::mt19937_64 rng(33);
  struct Case {
    int side;
    double percent;
    int reaches;
  };
  const std::vector<Case> cases = testing::kSanitized ? std::vector<Case>{{40, 1.5, 16}}
                                                      : std::vector<Case>{{64, 2, 16}, {88, 1, 32}};
  for (const Case& c : cases) {
    const Grid g = random_grid(rng, c.side, c.side, c.percent, -1);
    const GrundyTable vector_fill(g, fill(true)), scalar_fill(g, fill(false));
    (void)vector_fill.value(Rect{0, 0, 0, 0});
    (void)scalar_fill.value(Rect{0, c.side - 1, 0, c.side - 1});
    (void)vector_fill.value(Rect{0, c.side - 1, 0, c.side - 1});
    EXPECT_EQ(vector_fill.filled_by_simd(), cpu_has_avx2());
    EXPECT_FALSE(scalar_fill.filled_by_simd());
    unsigned largest = 0;
    for (int r1 = 0; r1 < c.side; ++r1) {
      for (int r2 = r1; r2 < c.side; ++r2) {
        for (int c1 = 0; c1 < c.side; ++c1) {
          for (int c2 = c1; c2 < c.side; ++c2) {
            const Rect rect{r1, r2, c1, c2};
            const Nimber v = vector_fill.value(rect);
            ASSERT_EQ(v, scalar_fill.value(rect))
                << format_grid(g) << r1 << " " << r2 << " " << c1 << " " << c2;
            largest = std::max(largest, static_cast<unsigned>(v.value));
          }
        }
      }
    }
    EXPECT_GE(largest, static_cast<unsigned>(c.reaches)) << "the case no longer reaches its window";
  }
}

// The fill on several threads (rows of spans in a wavefront) stores what
// one thread stores, rectangle for rectangle.
TEST(BacteriaStress, ThreadsFillTheSameTable) {
  std::mt19937_64 rng(11);
  for (const auto& [side, percent] : {std::pair{48, 2.0}, std::pair{33, 0.0}, std::pair{57, 5.0}}) {
    const Grid g = random_grid(rng, side, side - 7, percent, percent == 0 ? 9 : -1);
    GrundyTable::Options one = fill(true), three = fill(true);
    one.threads = 1;
    three.threads = 3;
    const GrundyTable a(g, one), b(g, three);
    for (int r1 = 0; r1 < g.rows; ++r1) {
      for (int r2 = r1; r2 < g.rows; ++r2) {
        for (int c1 = 0; c1 < g.cols; ++c1) {
          for (int c2 = c1; c2 < g.cols; ++c2) {
            ASSERT_EQ(a.value(Rect{r1, r2, c1, c2}), b.value(Rect{r1, r2, c1, c2}))
                << format_grid(g) << r1 << " " << r2 << " " << c1 << " " << c2;
          }
        }
      }
    }
  }
}

TEST(BacteriaStress, TheTableRespectsItsMemoryBudget) {
  std::mt19937_64 rng(5);
  const Grid g = random_grid(rng, 40, 40, 0, 12);
  GrundyTable::Options tight;
  tight.lazy = false;
  tight.max_table_bytes = GrundyTable::table_bytes(40, 40) - 1;
  const GrundyTable t(g, tight);
  NaiveGrundy naive(g);
  // Rectangles with at most one '#' need no table.
  EXPECT_EQ(t.value(Rect{0, 0, 0, 0}), Nimber(static_cast<std::uint64_t>(naive.value(0, 0, 0, 0))));
  EXPECT_THROW((void)t.value(Rect{0, 39, 0, 39}), TableTooLarge);
  tight.max_table_bytes = GrundyTable::table_bytes(40, 40);
  const GrundyTable enough(g, tight);
  EXPECT_EQ(winning_openings(enough), naive.openings());
}

TEST(BacteriaStress, EveryGridUpTo3x3) {
  int grids = 0;
  for (int rows = 1; rows <= 3; ++rows) {
    for (int cols = 1; cols <= 3; ++cols) {
      for (unsigned mask = 0; mask < (1u << (rows * cols)); ++mask) {
        Grid g;
        g.rows = rows;
        g.cols = cols;
        for (int i = 0; i < rows * cols; ++i) g.cells.push_back((mask >> i) & 1 ? '#' : '.');
        const auto failure = check_grid(g);
        ASSERT_FALSE(failure.has_value()) << format_grid(g) << *failure;
        ++grids;
      }
    }
  }
  EXPECT_EQ(grids, 2 + 4 + 8 + 4 + 16 + 64 + 8 + 64 + 512);
}

RC_GTEST_PROP(BacteriaStress, RandomGridsUpTo4x5, ()) {
  const int rows = *rc::gen::inRange(1, 5);
  const int cols = *rc::gen::inRange(1, 6);
  const int density = *rc::gen::element(0, 10, 25, 50);
  Grid g;
  g.rows = rows;
  g.cols = cols;
  for (int i = 0; i < rows * cols; ++i) {
    g.cells.push_back(*rc::gen::inRange(0, 100) < density ? '#' : '.');
  }
  const auto failure = check_grid(g);
  RC_ASSERT(!failure.has_value());
}

// Seeded: 1000 grids of exactly 4 x 5 (the largest), 250 at each density
// (100 each under the sanitizers, which run about five times slower).
TEST(BacteriaStress, SeededGrids4x5AtFourDensities) {
  std::mt19937_64 rng(20261123);
  for (const int density : {0, 10, 25, 50}) {
    constexpr int kPerDensity = testing::sweep_size(250, 100);
    for (int i = 0; i < kPerDensity; ++i) {
      Grid g{4, 5, {}};
      for (int c = 0; c < 20; ++c)
        g.cells.push_back(static_cast<int>(rng() % 100) < density ? '#' : '.');
      const auto failure = check_grid(g);
      ASSERT_FALSE(failure.has_value()) << format_grid(g) << *failure;
    }
  }
}

// Positions in progress: the board (rectangles, marks) the play session and
// analyze use must agree with the reference on the infected set, after any
// sequence of non-mutating moves.
TEST(BacteriaStress, PositionsInProgressAgreeWithReference) {
  std::mt19937_64 rng(7);
  for (int game = 0; game < 300; ++game) {
    Grid g;
    g.rows = 1 + static_cast<int>(rng() % 4);
    g.cols = 1 + static_cast<int>(rng() % 5);
    for (int i = 0; i < g.rows * g.cols; ++i) g.cells.push_back(rng() % 100 < 15 ? '#' : '.');
    const GrundyTable t(g);
    const Rules rules(g);
    ReferenceSolver solver{rules};
    Board b = start_board(g);
    Rules::Position p;
    for (;;) {
      ASSERT_EQ(ToReference{}(b), p);
      const bool theory_wins = !board_value(t, b).is_zero();
      ASSERT_EQ(theory_wins, solver.solve(p).is_win()) << format_position(b);
      // The board must also survive a round trip through the position format.
      Board again = parse_position(format_position(b));
      ASSERT_EQ(board_value(t, again), board_value(t, b));
      std::vector<Move> safe;
      for (const Move& m : legal_moves(b)) {
        if (!effect_of(t, b, m).mutates) safe.push_back(m);
      }
      if (safe.empty()) break;
      const Move m = safe[rng() % safe.size()];
      apply(b, effect_of(t, b, m), m);
      p = rules.play(p, m);
      ASSERT_FALSE(p.mutated);
    }
  }
}

// Every marking of g's cells ('#' kept, the others '.', 'H' or 'V') that legal
// play reaches from the empty grid, by the rules alone (bacteria.h): the moves
// that do not mutate, each cell a move infects marked with its colony's
// letter. (A `mutated` position keeps the cells from before the mutating
// move, so these are its cells too.)
std::set<std::vector<char>> reachable_marks(const Grid& g) {
  const Rules rules(g);
  std::set<std::vector<char>> seen = {g.cells};
  std::vector<std::pair<Rules::Position, std::vector<char>>> todo = {{Rules::Position{}, g.cells}};
  while (!todo.empty()) {
    const auto [p, marks] = todo.back();
    todo.pop_back();
    for (const Move& m : rules.moves(p)) {
      const Rules::Position q = rules.play(p, m);
      if (q.mutated) continue;
      std::vector<char> next = marks;
      for (std::size_t i = 0; i < next.size(); ++i) {
        if (((q.infected & ~p.infected) >> i) & 1) next[i] = m.colony == Colony::kH ? 'H' : 'V';
      }
      if (seen.insert(next).second) todo.emplace_back(q, std::move(next));
    }
  }
  return seen;
}

// decompose accepts exactly the reachable markings, and splits each into
// rectangles that cover exactly its uninfected cells: on every grid up to
// 3 x 3 and 2 x 4 / 4 x 2, every pattern of '#', every marking of the rest.
TEST(BacteriaStress, AcceptedPositionsAreExactlyTheReachableOnes) {
  std::uint64_t markings = 0, reachable = 0;
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{1, 1},
                                                                   {1, 2},
                                                                   {1, 3},
                                                                   {2, 1},
                                                                   {2, 2},
                                                                   {2, 3},
                                                                   {3, 1},
                                                                   {3, 2},
                                                                   {3, 3},
                                                                   {2, 4},
                                                                   {4, 2}}) {
    const int n = rows * cols;
    for (unsigned mask = 0; mask < (1u << n); ++mask) {
      Grid g{rows, cols, {}};
      for (int i = 0; i < n; ++i) g.cells.push_back((mask >> i) & 1 ? '#' : '.');
      const std::set<std::vector<char>> want = reachable_marks(g);
      reachable += want.size();
      // Every marking: cell i of the free ones takes digit i of `code` in
      // base 3 ('.', 'H', 'V').
      const int free = n - std::popcount(mask);
      int count = 1;
      for (int i = 0; i < free; ++i) count *= 3;
      for (int code = 0; code < count; ++code) {
        Board b;
        b.grid = g;
        b.marks = g.cells;
        int rest = code;
        for (char& c : b.marks) {
          if (c == '#') continue;
          c = ".HV"[rest % 3];
          rest /= 3;
        }
        ++markings;
        const auto refused = decompose(b);
        ASSERT_EQ(!refused, want.count(b.marks) != 0)
            << format_position(b)
            << (refused ? refused->why : "accepted, but play never reaches it");
        if (refused) continue;
        // can_mutate: whether one of the rules' moves from here mutates (the
        // one condition on `mutated`).
        {
          const Rules rules(g);
          Rules::Position p;
          for (int i = 0; i < n; ++i) {
            const char m = b.marks[static_cast<std::size_t>(i)];
            if (m == 'H' || m == 'V') p.infected |= std::uint64_t{1} << i;
          }
          bool mutates = false;
          for (const Move& m : rules.moves(p)) mutates = mutates || rules.play(p, m).mutated;
          ASSERT_EQ(can_mutate(b), mutates) << format_position(b);
        }
        // The parts: disjoint, and exactly the cells not infected.
        std::vector<int> covered(static_cast<std::size_t>(n), 0);
        for (const Rect& r : b.parts) {
          for (int y = r.r1; y <= r.r2; ++y) {
            for (int x = r.c1; x <= r.c2; ++x) ++covered[static_cast<std::size_t>(y * cols + x)];
          }
        }
        for (int i = 0; i < n; ++i) {
          const char m = b.marks[static_cast<std::size_t>(i)];
          ASSERT_EQ(covered[static_cast<std::size_t>(i)], m == 'H' || m == 'V' ? 0 : 1)
              << format_position(b) << "cell " << i;
        }
      }
    }
  }
  // Every grid's markings: sum over '#' patterns of 3^(free cells) = 4^n.
  EXPECT_EQ(markings, 4u + 16 + 64 + 16 + 256 + 4096 + 64 + 4096 + 262144 + 65536 + 65536);
  EXPECT_GT(reachable, 0u);
}

}  // namespace
}  // namespace perfectplay::games::bacteria
