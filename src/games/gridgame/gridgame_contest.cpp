#include "games/gridgame/gridgame_contest.h"

#include <fmt/format.h>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/gridgame/gridgame_io.h"

namespace perfectplay::games::gridgame {

namespace {

constexpr const char* kContest = "UVa 11553";

using Matrix = std::vector<std::vector<std::int64_t>>;

std::vector<Matrix> read_cases(std::string_view input) {
  TextReader in(input);
  const std::int64_t t = read_within(in, "t", 1, 20, kContest);
  in.end_line("t");
  std::vector<Matrix> cases(static_cast<std::size_t>(t));
  for (Matrix& m : cases) {
    in.skip_blank_lines();
    const std::int64_t n = read_within(in, "n", 1, 8, kContest);
    in.end_line("n");
    m.assign(static_cast<std::size_t>(n), std::vector<std::int64_t>(static_cast<std::size_t>(n)));
    for (auto& row : m) {
      for (auto& v : row) v = read_within(in, "M(i, j)", -1000, 1000, kContest);
      in.end_line("a row");
    }
  }
  return cases;
}

}  // namespace

void validate_contest(std::string_view input) {
  // The contest's limits first: they hold only small matrices (n <= 8), and
  // where one is broken (n = 2000) a format error can come before it only in
  // the lines up to its own, so only those lines are parsed as solve parses
  // them. Parsing the whole input first held a 2000 x 2000
  // matrix of int64: 47 MB for 9.6 MB of input.
  try {
    (void)read_cases(input);
  } catch (const InputError& limit) {
    if (limit.message().find("breaks the contest's limit") != std::string::npos) {
      // The lines up to the limit's own, included: a format error on that
      // line (n = 50001, past solve's range too) is solve's, and comes first.
      std::size_t end = 0;
      for (std::size_t line = 1; line <= limit.line() && end != std::string_view::npos; ++line) {
        end = input.find('\n', end);
        if (end != std::string_view::npos) ++end;
      }
      try {
        (void)parse_contest(input.substr(0, end == std::string_view::npos ? input.size() : end));
      } catch (const InputError& format) {
        if (format.line() <= limit.line()) throw;  // else the cut's "end of input"
      }
      throw;
    }
  }
  validate_format_and_limits([&] { (void)parse_contest(input); }, [&] { (void)read_cases(input); });
}

std::vector<std::string> shrink_contest(std::string_view input) {
  const auto format = [](const std::vector<Matrix>& cs) {
    std::string out = fmt::format("{}\n", cs.size());
    for (const Matrix& m : cs) {
      fmt::format_to(std::back_inserter(out), "{}\n", m.size());
      for (const auto& row : m)
        fmt::format_to(std::back_inserter(out), "{}\n", fmt::join(row, " "));
    }
    return out;
  };
  const auto shrink_case = [](const Matrix& m) {
    std::vector<Matrix> out;
    const std::size_t n = m.size();
    if (n > 1) {
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
          Matrix s;
          for (std::size_t r = 0; r < n; ++r) {
            if (r == i) continue;
            s.emplace_back();
            for (std::size_t c = 0; c < n; ++c) {
              if (c != j) s.back().push_back(m[r][c]);
            }
          }
          out.push_back(std::move(s));
        }
      }
    }
    for (std::size_t r = 0; r < n; ++r) {
      for (std::size_t c = 0; c < n; ++c) {
        for (const std::int64_t v : smaller_values(m[r][c])) {
          Matrix s = m;
          s[r][c] = v;
          out.push_back(std::move(s));
        }
      }
    }
    return out;
  };
  return shrink_cases(read_cases(input), shrink_case, format);
}

std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed) {
  // Validated as solve validates it, one matrix at a time with 32-bit
  // entries (every case's 64-bit matrix at once took 32 MB for a 2000 x 2000
  // matrix of 9.6 MB).
  for_each_compact_case(
      input, [](const algorithms::assignment::CompactMatrix&, std::int64_t, std::int64_t) {},
      passed);
  return case_text(case_lines(input, k, true, [](std::string_view h) { return header_number(h); }),
                   input, passed);
}

}  // namespace perfectplay::games::gridgame
