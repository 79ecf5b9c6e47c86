#include "games/asymmetry/asymmetry_solve.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "core/huge_pages.h"
#include "core/input_error.h"
#include "core/text_reader.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

namespace {

// Row ids of the second part start here (N <= 2.5 * 10^8 < 2^30).
constexpr int kSecondPartIds = 1 << 30;
// The bytes of a source looked at, from the middle of its rows on, for a
// line start to cut them at.
constexpr std::size_t kCutWindow = std::size_t{1} << 20;

struct Part {
  Part(int id, const Grid& header) : first_id(id), scan(header.cols, header.k, header.rows >= 2) {}
  int first_id;
  std::vector<std::uint32_t> cells;
  int rows = 0;
  bool ok = false;
  PairScan scan;    // pass 1 over this part's rows
  PairBests bests;  // pass 2
};

// Parses whole rows from `in` into `part` until the offset `stop` (a line's
// start) or the end, running pass 1 on each; its cells are reserved for
// `bytes` of text. ok stays false where the text is not exactly rows of M
// values in [0, K], or holds more than N, or a row crosses `stop`.
void read_part(Part& part, TextReader& in, std::size_t bytes, std::size_t stop,
               const Grid& header) noexcept {
  try {
    const auto cols = static_cast<std::size_t>(header.cols);
    reserve_cells(part.cells, static_cast<std::size_t>(header.rows) * cols, bytes);
    const auto k = static_cast<std::uint64_t>(header.k);
    while (!in.at_end() && in.offset() < stop) {
      if (part.rows == header.rows) {  // only blank lines may follow the last row
        in.skip_blank_lines();
        if (!in.at_end()) return;
        break;
      }
      const std::size_t before = part.cells.size();
      if (!in.try_uint_line(cols, k, [&](std::uint64_t v) {
            part.cells.push_back(static_cast<std::uint32_t>(v));
          })) {
        return;
      }
      part.scan.add_row(part.cells.data() + before, part.first_id + part.rows);
      ++part.rows;
    }
    part.ok = in.at_end() || in.offset() == stop;
  } catch (...) {
    // Out of memory, or a source's read error: the sequential path will meet
    // it too and report it.
  }
}

void best_of_part(Part& part, const PairScan& all, std::size_t cols) {
  part.bests = all.no_bests();
  for (int r = 0; r < part.rows; ++r) {
    all.best_of_row(part.cells.data() + static_cast<std::size_t>(r) * cols, part.bests);
  }
}

// Runs `step` on every part, the second (if any) on its own thread, or on
// this one when no thread can be made (a container's pids limit).
template <class Step>
void on_parts(std::vector<Part>& part, Step&& step) {
  std::jthread second;
  bool second_done = part.size() < 2;
  if (!second_done) {
    try {
      second = std::jthread([&] { step(part[1]); });
      second_done = true;
    } catch (const std::system_error&) {
    }
  }
  step(part[0]);
  if (!second_done) step(part[1]);
}

// The value from parts read by read_part: pass 1's accumulators merged, pass
// 2 on each part (in parallel), the total; nullopt where a part is not ok or
// the parts do not hold exactly N rows.
std::optional<std::int64_t> finish_parts(std::vector<Part>& part, const Grid& header) {
  std::int64_t rows = 0;
  for (const Part& each : part) {
    if (!each.ok) return std::nullopt;
    rows += each.rows;
  }
  if (rows != header.rows) return std::nullopt;
  const auto cols = static_cast<std::size_t>(header.cols);
  PairScan& all = part[0].scan;
  if (part.size() == 2) all.merge(part[1].scan);
  all.finish_pass1();
  on_parts(part, [&](Part& each) { best_of_part(each, all, cols); });
  if (part.size() == 2) PairScan::merge_bests(part[0].bests, part[1].bests);
  all.fix_best_rows(
      [&](int id) {
        const Part& owner = id >= kSecondPartIds ? part[1] : part[0];
        return owner.cells.data() + static_cast<std::size_t>(id - owner.first_id) * cols;
      },
      part[0].bests);
  return all.total(part[0].bests);
}

}  // namespace

