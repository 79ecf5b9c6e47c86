// Assignment: a minimum-cost perfect matching of an n x n cost matrix, or of
// every row of a rows x cols matrix with rows <= cols, by the shortest
// augmenting path method of Jonker and Volgenant (dense; costs int64, exact,
// or double).
//
// Problem: choose one column per row, no column twice, minimizing the sum of
// the chosen costs. Duals: row potentials u and column potentials v with
// u[i] + v[j] <= c[i][j] everywhere (feasible) and equality on every matched
// cell (complementary slackness) prove a matching optimal, since every perfect
// matching costs at least sum(u) + sum(v). We keep v explicitly; u[i] is
// c[i][x[i]] - v[x[i]]. The reduced cost of a cell is
//
//   red(i, j) = c[i][j] - u[i] - v[j]  >= 0,   == 0 on the matching.
//
// Phases (all keep the duals feasible):
//   1. column reduction: v[j] = min_i c[i][j]; each column's minimum row takes
//      it when that row is still free;
//   2. reduction transfer from rows holding exactly one column;
//   3. augmenting row reduction (two passes, with a step cap): a free row
//      takes its cheapest column, lowering that column's price by the gap to
//      its second cheapest, and evicts the previous owner;
//   4. for each row still free, a Dijkstra-like shortest augmenting path in
//      reduced costs. One scan per settled column relaxes the columns through
//      its row and finds the next minimum in the same pass; a column that a
//      scan brings down to the minimum is settled at once, or ends the path
//      if it is free: with many equal costs (values in [0, 1000] at n = 4000)
//      a tie class costs one scan per column reached, unlike a textbook
//      Hungarian that relabels per cell.
//
// Candidate stage (square problems of at least Tuning::sparse_from rows, 128
// by default): phases 2 to 4 first run on short lists. After phase 1, one pass
// over the matrix keeps each row's k least reduced costs (k = 16) and a
// bound: every column off the list has c[i][j] - v[j] >= bound[i] (prices
// only fall from then on, so the bound keeps holding). Phases 2 to 4 then run
// on the lists, in O(k) per row visited instead of O(n), and leave duals
// feasible on the lists. A row with u[i] <= bound[i] is then feasible on its
// whole row, by the bound; only a row above its bound is read again (its k
// least under the new prices), and freed if some column undercuts u[i], its
// list grown; freed rows take paths on the lists again, and so on until a
// round frees nothing. Then the duals are feasible on the whole matrix and
// the matching is tight: optimal, whatever k was (k only decides the speed).
// On random matrices no row is read again (n = 4000, k = 16), so a solve
// reads the matrix about twice. Rows that find no path on their lists go to
// phase 4 on whole rows; past max(16, n / 32) of them (a structured matrix
// whose rows all list the same few columns) the stage gives up, phase 1's
// state is restored and phases 2 to 4 run on whole rows.
//
// Kernels: every pass over a cost row is a function of
// assignment_kernels.h, in a portable version and an AVX2 version chosen at
// run time (Isa, Tuning).
//
// Complexity: O(n^3) worst case, far less on random matrices; memory n^2
// costs plus O(n) (O(n k) with the lists). The matrix is row-major and a scan
// reads one row front to back, in memory order (settled columns carry a
// sentinel distance instead of being skipped by a test), so the hardware
// prefetcher streams it; a block of 64 columns all settled is skipped.
//
// Range: costs must satisfy |c| <= kMaxAbsCost (2^40) and n <= kMaxN; then
// every potential and path length stays below n * 4 * 2^40 <= 2^58 (a
// potential moves by at most the spread of one path, itself at most n cell
// differences), so int64 never overflows. The candidate stage is the same
// method on a submatrix, and the same bound holds for it.
//
// Cost types: the solver is a template over the cost. int64 is exact within
// the range above and is what the games use; double serves float input (the
// Python module's linear_sum_assignment), where +infinity marks a forbidden
// pair and a matrix with no perfect matching avoiding them throws Infeasible
// (double costs must not be NaN or -infinity: the caller refuses those).
// The code is the same for both: the tie handling compares distances with ==,
// which on doubles still catches the exact ties of integer-valued or repeated
// costs; "unreachable" is kBig (int64: max / 4, never reached in range;
// double: infinity), and a reduction that would move a price by an infinite
// amount is skipped (it is an optional speed-up; the duals stay feasible).
// A double candidate distance that rounding puts below the current minimum
// counts as the minimum (in exact arithmetic it cannot be below).
//
// Narrow search: phase 4's searches over whole rows are compute bound on
// structured matrices (c[i][j] = i * j: every path settles most columns, n^3
// / 3 cell visits in all), so once they have done enough work
// (Tuning::narrow_from) the solver checks whether every cost is an integer
// below 2^29 in magnitude (int64, int32 or double alike; a double matrix
// with an infinity or a fraction never qualifies). If so, searches run on an
// int32 copy of the matrix (the matrix itself when it is stored as int32)
// with int32 prices and distances: sixteen columns per AVX-512 vector
// instead of eight. Each search first narrows the prices (all below 2^29, or
// the solver goes back to wide searches for good) and checks each scan's
// offset h (below 2^30, or that search is given up and run again wide), so
// every candidate distance is exact in int32: the distances, the paths and
// the prices are those of the wide search, and so is the optimal cost.
//
// Rectangular (rows < cols): every row is matched and cols - rows columns
// stay free. The duals then need v[j] <= 0, with 0 on every free column.
// Phases 1 to 3 would break that, so a rectangular problem starts from v = 0
// and runs phase 4 for every row; a path only lowers the prices of columns
// it settles, which are matched, and ends at a free column, whose price
// stays 0.
//
// Reuse after a change: `remove_pair(r, c)` deletes row r and column c from a
// solved problem (the matched pair or any other) and restores optimality with
// one augmenting path, O(n^2), since the old duals stay feasible on the
// subproblem. `column_values(r)` gives, for every live column c, the cheapest
// matching that pairs row r with c, in O(n^2) from one reverse Dijkstra.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace perfectplay::algorithms::assignment {

