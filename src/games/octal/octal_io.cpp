#include "games/octal/octal_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>

#include "core/progress.h"
#include "core/text_reader.h"

namespace perfectplay::games::octal {

namespace {

constexpr std::uint64_t kMaxCount = std::uint64_t{1} << 40;

// One row length, refused at its column when the theory does not reach it.
std::uint64_t read_row(TextReader& in, const Theory& theory) {
  in.at_line_end();  // skips the blanks, so the offset is the number's
  const std::size_t at = in.offset();
  const std::uint64_t r = in.read_uint("a row length", kMaxLength);
  if (!theory.reaches(r)) in.fail_at(at, theory.refusal(r));
  return r;
}

}  // namespace

std::vector<CaseAnswer> solve_contest(std::string_view input) {
  std::vector<CaseAnswer> answers;
  for_each_answer(input, [&](CaseAnswer a) { answers.push_back(std::move(a)); });
  return answers;
}

void for_each_answer(std::string_view input, const std::function<void(CaseAnswer)>& each) {
  TextReader in(input);
  if (in.at_end()) in.fail("empty input: expected the number of cases T");
  const std::uint64_t cases = in.read_uint("the number of cases T", kMaxCount);
  if (cases == 0) in.fail_at(0, "the number of cases T must be at least 1");
  in.end_line("the number of cases");
  std::map<std::string, std::shared_ptr<const Theory>, std::less<>> theories;
  std::vector<std::uint64_t> rows;
  for (std::uint64_t c = 1; c <= cases; ++c) {
    progress::report_every(0xFFF, "cases read", c - 1, cases);
    in.skip_blank_lines();  // blank lines between cases are skipped (docs/cli.md)
    if (in.at_end()) in.fail(fmt::format("expected case {} of {}, found end of input", c, cases));
    in.at_line_end();
    const std::size_t code_at = in.offset();
    const std::string_view word = in.read_word("the octal code");
    auto theory = theories.find(word);
    if (theory == theories.end()) {
      auto code = parse_code(word);
      if (auto* why = std::get_if<std::string>(&code)) {
        in.fail_at(code_at, fmt::format("bad octal code {}: {}", quote_token(word), *why));
      }
      if (theories.size() == kMaxCodes) {
        in.fail_at(code_at,
                   fmt::format("more than {} distinct octal codes in one input", kMaxCodes));
      }
      theory = theories.emplace(std::string(word), theory_of(std::get<Code>(code))).first;
    }
    in.at_line_end();
    const std::size_t k_at = in.offset();
    const std::uint64_t k = in.read_uint("the number of rows k", kMaxCount);
    if (k == 0) in.fail_at(k_at, "the number of rows k must be at least 1");
    in.end_line("the number of rows");
    if (in.at_end()) in.fail(fmt::format("expected the {} row lengths of case {}", k, c));
    rows.clear();
    // Room for the k rows the text can hold (two bytes each at least) at
    // once: grown by doubling, the old block and the new one were held
    // together (12.6 MB for a million rows, not 8).
    rows.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(k, in.remaining() / 2 + 1)));
    for (std::uint64_t i = 0; i < k; ++i) {
      if (in.at_line_end()) {
        in.fail(fmt::format("expected {} row length{} on this line, found {}", k, k == 1 ? "" : "s",
                            i));
      }
      rows.push_back(read_row(in, *theory->second));
    }
    if (!in.at_line_end()) {
      in.fail(fmt::format("more than the {} row length{} announced for this case", k,
                          k == 1 ? "" : "s"));
    }
    in.end_line("the row lengths");
    each({theory->second->winning_move(rows), theory->second->code().text});
  }
  in.end_input();
}

void append_answer(std::string& out, const CaseAnswer& a) {
  if (!a.move) {
    out += "lose";
    return;
  }
  const Move& m = *a.move;
  fmt::format_to(std::back_inserter(out), "win {} {}", m.row + 1, m.take);
  if (m.left + m.right > 0) fmt::format_to(std::back_inserter(out), " {}", m.left);
}

nlohmann::json answer_json(const CaseAnswer& a) {
  nlohmann::json j;
  j["code"] = a.code;
  j["result"] = a.move ? "win" : "lose";
  if (a.move) {
    j["row"] = a.move->row + 1;
    j["take"] = a.move->take;
    if (a.move->left + a.move->right > 0) j["left"] = a.move->left;
  }
  return j;
}

Position parse_position(std::string_view text, const Theory& theory) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty position: expected the row lengths on one line");
  Position p;
  // Room for every number the text can hold (two bytes each at least): the
  // vector is filled in place, never copied as it grows.
  p.rows.reserve(in.remaining() / 2 + 1);
  while (!in.at_line_end()) p.rows.push_back(read_row(in, theory));
  in.end_line("the row lengths");
  in.end_input("the position");
  return p;
}

std::string format_position(const Position& p) {
  return join_counts(p.rows);
}

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_rows,
                             std::int64_t max_length, const Theory& theory, const TextSink& sink,
                             bool exact) {
  if (!theory.reaches(static_cast<std::uint64_t>(max_length))) {
    throw RequestError(theory.refusal(static_cast<std::uint64_t>(max_length)) +
                       " (lower --max-length)");
  }
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> rows_dist(exact ? max_rows : 1, max_rows);
  std::uniform_int_distribution<std::int64_t> len_dist(0, max_length);
  std::string out = fmt::format("{}\n", cases);
  for (std::int64_t c = 0; c < cases; ++c) {
    const std::int64_t k = rows_dist(rng);
    fmt::format_to(std::back_inserter(out), "{} {}\n", theory.code().text, k);
    for (std::int64_t i = 0; i < k; ++i) {
      fmt::format_to(std::back_inserter(out), "{}{}", i ? " " : "", len_dist(rng));
      sink.maybe_flush(out);  // a row line may hold a million numbers
    }
    out += '\n';
    sink.maybe_flush(out);
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::games::octal
