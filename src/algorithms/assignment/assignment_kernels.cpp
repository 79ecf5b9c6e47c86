// The assignment solver's kernels, scalar and AVX2; see assignment_kernels.h.
//
// Only standard headers are included before the AVX2 code, and the AVX2 code
// calls intrinsics and its own functions only (all with internal linkage), so
// nothing that another translation unit could share is compiled for AVX2.
#include "algorithms/assignment/assignment_kernels.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define PERFECTPLAY_ASSIGNMENT_AVX2 1
#endif

namespace perfectplay::algorithms::assignment::detail {
namespace {

// ---- scalar ---------------------------------------------------------------

template <class Cost, class Stored>
void column_minima_scalar(const Stored* row, std::size_t n, std::uint32_t i, Cost* colmin,
                          std::uint32_t* argmin) {
  for (std::size_t j = 0; j < n; ++j) {
    if (row[j] < colmin[j]) {
      colmin[j] = row[j];
      argmin[j] = i;
    }
  }
}

template <class Cost, class Stored>
Cost least_scalar(const Stored* row, const Cost* v, std::size_t n) {
  Cost m = kBig<Cost>;
  for (std::size_t j = 0; j < n; ++j) {
    const Cost h = row[j] - v[j];
    m = h < m ? h : m;
  }
  return m;
}

template <class Cost, class Stored>
TwoMins<Cost> two_least_scalar(const Stored* row, const Cost* v, std::size_t n) {
  TwoMins<Cost> t{kBig<Cost>, kNone, kBig<Cost>, kNone};
  for (std::size_t j = 0; j < n; ++j) feed(t, row[j] - v[j], j);
  return t;
}

// Keeps the k least of buffer[0, used) in buffer[0, k) and returns the
// largest of them, the bar a later candidate must pass. Not inlined: the
// AVX2 kernels call it, and std::nth_element stays compiled for the
// baseline target.
template <class Cost>
[[gnu::noinline]] Cost keep_least(Candidate<Cost>* buffer, std::size_t used, std::size_t k) {
  std::nth_element(
      buffer, buffer + (k - 1), buffer + used,
      [](const Candidate<Cost>& a, const Candidate<Cost>& b) { return a.value < b.value; });
  return buffer[k - 1].value;
}

// select's state: the buffer, how much of it is in use, and the bar. Until
// the first cut the bar is the caller's hint and a column at it joins (a
// hint at a value many columns share still admits them); after a cut the bar
// is the k-th least kept and only a column below it joins. Either way a
// column left out is at or above the final bar.
template <class Cost>
struct Selection {
  Candidate<Cost>* buffer;
  std::size_t capacity, k, used;
  Cost bar;
  bool cut = false;

