#include "games/gridgame/gridgame_io.h"

#include <fmt/format.h>
#include <algorithm>
#include <random>

#include "core/game.h"
#include "core/text_reader.h"

namespace perfectplay::games::gridgame {

namespace {

// n, then n lines of n integers. Memory grows with the numbers read, never
// with the declared n alone.
CostMatrix read_matrix(TextReader& in) {
  const std::int64_t n = in.read_int("the size n", 1, kMaxN);
  in.end_line("n");
  std::vector<std::int64_t> values;
  values.reserve(static_cast<std::size_t>(std::min<std::int64_t>(n * n, 1 << 20)));
  for (std::int64_t r = 0; r < n; ++r) {
    if (in.at_end()) {
      in.fail(fmt::format("expected row {} of {} ({} numbers), found end of input", r + 1, n, n));
    }
    for (std::int64_t c = 0; c < n; ++c) {
      if (in.at_line_end()) {
        in.fail(fmt::format("row {} has {} numbers, expected {}", r + 1, c, n));
      }
      values.push_back(in.read_int("a matrix entry", -kMaxValue, kMaxValue));
    }
    if (!in.at_line_end()) in.fail(fmt::format("row {} has more than {} numbers", r + 1, n));
    in.end_line("the row");
  }
  return CostMatrix(static_cast<std::size_t>(n), std::move(values));
}

}  // namespace

std::vector<CostMatrix> parse_contest(std::string_view input) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected the number of cases t");
  const std::int64_t cases = in.read_int("the number of cases t", 1, 1'000'000);
  in.end_line("the number of cases");
  std::vector<CostMatrix> out;
  for (std::int64_t i = 1; i <= cases; ++i) {
    in.skip_blank_lines();
    if (in.at_end()) in.fail(fmt::format("expected case {} of {}, found end of input", i, cases));
    out.push_back(read_matrix(in));
  }
  in.end_input();
  return out;
}

CostMatrix parse_assignment(std::string_view input) {
  TextReader in(input);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty input: expected n and an n x n cost matrix");
  CostMatrix m = read_matrix(in);
  in.end_input();
  return m;
}

GamePosition parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty position: expected n, the matrix, and optionally `moves: ...`");
  GamePosition p;
  p.matrix = read_matrix(in);
  in.skip_blank_lines();
  if (!in.at_end()) {
    const std::size_t at = in.offset();
    const std::string_view word = in.read_word("`moves:`");
    if (word != "moves:") in.fail_at(at, fmt::format("expected `moves:`, found '{}'", word));
    const int n = p.matrix.size();
    std::vector<char> row_used(static_cast<std::size_t>(n)), col_used(static_cast<std::size_t>(n));
    while (!in.at_line_end()) {
      const bool row = p.moves.size() % 2 == 0;
      const std::size_t pos = in.offset();
      const auto k = static_cast<int>(in.read_int(row ? "a row" : "a column", 1, n)) - 1;
      auto& used = row ? row_used : col_used;
      if (used[static_cast<std::size_t>(k)]) {
        in.fail_at(pos, fmt::format("{} {} is already crossed", row ? "row" : "column", k + 1));
      }
      used[static_cast<std::size_t>(k)] = 1;
      p.moves.push_back(k);
    }
    in.end_line("the moves");
    in.end_input();
  }
  return p;
}

std::string format_matrix(const CostMatrix& m) {
  std::string out = fmt::format("{}\n", m.size());
  for (int r = 0; r < m.size(); ++r) {
    for (int c = 0; c < m.size(); ++c)
      fmt::format_to(std::back_inserter(out), "{}{}", c ? " " : "", m(r, c));
    out += '\n';
  }
  return out;
}

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t n, std::int64_t max_abs) {
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> size(1, n), value(-max_abs, max_abs);
  std::string out = fmt::format("{}\n", cases);
  for (std::int64_t i = 0; i < cases; ++i) {
    const std::int64_t k = size(rng);
    fmt::format_to(std::back_inserter(out), "{}\n", k);
    for (std::int64_t r = 0; r < k; ++r) {
      for (std::int64_t c = 0; c < k; ++c)
        fmt::format_to(std::back_inserter(out), "{}{}", c ? " " : "", value(rng));
      out += '\n';
    }
  }
  return out;
}

}  // namespace perfectplay::games::gridgame
