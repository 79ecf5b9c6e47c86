#include "games/gridgame/gridgame_io.h"

#include <fmt/format.h>
#include <iterator>
#include <memory>

#include "core/text_reader.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::read_matrix;

std::vector<CostMatrix> parse_contest(std::string_view input) {
  std::vector<CostMatrix> out;
  for_each_case(input,
                [&](CostMatrix m, std::int64_t, std::int64_t) { out.push_back(std::move(m)); });
  return out;
}

namespace {

// The cases, each read by `read(in)` and handed to `each` with its index.
template <class Read, class Each>
void cases(std::string_view input, Read read, const Each& each) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected the number of cases t");
  const std::int64_t count = in.read_int("the number of cases t", 1, 1'000'000);
  in.end_line("the number of cases");
  for (std::int64_t i = 1; i <= count; ++i) {
    in.skip_blank_lines();  // blank lines between cases are skipped (docs/cli.md)
    if (in.at_end()) in.fail(fmt::format("expected case {} of {}, found end of input", i, count));
    each(read(in), i - 1, count);
  }
  in.end_input();
}

}  // namespace

void for_each_case(std::string_view input,
                   const std::function<void(CostMatrix, std::int64_t, std::int64_t)>& each) {
  cases(input, read_matrix, each);
}

void for_each_compact_case(std::string_view input,
                           const std::function<void(const algorithms::assignment::CompactMatrix&,
                                                    std::int64_t, std::int64_t)>& each,
                           const algorithms::assignment::Passed& passed) {
  cases(
      input,
      [&](TextReader& in) { return algorithms::assignment::read_compact_matrix(in, passed); },
      each);
}

Position parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty position: expected n, the matrix, and optionally `moves: ...`");
  // Read straight into 32-bit entries where they all fit (GridMatrix).
  Position p{std::make_shared<const GridMatrix>(algorithms::assignment::read_compact_matrix(in)),
             {}};
  in.skip_blank_lines();
  if (!in.at_end()) {
    const std::size_t at = in.offset();
    const std::string_view word = in.read_word("`moves:`");
    if (word != "moves:")
      in.fail_at(at, fmt::format("expected `moves:`, found {}", quote_token(word)));
    const int n = p.n();
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
    in.end_input("the position");
  }
  return p;
}

std::string format_position(const Position& p) {
  std::string out =
      p.matrix->visit([](const auto& m) { return algorithms::assignment::format_matrix(m); });
  if (!p.moves.empty()) {
    out += "moves:";
    for (const int k : p.moves) fmt::format_to(std::back_inserter(out), " {}", k + 1);
    out += '\n';
  }
  return out;
}

}  // namespace perfectplay::games::gridgame