inline constexpr std::int64_t kMaxAbsCost = std::int64_t{1} << 40;
inline constexpr std::size_t kMaxN = 1 << 16;

// A dense row-major n x n cost matrix.
template <class Cost>
struct BasicCostMatrix {
  using value_type = Cost;
  std::size_t n = 0;
  std::vector<Cost> cost;  // n * n, row-major

  BasicCostMatrix() = default;
  BasicCostMatrix(std::size_t size, std::vector<Cost> values) : n(size), cost(std::move(values)) {}
  Cost at(std::size_t i, std::size_t j) const { return cost[i * n + j]; }
  // The same with int indices, as the games use them.
  int size() const { return static_cast<int>(n); }
  Cost operator()(int i, int j) const {
    return cost[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(j)];
  }
};
using CostMatrix = BasicCostMatrix<std::int64_t>;
// Entries that fit in 32 bits, at half the memory (BasicSolver<int64, int32>).
using CostMatrix32 = BasicCostMatrix<std::int32_t>;
// Entries that fit in 16 bits, at a quarter (BasicSolver<int64, int16>): a
// matrix of digits takes 2 bytes an entry where its text takes 2 or 3. The
// narrow search (below) runs on an int32 copy of it, made only when a solve
// gets that far.
using CostMatrix16 = BasicCostMatrix<std::int16_t>;

struct Result {
  std::int64_t cost = 0;
  std::vector<std::size_t> column_of_row;  // row i -> column
};

// Which code runs the solver's scans over cost rows: kAuto takes the AVX2
// kernels when the CPU has AVX2 and the AVX-512 shortest-path scan when it
// has AVX-512F (checked once, at run time), kAvx2 at most the AVX2 ones,
// kScalar the portable ones everywhere (tests compare them).
enum class Isa { kAuto, kAvx2, kScalar };

// Whether Isa::kAuto runs the AVX2 kernels, and the AVX-512 scan, here.
bool avx2_available();
bool avx512_available();

// Checks of a caller's matrix before a solve (the Python module's), with the
// kernels' run-time dispatch: one pass, AVX2 where the CPU has it.
// The least and the greatest of a[0, count), count >= 1.
std::pair<std::int64_t, std::int64_t> min_max(const std::int64_t* a, std::size_t count);
// Whether every a[k], k < count, is above -infinity: false at a NaN or a
// -infinity.
bool all_above_minus_infinity(const double* a, std::size_t count);

