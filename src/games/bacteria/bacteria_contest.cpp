#include "games/bacteria/bacteria_contest.h"

#include <fmt/format.h>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/bacteria/bacteria_io.h"

namespace perfectplay::games::bacteria {

namespace {

constexpr const char* kContest = "GCJ 2019 Round 1C, test set 2";

using Rows = std::vector<std::string>;

std::vector<Rows> read_cases(std::string_view input) {
  TextReader in(input);
  const std::int64_t t = read_within(in, "T", 1, 100, kContest);
  in.end_line("T");
  std::vector<Rows> cases(static_cast<std::size_t>(t));
  for (Rows& g : cases) {
    in.skip_blank_lines();
    const std::int64_t r = read_within(in, "R", 1, 15, kContest);
    (void)read_within(in, "C", 1, 15, kContest);
    in.end_line("C");
    for (std::int64_t i = 0; i < r; ++i) {
      const std::string_view line = in.read_line("a row");
      std::string row;
      for (const char ch : line) {
        if (ch == '.' || ch == '#') row += ch;
      }
      g.push_back(std::move(row));
    }
  }
  return cases;
}

}  // namespace

void validate_contest(std::string_view input) {
  // The format as solve reads it, one grid at a time: every grid at once
  // took 17 MB for 20,000 grids of 15 x 15 (4 MB).
  const auto format = [&] {
    for_each_grid(input, [](const Grid&, std::uint64_t, std::uint64_t) {});
  };
  validate_format_and_limits(format, [&] { (void)read_cases(input); });
}

std::vector<std::string> shrink_contest(std::string_view input) {
  const auto format = [](const std::vector<Rows>& cs) {
    std::string out = fmt::format("{}\n", cs.size());
    for (const Rows& g : cs) {
      fmt::format_to(std::back_inserter(out), "{} {}\n", g.size(), g[0].size());
      for (const std::string& row : g) out += row + "\n";
    }
    return out;
  };
  const auto shrink_case = [](const Rows& g) {
    std::vector<Rows> out = smaller_lists(g, 1);
    std::vector<std::size_t> cols(g[0].size());
    for (std::size_t c = 0; c < cols.size(); ++c) cols[c] = c;
    for (const auto& kept : smaller_lists(cols, 1)) {
      Rows s;
      for (const std::string& row : g) {
        s.emplace_back();
        for (const std::size_t c : kept) s.back() += row[c];
      }
      out.push_back(std::move(s));
    }
    for (std::size_t r = 0; r < g.size(); ++r) {
      for (std::size_t c = 0; c < g[r].size(); ++c) {
        if (g[r][c] != '#') continue;
        Rows s = g;
        s[r][c] = '.';
        out.push_back(std::move(s));
      }
    }
    return out;
  };
  return shrink_cases(read_cases(input), shrink_case, format);
}

std::string contest_case(std::string_view input, std::uint64_t k) {
  for_each_grid(input, [](const Grid&, std::uint64_t, std::uint64_t) {});  // keeps none
  return case_text(case_lines(input, k, true, [](std::string_view h) { return header_number(h); }));
}

}  // namespace perfectplay::games::bacteria
