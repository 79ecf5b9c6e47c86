#include "algorithms/assignment/assignment_io.h"

#include <fmt/format.h>
#include <algorithm>
#include <iterator>
#include <random>
#include <utility>
#include <vector>

#include "core/game.h"

namespace perfectplay::algorithms::assignment {

namespace {

// The n rows of an n x n matrix, from where `in` stands (after the n line).
template <class Stored>
BasicCostMatrix<Stored> read_rows(TextReader& in, std::int64_t n, const Passed& passed) {
  constexpr std::size_t kPassStep = std::size_t{1} << 20;
  std::vector<Stored> values;
  // Room for every entry the rest of the text can hold (each takes two
  // bytes at least, a digit and a blank or line end), so the vector never
  // grows by copying: its pages become resident only as they are filled.
  values.reserve(std::min(static_cast<std::size_t>(n * n), in.remaining() / 2 + 1));
  std::size_t next_pass = in.offset() + kPassStep;
  for (std::int64_t r = 0; r < n; ++r) {
    if (passed && in.offset() >= next_pass) {
      passed(in.offset());
      next_pass = in.offset() + kPassStep;
    }
    if (in.at_end()) {
      in.fail(fmt::format("expected row {} of {} ({} numbers), found end of input", r + 1, n, n));
    }
    for (std::int64_t c = 0; c < n; ++c) {
      if (in.at_line_end()) {
        in.fail(fmt::format("row {} has {} numbers, expected {}", r + 1, c, n));
      }
      values.push_back(
          static_cast<Stored>(in.read_int("a matrix entry", -kMaxInputValue, kMaxInputValue)));
    }
    if (!in.at_line_end()) in.fail(fmt::format("row {} has more than {} numbers", r + 1, n));
    in.end_line("the row");
  }
  return BasicCostMatrix<Stored>(static_cast<std::size_t>(n), std::move(values));
}

std::int64_t read_size(TextReader& in) {
  const std::int64_t n = in.read_int("the size n", 1, kMaxInputN);
  in.end_line("n");
  return n;
}

// The longest run of digits in the first `lines` lines of `text`, counted
// up to 10 (the scan stops there): every number of the range with fewer
// than ten digits fits in 32 bits, with fewer than five in 16.
int longest_number(std::string_view text, std::int64_t lines) {
  int run = 0, longest = 0;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char ch = text[k];
    if (ch >= '0' && ch <= '9') {
      if (++run > longest && (longest = run) >= 10) return longest;
      continue;
    }
    run = 0;
    if (ch == '\n' && --lines == 0) break;
  }
  return longest;
}

}  // namespace

CostMatrix read_matrix(TextReader& in) {
  const std::int64_t n = read_size(in);
  return read_rows<std::int64_t>(in, n, {});
}

CompactMatrix read_compact_matrix(TextReader& in, const Passed& passed) {
  const std::int64_t n = read_size(in);
  const int digits = longest_number(in.rest(), n);
  if (digits >= 10) return read_rows<std::int64_t>(in, n, passed);
  if (digits >= 5) return read_rows<std::int32_t>(in, n, passed);
  return read_rows<std::int16_t>(in, n, passed);
}

Result solve(const CompactMatrix& m) {
  return std::visit([](const auto& matrix) { return solve(matrix); }, m);
}

namespace {

template <class Read>
auto parse_one(std::string_view input, Read read) {
  TextReader in(input);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty input: expected n and an n x n cost matrix");
  auto m = read(in);
  in.end_input("the matrix");
  return m;
}

}  // namespace

CostMatrix parse_assignment(std::string_view input) {
  return parse_one(input, [](TextReader& in) { return read_matrix(in); });
}

CompactMatrix parse_compact_assignment(std::string_view input, const Passed& passed) {
  return parse_one(input, [&](TextReader& in) { return read_compact_matrix(in, passed); });
}

namespace {

// format_int, not format_to per entry: a game's analysis writes the matrix
// once for every child position it lists.
template <class Matrix>
std::string format_any_width(const Matrix& m) {
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

}  // namespace

std::string format_matrix(const CostMatrix& m) {
  return format_any_width(m);
}
std::string format_matrix(const CostMatrix32& m) {
  return format_any_width(m);
}
std::string format_matrix(const CostMatrix16& m) {
  return format_any_width(m);
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