std::optional<std::int64_t> solve_contest_split(std::string_view input, int parts) {
  TextReader in(input);
  if (in.at_end()) return std::nullopt;
  const Grid header = read_header(in);  // its errors are the sequential path's own
  const std::string_view body = input.substr(in.offset());
  // Every value but the last takes at least two bytes: a body too short for
  // N * M values is refused here, before the per-pair accumulators (sized by
  // M) are made, so a header alone cannot claim gigabytes (a fuzzer finding:
  // `1 400000010 20` and two bytes). The sequential parser names the defect.
  const auto cells =
      static_cast<std::uint64_t>(header.rows) * static_cast<std::uint64_t>(header.cols);
  if (body.size() + 1 < 2 * cells) return std::nullopt;
  std::size_t cut = body.size();
  if (parts == 2) {
    const std::size_t newline = body.find('\n', body.size() / 2);
    if (newline != std::string_view::npos) cut = newline + 1;
  }
  const std::string_view text[2] = {body.substr(0, cut), body.substr(cut)};
  std::vector<Part> part;
  part.reserve(2);
  part.emplace_back(0, header);
  if (cut < body.size()) part.emplace_back(kSecondPartIds, header);
  on_parts(part, [&](Part& each) {
    const std::string_view t = text[&each == &part[0] ? 0 : 1];
    TextReader reader(t);
    read_part(each, reader, t.size(), t.size(), header);
  });
  return finish_parts(part, header);
}

namespace {

// The accumulators' bytes per pair (PairScan: sums, top flips of each
// column choice, top differences, F and C, and where K < 2^30 their 32-bit
// copies: the three seconds, the hit flags, F and C; PairBests, 64 and 32
// bits), and a second part's.
constexpr std::size_t kScanBytesPerPair =
    8 + 3 * sizeof(TopTwoFlips) + 3 * 8 + 2 * 8 + 4 * 4 + 3 * 4 + 2 * 4;
constexpr std::size_t kPartBytesPerPair = 8 + 3 * sizeof(TopTwoFlips) + 4 * 4 + 2 * 8 + 2 * 4;

// Whether the stored shape is read in two parts: a second part is worth its
// thread and its accumulators when the input is `split_bytes` or more and
// they still fit in its size beside the cells.
bool two_parts_pay(std::uint64_t size, const Grid& h, std::uint64_t split_bytes) {
  const auto cols = static_cast<std::uint64_t>(h.cols);
  const std::uint64_t cells = 4 * static_cast<std::uint64_t>(h.rows) * cols;
  return size >= split_bytes &&
         cells + (kScanBytesPerPair + kPartBytesPerPair) * (cols / 2) <= size;
}
// Values held per block on the block path (a block is rows x 2 * pairs).
// (Small enough that the per-block vectors stay under malloc's mmap threshold:
// a fresh mapping per block would fault its pages in every time.)
constexpr std::size_t kBlockValues = std::size_t{1} << 13;

std::optional<Grid> header_of(std::string_view input, std::size_t* body_at) {
  try {
    TextReader in(input);
    if (in.at_end()) return std::nullopt;
    const Grid header = read_header(in);
    *body_at = in.offset();
    return header;
  } catch (const InputError&) {
    return std::nullopt;  // the sequential parser names it
  }
}

// Pass `f(row, id)` every row of the plain shape, one at a time in `row`;
// false where the body is not exactly N rows of M values in [0, K] followed
// by blank lines only.
template <class F>
bool each_row(std::string_view body, const Grid& h, std::vector<std::uint32_t>& row, F&& f) {
  TextReader in(body);
  const auto cols = static_cast<std::uint64_t>(h.cols);
  const auto k = static_cast<std::uint64_t>(h.k);
  row.resize(static_cast<std::size_t>(h.cols));
  for (int r = 0; r < h.rows; ++r) {
    std::size_t n = 0;
    if (in.at_end() || !in.try_uint_line(cols, k, [&](std::uint64_t v) {
          row[n++] = static_cast<std::uint32_t>(v);
        })) {
      return false;
    }
    f(row.data(), r);
  }
  in.skip_blank_lines();
  return in.at_end();
}

bool is_digit(char c) {
  return static_cast<unsigned>(c - '0') <= 9;
}

// The next value to the right of `at` (skipping blanks), and `at` past it.
std::uint32_t read_forward(std::string_view text, std::size_t& at) {
  while (text[at] == ' ' || text[at] == '\t') ++at;
  std::uint64_t v = 0;
  while (at < text.size() && is_digit(text[at]))
    v = v * 10 + static_cast<unsigned>(text[at++] - '0');
  return static_cast<std::uint32_t>(v);
}

// The next value to the left of `end` (one past its last digit; blanks and
// line ends before it skipped), and `end` before it.
std::uint32_t read_backward(std::string_view text, std::size_t& end) {
  while (!is_digit(text[end - 1])) --end;
  std::uint64_t v = 0, scale = 1;
  while (end > 0 && is_digit(text[end - 1])) {
    v += scale * static_cast<unsigned>(text[--end] - '0');
    scale *= 10;
  }
  return static_cast<std::uint32_t>(v);
}

std::int64_t add_checked(std::int64_t a, std::int64_t b) {
  std::int64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) throw std::overflow_error("the asymmetry passes 2^63");
  return sum;
}

}  // namespace

