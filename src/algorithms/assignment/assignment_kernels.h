// The assignment solver's inner loops ("kernels"), each written twice: a
// portable scalar version and an AVX2 version, chosen at run time; the
// shortest-path scan has an AVX-512 version as well.
//
// Every pass of the solver over a cost row is one of these functions: the
// column minima of phase 1, the least reduced cost of phase 2, the two least
// of phase 3, the candidate stage's selection, and in phase 4 the read-only
// probe, the start of a shortest-path search and its scans. A solve takes one
// table of function pointers when it starts, so the choice costs one
// indirect call per pass of n columns.
//
// Dispatch: the release build targets baseline x86-64 (SSE2, which has no
// 64-bit integer compare), so the vector versions are compiled with the
// function attributes target("avx2") and target("avx512f") in their own
// translation unit, with internal linkage and intrinsics only. A function of
// a header they call (std::nth_element through keep_least, feed) is compiled
// for the baseline wherever it is not inlined, so no AVX2 code can leak into
// callers elsewhere. The tables are used only when __builtin_cpu_supports
// says the CPU and the OS have the instructions. Isa::kAvx2 stops at AVX2 and
// Isa::kScalar forces the portable versions; tests compare the three on the
// same matrices.
//
// Contract shared by the kernels: `row` and `v` (and `d`, `pred`) hold n
// entries; the reduced cost of column j in a row is row[j] - v[j]. Costs are
// int64 within the solver's range (stored as int64 or int32) or double (+infinity: a forbidden
// pair, never NaN or -infinity). Where several columns tie, which one a kernel reports is
// unspecified (the AVX2 and scalar versions may differ): the solver is correct
// for any choice, and the optimal cost is the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "algorithms/assignment/assignment.h"

