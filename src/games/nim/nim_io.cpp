#include "games/nim/nim_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "core/progress.h"
#include "core/text_reader.h"
#include "games/nim/nim_theory.h"

namespace perfectplay::games::nim {

namespace {

constexpr std::uint64_t kMaxCount = std::uint64_t{1} << 40;

// Reads the k row lengths of one line, feeding each to `sink`. Reports a short
// or long line with the counts.
template <class Sink>
void read_rows(TextReader& in, std::uint64_t k, Sink&& sink) {
  for (std::uint64_t i = 0; i < k; ++i) {
    if (in.at_line_end()) {
      in.fail(
          fmt::format("expected {} row length{} on this line, found {}", k, k == 1 ? "" : "s", i));
    }
    sink(in.read_uint("a row length", kMaxLength));
  }
  if (!in.at_line_end()) {
    in.fail(
        fmt::format("more than the {} row length{} announced for this case", k, k == 1 ? "" : "s"));
  }
  in.end_line("the row lengths");
}

// Reads the k row lengths of one line through the reader's fast path, or,
// when the line is not in the plain shape, through the checking path (which
// either accepts it, e.g. numbers with many leading zeros, or throws the
// exact error). `reset` undoes what sink saw before a fallback.
// Memory grows with the numbers actually present, never with the declared k.
template <class Sink, class Reset>
void scan_rows(TextReader& in, std::uint64_t k, Sink&& sink, Reset&& reset) {
  const std::size_t start = in.offset();
  if (in.try_uint_line(k, kMaxLength, sink)) return;
  reset();
  in.seek(start);
  read_rows(in, k, sink);
}

}  // namespace

std::vector<CaseAnswer> solve_contest(std::string_view input, Ending ending) {
  std::vector<CaseAnswer> answers;
  for_each_answer(input, ending, [&](const CaseAnswer& a) { answers.push_back(a); });
  return answers;
}

void for_each_answer(std::string_view input, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each) {
  TextReader in(input);
  for_each_answer(in, ending, each);
}

void for_each_answer(TextSource& input, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each) {
  input.rewind();
  TextReader in(input);
  for_each_answer(in, ending, each);
}

void for_each_answer(TextReader& in, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each) {
  if (in.at_end()) in.fail("empty input: expected the number of cases T");
  const std::uint64_t cases = in.read_uint("the number of cases T", kMaxCount);
  if (cases == 0) in.fail_at(0, "the number of cases T must be at least 1");
  in.end_line("the number of cases");
  std::vector<std::uint64_t> rows;
  for (std::uint64_t c = 1; c <= cases; ++c) {
    progress::report_every(0xFFF, "cases read", c - 1, cases);
    in.skip_blank_lines();  // blank lines between cases are skipped (docs/cli.md)
    if (in.at_end()) {
      in.fail(fmt::format("expected case {} of {}, found end of input", c, cases));
    }
    const std::size_t k_offset = in.offset();
    const std::uint64_t k = in.read_uint("the number of rows k", kMaxCount);
    if (k == 0) in.fail_at(k_offset, "the number of rows k must be at least 1");
    in.end_line("the number of rows");
    if (in.at_end()) in.fail(fmt::format("expected the {} row lengths of case {}", k, c));
    // The rows of this case only (the buffer is reused): the second pass,
    // which finds the winning row once the nim-sum is known, runs over them.
    rows.clear();
    scan_rows(
        in, k, [&](std::uint64_t r) { rows.push_back(r); }, [&] { rows.clear(); });
    const Summary s = summarize(rows);
    CaseAnswer a;
    a.wins = mover_wins(s, ending);
    if (a.wins) {
      for (std::size_t i = 0; i < rows.size(); ++i) {
        if (auto t = winning_target(rows[i], s, ending)) {
          a.move = Move{i, rows[i] - *t};
          break;
        }
      }
    }
    each(a);
  }
  in.end_input();
}

void append_answer(std::string& out, const CaseAnswer& a) {
  if (!a.wins) {
    out += "lose";
  } else if (!a.move) {
    out += "win";
  } else {
    fmt::format_to(std::back_inserter(out), "win {} {}", a.move->row + 1, a.move->take);
  }
}

std::string format_answer(const CaseAnswer& a) {
  std::string out;
  append_answer(out, a);
  return out;
}

nlohmann::json answer_json(const CaseAnswer& a) {
  nlohmann::json j;
  j["result"] = a.wins ? "win" : "lose";
  if (a.move) {
    j["row"] = a.move->row + 1;
    j["take"] = a.move->take;
  }
  return j;
}

Position parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end()) in.fail("empty position: expected the row lengths on one line");
  Position p;
  // Room for every number the text can hold (two bytes each at least): the
  // vector is filled in place, never copied as it grows.
  p.rows.reserve(in.remaining() / 2 + 1);
  while (!in.at_line_end()) p.rows.push_back(in.read_uint("a row length", kMaxLength));
  in.end_line("the row lengths");
  in.end_input("the position");
  return p;
}

std::string format_position(const Position& p) {
  return join_counts(p.rows);
}

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_rows,
                             std::int64_t max_length, const TextSink& sink, bool exact) {
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> rows_dist(exact ? max_rows : 1, max_rows);
  std::uniform_int_distribution<std::int64_t> len_dist(0, max_length);
  std::string out = fmt::format("{}\n", cases);
  for (std::int64_t c = 0; c < cases; ++c) {
    const std::int64_t k = rows_dist(rng);
    fmt::format_to(std::back_inserter(out), "{}\n", k);
    for (std::int64_t i = 0; i < k; ++i) {
      fmt::format_to(std::back_inserter(out), "{}{}", i ? " " : "", len_dist(rng));
      sink.maybe_flush(out);  // a row line may hold a million numbers
    }
    out += '\n';
    sink.maybe_flush(out);
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::games::nim