std::optional<SolvePath> choose_path(std::string_view input) {
  std::size_t body_at = 0;
  const auto h = header_of(input, &body_at);
  if (!h) return std::nullopt;
  const std::uint64_t size = input.size();
  const auto pairs = static_cast<std::uint64_t>(h->cols) / 2;
  const std::uint64_t cells =
      4 * static_cast<std::uint64_t>(h->rows) * static_cast<std::uint64_t>(h->cols);
  const std::uint64_t scan = kScanBytesPerPair * pairs;
  if (cells + scan <= size) return SolvePath::kStored;
  if (scan + 16 * pairs + 4 * static_cast<std::uint64_t>(h->cols) <= size)
    return SolvePath::kStreamed;
  return SolvePath::kBlocks;
}

std::optional<std::int64_t> solve_contest_streamed(std::string_view input) {
  std::size_t body_at = 0;
  const auto h = header_of(input, &body_at);
  if (!h) return std::nullopt;
  const std::string_view body = input.substr(body_at);
  // As the stored path: a body too short for N * M values is declined
  // before the accumulators (sized by M) are made.
  if (body.size() + 1 <
      2 * static_cast<std::uint64_t>(h->rows) * static_cast<std::uint64_t>(h->cols)) {
    return std::nullopt;
  }
  PairScan scan(h->cols, h->k, h->rows >= 2);
  std::vector<std::uint32_t> row;
  if (!each_row(body, *h, row, [&](const std::uint32_t* r, int id) { scan.add_row(r, id); })) {
    return std::nullopt;
  }
  scan.finish_pass1();
  const auto requests = scan.best_row_requests();
  PairBests bests = scan.no_bests();
  std::size_t q = 0;
  (void)each_row(body, *h, row, [&](const std::uint32_t* r, int id) {
    scan.best_of_row(r, bests);
    for (; q < requests.size() && requests[q].first == id; ++q) {
      scan.fix_best_row(r, id, requests[q].second, bests);
    }
  });
  return scan.total(bests);
}

std::optional<std::int64_t> solve_contest_blocks(std::string_view input, std::size_t block_pairs) {
  std::size_t body_at = 0;
  const auto h = header_of(input, &body_at);
  if (!h) return std::nullopt;
  const std::string_view body = input.substr(body_at);
  const auto rows = static_cast<std::size_t>(h->rows);
  if (body.size() + 1 < 2 * rows * static_cast<std::size_t>(h->cols)) return std::nullopt;
  // Pass 0: the shape, and where each row's values start and end.
  std::vector<std::size_t> start(rows), end(rows);
  {
    TextReader in(body);
    const auto cols = static_cast<std::uint64_t>(h->cols);
    const auto k = static_cast<std::uint64_t>(h->k);
    for (std::size_t r = 0; r < rows; ++r) {
      if (in.at_end()) return std::nullopt;
      start[r] = in.offset();
      if (!in.try_uint_line(cols, k, [](std::uint64_t) {})) return std::nullopt;
      std::size_t e = in.offset();
      while (!is_digit(body[e - 1])) --e;  // back over the line end and blanks
      end[r] = e;
    }
    in.skip_blank_lines();
    if (!in.at_end()) return std::nullopt;
  }
  const std::size_t pairs = static_cast<std::size_t>(h->cols) / 2;
  if (block_pairs == 0) block_pairs = std::max<std::size_t>(1, kBlockValues / (2 * rows));
  std::vector<std::uint32_t> cells;
  PairScan scan(0, h->k, rows >= 2);
  std::int64_t total = 0;
  for (std::size_t first = 0; first < pairs; first += block_pairs) {
    const std::size_t b = std::min(block_pairs, pairs - first);
    // Block row r: the next b values from the left, then the next b from
    // the right in reverse, so block column j mirrors block column 2b-1-j
    // as grid column first+j mirrors grid column M-1-first-j.
    cells.resize(rows * 2 * b);
    for (std::size_t r = 0; r < rows; ++r) {
      std::uint32_t* out = cells.data() + r * 2 * b;
      for (std::size_t j = 0; j < b; ++j) out[j] = read_forward(body, start[r]);
      for (std::size_t j = 0; j < b; ++j) out[2 * b - 1 - j] = read_backward(body, end[r]);
    }
    const auto row = [&](int id) { return cells.data() + static_cast<std::size_t>(id) * 2 * b; };
    scan.reset(static_cast<int>(2 * b));
    for (std::size_t r = 0; r < rows; ++r)
      scan.add_row(row(static_cast<int>(r)), static_cast<int>(r));
    total = add_checked(
        total, scan.finish(row, static_cast<int>(rows), first, static_cast<std::size_t>(h->cols)));
  }
  return total;
}