// How a solve runs; the defaults are the measured best, the other settings
// exist for tests and benchmarks. Every setting gives an optimal matching.
struct Tuning {
  Isa isa = Isa::kAuto;
  // Square problems with every line live and at least `sparse_from` rows
  // take the candidate stage (see above) with `candidates` columns per row,
  // when 2 <= candidates < n / 2; sparse_from = 0 turns the stage off.
  // Measured at n = 4000 on random matrices: with k = 16 no row was read
  // again, with 12 two or three, with 8 about 200 to 500, with 4 and 6
  // thousands; times for 8 to 16 within the noise, 24 slower.
  std::size_t sparse_from = 128;
  std::size_t candidates = 16;
  // The narrow search (see "Narrow search" above): tried once phase 4's
  // searches over whole rows have scanned narrow_from * n rows (the work of
  // narrow_from passes over the matrix, what building its int32 copy costs
  // at most); 0 tries it from the first search, SIZE_MAX never.
  std::size_t narrow_from = 2;
  // The bound on a narrow scan's offset h (at most 2^30, the default, which
  // with costs and prices below 2^29 keeps every candidate inside int32):
  // a search that meets an offset at or past it is given up and runs wide.
  // With square problems' prices only falling from the column minima, and
  // rectangular ones' from 0, no offset has been seen to reach 2^30; tests
  // lower the bound to run the giving up.
  std::int64_t narrow_offset_limit = std::int64_t{1} << 30;
};

// No perfect matching avoids the forbidden (+infinity) pairs of a double
// matrix. Never thrown for int64 costs.
class Infeasible : public std::runtime_error {
 public:
  Infeasible() : std::runtime_error("cost matrix is infeasible") {}
};

// How phase 4's searches over whole rows ran, for tests and benchmarks:
// wide, narrow, narrow ones given up at an offset out of range (each then ran
// wide), and whether the narrow search was turned off because a price left
// its range.
struct SearchCounts {
  std::size_t wide = 0, narrow = 0, narrow_given_up = 0;
  bool narrow_prices_out_of_range = false;
};

// One-shot solve. Precondition: the range above.
Result solve(const CostMatrix& m);
Result solve(const CostMatrix32& m);
Result solve(const CostMatrix16& m);

// A solved problem that can shrink: rows and columns are removed one pair at a
// time, the optimum restored each time. Indices stay those of the original
// matrix.
// `Stored` is the matrix's entry type: Cost, or int32 for int64 costs (a
// matrix whose entries fit in 32 bits, at half the memory and half the
// bytes read per scan; the arithmetic stays in Cost).
template <class Cost, class Stored = Cost>
class BasicSolver {
 public:
  // Called before each augmenting path of phase 4 (the long part of a solve);
  // it may throw to abandon the solve (the Python module's Ctrl-C).
  using Poll = std::function<void()>;

  // `tuning` picks the kernels (assignment_kernels.h) and the candidate
  // stage; every choice gives an optimal matching (the same cost for int64).
  explicit BasicSolver(const BasicCostMatrix<Stored>& m, Tuning tuning = {});  // solves at once
  // Restricts to the given live rows and columns (equal counts) and solves.
  BasicSolver(const BasicCostMatrix<Stored>& m, const std::vector<bool>& live_rows,
              const std::vector<bool>& live_cols, Tuning tuning = {});
  // A rows x cols row-major matrix, rows <= cols, every row to be matched.
  // `cost` is not copied: it must outlive the solver. Square problems take
  // phases 1 to 4, rectangular ones phase 4 alone (see above). Throws
  // Infeasible, or whatever `poll` throws.
  BasicSolver(const Stored* cost, std::size_t rows, std::size_t cols, Poll poll = {},
              Tuning tuning = {});

