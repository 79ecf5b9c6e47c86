#include "games/binim/binim_contest.h"

#include <fmt/format.h>

#include "api/contest.h"
#include "core/text_reader.h"
#include "games/binim/binim_io.h"

namespace perfectplay::games::binim {

namespace {

constexpr std::int64_t kMaxT = 500, kMaxN = 50, kMaxLength = 50;

struct Case {
  std::string first;  // Dee or Dum
  std::vector<std::string> stacks;
};

// Reads an input solve has accepted; with `check`, against the contest's
// limits.
std::vector<Case> read_cases(std::string_view input, std::string_view contest = "CodeChef BINIM") {
  TextReader in(input);
  const std::int64_t t = read_within(in, "T", 1, kMaxT, contest);
  in.end_line("T");
  std::vector<Case> cases(static_cast<std::size_t>(t));
  for (Case& c : cases) {
    in.skip_blank_lines();
    const std::int64_t n = read_within(in, "N", 1, kMaxN, contest);
    c.first = std::string(in.read_word("Dee or Dum"));
    in.end_line("the first player");
    for (std::int64_t i = 0; i < n; ++i) {
      (void)in.at_line_end();
      const std::size_t at = in.offset();
      const std::string_view s = in.read_word("a stack");
      if (static_cast<std::int64_t>(s.size()) > kMaxLength) {
        in.fail_at(at,
                   fmt::format("a stack of {} symbols breaks the contest's limit |B| <= {} ({})",
                               s.size(), kMaxLength, contest));
      }
      c.stacks.emplace_back(s);
      in.end_line("a stack");
    }
  }
  return cases;
}

}  // namespace

void validate_contest(std::string_view input, Ending ending) {
  // One format and one set of limits; the problem named is the one played.
  const std::string_view contest = ending == Ending::kNormal ? "CodeChef BINIM" : "CodeChef BINIM2";
  validate_format_and_limits([&] { (void)solve_contest(input, Ending::kNormal); },
                             [&] { (void)read_cases(input, contest); });
}

std::vector<std::string> shrink_contest(std::string_view input) {
  const auto format = [](const std::vector<Case>& cs) {
    std::string out = fmt::format("{}\n", cs.size());
    for (const Case& c : cs) {
      fmt::format_to(std::back_inserter(out), "{} {}\n", c.stacks.size(), c.first);
      for (const std::string& s : c.stacks) out += s + "\n";
    }
    return out;
  };
  const auto shrink_case = [](const Case& c) {
    std::vector<Case> out;
    for (auto& fewer : smaller_lists(c.stacks, 1)) out.push_back({c.first, std::move(fewer)});
    for (std::size_t i = 0; i < c.stacks.size(); ++i) {
      const std::vector<char> symbols(c.stacks[i].begin(), c.stacks[i].end());
      for (const auto& shorter : smaller_lists(symbols, 1)) {
        Case d = c;
        d.stacks[i].assign(shorter.begin(), shorter.end());
        out.push_back(std::move(d));
      }
    }
    return out;
  };
  return shrink_cases(read_cases(input), shrink_case, format);
}

std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed) {
  (void)solve_contest(input, Ending::kNormal);
  const CaseLines c =
      case_lines(input, k, true, [](std::string_view h) { return header_number(h); });
  TextReader header(c.header);
  (void)header.read_uint("N", UINT64_MAX);
  std::string out(header.read_word("the first player"));  // "N Dee" -> "Dee s1 s2 ..."
  std::size_t size = out.size();
  for (const std::string_view stack : c.lines) size += 1 + stack.size();
  out.reserve(size);  // grown by doubling, the old and new blocks were held together
  // The input's pages are given back behind the copy (`passed`): the whole
  // input and the case's copy of it were held at once.
  for (const std::string_view stack : c.lines) {
    out += ' ';
    out += stack;
    if (passed) passed(static_cast<std::size_t>(stack.data() + stack.size() - input.data()));
  }
  return out;
}

}  // namespace perfectplay::games::binim