std::optional<std::int64_t> solve_contest_source(TextSource& input, std::uint64_t split_bytes) {
  const std::uint64_t size = input.size();
  try {
    // The header from the first piece alone: a shape declined here has read
    // nothing past the file's first lines (asking the source for a second
    // piece would start reading a long row whole).
    input.rewind();
    TextReader first(input.next());
    if (first.at_end()) return std::nullopt;
    const Grid h = read_header(first);
    const std::uint64_t body = size - first.offset();
    const auto rows = static_cast<std::size_t>(h.rows);
    const auto cols = static_cast<std::size_t>(h.cols);
    const std::uint64_t cells = std::uint64_t{rows} * cols;
    // The stored path's shape (choose_path), and a body long enough for N * M
    // values, before anything is allocated.
    if (4 * cells + kScanBytesPerPair * (cols / 2) > size || body + 1 < 2 * cells) {
      return std::nullopt;
    }
    const std::uint64_t body_at = first.offset();
    // Two parts at once, as for a mapped text (solve_contest), where the
    // input is large and a second part's accumulators fit in its size too:
    // the second from the first line start past the middle, read through a
    // source of its own (tail) on a thread of its own.
    std::uint64_t cut = 0;
    std::unique_ptr<TextSource> tail;
    if (two_parts_pay(size, h, split_bytes)) {
      std::string window(kCutWindow, '\0');
      window.resize(input.peek(body_at + body / 2, window.data(), window.size()));
      const std::size_t newline = window.find('\n');
      if (newline != std::string::npos) {
        cut = body_at + body / 2 + newline + 1;
        if (cut < size) tail = input.tail(cut);
      }
    }
    input.rewind();
    TextReader in(input);
    // The same header again, or the file was changed in place between the
    // two reads (a change of size is the source's to report).
    const Grid again = read_header(in);
    if (again.rows != h.rows || again.cols != h.cols || again.k != h.k) return std::nullopt;
    if (tail) {
      std::vector<Part> part;
      part.reserve(2);
      part.emplace_back(0, h);
      part.emplace_back(kSecondPartIds, h);
      on_parts(part, [&](Part& each) {
        if (&each == &part[0]) {
          read_part(each, in, cut - body_at, cut, h);
        } else {
          TextReader reader(*tail);
          read_part(each, reader, size - cut, SIZE_MAX, h);
        }
      });
      return finish_parts(part, h);
    }
    std::vector<std::uint32_t> grid;
    reserve_cells(grid, cells, body);
    const Prefault prefault(grid.data(), grid.capacity() * sizeof(std::uint32_t));
    PairScan scan(h.cols, h.k, h.rows >= 2);
    const auto k = static_cast<std::uint64_t>(h.k);
    for (std::size_t r = 0; r < rows; ++r) {
      if (in.at_end()) return std::nullopt;
      const std::size_t before = grid.size();
      if (!in.try_uint_line(
              cols, k, [&](std::uint64_t v) { grid.push_back(static_cast<std::uint32_t>(v)); })) {
        return std::nullopt;
      }
      scan.add_row(grid.data() + before, static_cast<int>(r));
    }
    in.skip_blank_lines();
    if (!in.at_end()) return std::nullopt;
    return scan.finish([&](int id) { return grid.data() + static_cast<std::size_t>(id) * cols; },
                       static_cast<int>(rows));
  } catch (const InputError&) {
    return std::nullopt;  // the whole text's parser names it
  }
}

std::int64_t solve_contest(std::string_view input) {
  std::optional<std::int64_t> value;
  if (const auto path = choose_path(input)) {
    switch (*path) {
      case SolvePath::kStored: {
        std::size_t body_at = 0;
        const auto h = header_of(input, &body_at);
        value = solve_contest_split(input, two_parts_pay(input.size(), *h, kSplitBytes) ? 2 : 1);
        break;
      }
      case SolvePath::kStreamed:
        value = solve_contest_streamed(input);
        break;
      case SolvePath::kBlocks:
        value = solve_contest_blocks(input);
        break;
    }
  }
  if (value) return *value;
  // Declined: a defect (named here in constant memory), or a shape the fast
  // paths do not take, answered by the sequential parser.
  check_contest(input);
  return game_value(parse_contest(input));
}

}  // namespace perfectplay::games::asymmetry
