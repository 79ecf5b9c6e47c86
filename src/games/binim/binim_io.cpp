#include "games/binim/binim_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "core/input_error.h"
#include "core/progress.h"
#include "core/text_reader.h"
#include "games/binim/binim_theory.h"

namespace perfectplay::games::binim {

namespace {

constexpr std::uint64_t kMaxCount = 1'000'000'000'000ULL;

std::string shown(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string(1, c);
  return fmt::format("\\x{:02x}", u);
}

Player read_player(TextReader& in, std::string_view what) {
  const std::string_view w = in.read_word(what);
  if (w == "Dee") return Player::kDee;
  if (w == "Dum") return Player::kDum;
  in.fail_at(in.offset() - w.size(), fmt::format("expected Dee or Dum, found {}", quote_token(w)));
}

// Checks a stack read by the careful path and reports the first bad byte.
void check_stack(const TextReader& in, std::string_view s, std::size_t start) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '0' && s[i] != '1') {
      in.fail_at(start + i, fmt::format("a stack holds only 0 and 1, found '{}'", shown(s[i])));
    }
  }
}

// One stack line. Fast path, in one pass: eight bytes at a time, '0' and
// '1' become bytes 0 and 1 (anything else leaves a higher bit set), and the
// ones of a clean chunk are summed with one multiplication (the sum of its
// bytes lands in the top byte; no popcount instruction is assumed of the
// target). The first other byte must end the line ('\n', "\r\n", or '\r' at
// the end of input). Anything else takes the careful path, which names the
// defect.
StackFacts read_stack_line(TextReader& in) {
  constexpr std::uint64_t kZeros = 0x3030303030303030ULL;
  constexpr std::uint64_t kHigh = 0xFEFEFEFEFEFEFEFEULL;
  constexpr std::uint64_t kBytes = 0x0101010101010101ULL;
  // The text not read yet (of the whole input, or of a source's piece,
  // which holds whole lines).
  const std::size_t start = in.offset();
  const std::string_view rest = in.rest();
  const char* const p = rest.data();
  const char* const end = p + rest.size();
  const char* q = p;
  std::uint64_t ones = 0;
  for (;;) {
    if (end - q < 8) {
      for (; q != end; ++q) {
        const unsigned bit = static_cast<unsigned char>(*q) - static_cast<unsigned>('0');
        if (bit > 1) break;
        ones += bit;
      }
      break;
    }
    std::uint64_t chunk;
    std::memcpy(&chunk, q, 8);
    const std::uint64_t x = chunk ^ kZeros;
    const std::uint64_t other = x & kHigh;
    if (other == 0) {
      ones += (x * kBytes) >> 56;
      q += 8;
      continue;
    }
    const int n = __builtin_ctzll(other) / 8;  // clean bytes before the first other one
    if (n > 0) ones += ((x & (~std::uint64_t{0} >> (64 - 8 * n))) * kBytes) >> 56;
    q += n;
    break;
  }
  const char* next = nullptr;  // where the next line starts, if this one ends cleanly
  if (q == end) {
    next = end;
  } else if (*q == '\n') {
    next = q + 1;
  } else if (*q == '\r' && (q + 1 == end || q[1] == '\n')) {
    next = q + 1 == end ? end : q + 2;
  }
  if (next != nullptr && q != p) {
    StackFacts f;
    f.top = p[0];
    f.bottom = q[-1];
    f.ones = ones;
    f.zeros = static_cast<std::uint64_t>(q - p) - ones;
    in.seek(start + static_cast<std::size_t>(next - p));
    return f;
  }
  const std::string_view s = in.read_word("a stack (a string of 0 and 1)");
  check_stack(in, s, in.offset() - s.size());
  // Before the line's end is consumed: past it a source's next piece may
  // replace the text `s` views.
  const StackFacts facts = facts_of(s);
  in.end_line("the stack");
  return facts;
}

}  // namespace

LineRules contest_line_rules() {
  LineRules r = LineRules::only("0123456789 \t\rDeum", "digits, blanks, Dee and Dum");
  r.max_digits = 13;  // kMaxCount, 10^12
  r.free_digits = "01";
  return r;
}

std::vector<Player> solve_contest(std::string_view input, Ending ending) {
  TextReader in(input);
  return solve_contest(in, ending);
}

std::vector<Player> solve_contest(TextSource& input, Ending ending) {
  input.rewind();
  TextReader in(input);
  return solve_contest(in, ending);
}

