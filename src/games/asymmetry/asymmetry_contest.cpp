#include "games/asymmetry/asymmetry_contest.h"

#include <fmt/format.h>

#include <algorithm>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/asymmetry/asymmetry_io.h"

namespace perfectplay::games::asymmetry {

namespace {

constexpr const char* kContest = "CCO 2026 Day 2 Problem 1";

using Rows = std::vector<std::vector<std::int64_t>>;

std::string format(const Rows& g, std::int64_t k) {
  std::string out = fmt::format("{} {} {}\n", g.size(), g[0].size(), k);
  for (const auto& row : g) fmt::format_to(std::back_inserter(out), "{}\n", fmt::join(row, " "));
  return out;
}

}  // namespace

void validate_contest(std::string_view input) {
  validate_format_and_limits([&] { (void)parse_contest(input); },
                             [&] {
                               TextReader in(input);
                               in.skip_blank_lines();
                               (void)read_within(in, "N", 1, 2000, kContest);
                               (void)read_within(in, "M", 1, 2000, kContest);
                               (void)read_within(in, "K", 1, 1'000'000'000, kContest);
                             });
}

std::vector<std::string> shrink_contest(std::string_view input) {
  const Grid grid = parse_contest(input);
  Rows g(static_cast<std::size_t>(grid.rows));
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) g[static_cast<std::size_t>(r)].push_back(grid.at(r, c));
  }
  const std::size_t n = g.size(), m = g[0].size();
  Candidates out;
  for (const auto& fewer : smaller_lists(g, 1)) {
    if (out.full()) break;
    out.add(format(fewer, grid.k));
  }
  std::vector<std::size_t> pairs(m / 2);
  for (std::size_t p = 0; p < pairs.size(); ++p) pairs[p] = p;
  for (const auto& kept : smaller_lists(pairs, 1)) {
    if (out.full()) break;
    Rows s(n);
    for (std::size_t r = 0; r < n; ++r) {
      for (const std::size_t p : kept) s[r].push_back(g[r][p]);
      for (auto p = kept.rbegin(); p != kept.rend(); ++p) s[r].push_back(g[r][m - 1 - *p]);
    }
    out.add(format(s, grid.k));
  }
  for (const std::int64_t k : smaller_values(grid.k, 1)) {
    if (out.full()) break;
    Rows s = g;
    for (auto& row : s) {
      for (auto& v : row) v = std::min(v, k);
    }
    out.add(format(s, k));
  }
  if (n * m <= 64) {
    for (std::size_t r = 0; r < n; ++r) {
      for (std::size_t c = 0; c < m; ++c) {
        for (const std::int64_t v : smaller_values(g[r][c])) {
          Rows s = g;
          s[r][c] = v;
          out.add(format(s, grid.k));
        }
      }
    }
  }
  return out.take();
}

std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed) {
  // Validated as solve validates it, without keeping the grid (its cells
  // beside the input and the case's copy: 105 MB for a 2000 x 2000 grid of 39 MB).
  check_contest(input);
  return case_text(case_lines(input, k, false, [](std::string_view h) { return header_number(h); }),
                   input, passed);
}

}  // namespace perfectplay::games::asymmetry