  bool admits(Cost h) const { return cut ? h < bar : !(bar < h); }
  void add(Cost h, std::size_t j) {
    buffer[used++] = {h, static_cast<std::uint32_t>(j)};
    if (used == capacity) {
      bar = keep_least(buffer, used, k);
      used = k;
      cut = true;
    }
  }
  std::size_t finish(Cost& bound) {
    if (used > k) {
      bar = keep_least(buffer, used, k);
      used = k;
    }
    bound = bar;
    return used;
  }
};

template <class Cost, class Stored>
void select_range_scalar(const Stored* row, const Cost* v, std::size_t from, std::size_t to,
                         Selection<Cost>& s) {
  // Every column below the bar joins the buffer; a full buffer is cut back
  // to its k least, which lowers the bar. A column left out was at or above
  // the bar of its time, and the bar only falls.
  for (std::size_t j = from; j < to; ++j) {
    const Cost h = row[j] - v[j];
    if (s.admits(h)) s.add(h, j);
  }
}

template <class Cost, class Stored>
std::size_t select_scalar(const Stored* row, const Cost* v, std::size_t n, std::size_t start,
                          std::size_t k, Cost hint, Candidate<Cost>* buffer, std::size_t capacity,
                          Cost& bound) {
  Selection<Cost> s{buffer, capacity, k, 0, hint, !(hint < kBig<Cost>)};  // no hint: strict
  select_range_scalar(row, v, start, n, s);
  select_range_scalar(row, v, 0, start, s);
  return s.finish(bound);
}

// The probe's step for one column: keeps the least reduced cost and a free
// column at it.
template <class Cost, class Stored>
inline void probe_one(const Stored* row, const Cost* v, const std::size_t* y, std::size_t j,
                      MinAt<Cost>& m) {
  const Cost dj = row[j] - v[j];
  if (dj > m.value) return;
  if (dj < m.value) {
    m.value = dj;
    m.at = y[j] == kNone ? j : kNone;
  } else if (m.at == kNone && y[j] == kNone) {
    m.at = j;
  }
}

template <class Cost, class Stored>
MinAt<Cost> probe_scalar(const Stored* row, const Cost* v, const std::size_t* y, std::size_t n) {
  MinAt<Cost> m{kBig<Cost>, kNone};
  for (std::size_t j = 0; j < n; ++j) probe_one(row, v, y, j, m);
  return m;
}

template <class Cost, class Stored>
MinAt<Cost> start_scalar(const Stored* row, const Cost* v, Cost* d, std::uint32_t* pred,
                         std::uint32_t i, std::size_t n) {
  MinAt<Cost> m{kBig<Cost>, kNone};
  for (std::size_t j = 0; j < n; ++j) {
    const Cost dj = row[j] - v[j];
    d[j] = dj;
    pred[j] = i;
    if (dj < m.value) m = {dj, j};
  }
  return m;
}

// The scan's step for column j; true when j ends the path.
template <class Cost, class Stored>
inline bool scan_one(const ScanInput<Cost, Stored>& s, Frontier<Cost>& f, std::size_t j,
                     MinAt<Cost>& next) {
  Cost cand = s.row[j] - s.v[j] - s.h;
  if constexpr (std::is_floating_point_v<Cost>) cand = cand < s.min ? s.min : cand;  // rounding
  Cost dj = f.d[j];
  if (cand < dj) {
    dj = cand;
    f.d[j] = cand;
    f.pred[j] = s.i;
  }
  if (dj <= s.min) {
    // At the minimum (a settled column is below it, at kDone).
    if (dj == s.min) {
      if (s.y[j] == kNone) return true;
      f.d[j] = kDone<Cost>;
      --f.open[j >> kBlockShift];
      f.order[f.settled] = j;
      f.settled_at[f.settled++] = s.min;
    }
  } else if (dj < next.value) {
    next = {dj, j};
  }
  return false;
}

template <class Cost, class Stored>
std::size_t scan_scalar(const ScanInput<Cost, Stored>& s, Frontier<Cost>& f, MinAt<Cost>& next) {
  next = {kBig<Cost>, kNone};
  for (std::size_t j = 0; j < s.n; ++j) {
    if ((j & 63) == 0 && f.open[j >> kBlockShift] == 0) {
      j += 63;
      continue;
    }
    if (scan_one(s, f, j, next)) return j;
  }
  return kNone;
}

std::pair<std::int64_t, std::int64_t> min_max_scalar(const std::int64_t* a, std::size_t count) {
  std::int64_t low = a[0], high = a[0];
  for (std::size_t k = 1; k < count; ++k) {
    low = a[k] < low ? a[k] : low;
    high = a[k] > high ? a[k] : high;
  }
  return {low, high};
}

bool above_scalar(const double* a, std::size_t count) {
  bool bad = false;  // no early exit: bad input is rare
  for (std::size_t k = 0; k < count; ++k) bad |= !(a[k] > -std::numeric_limits<double>::infinity());
  return !bad;
}

template <class Cost, class Stored>
constexpr KernelTable<Cost, Stored> kScalar{
    &column_minima_scalar<Cost, Stored>, &least_scalar<Cost, Stored>,
    &two_least_scalar<Cost, Stored>,     &select_scalar<Cost, Stored>,
    &probe_scalar<Cost, Stored>,         &start_scalar<Cost, Stored>,
    &scan_scalar<Cost, Stored>};

// ---- AVX2 -----------------------------------------------------------------

#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
#define AVX2 __attribute__((target("avx2")))

// Four lanes of int64 or of double behind one interface. Masks are vectors
// of all-ones lanes; `mask` packs them into four bits.
struct I64x4 {
  using T = std::int64_t;
  using V = __m256i;
  AVX2 static V load(const T* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
  // Four int32 entries, widened.
  AVX2 static V load(const std::int32_t* p) {
    return _mm256_cvtepi32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  // Four int16 entries (8 bytes), widened.
  AVX2 static V load(const std::int16_t* p) {
    return _mm256_cvtepi16_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  }
  AVX2 static void store(T* p, V x) { _mm256_storeu_si256(reinterpret_cast<V*>(p), x); }
  AVX2 static V set1(T x) { return _mm256_set1_epi64x(x); }
  AVX2 static V sub(V a, V b) { return _mm256_sub_epi64(a, b); }
  AVX2 static V lt(V a, V b) { return _mm256_cmpgt_epi64(b, a); }
  AVX2 static V eq(V a, V b) { return _mm256_cmpeq_epi64(a, b); }
  AVX2 static V pick(V a, V b, V m) { return _mm256_blendv_epi8(a, b, m); }  // m ? b : a
  AVX2 static V min(V a, V b) { return pick(a, b, lt(b, a)); }
  AVX2 static __m256i bits(V m) { return m; }
  AVX2 static int mask(V m) { return _mm256_movemask_pd(_mm256_castsi256_pd(m)); }
  AVX2 static V at_least(V a, V) { return a; }  // exact: never below
};

struct F64x4 {
  using T = double;
  using V = __m256d;
  AVX2 static V load(const T* p) { return _mm256_loadu_pd(p); }
  AVX2 static void store(T* p, V x) { _mm256_storeu_pd(p, x); }
  AVX2 static V set1(T x) { return _mm256_set1_pd(x); }
  AVX2 static V sub(V a, V b) { return _mm256_sub_pd(a, b); }
  AVX2 static V lt(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
  AVX2 static V eq(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_EQ_OQ); }
  AVX2 static V pick(V a, V b, V m) { return _mm256_blendv_pd(a, b, m); }
  AVX2 static V min(V a, V b) { return _mm256_min_pd(a, b); }  // no NaN here
  AVX2 static __m256i bits(V m) { return _mm256_castpd_si256(m); }
  AVX2 static int mask(V m) { return _mm256_movemask_pd(m); }
  AVX2 static V at_least(V a, V b) { return _mm256_max_pd(a, b); }
};

template <class Cost>
struct Lanes;
template <>
struct Lanes<std::int64_t> : I64x4 {};
template <>
struct Lanes<double> : F64x4 {};

// Column indices ride along in int64 lanes.
AVX2 inline __m256i pick_index(__m256i a, __m256i b, __m256i m) {
  return _mm256_blendv_epi8(a, b, m);
}
// The low halves of four 64-bit mask lanes: a mask for four uint32 entries.
AVX2 inline __m128i narrow(__m256i m) {
  return _mm256_castsi256_si128(
      _mm256_permutevar8x32_epi32(m, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7)));
}

// The least lane of `best` and its index (kNone when every lane is at kBig:
// a lane keeps index -1 until it sees a value below kBig).
template <class Cost, class L = Lanes<Cost>>
AVX2 MinAt<Cost> reduce(typename L::V best, __m256i index) {
  alignas(32) Cost b[4];
  alignas(32) std::int64_t k[4];
  L::store(b, best);
  _mm256_store_si256(reinterpret_cast<__m256i*>(k), index);
  MinAt<Cost> m{kBig<Cost>, kNone};
  for (int l = 0; l < 4; ++l) {
    if (b[l] < m.value) m = {b[l], static_cast<std::size_t>(k[l])};
  }
  return m;
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 void column_minima_avx2(const Stored* row, std::size_t n, std::uint32_t i, Cost* colmin,
                             std::uint32_t* argmin) {
  const __m128i iv = _mm_set1_epi32(static_cast<int>(i));
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    const auto r = L::load(row + j);
    const auto c = L::load(colmin + j);
    const auto lower = L::lt(r, c);
    if (L::mask(lower) == 0) continue;  // most rows after the first few
    L::store(colmin + j, L::pick(c, r, lower));
    _mm_maskstore_epi32(reinterpret_cast<int*>(argmin + j), narrow(L::bits(lower)), iv);
  }
  column_minima_scalar(row + j, n - j, i, colmin + j, argmin + j);
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 Cost least_avx2(const Stored* row, const Cost* v, std::size_t n) {
  auto m0 = L::set1(kBig<Cost>), m1 = m0;
  std::size_t j = 0;
  for (; j + 8 <= n; j += 8) {
    m0 = L::min(m0, L::sub(L::load(row + j), L::load(v + j)));
    m1 = L::min(m1, L::sub(L::load(row + j + 4), L::load(v + j + 4)));
  }
  for (; j + 4 <= n; j += 4) m0 = L::min(m0, L::sub(L::load(row + j), L::load(v + j)));
  alignas(32) Cost b[4];
  L::store(b, L::min(m0, m1));
  Cost m = least_scalar(row + j, v + j, n - j);
  for (const Cost x : b) m = x < m ? x : m;
  return m;
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 TwoMins<Cost> two_least_avx2(const Stored* row, const Cost* v, std::size_t n) {
  // Per lane, the two least values seen and their columns.
  auto m1 = L::set1(kBig<Cost>), m2 = m1;
  __m256i i1 = _mm256_set1_epi64x(-1), i2 = i1;
  __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
  const __m256i four = _mm256_set1_epi64x(4);
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    const auto h = L::sub(L::load(row + j), L::load(v + j));
    const auto below1 = L::lt(h, m1), below2 = L::lt(h, m2);
    m2 = L::pick(L::pick(m2, h, below2), m1, below1);
    i2 = pick_index(pick_index(i2, index, L::bits(below2)), i1, L::bits(below1));
    m1 = L::pick(m1, h, below1);
    i1 = pick_index(i1, index, L::bits(below1));
    index = _mm256_add_epi64(index, four);
  }
  alignas(32) Cost a[4], b[4];
  alignas(32) std::int64_t ia[4], ib[4];
  L::store(a, m1);
  L::store(b, m2);
  _mm256_store_si256(reinterpret_cast<__m256i*>(ia), i1);
  _mm256_store_si256(reinterpret_cast<__m256i*>(ib), i2);
  TwoMins<Cost> t{kBig<Cost>, kNone, kBig<Cost>, kNone};
  for (int l = 0; l < 4; ++l) {
    feed(t, a[l], static_cast<std::size_t>(ia[l]));
    feed(t, b[l], static_cast<std::size_t>(ib[l]));
  }
  for (; j < n; ++j) feed(t, row[j] - v[j], j);
  return t;
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 void select_range_avx2(const Stored* row, const Cost* v, std::size_t from, std::size_t to,
                            Selection<Cost>& s) {
  // As select_range_scalar, four columns per test against the bar.
  auto bars = L::set1(s.bar);
  std::size_t j = from;
  for (; j + 4 <= to; j += 4) {
    const auto h = L::sub(L::load(row + j), L::load(v + j));
    int below = s.cut ? L::mask(L::lt(h, bars)) : L::mask(L::lt(bars, h)) ^ 0xf;
    if (below == 0) continue;
    alignas(32) Cost lane[4];
    L::store(lane, h);
    // Lanes after a cut may be above the new bar: harmless, the next cut
    // drops them.
    for (; below != 0; below &= below - 1) {
      const int l = __builtin_ctz(below);
      s.add(lane[l], j + static_cast<std::size_t>(l));
    }
    bars = L::set1(s.bar);
  }
  select_range_scalar(row, v, j, to, s);
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 std::size_t select_avx2(const Stored* row, const Cost* v, std::size_t n, std::size_t start,
                             std::size_t k, Cost hint, Candidate<Cost>* buffer,
                             std::size_t capacity, Cost& bound) {
  Selection<Cost> s{buffer, capacity, k, 0, hint, !(hint < kBig<Cost>)};  // no hint: strict
  select_range_avx2<Cost>(row, v, start, n, s);
  select_range_avx2<Cost>(row, v, 0, start, s);
  return s.finish(bound);
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 MinAt<Cost> probe_avx2(const Stored* row, const Cost* v, const std::size_t* y, std::size_t n) {
  // Sixteen columns per test: their least reduced cost is compared with the
  // least so far, and only a block that reaches it is looked at column by
  // column (most blocks do not, once the first few have set the bar).
  MinAt<Cost> m{kBig<Cost>, kNone};
  auto bar = L::set1(m.value);
  std::size_t j = 0;
  for (; j + 16 <= n; j += 16) {
    const auto a = L::min(L::sub(L::load(row + j), L::load(v + j)),
                          L::sub(L::load(row + j + 4), L::load(v + j + 4)));
    const auto b = L::min(L::sub(L::load(row + j + 8), L::load(v + j + 8)),
                          L::sub(L::load(row + j + 12), L::load(v + j + 12)));
    if (L::mask(L::lt(bar, L::min(a, b))) == 0xf) continue;
    for (std::size_t k = j; k < j + 16; ++k) probe_one(row, v, y, k, m);
    bar = L::set1(m.value);
  }
  for (; j < n; ++j) probe_one(row, v, y, j, m);
  return m;
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 MinAt<Cost> start_avx2(const Stored* row, const Cost* v, Cost* d, std::uint32_t* pred,
                            std::uint32_t i, std::size_t n) {
  const __m128i iv = _mm_set1_epi32(static_cast<int>(i));
  auto best = L::set1(kBig<Cost>);
  __m256i at = _mm256_set1_epi64x(-1);
  __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
  const __m256i four = _mm256_set1_epi64x(4);
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    const auto h = L::sub(L::load(row + j), L::load(v + j));
    L::store(d + j, h);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(pred + j), iv);
    const auto better = L::lt(h, best);
    best = L::pick(best, h, better);
    at = pick_index(at, index, L::bits(better));
    index = _mm256_add_epi64(index, four);
  }
  MinAt<Cost> m = reduce<Cost>(best, at);
  for (; j < n; ++j) {
    const Cost dj = row[j] - v[j];
    d[j] = dj;
    pred[j] = i;
    if (dj < m.value) m = {dj, j};
  }
  return m;
}

// scan_avx2's steps. relax4 relaxes four columns and returns their
// distances; track4 folds the open ones into a lane-wise least with its
// columns.
template <class Cost, class Stored, class L = Lanes<Cost>>
[[gnu::always_inline]] AVX2 inline typename L::V relax4(const Stored* row, const Cost* v, Cost* d,
                                                        std::uint32_t* pred, std::size_t j,
                                                        typename L::V h, typename L::V min,
                                                        __m128i i) {
  const auto cand = L::at_least(L::sub(L::sub(L::load(row + j), L::load(v + j)), h), min);
  auto dj = L::load(d + j);
  const auto lower = L::lt(cand, dj);
  dj = L::pick(dj, cand, lower);
  L::store(d + j, dj);
  if (L::mask(lower) != 0) {
    _mm_maskstore_epi32(reinterpret_cast<int*>(pred + j), narrow(L::bits(lower)), i);
  }
  return dj;
}

template <class Cost, class L = Lanes<Cost>>
[[gnu::always_inline]] AVX2 inline void track4(typename L::V dj, typename L::V min,
                                               typename L::V big, typename L::V& best, __m256i& at,
                                               __m256i index) {
  // Settled lanes are below the minimum, lanes at it were just settled.
  const auto open = L::pick(big, dj, L::lt(min, dj));
  const auto better = L::lt(open, best);
  best = L::pick(best, open, better);
  at = pick_index(at, index, L::bits(better));
}

template <class Cost, class Stored, class L = Lanes<Cost>>
AVX2 std::size_t scan_avx2(const ScanInput<Cost, Stored>& s, Frontier<Cost>& f, MinAt<Cost>& next) {
  // Eight columns per iteration with two independent running minima, so that
  // the loop-carried chain (compare, blend) is not the bound. Everything the
  // loop touches is in locals: through `s` and `f` the compiler would reload
  // it after every store.
  const Stored* const row = s.row;
  const Cost* const v = s.v;
  const std::size_t* const y = s.y;
  const std::size_t n = s.n;
  const Cost at_min = s.min;
  Cost* const d = f.d;
  std::uint32_t* const pred = f.pred;
  std::size_t* const order = f.order;
  Cost* const settled_at = f.settled_at;
  std::uint32_t* const open = f.open;
  std::size_t settled = f.settled;
  const auto h = L::set1(s.h), min = L::set1(at_min), big = L::set1(kBig<Cost>);
  const __m128i i = _mm_set1_epi32(static_cast<int>(s.i));
  auto best0 = big, best1 = big;
  __m256i at0 = _mm256_set1_epi64x(-1), at1 = at0;
  const __m256i iota0 = _mm256_setr_epi64x(0, 1, 2, 3), iota1 = _mm256_setr_epi64x(4, 5, 6, 7);
  std::size_t j = 0;
  while (j + 8 <= n) {
    if ((j & 63) == 0 && open[j >> kBlockShift] == 0) {
      j += 64;  // past n at the end: the tail below is then settled too
      continue;
    }
    const auto d0 = relax4<Cost>(row, v, d, pred, j, h, min, i);
    const auto d1 = relax4<Cost>(row, v, d, pred, j + 4, h, min, i);
    // Lanes at the minimum: rare with distinct costs, frequent with ties.
    if (int hit = L::mask(L::eq(d0, min)) | (L::mask(L::eq(d1, min)) << 4); hit != 0) {
      for (; hit != 0; hit &= hit - 1) {
        const std::size_t k = j + static_cast<std::size_t>(__builtin_ctz(hit));
        if (y[k] == kNone) {
          f.settled = settled;
          return k;
        }
        d[k] = kDone<Cost>;
        --open[k >> kBlockShift];
        order[settled] = k;
        settled_at[settled++] = at_min;
      }
    }
    const __m256i base = _mm256_set1_epi64x(static_cast<std::int64_t>(j));
    track4<Cost>(d0, min, big, best0, at0, _mm256_add_epi64(base, iota0));
    track4<Cost>(d1, min, big, best1, at1, _mm256_add_epi64(base, iota1));
    j += 8;
  }
  f.settled = settled;
  next = reduce<Cost>(best0, at0);
  if (const MinAt<Cost> other = reduce<Cost>(best1, at1); other.value < next.value) next = other;
  for (; j < n; ++j) {
    if (scan_one(s, f, j, next)) return j;
  }
  return kNone;
}

AVX2 std::pair<std::int64_t, std::int64_t> min_max_avx2(const std::int64_t* a, std::size_t count) {
  using L = I64x4;
  auto low = L::set1(a[0]), high = low;
  std::size_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const auto x = L::load(a + k);
    low = L::min(low, x);
    high = L::pick(high, x, L::lt(high, x));
  }
  alignas(32) std::int64_t l[4], h[4];
  L::store(l, low);
  L::store(h, high);
  std::pair<std::int64_t, std::int64_t> r{a[0], a[0]};
  for (; k < count; ++k) {
    r.first = a[k] < r.first ? a[k] : r.first;
    r.second = a[k] > r.second ? a[k] : r.second;
  }
  for (int t = 0; t < 4; ++t) {
    r.first = l[t] < r.first ? l[t] : r.first;
    r.second = h[t] > r.second ? h[t] : r.second;
  }
  return r;
}

AVX2 bool above_avx2(const double* a, std::size_t count) {
  const __m256d floor = _mm256_set1_pd(-std::numeric_limits<double>::infinity());
  __m256d ok = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
  std::size_t k = 0;
  for (; k + 4 <= count; k += 4)
    ok = _mm256_and_pd(ok, _mm256_cmp_pd(_mm256_loadu_pd(a + k), floor, _CMP_GT_OQ));
  return _mm256_movemask_pd(ok) == 0xf && above_scalar(a + k, count - k);
}

// ---- AVX-512: the scan alone --------------------------------------------
//
// On long searches (structured matrices, where a path settles most columns)
// the scan is all the time, and bound by instructions rather than memory:
// eight lanes and mask registers take it from about 47 instructions per
// eight columns (AVX2: blends, mask moves) to about 17. The other kernels
// are memory bound and stay AVX2.
#define AVX512 __attribute__((target("avx512f")))

template <class Cost>
struct Lanes8;
template <>
struct Lanes8<std::int64_t> {
  using T = std::int64_t;
  using V = __m512i;
  AVX512 static V load(const T* p) { return _mm512_loadu_si512(p); }
  // Eight int32 entries, widened (the zero-masking form: GCC 12 warns
  // inside the plain one, -Wmaybe-uninitialized).
  AVX512 static V load(const std::int32_t* p) {
    return _mm512_maskz_cvtepi32_epi64(0xff,
                                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
  }
  // Eight int16 entries (16 bytes), widened.
  AVX512 static V load(const std::int16_t* p) {
    return _mm512_maskz_cvtepi16_epi64(0xff, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  AVX512 static void store(T* p, V x) { _mm512_storeu_si512(p, x); }
  AVX512 static V set1(T x) { return _mm512_set1_epi64(x); }
  AVX512 static V sub(V a, V b) { return _mm512_sub_epi64(a, b); }
  AVX512 static __mmask8 lt(V a, V b) { return _mm512_cmplt_epi64_mask(a, b); }
  AVX512 static __mmask8 lt(__mmask8 k, V a, V b) { return _mm512_mask_cmplt_epi64_mask(k, a, b); }
  AVX512 static __mmask8 eq(V a, V b) { return _mm512_cmpeq_epi64_mask(a, b); }
  AVX512 static V pick(V a, __mmask8 k, V b) { return _mm512_mask_mov_epi64(a, k, b); }
  AVX512 static V at_least(V a, V) { return a; }
};
template <>
struct Lanes8<double> {
  using T = double;
  using V = __m512d;
  AVX512 static V load(const T* p) { return _mm512_loadu_pd(p); }
  AVX512 static void store(T* p, V x) { _mm512_storeu_pd(p, x); }
  AVX512 static V set1(T x) { return _mm512_set1_pd(x); }
  AVX512 static V sub(V a, V b) { return _mm512_sub_pd(a, b); }
  AVX512 static __mmask8 lt(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ); }
  AVX512 static __mmask8 lt(__mmask8 k, V a, V b) {
    return _mm512_mask_cmp_pd_mask(k, a, b, _CMP_LT_OQ);
  }
  AVX512 static __mmask8 eq(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ); }
  AVX512 static V pick(V a, __mmask8 k, V b) { return _mm512_mask_mov_pd(a, k, b); }
  // Not _mm512_max_pd: GCC 12 warns inside it (-Wmaybe-uninitialized).
  AVX512 static V at_least(V a, V b) { return pick(a, lt(a, b), b); }
};

template <class Cost, class Stored, class L = Lanes8<Cost>>
AVX512 std::size_t scan_avx512(const ScanInput<Cost, Stored>& s, Frontier<Cost>& f,
                               MinAt<Cost>& next) {
  // scan_avx2's loop, eight columns per vector.
  const Stored* const row = s.row;
  const Cost* const v = s.v;
  const std::size_t* const y = s.y;
  const std::size_t n = s.n;
  const Cost at_min = s.min;
  Cost* const d = f.d;
  std::uint32_t* const pred = f.pred;
  std::size_t* const order = f.order;
  Cost* const settled_at = f.settled_at;
  std::uint32_t* const open = f.open;
  std::size_t settled = f.settled;
  const auto h = L::set1(s.h), min = L::set1(at_min);
  const __m512i i = _mm512_set1_epi64(static_cast<std::int64_t>(s.i));
  const __m512i iota = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
  auto best = L::set1(kBig<Cost>);
  __m512i at = _mm512_set1_epi64(-1);
  std::size_t j = 0;
  while (j + 8 <= n) {
    if ((j & 63) == 0 && open[j >> kBlockShift] == 0) {
      j += 64;  // past n at the end: the tail below is then settled too
      continue;
    }
    const auto cand = L::at_least(L::sub(L::sub(L::load(row + j), L::load(v + j)), h), min);
    auto dj = L::load(d + j);
    const __mmask8 lower = L::lt(cand, dj);
    dj = L::pick(dj, lower, cand);
    L::store(d + j, dj);
    _mm512_mask_cvtepi64_storeu_epi32(pred + j, lower, i);
    if (unsigned hit = L::eq(dj, min); hit != 0) {
      for (; hit != 0; hit &= hit - 1) {
        const std::size_t k = j + static_cast<std::size_t>(__builtin_ctz(hit));
        if (y[k] == kNone) {
          f.settled = settled;
          return k;
        }
        d[k] = kDone<Cost>;
        --open[k >> kBlockShift];
        order[settled] = k;
        settled_at[settled++] = at_min;
      }
    }
    // The least open distance above the minimum (settled lanes are below it,
    // lanes at it were just settled).
    const __mmask8 better = L::lt(L::lt(min, dj), dj, best);
    best = L::pick(best, better, dj);
    at = _mm512_mask_mov_epi64(
        at, better, _mm512_add_epi64(_mm512_set1_epi64(static_cast<std::int64_t>(j)), iota));
    j += 8;
  }
  f.settled = settled;
  alignas(64) Cost b[8];
  alignas(64) std::int64_t k[8];
  L::store(b, best);
  _mm512_store_si512(k, at);
  next = {kBig<Cost>, kNone};
  for (int l = 0; l < 8; ++l) {
    if (b[l] < next.value) next = {b[l], static_cast<std::size_t>(k[l])};
  }
  for (; j < n; ++j) {
    if (scan_one(s, f, j, next)) return j;
  }
  return kNone;
}

// The narrow scans' shared steps. settle_hits settles the columns j + b for
// the bits b of `hit` (their distance is the minimum) or returns the first
// free one, which ends the path (with the frontier's count stored);
// finish_narrow_scan stores the count, takes the least of the lanes'
// minima (values b, columns k) as `next` and scans the tail scalar.
[[gnu::always_inline]] inline std::size_t settle_hits(unsigned hit, std::size_t j,
                                                      const std::size_t* y,
                                                      Frontier<std::int32_t>& f,
                                                      std::size_t& settled, std::int32_t at_min) {
  for (; hit != 0; hit &= hit - 1) {
    const std::size_t k = j + static_cast<std::size_t>(__builtin_ctz(hit));
    if (y[k] == kNone) {
      f.settled = settled;
      return k;
    }
    f.d[k] = kDone<std::int32_t>;
    --f.open[k >> kBlockShift];
    f.order[settled] = k;
    f.settled_at[settled++] = at_min;
  }
  return kNone;
}

inline std::size_t finish_narrow_scan(const std::int32_t* b, const std::int32_t* k, int lanes,
                                      const ScanInput<std::int32_t>& s, Frontier<std::int32_t>& f,
                                      std::size_t j, MinAt<std::int32_t>& next) {
  next = {kBig<std::int32_t>, kNone};
  for (int l = 0; l < lanes; ++l) {
    if (b[l] < next.value) next = {b[l], static_cast<std::size_t>(k[l])};
  }
  for (; j < s.n; ++j) {
    if (scan_one(s, f, j, next)) return j;
  }
  return kNone;
}

// The narrow scan (assignment_kernels.h): sixteen int32 columns per vector.
// Within the caller's bounds a candidate cannot overflow, so there is no
// clamp at the minimum (the int64 version has none either).
AVX512 std::size_t scan_narrow_avx512(const ScanInput<std::int32_t>& s, Frontier<std::int32_t>& f,
                                      MinAt<std::int32_t>& next) {
  using N = std::int32_t;
  const N* const row = s.row;
  const N* const v = s.v;
  const std::size_t* const y = s.y;
  const std::size_t n = s.n;
  const N at_min = s.min;
  N* const d = f.d;
  std::uint32_t* const pred = f.pred;
  std::uint32_t* const open = f.open;
  std::size_t settled = f.settled;
  const __m512i h = _mm512_set1_epi32(s.h), min = _mm512_set1_epi32(at_min);
  const __m512i i = _mm512_set1_epi32(static_cast<int>(s.i));
  const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m512i best = _mm512_set1_epi32(kBig<N>);
  __m512i at = _mm512_set1_epi32(-1);
  std::size_t j = 0;
  while (j + 16 <= n) {
    if ((j & 63) == 0 && open[j >> kBlockShift] == 0) {
      j += 64;  // past n at the end: the tail below is then settled too
      continue;
    }
    const __m512i cand = _mm512_sub_epi32(
        _mm512_sub_epi32(_mm512_loadu_si512(row + j), _mm512_loadu_si512(v + j)), h);
    __m512i dj = _mm512_loadu_si512(d + j);
    const __mmask16 lower = _mm512_cmplt_epi32_mask(cand, dj);
    dj = _mm512_mask_mov_epi32(dj, lower, cand);
    _mm512_storeu_si512(d + j, dj);
    _mm512_mask_storeu_epi32(pred + j, lower, i);
    if (unsigned hit = _mm512_cmpeq_epi32_mask(dj, min); hit != 0) {
      if (const std::size_t k = settle_hits(hit, j, y, f, settled, at_min); k != kNone) return k;
    }
    const __mmask16 better =
        _mm512_mask_cmplt_epi32_mask(_mm512_cmplt_epi32_mask(min, dj), dj, best);
    best = _mm512_mask_mov_epi32(best, better, dj);
    at = _mm512_mask_mov_epi32(at, better,
                               _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(j)), iota));
    j += 16;
  }
  f.settled = settled;
  alignas(64) N b[16];
  alignas(64) std::int32_t k[16];
  _mm512_store_si512(b, best);
  _mm512_store_si512(k, at);
  return finish_narrow_scan(b, k, 16, s, f, j, next);
}
#undef AVX512

// The same with AVX2: eight int32 columns per vector, where int32 has the
// compares and minima that int64 lacks.
AVX2 std::size_t scan_narrow_avx2(const ScanInput<std::int32_t>& s, Frontier<std::int32_t>& f,
                                  MinAt<std::int32_t>& next) {
  using N = std::int32_t;
  const N* const row = s.row;
  const N* const v = s.v;
  const std::size_t* const y = s.y;
  const std::size_t n = s.n;
  const N at_min = s.min;
  N* const d = f.d;
  std::uint32_t* const pred = f.pred;
  std::uint32_t* const open = f.open;
  std::size_t settled = f.settled;
  const __m256i h = _mm256_set1_epi32(s.h), min = _mm256_set1_epi32(at_min);
  const __m256i big = _mm256_set1_epi32(kBig<N>);
  const __m256i i = _mm256_set1_epi32(static_cast<int>(s.i));
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  __m256i best = big;
  __m256i at = _mm256_set1_epi32(-1);
  std::size_t j = 0;
  while (j + 8 <= n) {
    if ((j & 63) == 0 && open[j >> kBlockShift] == 0) {
      j += 64;  // past n at the end: the tail below is then settled too
      continue;
    }
    const __m256i cand = _mm256_sub_epi32(
        _mm256_sub_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + j)),
                         _mm256_loadu_si256(reinterpret_cast<const __m256i*>(v + j))),
        h);
    __m256i dj = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + j));
    const __m256i lower = _mm256_cmpgt_epi32(dj, cand);
    dj = _mm256_min_epi32(dj, cand);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + j), dj);
    if (_mm256_movemask_epi8(lower) != 0) {
      _mm256_maskstore_epi32(reinterpret_cast<int*>(pred + j), lower, i);
    }
    if (unsigned hit = static_cast<unsigned>(
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(dj, min))));
        hit != 0) {
      if (const std::size_t k = settle_hits(hit, j, y, f, settled, at_min); k != kNone) return k;
    }
    // Settled lanes are below the minimum, lanes at it were just settled.
    const __m256i open_d = _mm256_blendv_epi8(big, dj, _mm256_cmpgt_epi32(dj, min));
    const __m256i better = _mm256_cmpgt_epi32(best, open_d);
    best = _mm256_min_epi32(best, open_d);
    at = _mm256_blendv_epi8(at, _mm256_add_epi32(_mm256_set1_epi32(static_cast<int>(j)), iota),
                            better);
    j += 8;
  }
  f.settled = settled;
  alignas(32) N b[8];
  alignas(32) std::int32_t k[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(b), best);
  _mm256_store_si256(reinterpret_cast<__m256i*>(k), at);
  return finish_narrow_scan(b, k, 8, s, f, j, next);
}

