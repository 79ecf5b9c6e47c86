#include "games/octal/octal_contest.h"

#include <fmt/format.h>

#include <cstdint>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/octal/octal_io.h"

namespace perfectplay::games::octal {

void validate_contest(std::string_view input) {
  (void)solve_contest(input);
}

std::vector<std::string> shrink_contest(std::string_view input) {
  struct Case {
    std::string code;
    std::vector<std::int64_t> rows;
  };
  TextReader in(input);
  const std::uint64_t t = in.read_uint("T", UINT64_MAX);
  in.end_line("T");
  std::vector<Case> cases(t);
  for (Case& c : cases) {
    in.skip_blank_lines();
    c.code = std::string(in.read_word("the code"));
    const std::uint64_t k = in.read_uint("k", UINT64_MAX);
    in.end_line("k");
    for (std::uint64_t i = 0; i < k; ++i) {
      c.rows.push_back(static_cast<std::int64_t>(in.read_uint("a row", kMaxLength)));
    }
    in.end_line("the rows");
  }
  const auto format = [](const std::vector<Case>& cs) {
    std::string out = fmt::format("{}\n", cs.size());
    for (const Case& c : cs) {
      fmt::format_to(std::back_inserter(out), "{} {}\n{}\n", c.code, c.rows.size(),
                     fmt::join(c.rows, " "));
    }
    return out;
  };
  const auto shrink_case = [](const Case& c) {
    std::vector<Case> out;
    for (auto& fewer : smaller_lists(c.rows, 1)) out.push_back({c.code, std::move(fewer)});
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
      for (const std::int64_t v : smaller_values(c.rows[i])) {
        Case d = c;
        d.rows[i] = v;
        out.push_back(std::move(d));
      }
    }
    return out;
  };
  return shrink_cases(cases, shrink_case, format);
}

ContestCase contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed) {
  validate_contest(input);
  const CaseLines c = case_lines(input, k, true, [](std::string_view) { return 1; });
  TextReader header(c.header);
  ContestCase out{{}, std::string(header.read_word("the code"))};
  // The rows are copied a MiB at a time, the input's pages given back behind
  // the copy: the whole input and the case's copy of it were held at once.
  const std::string_view rows = c.lines[0];
  out.position.reserve(rows.size());
  constexpr std::size_t kPiece = std::size_t{1} << 20;
  for (std::size_t at = 0; at < rows.size(); at += kPiece) {
    const std::string_view piece = rows.substr(at, kPiece);
    out.position += piece;
    if (passed) passed(static_cast<std::size_t>(piece.data() + piece.size() - input.data()));
  }
  return out;
}

}  // namespace perfectplay::games::octal
