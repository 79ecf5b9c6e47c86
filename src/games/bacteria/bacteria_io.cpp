#include "games/bacteria/bacteria_io.h"

#include <fmt/format.h>
#include <random>

#include "core/progress.h"
#include "core/text_reader.h"

namespace perfectplay::games::bacteria {

namespace {

constexpr std::uint64_t kMaxCases = 1'000'000;

std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string(1, c);
  return fmt::format("\\x{:02x}", u);
}

// Reads `R C` and R lines of C cells from `allowed`; cells go to `out`, and
// the offset of each row's first cell to `row_starts` when it is given.
void read_cells(TextReader& in, std::string_view allowed, int& rows, int& cols,
                std::vector<char>& out, std::vector<std::size_t>* row_starts = nullptr) {
  rows = static_cast<int>(in.read_int("the number of rows R", 1, kMaxSide));
  cols = static_cast<int>(in.read_int("the number of columns C", 1, kMaxSide));
  in.end_line("R and C");
  out.clear();
  for (int r = 0; r < rows; ++r) {
    if (in.at_end()) {
      in.fail(
          fmt::format("expected row {} of {} ({} cells), found end of input", r + 1, rows, cols));
    }
    const std::size_t start = in.offset();
    if (row_starts != nullptr) row_starts->push_back(start);
    const std::string_view line = in.read_line(fmt::format("row {} of the grid", r + 1));
    std::string_view cells = line;
    while (!cells.empty() && (cells.back() == ' ' || cells.back() == '\t')) cells.remove_suffix(1);
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (allowed.find(cells[c]) == std::string_view::npos) {
        in.fail_at(start + c,
                   fmt::format("a cell is one of {}, found '{}'",
                               allowed == ".#" ? "'.' '#'" : "'.' '#' 'H' 'V'", shown(cells[c])));
      }
      if (c >= static_cast<std::size_t>(cols)) {
        in.fail_at(start + c, fmt::format("row {} has more than {} cells", r + 1, cols));
      }
      out.push_back(cells[c]);
    }
    if (cells.size() < static_cast<std::size_t>(cols)) {
      in.fail_at(start + cells.size(),
                 fmt::format("row {} has {} cells, expected {}", r + 1, cells.size(), cols));
    }
  }
}

}  // namespace

void for_each_grid(std::string_view input,
                   const std::function<void(const Grid&, std::uint64_t, std::uint64_t)>& each) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected the number of cases T");
  const std::uint64_t cases = in.read_uint("the number of cases T", kMaxCases);
  if (cases == 0) in.fail_at(0, "the number of cases T must be at least 1");
  in.end_line("the number of cases");
  Grid g;
  for (std::uint64_t i = 1; i <= cases; ++i) {
    in.skip_blank_lines();  // blank lines between cases are skipped (docs/cli.md)
    if (in.at_end()) in.fail(fmt::format("expected case {} of {}, found end of input", i, cases));
    read_cells(in, ".#", g.rows, g.cols, g.cells);
    each(g, i - 1, cases);
  }
  in.end_input();
}

std::vector<Grid> parse_contest(std::string_view input) {
  std::vector<Grid> grids;
  for_each_grid(input, [&](const Grid& g, std::uint64_t, std::uint64_t) { grids.push_back(g); });
  return grids;
}

std::vector<std::uint64_t> solve_contest(std::string_view input) {
  // Each grid solved as it is read: the answers are held, not the grids.
  std::vector<std::uint64_t> out;
  for_each_grid(input, [&](const Grid& g, std::uint64_t i, std::uint64_t count) {
    progress::report("cases solved", i, count);
    out.push_back(winning_openings(GrundyTable(g)));
  });
  return out;
}

Board parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty position: expected `R C` and R rows of '.', '#', 'H', 'V'");
  Board b;
  std::vector<std::size_t> row_starts;
  read_cells(in, ".#HV", b.grid.rows, b.grid.cols, b.marks, &row_starts);
  const std::size_t after_grid = in.offset();
  in.skip_blank_lines();
  const std::size_t mutated_at = in.offset();
  if (!in.at_end() && in.read_word("`mutated` or the end of the position") == "mutated") {
    b.mutated = true;
  } else {
    in.seek(after_grid);
  }
  in.end_input("the position");
  b.grid.cells = b.marks;
  for (char& c : b.grid.cells) {
    if (c != '#') c = '.';
  }
  // A position no play leads to is bad input like any other: named at its
  // first infected cell of the region at fault.
  if (auto bad = decompose(b)) {
    in.fail_at(row_starts[static_cast<std::size_t>(bad->row)] + static_cast<std::size_t>(bad->col),
               bad->why);
  }
  if (b.mutated && !can_mutate(b)) {
    in.fail_at(mutated_at,
               "this position cannot arise in play: `mutated`, but no colony placed here could "
               "mutate (no region holds both an empty cell and a '#')");
  }
  return b;
}

std::string format_grid(const Grid& g) {
  std::string out = fmt::format("{} {}\n", g.rows, g.cols);
  for (int r = 0; r < g.rows; ++r) {
    out.append(g.cells.begin() + r * g.cols, g.cells.begin() + (r + 1) * g.cols);
    out += '\n';
  }
  return out;
}

std::string format_position(const Board& b) {
  std::string out = fmt::format("{} {}\n", b.grid.rows, b.grid.cols);
  for (int r = 0; r < b.grid.rows; ++r) {
    out.append(b.marks.begin() + r * b.grid.cols, b.marks.begin() + (r + 1) * b.grid.cols);
    out += '\n';
  }
  if (b.mutated) out += "mutated\n";
  return out;
}

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t rows, std::int64_t cols,
                             std::int64_t density_percent, const TextSink& sink, bool exact) {
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> rdist(exact ? rows : 1, rows),
      cdist(exact ? cols : 1, cols), pct(0, 99);
  std::string out = fmt::format("{}\n", cases);
  for (std::int64_t i = 0; i < cases; ++i) {
    const std::int64_t r = rdist(rng), c = cdist(rng);
    fmt::format_to(std::back_inserter(out), "{} {}\n", r, c);
    for (std::int64_t y = 0; y < r; ++y) {
      for (std::int64_t x = 0; x < c; ++x) out += pct(rng) < density_percent ? '#' : '.';
      out += '\n';
      sink.maybe_flush(out);
    }
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::games::bacteria