template <class Cost, class Stored>
constexpr KernelTable<Cost, Stored> kAvx512{
    &column_minima_avx2<Cost, Stored>, &least_avx2<Cost, Stored>, &two_least_avx2<Cost, Stored>,
    &select_avx2<Cost, Stored>,        &probe_avx2<Cost, Stored>, &start_avx2<Cost, Stored>,
    &scan_avx512<Cost, Stored>};

template <class Cost, class Stored>
constexpr KernelTable<Cost, Stored> kAvx2{
    &column_minima_avx2<Cost, Stored>, &least_avx2<Cost, Stored>, &two_least_avx2<Cost, Stored>,
    &select_avx2<Cost, Stored>,        &probe_avx2<Cost, Stored>, &start_avx2<Cost, Stored>,
    &scan_avx2<Cost, Stored>};

#undef AVX2
#endif  // PERFECTPLAY_ASSIGNMENT_AVX2

}  // namespace

template <class Cost, class Stored>
const KernelTable<Cost, Stored>& kernels(Isa isa) {
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  if (isa == Isa::kAuto && avx512_available()) return kAvx512<Cost, Stored>;
  if ((isa == Isa::kAuto || isa == Isa::kAvx2) && avx2_available()) return kAvx2<Cost, Stored>;
#else
  (void)isa;
#endif
  return kScalar<Cost, Stored>;
}

