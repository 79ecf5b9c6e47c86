#include "games/nim/nim_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <random>
#include <stop_token>
#include <system_error>
#include <thread>

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

namespace {

// Reads and solves case c from its k line (blank lines before it skipped).
// `rows` is the caller's buffer, reused from case to case.
CaseAnswer read_case(TextReader& in, std::uint64_t c, Ending ending,
                     std::vector<std::uint64_t>& rows) {
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
  return a;
}

std::uint64_t read_cases_line(TextReader& in) {
  if (in.at_end()) in.fail("empty input: expected the number of cases T");
  const std::uint64_t cases = in.read_uint("the number of cases T", kMaxCount);
  if (cases == 0) in.fail_at(0, "the number of cases T must be at least 1");
  in.end_line("the number of cases");
  return cases;
}

// Before case c of `cases`: blank lines between cases are skipped
// (docs/cli.md), and the end of input is an error.
void to_case(TextReader& in, std::uint64_t c, std::uint64_t cases) {
  progress::report_every(0xFFF, "cases read", c - 1, cases);
  in.skip_blank_lines();
  if (in.at_end()) {
    in.fail(fmt::format("expected case {} of {}, found end of input", c, cases));
  }
}

}  // namespace

void for_each_answer(TextReader& in, Ending ending,
                     const std::function<void(const CaseAnswer&)>& each) {
  const std::uint64_t cases = read_cases_line(in);
  std::vector<std::uint64_t> rows;
  for (std::uint64_t c = 1; c <= cases; ++c) {
    to_case(in, c, cases);
    each(read_case(in, c, ending, rows));
  }
  in.end_input();
}

namespace {

// The bytes looked at, from the middle on, for a place to cut.
constexpr std::size_t kCutWindow = std::size_t{1} << 20;

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// The value of a line that is one number of at most 13 digits and nothing
// else but blanks (a k line, or a row line of one row), or 0.
std::uint64_t lone_number(std::string_view line) {
  std::size_t a = 0, b = line.size();
  while (a < b && is_blank(line[a])) ++a;
  while (b > a && is_blank(line[b - 1])) --b;
  if (a == b || b - a > 13) return 0;
  std::uint64_t v = 0;
  for (std::size_t i = a; i < b; ++i) {
    const unsigned d = static_cast<unsigned char>(line[i]) - static_cast<unsigned>('0');
    if (d > 9) return 0;
    v = v * 10 + d;
  }
  return v;
}

// The numbers (runs of non-blanks) of `line`, counting no further than
// limit + 1.
std::uint64_t tokens(std::string_view line, std::uint64_t limit) {
  std::uint64_t n = 0;
  bool in_token = false;
  for (const char c : line) {
    if (is_blank(c)) {
      in_token = false;
    } else if (!in_token) {
      in_token = true;
      if (++n > limit) break;
    }
  }
  return n;
}

// A guess at a case's first byte at or after `from`: the start of a line that
// holds one number k and is followed by a line of k numbers (or of at most
// k, where the window ends inside it). Only a guess: a row line of one row
// followed by a k line of 1 looks the same; the caller confirms it.
std::optional<std::uint64_t> case_start_after(TextSource& input, std::uint64_t from) {
  std::string window(kCutWindow, '\0');
  window.resize(input.peek(from, window.data(), window.size()));
  const std::string_view w = window;
  std::size_t line = w.find('\n');  // the first whole line starts after it
  while (line != std::string_view::npos && line + 1 < w.size()) {
    const std::size_t start = line + 1;
    const std::size_t end = w.find('\n', start);
    if (end == std::string_view::npos) break;
    const std::uint64_t k = lone_number(w.substr(start, end - start));
    if (k != 0) {
      const std::size_t next_end = w.find('\n', end + 1);
      const std::string_view next =
          w.substr(end + 1, next_end == std::string_view::npos ? w.npos : next_end - end - 1);
      const std::uint64_t n = tokens(next, k);
      if (n == k || (next_end == std::string_view::npos && n > 0 && n <= k)) return from + start;
    }
    line = end;
  }
  return std::nullopt;
}

}  // namespace

bool answers_in_two_parts(TextSource& input, Ending ending, const TextSink& sink,
                          std::uint64_t min_bytes, bool* second_used) {
  if (second_used != nullptr) *second_used = false;
  const std::uint64_t size = input.size();
  if (size < min_bytes || std::thread::hardware_concurrency() < 2) return false;
  const std::optional<std::uint64_t> cut = case_start_after(input, size / 2);
  if (!cut) return false;
  std::unique_ptr<TextSource> tail = input.tail(*cut);
  if (!tail) return false;

  // The second part, from the guessed case start to the end: its answers
  // and how many, or not ok (a defect, or stopped).
  struct Part {
    std::string out;
    std::uint64_t cases = 0;
    bool ok = false;
  } second;
  std::jthread worker;
  try {
    worker = std::jthread([&second, &tail, ending](const std::stop_token& stop) {
      try {
        TextReader in(*tail);
        std::vector<std::uint64_t> rows;
        second.out.reserve(static_cast<std::size_t>(tail->size() / 4));
        for (;;) {
          if (stop.stop_requested()) return;
          in.skip_blank_lines();
          if (in.at_end()) break;
          append_answer(second.out, read_case(in, 0, ending, rows));
          second.out += '\n';
          ++second.cases;
        }
        second.ok = true;
      } catch (...) {
        // A defect (or no memory): the first part's reader goes on over
        // the whole text and names it.
      }
    });
  } catch (const std::system_error&) {
    return false;  // no thread to be had
  }

  // The first part: the whole text from its start, one case at a time, as
  // for_each_answer reads it. Where a case starts exactly at the cut, the
  // second part's answers are the rest, if it read the right number of
  // cases to the end; anywhere else (the guess was a row line, or the
  // second part met a defect) this reader reads on alone and meets any
  // defect itself, with the one-thread path's message.
  input.rewind();
  TextReader in(input);
  std::string out;
  out.reserve(static_cast<std::size_t>(size / 4));
  const std::uint64_t cases = read_cases_line(in);
  std::vector<std::uint64_t> rows;
  bool joined = false;
  for (std::uint64_t c = 1; c <= cases; ++c) {
    to_case(in, c, cases);
    if (!joined && in.offset() >= *cut) {
      joined = true;
      if (in.offset() == *cut) {
        worker.join();
        if (second.ok && second.cases == cases - (c - 1)) {
          if (second_used != nullptr) *second_used = true;
          (void)sink.finish(std::move(out));
          (void)sink.finish(std::move(second.out));
          return true;
        }
      } else {
        worker.request_stop();
      }
    }
    append_answer(out, read_case(in, c, ending, rows));
    out += '\n';
  }
  in.end_input();
  (void)sink.finish(std::move(out));
  return true;
}

LineRules contest_line_rules() {
  LineRules r = LineRules::only("0123456789 \t\r", "digits and blanks");
  r.max_digits = 19;  // kMaxLength and kMaxCount are below 10^19
  return r;
}

void append_answer(std::string& out, const CaseAnswer& a) {
  if (!a.wins) {
    out += "lose";
  } else if (!a.move) {
    out += "win";
  } else {
    // fmt::format_int, not format_to: no format string to read per answer
    // (format_to took a tenth of a large solve's time).
    const fmt::format_int row(a.move->row + 1);
    const fmt::format_int take(a.move->take);
    out += "win ";
    out.append(row.data(), row.size());
    out += ' ';
    out.append(take.data(), take.size());
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
