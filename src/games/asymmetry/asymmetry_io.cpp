#include "games/asymmetry/asymmetry_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <random>

#include "core/game.h"
#include "core/huge_pages.h"
#include "core/text_reader.h"

namespace perfectplay::games::asymmetry {

namespace {

// With `keep` false the values are checked and dropped (check_contest).
Grid read_grid(TextReader& in, bool keep = true) {
  Grid g = read_header(in);
  if (keep) {
    reserve_cells(g.cells, static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols),
                  in.remaining());
  }
  const auto k = static_cast<std::uint64_t>(g.k);
  for (int r = 0; r < g.rows; ++r) {
    if (in.at_end()) {
      in.fail(fmt::format("expected row {} of {} ({} values), found end of input", r + 1, g.rows,
                          g.cols));
    }
    const std::size_t start = in.offset();
    const std::size_t before = g.cells.size();
    if (in.try_uint_line(static_cast<std::uint64_t>(g.cols), k, [&](std::uint64_t v) {
          if (keep) g.cells.push_back(static_cast<std::uint32_t>(v));
        })) {
      continue;
    }
    // Something is off in this row: read it carefully to name the defect.
    g.cells.resize(before);
    in.seek(start);
    for (int c = 0; c < g.cols; ++c) {
      if (in.at_line_end())
        in.fail(fmt::format("row {} has {} values, expected {}", r + 1, c, g.cols));
      const auto v = static_cast<std::uint32_t>(in.read_int("a value", 0, g.k));
      if (keep) g.cells.push_back(v);
    }
    if (!in.at_line_end()) in.fail(fmt::format("row {} has more than {} values", r + 1, g.cols));
    in.end_line("the row");
  }
  return g;
}

}  // namespace

void reserve_cells(std::vector<std::uint32_t>& cells, std::size_t declared, std::size_t bytes) {
  // Every value takes at least two bytes of input, so this bounds the grid by
  // what is actually there, not by the declared N * M.
  cells.reserve(std::min(declared, bytes / 2 + 1));
  // A large grid is written once, page by page, as it is read: huge pages
  // turn thousands of page faults into a few (a teammate's measurement on
  // their branch: about half the CPU time of a 2000 x 2000 solve).
  advise_huge_pages(cells.data(), cells.capacity() * sizeof(std::uint32_t));
}

LineRules contest_line_rules() {
  LineRules r = LineRules::only("0123456789 \t\r", "digits and blanks");
  r.max_digits = 10;
  return r;
}

Grid read_header(TextReader& in) {
  Grid g;
  g.rows = static_cast<int>(in.read_int("the number of rows N", 1, 1'000'000'000));
  g.cols = static_cast<int>(in.read_int("the number of columns M", 1, 1'000'000'000));
  const std::size_t m_at = in.offset() - std::to_string(g.cols).size();
  if (g.cols % 2 != 0) in.fail_at(m_at, fmt::format("M must be even, found {}", g.cols));
  g.k = in.read_int("K", 1, kMaxK);
  if (static_cast<std::int64_t>(g.rows) * g.cols > kMaxCells) {
    in.fail_at(m_at, fmt::format("N * M = {} cells is more than this build accepts ({})",
                                 static_cast<std::int64_t>(g.rows) * g.cols, kMaxCells));
  }
  in.end_line("N M K");
  return g;
}

Grid parse_contest(std::string_view input) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected N M K");
  Grid g = read_grid(in);
  in.end_input();
  return g;
}

void check_contest(std::string_view input) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected N M K");
  (void)read_grid(in, false);
  in.end_input();
}

Board parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end())
    in.fail("empty position: expected N M K, the grid, and optionally `marked: ...`");
  Board b;
  b.grid = read_grid(in);
  b.marked.assign(static_cast<std::size_t>(b.grid.cols), 0);
  in.skip_blank_lines();
  if (!in.at_end()) {
    const std::size_t at = in.offset();
    const std::string_view word = in.read_word("`marked:`");
    if (word != "marked:")
      in.fail_at(at, fmt::format("expected `marked:`, found {}", quote_token(word)));
    while (!in.at_line_end()) {
      const std::size_t pos = in.offset();
      const auto c = static_cast<std::size_t>(in.read_int("a column", 1, b.grid.cols) - 1);
      if (b.marked[c]) in.fail_at(pos, fmt::format("column {} is marked twice", c + 1));
      b.marked[c] = 1;
    }
    in.end_line("the marked columns");
    in.end_input("the position");
  }
  return b;
}

std::string format_position(const Board& b) {
  std::string out = fmt::format("{} {} {}\n", b.grid.rows, b.grid.cols, b.grid.k);
  // A 2000 x 2000 grid is 40 MB of text: one allocation, and format_int
  // rather than a format string per cell.
  out.reserve(out.size() + b.grid.cells.size() * (std::to_string(b.grid.k).size() + 1) +
              static_cast<std::size_t>(b.grid.cols) * 8);
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      if (c) out += ' ';
      const fmt::format_int v(b.grid.at(r, c));
      out.append(v.data(), v.size());
    }
    out += '\n';
  }
  if (b.marked_count() > 0) {
    out += "marked:";
    for (int c = 0; c < b.grid.cols; ++c) {
      if (b.marked[static_cast<std::size_t>(c)])
        fmt::format_to(std::back_inserter(out), " {}", c + 1);
    }
    out += '\n';
  }
  return out;
}

std::string generate_contest(Seed seed, std::int64_t rows, std::int64_t cols, std::int64_t k,
                             const TextSink& sink) {
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> value(0, k);
  std::string out = fmt::format("{} {} {}\n", rows, cols, k);
  // At most the whole grid, and at most two chunks when streaming (a 10^6 x
  // 10^6 grid is 10 TB: it is written piece by piece, never reserved).
  out.reserve(std::min<std::size_t>(
      static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * (k >= 1'000'000 ? 11 : 4),
      std::size_t{2} << 20));
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < cols; ++c) {
      fmt::format_to(std::back_inserter(out), "{}{}", c ? " " : "", value(rng));
      sink.maybe_flush(out);
    }
    out += '\n';
    sink.maybe_flush(out);
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::games::asymmetry
