#include "games/bacteria/bacteria_theory.h"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#include "core/huge_pages.h"
#include "core/input_error.h"
#include "core/progress.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PERFECTPLAY_BACTERIA_AVX2 1
#include <immintrin.h>
#endif

namespace perfectplay::games::bacteria {

namespace {

constexpr std::uint8_t kKnown = 0x80;  // stored byte = value ^ kKnown; 0: not computed
constexpr unsigned kMaxValue = 127;    // what a stored byte can hold
constexpr int kLanes = 32;             // rectangles per vector step
constexpr std::size_t kPad = 64;       // readable bytes past every array the kernels read

// The options' values as a set of 128 bits, and its mex.
struct ValueSet {
  std::uint64_t w[2] = {0, 0};
  void add(unsigned v) { w[v >> 6] |= std::uint64_t{1} << (v & 63); }
  unsigned mex() const {
    if (~w[0] != 0) return static_cast<unsigned>(__builtin_ctzll(~w[0]));
    if (~w[1] != 0) return 64 + static_cast<unsigned>(__builtin_ctzll(~w[1]));
    return 128;
  }
};

std::uint8_t stored(unsigned value) {
  if (value > kMaxValue) {
    throw RequestError(
        fmt::format("bacteria: a rectangle's Grundy value reached {}, past the {} the table holds",
                    value, kMaxValue));
  }
  return static_cast<std::uint8_t>(value ^ kKnown);
}

bool cpu_has_avx2() {
#ifdef PERFECTPLAY_BACTERIA_AVX2
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
#else
  return false;
#endif
}

}  // namespace

GrundyTable::GrundyTable(const Grid& grid, Options options) : grid_(grid), options_(options) {
  assert(grid.rows >= 1 && grid.cols >= 1 && grid.rows <= kMaxSide && grid.cols <= kMaxSide);
  transposed_ = grid.cols > grid.rows;
  rows_ = transposed_ ? grid.cols : grid.rows;
  cols_ = transposed_ ? grid.rows : grid.cols;
  const auto R = static_cast<std::size_t>(rows_), C = static_cast<std::size_t>(cols_);
  block_ = (R + 1) * (R + 2) / 2;
  cells_.assign(R * C, 0);
  for (std::size_t r = 0; r < R; ++r) {
    for (std::size_t c = 0; c < C; ++c) {
      const bool hash = transposed_ ? grid.radioactive(static_cast<int>(c), static_cast<int>(r))
                                    : grid.radioactive(static_cast<int>(r), static_cast<int>(c));
      cells_[r * C + c] = hash ? 1 : 0;
    }
  }
  prefix2d_.assign((R + 1) * (C + 1), 0);
  row_count_.assign(R * (C + 1), 0);
  col_count_.assign(C * (R + 1), 0);
  for (std::size_t r = 0; r < R; ++r) {
    for (std::size_t c = 0; c < C; ++c) {
      const std::uint8_t bad = cells_[r * C + c];
      row_count_[r * (C + 1) + c + 1] =
          static_cast<std::uint16_t>(row_count_[r * (C + 1) + c] + bad);
      col_count_[c * (R + 1) + r + 1] =
          static_cast<std::uint16_t>(col_count_[c * (R + 1) + r] + bad);
      prefix2d_[(r + 1) * (C + 1) + c + 1] = prefix2d_[r * (C + 1) + c + 1] +
                                             prefix2d_[(r + 1) * (C + 1) + c] -
                                             prefix2d_[r * (C + 1) + c] + bad;
    }
  }
  lazy_budget_ =
      options.lazy_budget != 0 ? options.lazy_budget : fill_steps(rows_, cols_) / 256 + 10000;
}

std::size_t GrundyTable::table_bytes(int rows, int cols) {
  const auto R = static_cast<std::size_t>(std::max(rows, cols));
  const auto C = static_cast<std::size_t>(std::min(rows, cols));
  return C * (C + 1) / 2 * ((R + 1) * (R + 2) / 2) + kPad;
}

std::uint64_t GrundyTable::fill_steps(int rows, int cols) {
  const auto R = static_cast<std::uint64_t>(std::max(rows, cols));
  const auto C = static_cast<std::uint64_t>(std::min(rows, cols));
  // Per height h: sum over widths w of (C - w + 1) spans times (h + w) options.
  const std::uint64_t spans = C * (C + 1) / 2, widths = C * (C + 1) * (C + 2) / 6;
  std::uint64_t steps = 0;
  for (std::uint64_t h = 1; h <= R; ++h) {
    steps += (R - h + 1 + kLanes - 1) / kLanes * (h * spans + widths);
  }
  return steps;
}

int GrundyTable::count(int r1, int r2, int c1, int c2) const {
  const auto C1 = static_cast<std::size_t>(cols_ + 1);
  const auto a = static_cast<std::size_t>(r1), b = static_cast<std::size_t>(r2) + 1;
  const auto c = static_cast<std::size_t>(c1), d = static_cast<std::size_t>(c2) + 1;
  return static_cast<int>(prefix2d_[b * C1 + d] + prefix2d_[a * C1 + c] - prefix2d_[a * C1 + d] -
                          prefix2d_[b * C1 + c]);
}

bool GrundyTable::line_clear_row(int r, int c1, int c2) const {
  const std::size_t at = static_cast<std::size_t>(r) * static_cast<std::size_t>(cols_ + 1);
  return row_count_[at + static_cast<std::size_t>(c2) + 1] ==
         row_count_[at + static_cast<std::size_t>(c1)];
}

bool GrundyTable::line_clear_col(int c, int r1, int r2) const {
  const std::size_t at = static_cast<std::size_t>(c) * static_cast<std::size_t>(rows_ + 1);
  return col_count_[at + static_cast<std::size_t>(r2) + 1] ==
         col_count_[at + static_cast<std::size_t>(r1)];
}

bool GrundyTable::row_clear(int row, int c1, int c2) const {
  return transposed_ ? line_clear_col(row, c1, c2) : line_clear_row(row, c1, c2);
}

bool GrundyTable::col_clear(int col, int r1, int r2) const {
  return transposed_ ? line_clear_row(col, r1, r2) : line_clear_col(col, r1, r2);
}

std::uint8_t GrundyTable::closed_form(int h, int c1, int c2, int hashes) const {
  const int w = c2 - c1 + 1;
  return hashes == 0 ? clear_value(h, w) : static_cast<std::uint8_t>((h + w) & 1);
}

Nimber GrundyTable::value(const Rect& r) const {
  if (r.empty()) return Nimber(0);
  const Rect in = transposed_ ? Rect{r.c1, r.c2, r.r1, r.r2} : r;
  return Nimber(internal_value(in.r1, in.height(), in.c1, in.c2));
}

std::uint8_t GrundyTable::internal_value(int r1, int h, int c1, int c2) const {
  const int hashes = count(r1, r1 + h - 1, c1, c2);
  if (hashes <= 1) return closed_form(h, c1, c2, hashes);
  if (!filled_ && options_.lazy) {
    try {
      return lazy(r1, h, c1, c2);
    } catch (const LazyBudgetSpent&) {
      // Past the budget: fill the whole table, which is cheaper per rectangle.
    }
  }
  if (!filled_) {
    memo_ = {};  // the fill has everything
    memo_used_ = 0;
    fill();
  }
  return table_.get()[span(c1, c2) + slice(h) + static_cast<std::size_t>(r1)] ^ kKnown;
}

void GrundyTable::ensure_table() const {
  if (table_) return;
  const std::size_t bytes = table_bytes(rows_, cols_);
  if (options_.max_table_bytes != 0 && bytes > options_.max_table_bytes) {
    const double mb = static_cast<double>(bytes) / 1e6;
    const double budget = static_cast<double>(options_.max_table_bytes) / 1e6;
    throw TableTooLarge(
        options_.max_table_bytes,
        options_.budget_source.empty()
            ? fmt::format("bacteria: the Grundy table of a {} x {} grid takes {:.1f} MB, past the "
                          "budget of {:.1f} MB (raise it with --max-states)",
                          grid_.rows, grid_.cols, mb, budget)
            : fmt::format("bacteria: the Grundy table of a {} x {} grid takes {:.1f} MB "
                          "(C (C + 1) / 2 x (R + 1) (R + 2) / 2 bytes), past the {:.1f} MB {}; "
                          "nothing was computed (give it more memory, or a smaller grid)",
                          grid_.rows, grid_.cols, mb, budget, options_.budget_source));
  }
  // calloc: the system's zero pages (the fill writes them all, in order).
  table_.reset(static_cast<std::uint8_t*>(std::calloc(bytes, 1)));
  if (!table_) throw std::bad_alloc();
}

// The lazy memo: open addressing, linear probing, a rectangle's key
// (r1, h, c1, c2, a byte each, h >= 1 so never 0) and value in one word.
std::optional<std::uint8_t> GrundyTable::memo_find(std::uint32_t key) const {
  if (memo_.empty()) return std::nullopt;
  const std::size_t mask = memo_.size() - 1;
  for (std::size_t i = memo_slot(key);; i = (i + 1) & mask) {
    const std::uint64_t slot = memo_[i];
    if (slot == 0) return std::nullopt;
    if (slot >> 8 == key) return static_cast<std::uint8_t>(slot & 0xFF);
  }
}

void GrundyTable::memo_insert(std::uint32_t key, std::uint8_t value) const {
  if (2 * (memo_used_ + 1) > memo_.size()) {
    // Grown past what the full table would take: filling it is the better deal.
    if (memo_.size() * sizeof(std::uint64_t) >= table_bytes(rows_, cols_)) throw LazyBudgetSpent{};
    std::vector<std::uint64_t> old(std::max<std::size_t>(1024, 2 * memo_.size()), 0);
    old.swap(memo_);
    memo_used_ = 0;
    for (const std::uint64_t slot : old) {
      if (slot != 0) memo_insert(static_cast<std::uint32_t>(slot >> 8), slot & 0xFF);
    }
  }
  const std::size_t mask = memo_.size() - 1;
  std::size_t i = memo_slot(key);
  while (memo_[i] != 0) i = (i + 1) & mask;
  memo_[i] = std::uint64_t{key} << 8 | value;
  ++memo_used_;
}

std::uint8_t GrundyTable::lazy(int r1, int h, int c1, int c2) const {
  if (h <= 0 || c1 > c2) return 0;
  const int r2 = r1 + h - 1;
  const int hashes = count(r1, r2, c1, c2);
  if (hashes <= 1) return closed_form(h, c1, c2, hashes);
  const auto key = static_cast<std::uint32_t>(r1) << 24 | static_cast<std::uint32_t>(h) << 16 |
                   static_cast<std::uint32_t>(c1) << 8 | static_cast<std::uint32_t>(c2);
  if (const auto known = memo_find(key)) return *known;
  lazy_work_ += static_cast<std::uint64_t>(h + c2 - c1 + 1);
  if (lazy_work_ > lazy_budget_) throw LazyBudgetSpent{};
  ValueSet seen;
  for (int r = r1; r <= r2; ++r) {
    if (line_clear_row(r, c1, c2)) seen.add(lazy(r1, r - r1, c1, c2) ^ lazy(r + 1, r2 - r, c1, c2));
  }
  for (int c = c1; c <= c2; ++c) {
    if (line_clear_col(c, r1, r2)) seen.add(lazy(r1, h, c1, c - 1) ^ lazy(r1, h, c + 1, c2));
  }
  const unsigned v = seen.mex();
  (void)stored(v);  // throws past kMaxValue
  memo_insert(key, static_cast<std::uint8_t>(v));
  return static_cast<std::uint8_t>(v);
}

bool GrundyTable::fill_closed(int c1, int c2, int h, int base, int n) const {
  const int last = base + n - 1 + h - 1;  // the lowest row any of the rectangles has
  const int hashes = count(base, last, c1, c2);
  if (hashes > 1) return false;
  const int w = c2 - c1 + 1;
  std::uint8_t* out = table_.get() + span(c1, c2) + slice(h);
  std::memset(out + base, clear_value(h, w) ^ kKnown, static_cast<std::size_t>(n));
  if (hashes == 1) {
    // The rectangles holding the '#' (its row found by bisection) have
    // closed form (b), the others (a).
    int lo = base, hi = last;
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      if (count(base, mid, c1, c2) == 1) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    const int first = std::max(base, lo - h + 1), end = std::min(base + n, lo + 1);
    std::memset(out + first, ((h + w) & 1) ^ kKnown, static_cast<std::size_t>(end - first));
  }
  return true;
}

void GrundyTable::prepare_masks() const {
  const auto R = static_cast<std::size_t>(rows_);
  zero_.assign(block_ + kPad, kKnown);
  const std::size_t stride = R + kPad;
  dist_.assign(static_cast<std::size_t>(cols_) * stride, 255);
  for (int c = 0; c < cols_; ++c) {
    int next = rows_ + 255;  // no '#' below: far
    for (int r = rows_ - 1; r >= 0; --r) {
      if (blocked(r, c)) next = r;
      dist_[static_cast<std::size_t>(c) * stride + static_cast<std::size_t>(r)] =
          static_cast<std::uint8_t>(std::min(next - r, 255));
    }
  }
}

void GrundyTable::prepare_span(int c1, int c2, SpanScratch& scratch) const {
  const auto R = static_cast<std::size_t>(rows_);
  const auto w = static_cast<std::size_t>(c2 - c1 + 1);
  std::memset(table_.get() + span(c1, c2), kKnown, R + 1);  // height 0: value 0
  scratch.rowmask.resize(R + kPad, 0xFF);
  for (int r = 0; r < rows_; ++r) {
    scratch.rowmask[static_cast<std::size_t>(r)] = line_clear_row(r, c1, c2) ? 0x70 : 0xFF;
  }
  scratch.left.assign(w, zero_.data());
  scratch.right.assign(w, zero_.data());
  for (std::size_t k = 0; k < w; ++k) {
    const int c = c1 + static_cast<int>(k);
    if (c > c1) scratch.left[k] = table_.get() + span(c1, c - 1);
    if (c < c2) scratch.right[k] = table_.get() + span(c + 1, c2);
  }
}

int GrundyTable::fill_threads() const {
  if (options_.threads > 0) return options_.threads;
  // Below about 20 million vector steps (some 30 ms) one thread does it all.
  if (fill_steps(rows_, cols_) < 20'000'000) return 1;
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
}

// The fill, span by span: span (c1, c2) needs the narrower spans (c1, c) and
// (c, c2), so rows c1 = C-1 .. 0 go in turn to the threads, each row left to
// right, and span (c1, c2) waits until row c1 + 1 has done column c2 (which
// means every row below has). A thread's row stays in its cache: the left
// parts of its cuts.
void GrundyTable::fill() const {
  ensure_table();
  prepare_masks();
  slices_.resize(static_cast<std::size_t>(rows_) + 1);
  for (int h = 0; h <= rows_; ++h) slices_[static_cast<std::size_t>(h)] = slice(h);
  const bool simd = options_.simd && cpu_has_avx2();
  if (simd) advise_huge_pages(table_.get(), table_bytes(rows_, cols_));
  const int C = cols_;
  std::vector<std::atomic<int>> done(static_cast<std::size_t>(C) + 1);
  for (auto& d : done) d.store(-1, std::memory_order_relaxed);
  done[static_cast<std::size_t>(C)].store(C, std::memory_order_relaxed);  // no row below the last
  std::atomic<int> next_row{C - 1};
  std::atomic<bool> failed{false};
  std::atomic<std::uint64_t> spans_done{0};
  const std::uint64_t spans = static_cast<std::uint64_t>(C) * (C + 1) / 2;
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto work = [&](bool reporter) {
    SpanScratch scratch;
    for (int c1; (c1 = next_row.fetch_sub(1)) >= 0;) {
      std::atomic<int>& below = done[static_cast<std::size_t>(c1) + 1];
      std::atomic<int>& mine = done[static_cast<std::size_t>(c1)];
      try {
        for (int c2 = c1; c2 < C; ++c2) {
          for (int seen = below.load(std::memory_order_acquire); seen < c2 && c2 > c1;
               seen = below.load(std::memory_order_acquire)) {
            below.wait(seen, std::memory_order_acquire);
          }
          if (failed.load(std::memory_order_relaxed)) break;
          prepare_span(c1, c2, scratch);
          if (simd) {
            fill_span_avx2(c1, c2, scratch);
          } else {
            fill_span_scalar(c1, c2, scratch);
          }
          mine.store(c2, std::memory_order_release);
          mine.notify_all();
          const std::uint64_t n = spans_done.fetch_add(1, std::memory_order_relaxed) + 1;
          if (reporter) progress::report("Grundy table: column spans", n, spans);
        }
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
        failed.store(true);
      }
      if (failed.load()) {
        mine.store(C, std::memory_order_release);  // let a row waiting on this one stop too
        mine.notify_all();
      }
    }
  };
  std::vector<std::jthread> helpers;
  for (int t = 1; t < fill_threads(); ++t) {
    try {
      helpers.emplace_back(work, false);
    } catch (const std::system_error&) {
      break;  // no more threads to be had (a container's limit): fewer do it
    }
  }
  work(true);
  helpers.clear();  // joins
  if (error) std::rethrow_exception(error);
  filled_ = true;
  filled_by_simd_ = simd;
  zero_ = {};
  dist_ = {};
}

// The scalar fill of one span: the vector fill's layout, a rectangle at a
// time, every value up to kMaxValue in one pass. Stored bytes are XORed as
// they are (the flags cancel); empty parts read as stored zeros.
void GrundyTable::fill_span_scalar(int c1, int c2, SpanScratch& scratch) const {
  const auto R = static_cast<std::size_t>(rows_);
  const auto w = static_cast<std::size_t>(c2 - c1 + 1);
  std::uint8_t* blk = table_.get() + span(c1, c2);
  const std::uint8_t* rowmask = scratch.rowmask.data();  // 0x70: the row is clear in the span
  const std::uint8_t* const* left = scratch.left.data();
  const std::uint8_t* const* right = scratch.right.data();
  const std::size_t stride = R + kPad;
  const std::uint8_t* dist = dist_.data() + static_cast<std::size_t>(c1) * stride;
  const std::size_t* slices = slices_.data();
  for (std::size_t h = 1; h <= R; ++h) {
    const std::size_t sh = slices[h];
    for (std::size_t r1 = 0; r1 + h <= R; ++r1) {
      ValueSet seen;
      for (std::size_t i = 0; i < h; ++i) {
        if (rowmask[r1 + i] == 0x70)
          seen.add(blk[slices[i] + r1] ^ blk[slices[h - 1 - i] + r1 + i + 1]);
      }
      for (std::size_t k = 0; k < w; ++k) {
        if (dist[k * stride + r1] >= h) seen.add(left[k][sh + r1] ^ right[k][sh + r1]);
      }
      blk[sh + r1] = stored(seen.mex());
    }
  }
}

#ifdef PERFECTPLAY_BACTERIA_AVX2
namespace {

#define PERFECTPLAY_AVX2 __attribute__((target("avx2"), always_inline)) inline

PERFECTPLAY_AVX2 __m256i load(const std::uint8_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// The index of the lowest 0 bit of each byte (0 when there is none): the bit
// isolated, then looked up by its low and its high nibble.
PERFECTPLAY_AVX2 __m256i lowest_free_bit(__m256i set) {
  const __m256i nib_lo = _mm256_setr_epi8(0, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                          0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0);
  const __m256i nib_hi = _mm256_setr_epi8(0, 4, 5, 0, 6, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 4, 5,
                                          0, 6, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0);
  const __m256i low4 = _mm256_set1_epi8(0x0F);
  const __m256i free_bits = _mm256_xor_si256(set, _mm256_set1_epi8(-1));
  const __m256i lowest =
      _mm256_and_si256(free_bits, _mm256_sub_epi8(_mm256_setzero_si256(), free_bits));
  return _mm256_or_si256(
      _mm256_shuffle_epi8(nib_lo, _mm256_and_si256(lowest, low4)),
      _mm256_shuffle_epi8(nib_hi, _mm256_and_si256(_mm256_srli_epi16(lowest, 4), low4)));
}

// Which values of one window of 16 (window w: 16w .. 16w + 15) the options
// of 32 rectangles take, as two 8-bit sets per lane.
struct WindowSets {
  __m256i lo, hi;
};

// The rectangles (S, h, base .. base + 31) of the vector fill; see there.
struct VectorStep {
  const std::uint8_t* blk;           // span S
  const std::size_t* slices;         // slice offsets by height
  const std::uint8_t* rowmask;       // per row: 0x70 clear in S, 0xFF not
  const std::uint8_t* const* left;   // per column cut k: span (c1, c1 + k - 1) or zeros
  const std::uint8_t* const* right;  // span (c1 + k + 1, c2) or zeros
  const std::uint8_t* dist;          // column c1's distances; column c1 + k at k * stride
  std::size_t stride;
  int h, w, base;
};

constexpr std::size_t kPrefetch = 256;

template <bool kOffset>
PERFECTPLAY_AVX2 WindowSets window_sets(const VectorStep& v, __m256i offset) {
  const __m256i lut_lo = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                          2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i lut_hi = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0,
                                          0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
  const __m256i clear_bias = _mm256_set1_epi8(0x70);
  const __m256i below = _mm256_set1_epi8(static_cast<char>(v.h - 1));
  __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
  const std::uint8_t* mask = v.rowmask + v.base;
  for (int i = 0; i < v.h; ++i) {
    const __m256i top = load(v.blk + v.slices[i] + v.base);
    const __m256i bot = load(v.blk + v.slices[v.h - 1 - i] + v.base + i + 1);
    __m256i x = _mm256_xor_si256(top, bot);
    if constexpr (kOffset) x = _mm256_sub_epi8(x, offset);
    x = _mm256_adds_epu8(x, load(mask + i));
    lo = _mm256_or_si256(lo, _mm256_shuffle_epi8(lut_lo, x));
    hi = _mm256_or_si256(hi, _mm256_shuffle_epi8(lut_hi, x));
  }
  const std::size_t sh = v.slices[v.h];
  for (int k = 0; k < v.w; ++k) {
    // The parts of column cuts lie in 2w other spans, one stream each: too
    // many for the hardware to prefetch, so it is asked to, a step ahead.
    if constexpr (!kOffset) {
      _mm_prefetch(reinterpret_cast<const char*>(v.left[k] + sh + v.base + kPrefetch), _MM_HINT_T0);
      _mm_prefetch(reinterpret_cast<const char*>(v.right[k] + sh + v.base + kPrefetch),
                   _MM_HINT_T0);
    }
    const __m256i a = load(v.left[k] + sh + v.base);
    const __m256i b = load(v.right[k] + sh + v.base);
    const __m256i d = load(v.dist + static_cast<std::size_t>(k) * v.stride + v.base);
    const __m256i blocked = _mm256_cmpeq_epi8(_mm256_min_epu8(d, below), d);  // d < h
    const __m256i bias = _mm256_or_si256(blocked, clear_bias);
    __m256i x = _mm256_xor_si256(a, b);
    if constexpr (kOffset) x = _mm256_sub_epi8(x, offset);
    x = _mm256_adds_epu8(x, bias);
    lo = _mm256_or_si256(lo, _mm256_shuffle_epi8(lut_lo, x));
    hi = _mm256_or_si256(hi, _mm256_shuffle_epi8(lut_hi, x));
  }
  return {lo, hi};
}

}  // namespace

// The vector fill (see the header): 32 rectangles (S, h, r1 .. r1 + 31) per
// step, their values found a window of 16 at a time. In window w an
// option's value v becomes v - 16w (mod 256), and values of the window
// (0 .. 15 then) become bit v of two 8-bit sets (0-7, 8-15) by a byte
// shuffle, which gives no bit for a byte whose sign bit is set. A saturating
// add of 0x70 sets it for every value past the window (and values below it
// wrapped to 128 or more, values being at most 127); an add of 0xFF, for a
// lane whose line holds '#'. A lane whose sets are full has its value in a
// later window; a step usually needs one window.
__attribute__((target("avx2"))) void GrundyTable::fill_span_avx2(int c1, int c2,
                                                                 SpanScratch& scratch) const {
  const auto R = static_cast<std::size_t>(rows_);
  const int w = c2 - c1 + 1;
  const std::size_t stride = R + kPad;
  const std::size_t* slices = slices_.data();
  std::uint8_t* blk = table_.get() + span(c1, c2);
  const __m256i iota = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                        17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  const __m256i ones = _mm256_set1_epi8(-1);
  const __m256i sign = _mm256_set1_epi8(static_cast<char>(kKnown));
  const __m256i eight = _mm256_set1_epi8(8);
  VectorStep v{blk,
               slices,
               scratch.rowmask.data(),
               scratch.left.data(),
               scratch.right.data(),
               dist_.data() + static_cast<std::size_t>(c1) * stride,
               stride,
               0,
               w,
               0};
  for (int h = 1; h <= rows_; ++h) {
    const int lanes = rows_ - h + 1;
    v.h = h;
    for (int base = 0; base < lanes; base += kLanes) {
      const int n = std::min(kLanes, lanes - base);
      if (h + w >= 24 && fill_closed(c1, c2, h, base, n)) continue;
      v.base = base;
      const __m256i valid = _mm256_cmpgt_epi8(_mm256_set1_epi8(static_cast<char>(n)), iota);
      __m256i value = _mm256_setzero_si256();
      __m256i pending = valid;  // lanes whose value lies in this window or later
      for (int window = 0; _mm256_movemask_epi8(pending) != 0; ++window) {
        if (window * 16 > static_cast<int>(kMaxValue)) (void)stored(kMaxValue + 1);  // throws
        const WindowSets sets =
            window == 0 ? window_sets<false>(v, _mm256_setzero_si256())
                        : window_sets<true>(v, _mm256_set1_epi8(static_cast<char>(16 * window)));
        const __m256i full_lo = _mm256_cmpeq_epi8(sets.lo, ones);
        const __m256i in_window = _mm256_andnot_si256(
            _mm256_and_si256(full_lo, _mm256_cmpeq_epi8(sets.hi, ones)), pending);
        const __m256i found = _mm256_add_epi8(
            _mm256_blendv_epi8(lowest_free_bit(sets.lo),
                               _mm256_add_epi8(lowest_free_bit(sets.hi), eight), full_lo),
            _mm256_set1_epi8(static_cast<char>(16 * window)));
        value = _mm256_blendv_epi8(value, found, in_window);
        pending = _mm256_andnot_si256(in_window, pending);
      }
      const __m256i out = _mm256_or_si256(value, sign);
      auto* dst = reinterpret_cast<__m256i*>(blk + slices[static_cast<std::size_t>(h)] + base);
      if (n == kLanes) {
        _mm256_storeu_si256(dst, out);
      } else {
        _mm256_storeu_si256(dst, _mm256_blendv_epi8(_mm256_loadu_si256(dst), out, valid));
      }
    }
  }
}
#else
void GrundyTable::fill_span_avx2(int, int, SpanScratch&) const {}
#endif

std::pair<Rect, Rect> GrundyTable::split(const Rect& rect, const Move& m) {
  if (m.colony == Colony::kH) {
    return {Rect{rect.r1, m.row - 1, rect.c1, rect.c2}, Rect{m.row + 1, rect.r2, rect.c1, rect.c2}};
  }
  return {Rect{rect.r1, rect.r2, rect.c1, m.col - 1}, Rect{rect.r1, rect.r2, m.col + 1, rect.c2}};
}

std::uint64_t winning_openings(const GrundyTable& t) {
  const Grid& g = t.grid();
  const Rect whole{0, g.rows - 1, 0, g.cols - 1};
  if (t.value(whole) == Nimber(0)) return 0;
  std::uint64_t count = 0;
  for (int r = 0; r < g.rows; ++r) {
    if (!t.row_clear(r, 0, g.cols - 1)) continue;
    const auto [a, b] = GrundyTable::split(whole, Move{r, 0, Colony::kH});
    if ((t.value(a) ^ t.value(b)) == Nimber(0)) count += static_cast<std::uint64_t>(g.cols);
  }
  for (int c = 0; c < g.cols; ++c) {
    if (!t.col_clear(c, 0, g.rows - 1)) continue;
    const auto [a, b] = GrundyTable::split(whole, Move{0, c, Colony::kV});
    if ((t.value(a) ^ t.value(b)) == Nimber(0)) count += static_cast<std::uint64_t>(g.rows);
  }
  return count;
}

const Rect* Board::part_of(int r, int c) const {
  for (const Rect& p : parts) {
    if (p.contains(r, c)) return &p;
  }
  return nullptr;
}

Board start_board(const Grid& grid) {
  Board b;
  b.grid = grid;
  b.marks = grid.cells;
  b.parts = {Rect{0, grid.rows - 1, 0, grid.cols - 1}};
  return b;
}

namespace {

bool infected(const Board& b, int r, int c) {
  const char m = b.mark(r, c);
  return m == 'H' || m == 'V';
}

}  // namespace

// What is reachable. Infected cells come only from moves that do not mutate
// (a `mutated` position keeps the cells from before the mutating move), and
// such a move infects a whole line of the rectangle it is in, marked with its
// colony: an H colony a whole row, all H; a V colony a whole column, all V.
// (In a 1-row rectangle each cell is a whole column, so `.V.` is one V move;
// `.H.` is no move at all; a 1 x 1 rectangle's cell may be either letter.)
// The two sides of that line are then played independently. So a rectangle
// with infected cells is reachable iff it has a row all H or a column all V,
// call it L (its first move), with both sides of L reachable.
//
// Why any such line may be peeled first (by induction on the area). Let L'
// be another row all H or column all V of a reachable R, whose first move
// was L. L and L' are parallel: a row all H and a column all V would share
// a cell. Say both are rows and L' is below L (the other cases are mirror
// images). L' is a row all H of the part below L, a reachable rectangle with
// the same columns, so by induction that part splits at L' into reachable
// B1 (between L and L') and B2 (below L'). Then above L' lie the part above
// L, L and B1: reachable, L first; below L' lies B2. So both sides of L' are
// reachable whenever R is, and a rectangle is refused only where it has no
// such line at all.
bool can_mutate(const Board& b) {
  for (const Rect& part : b.parts) {
    bool empty = false, radioactive = false;
    for (int r = part.r1; r <= part.r2; ++r) {
      for (int c = part.c1; c <= part.c2; ++c) {
        (b.mark(r, c) == '#' ? radioactive : empty) = true;
      }
    }
    if (empty && radioactive) return true;
  }
  return false;
}

std::optional<Unreachable> decompose(Board& b) {
  b.parts.clear();
  std::vector<Rect> todo = {Rect{0, b.grid.rows - 1, 0, b.grid.cols - 1}};
  while (!todo.empty()) {
    const Rect rect = todo.back();
    todo.pop_back();
    if (rect.empty()) continue;
    bool any = false;
    std::optional<Move> cut;
    // The first whole infected line that holds the other colony's letter,
    // and its first such cell: what a refusal names when no line peels.
    std::optional<std::pair<int, int>> wrong;
    bool wrong_in_row = false;
    // A line of `length` cells from (r, c) by (dr, dc): its infected cells,
    // those of letter `own`, and the offset of the first of the other letter.
    struct Line {
      int infected = 0, own = 0, other = -1;
    };
    const auto scan = [&b](int r, int c, int dr, int dc, int length, char own) {
      Line l;
      for (int k = 0; k < length; ++k) {
        const char m = b.mark(r + k * dr, c + k * dc);
        if (m != 'H' && m != 'V') continue;
        ++l.infected;
        if (m == own) {
          ++l.own;
        } else if (l.other < 0) {
          l.other = k;
        }
      }
      return l;
    };
    for (int r = rect.r1; r <= rect.r2 && !cut; ++r) {
      const Line l = scan(r, rect.c1, 0, 1, rect.width(), 'H');
      any = any || l.infected > 0;
      if (l.own == rect.width()) {
        cut = Move{r, rect.c1, Colony::kH};
      } else if (l.infected == rect.width() && !wrong) {
        wrong = {r, rect.c1 + l.other};
        wrong_in_row = true;
      }
    }
    for (int c = rect.c1; c <= rect.c2 && !cut && any; ++c) {
      const Line l = scan(rect.r1, c, 1, 0, rect.height(), 'V');
      if (l.own == rect.height()) {
        cut = Move{rect.r1, c, Colony::kV};
      } else if (l.infected == rect.height() && !wrong) {
        wrong = {rect.r1 + l.other, c};
      }
    }
    if (!any) {
      b.parts.push_back(rect);
      continue;
    }
    if (!cut && wrong) {
      const auto [wr, wc] = *wrong;
      return Unreachable{
          fmt::format("this position cannot arise in play: in rows {}..{}, columns {}..{} no "
                      "whole row is all H and no whole column all V (the cell at row {}, column "
                      "{} is {} in a whole infected {}), but an H colony always crosses the whole "
                      "row of the region it is placed in, and a V colony the whole column",
                      rect.r1 + 1, rect.r2 + 1, rect.c1 + 1, rect.c2 + 1, wr + 1, wc + 1,
                      b.mark(wr, wc), wrong_in_row ? "row" : "column"),
          wr, wc};
    }
    if (!cut) {
      int fr = rect.r1, fc = rect.c1;
      for (int r = rect.r1; r <= rect.r2; ++r) {
        for (int c = rect.c1; c <= rect.c2; ++c) {
          if (infected(b, r, c)) {
            fr = r;
            fc = c;
            r = rect.r2 + 1;
            break;
          }
        }
      }
      return Unreachable{
          fmt::format(
              "this position cannot arise in play: in rows {}..{}, columns {}..{} the infected "
              "cells (the first at row {}, column {}) fill no whole row or column, but a colony "
              "always crosses the whole region it is placed in",
              rect.r1 + 1, rect.r2 + 1, rect.c1 + 1, rect.c2 + 1, fr + 1, fc + 1),
          fr, fc};
    }
    const auto [a, c2] = GrundyTable::split(rect, *cut);
    todo.push_back(a);
    todo.push_back(c2);
  }
  std::sort(b.parts.begin(), b.parts.end(),
            [](const Rect& x, const Rect& y) { return x.r1 != y.r1 ? x.r1 < y.r1 : x.c1 < y.c1; });
  return std::nullopt;
}

MoveEffect effect_of(const GrundyTable& t, const Board& b, const Move& m) {
  MoveEffect e;
  const Rect* part = b.part_of(m.row, m.col);
  assert(part != nullptr);
  e.part = *part;
  e.mutates = m.colony == Colony::kH ? !t.row_clear(m.row, part->c1, part->c2)
                                     : !t.col_clear(m.col, part->r1, part->r2);
  std::tie(e.first, e.second) = GrundyTable::split(*part, m);
  return e;
}

void apply(Board& b, const MoveEffect& e, const Move& m) {
  const char mark = m.colony == Colony::kH ? 'H' : 'V';
  const std::size_t cols = static_cast<std::size_t>(b.grid.cols);
  if (m.colony == Colony::kH) {
    for (int c = e.part.c1; c <= e.part.c2; ++c) b.marks[m.row * cols + c] = mark;
  } else {
    for (int r = e.part.r1; r <= e.part.r2; ++r) b.marks[r * cols + m.col] = mark;
  }
  auto it = std::find(b.parts.begin(), b.parts.end(), e.part);
  assert(it != b.parts.end());
  b.parts.erase(it);
  for (const Rect& r : {e.first, e.second}) {
    if (!r.empty()) b.parts.push_back(r);
  }
  std::sort(b.parts.begin(), b.parts.end(),
            [](const Rect& x, const Rect& y) { return x.r1 != y.r1 ? x.r1 < y.r1 : x.c1 < y.c1; });
}

Nimber board_value(const GrundyTable& t, const Board& b) {
  Nimber v(0);
  for (const Rect& r : b.parts) v ^= t.value(r);
  return v;
}

std::vector<Move> legal_moves(const Board& b) {
  std::vector<Move> out;
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      if (b.mark(r, c) != '.') continue;
      out.push_back({r, c, Colony::kH});
      out.push_back({r, c, Colony::kV});
    }
  }
  return out;
}

bool is_winning_move(const GrundyTable& t, const Board& b, Nimber total, const Move& m) {
  const MoveEffect e = effect_of(t, b, m);
  return !e.mutates && (total ^ t.value(e.part) ^ t.value(e.first) ^ t.value(e.second)).is_zero();
}

std::optional<Move> delaying_move(const GrundyTable& t, const Board& b) {
  const std::vector<Move> all = legal_moves(b);
  if (all.empty()) return std::nullopt;
  std::optional<Move> pick;
  int fewest = 0;
  for (const Move& m : all) {
    const MoveEffect e = effect_of(t, b, m);
    if (e.mutates) continue;
    const int cells = m.colony == Colony::kH ? e.part.width() : e.part.height();
    if (!pick || cells < fewest) {
      pick = m;
      fewest = cells;
    }
  }
  return pick ? pick : all.front();
}

}  // namespace perfectplay::games::bacteria