namespace perfectplay::algorithms::assignment::detail {

// Above every finite distance: int64 costs stay far below it (the range in
// assignment.h); for double, a forbidden pair's infinity.
template <class Cost>
inline constexpr Cost kBig = std::is_floating_point_v<Cost> ? std::numeric_limits<Cost>::infinity()
                                                            : std::numeric_limits<Cost>::max() / 4;
// The narrow search's int32 (see narrow_kernels below): the whole int32 range
// above every distance, since the caller bounds what it scans so that each
// candidate stays strictly between the int32 limits.
template <>
inline constexpr std::int32_t kBig<std::int32_t> = std::numeric_limits<std::int32_t>::max();
// Below every distance: the distance of a settled (or dead) column in a
// shortest-path search, so that no relaxation touches it and no minimum
// picks it, without a test of its state.
template <class Cost>
inline constexpr Cost kDone = std::is_floating_point_v<Cost>
                                  ? -std::numeric_limits<Cost>::infinity()
                                  : std::numeric_limits<Cost>::min();

inline constexpr std::uint32_t kNoRow = 0xffffffffu;

template <class Cost>
struct MinAt {
  Cost value;
  std::size_t at;  // kNone when there is none
};

template <class Cost>
struct TwoMins {
  Cost first;
  std::size_t first_at;
  Cost second;  // the least over the other columns (may equal first); kBig if none
  std::size_t second_at;
};

// Feeds one candidate into a running pair of least values: the online form
// of two_least, correct for candidates in any order.
template <class Cost>
inline void feed(TwoMins<Cost>& t, Cost h, std::size_t j) {
  if (!(h < t.second)) return;
  if (h < t.first) {
    t.second = t.first;
    t.second_at = t.first_at;
    t.first = h;
    t.first_at = j;
  } else {
    t.second = h;
    t.second_at = j;
  }
}

// A column and its reduced cost, as the candidate selection keeps them.
template <class Cost>
struct Candidate {
  Cost value;
  std::uint32_t col;
};

// One scan of a shortest-path search (phase 4): row `row` is that of row i,
// the owner of a column just settled at distance `min`, and h = u[i] - min
// in effect, so that the candidate distance of column j through row i is
// row[j] - v[j] - h.
template <class Cost, class Stored = Cost>
struct ScanInput {
  const Stored* row;
  const Cost* v;
  const std::size_t* y;  // column -> row, kNone if free
  std::size_t n;
  std::uint32_t i;
  Cost h;
  Cost min;
};

// The search's state: distances (kDone when settled), predecessors, and the
// settled columns in order with the distance each was settled at.
//
// `open[b]` counts the open columns of the block of 64 columns from 64 b: a
// scan skips a block with none (on structured matrices whose long paths
// settle runs of neighbouring columns); settling a column decrements it.
template <class Cost>
struct Frontier {
  Cost* d;
  std::uint32_t* pred;
  std::size_t* order;
  Cost* settled_at;
  std::uint32_t* open;
  std::size_t settled;  // entries of order and settled_at in use
};
inline constexpr std::size_t kBlockShift = 6;  // blocks of 64 columns

// `Stored` is the matrix's entry type: Cost itself, or for int64 costs a
// narrower int32 (a matrix whose entries fit, at half the memory); the
// kernels widen each entry as they read it and compute in Cost.
template <class Cost, class Stored = Cost>
struct KernelTable {
  // Phase 1, one row: where row[j] < colmin[j], colmin[j] = row[j] and
  // argmin[j] = i.
  void (*column_minima)(const Stored* row, std::size_t n, std::uint32_t i, Cost* colmin,
                        std::uint32_t* argmin);
  // The least row[j] - v[j] over j < n; kBig when n == 0.
  Cost (*least)(const Stored* row, const Cost* v, std::size_t n);
  // The least row[j] - v[j] and the least over the other columns, with
  // columns at them. Precondition: n >= 1.
  TwoMins<Cost> (*two_least)(const Stored* row, const Cost* v, std::size_t n);
  // The k least row[j] - v[j] (k >= 1; `buffer` holds `capacity` >= 2k
  // entries): leaves them in buffer[0, count) in no order and returns count
  // (k, or fewer when fewer are below kBig). `bound` becomes a value that
  // every column left out is at or above (kBig when none below kBig was).
  // Among equal values the first met win, reading from column `start` round
  // to start - 1: rows given different starts spread their ties. `hint`
  // (kBig for none) is a guess at the k-th least: columns above it are left
  // out from the start, which spares most of the buffer's cuts when the guess
  // is good; when it is too low fewer than k are kept (the bound stays
  // right).
  std::size_t (*select)(const Stored* row, const Cost* v, std::size_t n, std::size_t start,
                        std::size_t k, Cost hint, Candidate<Cost>* buffer, std::size_t capacity,
                        Cost& bound);
  // Read only: the least row[j] - v[j] and a free column (y[j] == kNone) at
  // it, or kNone when every column at it is matched.
  MinAt<Cost> (*probe)(const Stored* row, const Cost* v, const std::size_t* y, std::size_t n);
  // Starts a search from row i: d[j] = row[j] - v[j], pred[j] = i for every
  // j; returns the least d and a column at it (kNone when every d is kBig).
  MinAt<Cost> (*start)(const Stored* row, const Cost* v, Cost* d, std::uint32_t* pred,
                       std::uint32_t i, std::size_t n);
  // One scan (ScanInput): relaxes every column through row i (where the
  // candidate is below d[j], d[j] and pred[j] take it). A column whose
  // distance is then `min` ends the path if it is free: the scan stops and
  // returns it; if it is matched it is settled at `min` (appended to the
  // frontier's order, d[j] = kDone). Otherwise (kNone returned) `next` is the
  // least distance of the columns still open, all of them above `min`, and a
  // column at it (kNone when every one is at kBig).
  std::size_t (*scan)(const ScanInput<Cost, Stored>& in, Frontier<Cost>& f, MinAt<Cost>& next);
};

// The kernels for `isa`: Isa::kAuto gives the AVX2 ones when the CPU has
// AVX2, else the scalar ones.
template <class Cost, class Stored = Cost>
const KernelTable<Cost, Stored>& kernels(Isa isa);

// The narrow search: a shortest-path search of phase 4 in int32 costs,
// prices and distances, twice the columns per vector of int64 or double
// (BasicSolver::augment says when it runs). The caller guarantees that every
// cost and price it hands over is below 2^29 in magnitude and every scan's h
// below 2^30, so each candidate row[j] - v[j] - h lies strictly between the
// int32 limits (kDone and kBig): the arithmetic is exact, and it gives the
// same distances as the wide search. `start` and `scan` as in KernelTable.
inline constexpr std::int32_t kNarrowCost = std::int32_t{1} << 29;  // |cost|, |price| below it
inline constexpr std::int64_t kNarrowH = std::int64_t{1} << 30;     // |h| below it
struct NarrowKernels {
  MinAt<std::int32_t> (*start)(const std::int32_t* row, const std::int32_t* v, std::int32_t* d,
                               std::uint32_t* pred, std::uint32_t i, std::size_t n);
  std::size_t (*scan)(const ScanInput<std::int32_t>& in, Frontier<std::int32_t>& f,
                      MinAt<std::int32_t>& next);
};
const NarrowKernels& narrow_kernels(Isa isa);

}  // namespace perfectplay::algorithms::assignment::detail