  Cost cost() const;  // of the current optimal matching of live lines
  std::size_t column_of(std::size_t row) const { return x_[row]; }
  std::size_t row_of(std::size_t col) const { return y_[col]; }  // kNone if free
  bool row_live(std::size_t i) const { return row_live_[i]; }
  bool col_live(std::size_t j) const { return col_live_[j]; }
  std::size_t size() const { return live_; }
  Cost reduced(std::size_t i, std::size_t j) const;
  // The duals of the current optimum (live lines): row i's potential u(i)
  // and column j's v(j), with u(i) + v(j) <= cost(i, j) on every live cell
  // and equality on the matching (certified() checks both): the proof that
  // the matching is a minimum, which `explain` hands out.
  Cost row_potential(std::size_t i) const { return u(i); }
  Cost column_potential(std::size_t j) const { return v_[j]; }

  // Square problems only, from here on.
  // For a live row r: value[c] = min cost of a matching of the live lines that
  // pairs r with c, for every live column c (others are left 0). O(n^2).
  std::vector<Cost> column_values(std::size_t r) const;

  // Removes row r and column c and re-optimizes (one augmenting path).
  void remove_pair(std::size_t r, std::size_t c);

  // Checks the certificate: feasible duals, tight matching, every live row
  // matched to a distinct live column.
  bool certified() const;

  // How phase 4's searches over whole rows ran (SearchCounts).
  const SearchCounts& search_counts() const { return counts_; }

 private:
  struct Candidates;  // the candidate stage's lists (assignment.cpp)

  void solve_all();
  // Phases 2 to 4 over every column; `matches` counts the columns phase 1
  // gave each row, `free_rows` are those it gave none.
  void solve_dense(const std::vector<std::uint32_t>& matches, std::vector<std::size_t> free_rows);
  // Phases 2 to 4 on candidate lists; returns the rows left to augment()
  // (the duals then hold over the whole matrix), or nothing when it gives up
  // (state undefined: the caller restores phase 1's).
  std::optional<std::vector<std::size_t>> solve_candidates(
      const std::vector<std::uint32_t>& matches);
  void augment(std::size_t free_row);
  // The narrow search (above): whether augment() may run it now (it narrows
  // the prices), and the search itself, which returns the free column that
  // ends the path (pred_ holds the path), or kNone when a scan's offset does
  // not fit (nothing of the solver's changed then).
  bool narrow_ready();
  std::size_t augment_narrow(std::size_t free_row);
  // A shortest augmenting path over the candidate lists alone; false (and
  // nothing changed) when none reaches a free column.
  bool augment_candidates(std::size_t free_row, Candidates& lists);
  Cost u(std::size_t i) const { return at(i, x_[i]) - v_[x_[i]]; }
  Cost at(std::size_t i, std::size_t j) const { return c_[i * nc_ + j]; }

  const Stored* c_;
  std::size_t nr_, nc_;  // rows, and columns (the stride)
  Tuning tuning_;
  std::size_t live_ = 0;
  std::vector<bool> row_live_, col_live_;
  std::vector<std::size_t> rows_, cols_;  // live indices
  std::vector<std::size_t> x_, y_;        // row -> column, column -> row (kNone if free)
  std::vector<Cost> v_;                   // column potentials
  Poll poll_;
  // augment()'s working memory, kept between paths.
  std::vector<Cost> dist_, settled_at_;
  std::vector<std::uint32_t> pred_;  // rows < 2^32: a rows x cols matrix fits in memory
  std::vector<std::size_t> order_;
  std::vector<std::uint32_t> open_;  // open columns per block of 64
  // The narrow search's state: whether it is untried, on or off; the rows
  // the wide searches have scanned (for Tuning::narrow_from); the int32
  // matrix (c32_ when the matrix is not stored as int32 already), prices,
  // distances and settling distances.
  enum class Narrow : std::uint8_t { kUntried, kOn, kOff };
  Narrow narrow_ = Narrow::kUntried;
  std::size_t wide_scans_ = 0;
  const std::int32_t* narrow_cost_ = nullptr;
  std::vector<std::int32_t> c32_, v32_, dist32_, settled32_;
  SearchCounts counts_;
};

using Solver = BasicSolver<std::int64_t>;

extern template class BasicSolver<std::int64_t>;
extern template class BasicSolver<std::int64_t, std::int32_t>;
extern template class BasicSolver<std::int64_t, std::int16_t>;
extern template class BasicSolver<double>;

inline constexpr std::size_t kNone = static_cast<std::size_t>(-1);

}  // namespace perfectplay::algorithms::assignment