const NarrowKernels& narrow_kernels(Isa isa) {
  using N = std::int32_t;
  static constexpr NarrowKernels kScalarNarrow{&start_scalar<N, N>, &scan_scalar<N, N>};
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  // The search's start is one pass per path: scalar everywhere.
  static constexpr NarrowKernels kAvx512Narrow{&start_scalar<N, N>, &scan_narrow_avx512};
  static constexpr NarrowKernels kAvx2Narrow{&start_scalar<N, N>, &scan_narrow_avx2};
  if (isa == Isa::kAuto && avx512_available()) return kAvx512Narrow;
  if ((isa == Isa::kAuto || isa == Isa::kAvx2) && avx2_available()) return kAvx2Narrow;
#else
  (void)isa;
#endif
  return kScalarNarrow;
}

template const KernelTable<std::int64_t>& kernels<std::int64_t>(Isa);
template const KernelTable<std::int64_t, std::int32_t>& kernels<std::int64_t, std::int32_t>(Isa);
template const KernelTable<std::int64_t, std::int16_t>& kernels<std::int64_t, std::int16_t>(Isa);
template const KernelTable<double>& kernels<double>(Isa);

}  // namespace perfectplay::algorithms::assignment::detail

namespace perfectplay::algorithms::assignment {

std::pair<std::int64_t, std::int64_t> min_max(const std::int64_t* a, std::size_t count) {
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  if (avx2_available()) return detail::min_max_avx2(a, count);
#endif
  return detail::min_max_scalar(a, count);
}

bool all_above_minus_infinity(const double* a, std::size_t count) {
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  if (avx2_available()) return detail::above_avx2(a, count);
#endif
  return detail::above_scalar(a, count);
}

bool avx512_available() {
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
#else
  return false;
#endif
}

bool avx2_available() {
#ifdef PERFECTPLAY_ASSIGNMENT_AVX2
  // libgcc's check covers the OS too (XGETBV: the YMM state is saved).
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
#else
  return false;
#endif
}

}  // namespace perfectplay::algorithms::assignment
