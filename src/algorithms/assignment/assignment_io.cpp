#include "algorithms/assignment/assignment_io.h"

#include <fmt/format.h>
#include <algorithm>
#include <iterator>
#include <random>
#include <utility>
#include <vector>

#include "core/game.h"

namespace perfectplay::algorithms::assignment {

CostMatrix read_matrix(TextReader& in) {
  const std::int64_t n = in.read_int("the size n", 1, kMaxInputN);
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
      values.push_back(in.read_int("a matrix entry", -kMaxInputValue, kMaxInputValue));
    }
    if (!in.at_line_end()) in.fail(fmt::format("row {} has more than {} numbers", r + 1, n));
    in.end_line("the row");
  }
  return CostMatrix(static_cast<std::size_t>(n), std::move(values));
}

CostMatrix parse_assignment(std::string_view input) {
  TextReader in(input);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty input: expected n and an n x n cost matrix");
  CostMatrix m = read_matrix(in);
  in.end_input("the matrix");
  return m;
}

std::string format_matrix(const CostMatrix& m) {
  // format_int, not format_to per entry: a game's analysis writes the
  // matrix once for every child position it lists.
  std::string out = fmt::format("{}\n", m.size());
  out.reserve(out.size() + m.cost.size() * 6);
  for (int r = 0; r < m.size(); ++r) {
    for (int c = 0; c < m.size(); ++c) {
      if (c) out += ' ';
      const fmt::format_int v(m(r, c));
      out.append(v.data(), v.size());
    }
    out += '\n';
  }
  return out;
}

std::string generate_matrices(Seed seed, std::int64_t cases, std::int64_t n, std::int64_t max_abs,
                              bool with_count, const TextSink& sink, bool exact) {
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> size(exact ? n : 1, n), value(-max_abs, max_abs);
  std::string out = with_count ? fmt::format("{}\n", cases) : std::string();
  for (std::int64_t i = 0; i < cases; ++i) {
    const std::int64_t k = size(rng);
    fmt::format_to(std::back_inserter(out), "{}\n", k);
    for (std::int64_t r = 0; r < k; ++r) {
      for (std::int64_t c = 0; c < k; ++c)
        fmt::format_to(std::back_inserter(out), "{}{}", c ? " " : "", value(rng));
      out += '\n';
      sink.maybe_flush(out);
    }
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::algorithms::assignment
