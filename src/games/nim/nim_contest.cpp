#include "games/nim/nim_contest.h"

#include <fmt/format.h>

#include <cstdint>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/nim/nim_io.h"

namespace perfectplay::games::nim {

void validate_contest(std::string_view input) {
  // Every case is solved (its rows must parse) but no answer is kept:
  // solve_contest's vector of ten million answers took 580 MB for a 48 MB input.
  for_each_answer(input, Ending::kNormal, [](const CaseAnswer&) {});
}

std::vector<std::string> shrink_contest(std::string_view input) {
  using Rows = std::vector<std::int64_t>;
  TextReader in(input);
  const std::uint64_t t = in.read_uint("T", UINT64_MAX);
  in.end_line("T");
  std::vector<Rows> cases(t);
  for (Rows& rows : cases) {
    in.skip_blank_lines();
    const std::uint64_t k = in.read_uint("k", UINT64_MAX);
    in.end_line("k");
    for (std::uint64_t i = 0; i < k; ++i) {
      rows.push_back(static_cast<std::int64_t>(in.read_uint("a row", kMaxLength)));
    }
    in.end_line("the rows");
  }
  const auto format = [](const std::vector<Rows>& cs) {
    std::string out = fmt::format("{}\n", cs.size());
    for (const Rows& rows : cs)
      fmt::format_to(std::back_inserter(out), "{}\n{}\n", rows.size(), fmt::join(rows, " "));
    return out;
  };
  const auto shrink_case = [](const Rows& rows) {
    std::vector<Rows> out = smaller_lists(rows, 1);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      for (const std::int64_t v : smaller_values(rows[i])) {
        Rows r = rows;
        r[i] = v;
        out.push_back(std::move(r));
      }
    }
    return out;
  };
  return shrink_cases(cases, shrink_case, format);
}

std::string contest_case(std::string_view input, std::uint64_t k) {
  validate_contest(input);
  return std::string(case_lines(input, k, true, [](std::string_view) { return 1; }).lines[0]);
}

}  // namespace perfectplay::games::nim