std::vector<Player> solve_contest(TextReader& in, Ending ending) {
  if (in.at_end()) in.fail("empty input: expected the number of cases T");
  const std::uint64_t cases = in.read_uint("the number of cases T", kMaxCount);
  if (cases == 0) in.fail_at(0, "the number of cases T must be at least 1");
  in.end_line("the number of cases");
  std::vector<Player> winners;
  for (std::uint64_t c = 1; c <= cases; ++c) {
    progress::report_every(0xFFF, "cases read", c - 1, cases);
    in.skip_blank_lines();  // blank lines between cases are skipped (docs/cli.md)
    if (in.at_end()) in.fail(fmt::format("expected case {} of {}, found end of input", c, cases));
    const std::size_t n_offset = in.offset();
    const std::uint64_t n = in.read_uint("the number of stacks N", kMaxCount);
    if (n == 0) in.fail_at(n_offset, "the number of stacks N must be at least 1");
    const Player first = read_player(in, "the player who moves first (Dee or Dum)");
    in.end_line("the first player");
    Summary s;
    for (std::uint64_t i = 1; i <= n; ++i) {
      if (in.at_end()) {
        in.fail(fmt::format("expected stack {} of {} in case {}, found end of input", i, n, c));
      }
      s.add(read_stack_line(in));
    }
    winners.push_back(winner(s, first, ending));
  }
  in.end_input();
  return winners;
}

Position parse_position(std::string_view text) {
  TextReader in(text);
  in.skip_blank_lines();
  if (in.at_end())
    in.fail("empty position: expected the player to move (Dee or Dum), then the stacks");
  Position p;
  p.to_move = read_player(in, "the player to move (Dee or Dum)");
  // Room for every stack at once, counted by the blanks that can end one,
  // and for the text's bytes as symbols: grown by doubling, a million
  // stacks' old and new arrays were held together.
  p.stacks.reserve(
      static_cast<std::size_t>(
          std::count_if(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\n'; }) +
          1),
      text.size());
  for (;;) {
    if (in.at_line_end()) {
      if (in.at_end()) break;
      in.end_line("the stacks");
      continue;
    }
    const std::string_view s = in.read_word("a stack (a string of 0 and 1, or - if empty)");
    const std::size_t start = in.offset() - s.size();
    if (s == "-") {  // a stack emptied in play keeps its number
      p.stacks.push_back(std::string_view());
      continue;
    }
    check_stack(in, s, start);
    // A stack's length is held in 32 bits (binim_stacks.h).
    if (s.size() > UINT32_MAX) {
      in.fail_at(start, fmt::format("a stack holds at most {} symbols, this one {}",
                                    std::uint64_t{UINT32_MAX}, s.size()));
    }
    p.stacks.push_back(s);
  }
  return p;
}

std::string format_position(const Position& p) {
  // Its size first: grown by doubling, a large position's old and new texts
  // were held together (50 MB for a text of 26).
  std::size_t size = name_of(p.to_move).size();
  for (const StackView s : p.stacks) size += 1 + std::max<std::size_t>(s.size(), 1);
  std::string out;
  out.reserve(size);
  out += name_of(p.to_move);
  for (const StackView s : p.stacks) {
    out += ' ';
    if (s.empty()) {
      out += '-';
      continue;
    }
    // 64 symbols at a time, written byte by byte from the bits.
    for (std::size_t k = 0; k < s.size(); k += 64) {
      const auto n = static_cast<unsigned>(std::min<std::size_t>(64, s.size() - k));
      std::uint64_t bits = s.bits(k, n);
      for (unsigned j = 0; j < n; ++j, bits >>= 1) out += static_cast<char>('0' + (bits & 1));
    }
  }
  return out;
}

std::string generate_contest(Seed seed, std::int64_t cases, std::int64_t max_stacks,
                             std::int64_t max_length, const TextSink& sink, bool exact) {
  // The command line's --stacks starts at 1 (binim_entry.cpp); a caller that
  // passes 0 is refused: a contest case has at least one stack, and
  // uniform_int_distribution(1, 0) is undefined (it ran out of memory).
  if (max_stacks < 1) {
    throw RequestError("generate: a contest case has at least one stack (--stacks must be >= 1)");
  }
  std::mt19937_64 rng(mix64(seed));
  std::uniform_int_distribution<std::int64_t> stacks_dist(exact ? max_stacks : 1, max_stacks);
  std::uniform_int_distribution<std::int64_t> len_dist(1, max_length);
  std::string out = fmt::format("{}\n", cases);
  for (std::int64_t c = 0; c < cases; ++c) {
    const std::int64_t n = stacks_dist(rng);
    fmt::format_to(std::back_inserter(out), "{} {}\n", n, (rng() & 1) ? "Dee" : "Dum");
    for (std::int64_t i = 0; i < n; ++i) {
      const std::int64_t len = len_dist(rng);
      std::uint64_t bits = 0;
      for (std::int64_t j = 0; j < len; ++j) {
        if (j % 64 == 0) bits = rng();
        out += static_cast<char>('0' + (bits & 1));
        bits >>= 1;
      }
      out += '\n';
      sink.maybe_flush(out);
    }
  }
  return sink.finish(std::move(out));
}

}  // namespace perfectplay::games::binim
