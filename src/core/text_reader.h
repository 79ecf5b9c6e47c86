// TextReader: a line-aware tokenizer for contest inputs, built for speed.
//
// The whole input is one contiguous buffer. The reader keeps only a byte
// offset; line and column are computed when an error is raised, by counting
// newlines up to the offending byte, so the fast path pays nothing for them.
//
// Lines matter: a contest format says "k numbers on this line", and an error
// should say which line is short. Reading functions skip blanks (space, tab)
// but never a newline; `end_line` consumes the end of a line, accepting an
// optional '\r' before '\n' (CRLF files) and end of input in place of the last
// newline. `end_input` accepts trailing blank lines and nothing else.
//
//   "3 4\r\n1 2 3\n"      read_int -> 3, read_int -> 4, end_line, ...
//    ^ offset_
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/input_error.h"

#if defined(__x86_64__)
#define PERFECTPLAY_TEXT_SSE41 1
#include <smmintrin.h>  // SSE4.1 and below: immintrin.h adds 0.7 s to every includer's compile
#else
#define PERFECTPLAY_TEXT_SSE41 0
#endif

namespace perfectplay {

// A token of user input as an error message shows it: quoted, control and
// non-ASCII bytes as '?', cut after 20 characters with "..." (a terminal
// escape or a megabyte-long token is never echoed as it is).
std::string quote_token(std::string_view token);

// Text handed to a TextReader piece by piece, for inputs read rather than
// mapped (cli/common.h's FileSource: a large file read into one reused
// buffer costs less than mapping it). Each piece is whole lines; the last may
// end without a newline. The reader asks for the next piece only when it has
// consumed the current one to its end, right after a newline, so a line is
// never cut.
class TextSource {
 public:
  virtual ~TextSource() = default;
  // The next piece: empty at the end of the text. The previous piece is
  // invalid from then on.
  virtual std::string_view next() = 0;
  // Line and column (1-based) of byte `offset` of the whole text, for an
  // error message (it may read the text again).
  virtual std::pair<std::size_t, std::size_t> locate(std::size_t offset) = 0;
  // Back to the first piece (a second pass), and the text's size in bytes.
  virtual void rewind() = 0;
  virtual std::uint64_t size() const = 0;

  // Optional, for a game that parses two parts of a large text at once (on
  // two threads): a source of its own over bytes [begin, size()) of this
  // text, read independently of this one, so that each thread reads its own
  // part. Its offsets count from `begin`; its locate names the whole text's
  // line and column. nullptr where the source cannot (the default).
  virtual std::unique_ptr<TextSource> tail(std::uint64_t /*begin*/) { return nullptr; }
  // Optional: copies up to `n` bytes of the text from `offset` to `out`
  // without moving the pieces (to choose where to cut the text); returns how
  // many were copied (0 where the source cannot, the default).
  virtual std::size_t peek(std::uint64_t /*offset*/, char* /*out*/, std::size_t /*n*/) { return 0; }
};

// What any line of a format may hold, for a reader that holds a line whole
// before it is parsed (a FileSource's piece, a stream read into memory): it
// checks a long line's bytes as they arrive, so a 3 GB line of NUL bytes or
// of digits is refused at its first impossible byte instead of once it has
// been read whole (53 s and 3 GB, before). Each rule is one the format's
// parser applies too, so the check only says earlier what the parse would
// say later; it never refuses a valid input:
//   - the bytes a line may hold at all ('\n' ends a line and is not listed);
//   - the most significant digits of a number (a run of digits, its leading
//     zeros not counted, since the parsers accept those): a run with more
//     cannot be in range. A run made only of `free_digits` is not a number
//     and has no limit (binim's stacks of 0 and 1).
// What it does not bound: a line of many valid numbers, or of blanks (their
// count is the previous line's, or free); those are read whole, within the
// stream limit (docs/reliability.md).
struct LineRules {
  std::bitset<256> bytes;        // the bytes a line may hold
  std::size_t max_digits = 0;    // 0: no limit
  std::string_view free_digits;  // e.g. "01"
  std::string_view holds;        // the bytes, in words, for the message ("digits and blanks")
  // Rules for a format of `allowed` bytes only.
  static LineRules only(std::string_view allowed, std::string_view holds);
};

// Applies LineRules to one line, piece by piece. The offsets are the whole
// text's.
class LineGuard {
 public:
  struct Fault {
    std::uint64_t offset;  // where the defect starts (a number's first digit)
    std::string message;
  };
  explicit LineGuard(const LineRules& rules) : rules_(rules) {}
  // A new line starts at `offset`.
  void start(std::uint64_t offset) {
    run_ = 0;
    significant_ = 0;
    bound_ = false;
    next_ = offset;
  }
  // The next bytes of the line (no '\n' among them), from `offset` on.
  std::optional<Fault> check(std::string_view bytes, std::uint64_t offset);

 private:
  const LineRules& rules_;
  std::uint64_t next_ = 0;         // the offset the next bytes must start at
  std::uint64_t run_start_ = 0;    // the current run of digits' first byte
  std::uint64_t run_ = 0;          // its length (0: not in a run)
  std::uint64_t significant_ = 0;  // its digits from its first non-zero one
  bool bound_ = false;             // it holds a digit outside free_digits
};

class TextReader {
 public:
  explicit TextReader(std::string_view text) : text_(text) {}
  // Reads `source` piece by piece. Offsets (offset, seek, fail_at) stay those
  // of the whole text; seek only within the current line. What read_word and
  // read_line return is valid until the next read; rest() and remaining()
  // refer to the current piece.
  explicit TextReader(TextSource& source) : text_(source.next()), source_(&source) {}

  // Reads a decimal integer in [lo, hi] on the current line. An optional '-'
  // is accepted only when lo < 0. `what` names the number in errors
  // ("the number of rows").
  std::int64_t read_int(std::string_view what, std::int64_t lo, std::int64_t hi);

  // Reads a non-negative decimal integer in [0, hi] (hi may be 2^64 - 1).
  std::uint64_t read_uint(std::string_view what, std::uint64_t hi);

  // Reads a run of non-blank characters on the current line.
  std::string_view read_word(std::string_view what);

  // Reads the rest of the current line, without its end-of-line bytes, and
  // consumes the end of line. Fails at end of input.
  std::string_view read_line(std::string_view what);

  // Requires the current line to end here (after blanks); consumes it.
  // `after` names what was just read ("the row lengths").
  void end_line(std::string_view after);

  // Skips lines that are empty or hold only blanks.
  void skip_blank_lines();

  // Requires the input to end here, allowing trailing blank lines; what
  // ends it is named in the message ("unexpected 'x' after the position").
  void end_input(std::string_view after = "the last case");

  bool at_end() const { return offset_ >= text_.size(); }
  // Bytes not read yet: an upper bound on what the rest of the input holds.
  std::size_t remaining() const { return offset_ < text_.size() ? text_.size() - offset_ : 0; }
  // The text not read yet.
  std::string_view rest() const { return text_.substr(text_.size() - remaining()); }
  // True when only blanks stand between here and the end of the line.
  bool at_line_end() {
    skip_blanks();
    return offset_ >= text_.size() || text_[offset_] == '\n' || text_[offset_] == '\r';
  }
  // Fast path for the common shape "a line of exactly `count` unsigned
  // numbers, each <= hi". When the line is exactly that (blanks between
  // numbers, no sign, no leading '+', then '\n', "\r\n" or end of input),
  // calls sink(value) for each number in order, consumes the line and returns
  // true. Otherwise returns false with the offset unchanged; sink may already
  // have seen some values, which the caller must discard before re-reading
  // the line with the checking functions above to raise the exact error.
  // Numbers must have at most 19 digits (values below 10^19).
  //
  // Two implementations give the same answers: SSE4.1 (64 bytes classified
  // at once, 16 digits converted at once), chosen at run time where the CPU
  // has it, and the portable one (eight bytes at a time). The release build
  // targets baseline x86-64, so the vector one is compiled with a function
  // attribute and never runs on a CPU without SSE4.1.
  template <class Sink>
  bool try_uint_line(std::uint64_t count, std::uint64_t hi, Sink&& sink) {
#if PERFECTPLAY_TEXT_SSE41
    if (sse41_) return try_uint_line_sse41(count, hi, sink);
#endif
    return try_uint_line_portable(count, hi, sink);
  }

  // Whether try_uint_line may use the vector implementation (it does when
  // the CPU has SSE4.1, the default); tests turn it off to compare the two.
  void use_vector_path(bool on) {
    sse41_ = on && vector_path_available();
  }
  // Whether this CPU (and build) has the vector implementation.
  static bool vector_path_available();

  template <class Sink>
  bool try_uint_line_portable(std::uint64_t count, std::uint64_t hi, Sink& sink) {
    const char* p = text_.data() + offset_;
    const char* const end = text_.data() + text_.size();
    for (std::uint64_t i = 0; i < count; ++i) {
      while (p != end && (*p == ' ' || *p == '\t')) ++p;
      std::uint64_t value;
      p = scan_uint(p, end, hi, value);
      if (p == nullptr) return false;
      sink(value);
    }
    return finish_uint_line(p, end);
  }

#if PERFECTPLAY_TEXT_SSE41
  // 64 bytes per step: four loads classify them into a mask of digits and a
  // mask of blanks, and the numbers inside are found from those masks (the
  // first digit after a non-digit starts one, the first non-digit after a
  // digit ends it), so finding the next number waits on no load, only on bit
  // operations. A number's last 16 digits (fewer, with the bytes before them
  // zeroed) convert with three multiply-adds, up to three more in front
  // with the eight-byte conversion. A number the window cuts starts the next
  // window; near either end of the input, where the loads would leave the
  // buffer, a number takes the portable step.
  template <class Sink>
  [[gnu::target("sse4.1")]] bool try_uint_line_sse41(std::uint64_t count, std::uint64_t hi,
                                                     Sink& sink) {
    const char* const begin = text_.data();
    const char* p = begin + offset_;
    const char* const end = begin + text_.size();
    std::uint64_t i = 0;
    while (i < count) {
      while (p != end && (*p == ' ' || *p == '\t')) ++p;
      if (end - p < 64 || p - begin < 16) {
        std::uint64_t value;
        p = scan_uint(p, end, hi, value);
        if (p == nullptr) return false;
        sink(value);
        ++i;
        continue;
      }
      std::uint64_t digits = 0;
      std::uint64_t blanks = 0;
      for (int part = 0; part < 4; ++part) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * part));
        // Digits become 0..9 and only they stay at most 9 (unsigned bytes).
        const __m128i d = _mm_sub_epi8(bytes, _mm_set1_epi8('0'));
        const auto dm = static_cast<std::uint32_t>(
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d)));
        const auto bm = static_cast<std::uint32_t>(
            _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')),
                                           _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\t')))));
        digits |= std::uint64_t{dm} << (16 * part);
        blanks |= std::uint64_t{bm} << (16 * part);
      }
      // p stands on a number's first byte, or on what ends the line.
      std::uint64_t starts = digits & ~(digits << 1);
      std::uint64_t ends = ~digits & (digits << 1);
      const std::uint64_t others = ~(digits | blanks);
      // Past the first byte that is neither, nothing is this line's.
      const int line_end = others == 0 ? 64 : __builtin_ctzll(others);
      int done = 0;  // bytes of the window consumed
      while (i < count) {
        if (starts == 0) break;
        const int s = __builtin_ctzll(starts);
        if (s > line_end) return false;  // the line ends, or holds a non-number, first
        if (ends == 0) {
          if (s == 0) return false;  // 64 digits and more: let the checked path say so
          break;                     // runs past the window: the next one starts there
        }
        const int e = __builtin_ctzll(ends);
        const int n = e - s;
        if (n > 19) return false;
        // What follows is a blank unless it is the line's end: '\n' or '\r' there.
        if (e == line_end && p[e] != '\n' && p[e] != '\r') return false;
        const char* const q = p + s;
        std::uint64_t value = sixteen_digits(_mm_and_si128(
            _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(q + n - 16)),
                         _mm_set1_epi8('0')),
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(kKeepLast + (n < 16 ? n : 16)))));
        if (n > 16) {
          // The 1 to 3 digits before the last 16: top bytes, '0's below.
          std::uint64_t chunk;
          std::memcpy(&chunk, q, 8);
          const int m = n - 16;
          const std::uint64_t padded =
              (chunk << (8 * (8 - m))) | (0x3030303030303030ULL >> (8 * m));
          value += parse_eight_digits(padded) * 10'000'000'000'000'000ULL;
        }
        if (value > hi) return false;
        sink(value);
        ++i;
        done = e;
        starts &= starts - 1;
        ends &= ends - 1;
      }
      // p stood on a digit (then that number ended, or it has 64 digits and
      // more and was declined above) or on neither a digit nor a blank: the
      // line ends before `count` numbers, or holds something else.
      if (done == 0) return false;
      p += done;
    }
    return finish_uint_line(p, end);
  }
#endif

  // Returns to an offset read earlier (for a second pass over a line), or
  // moves past a line read by other means (in the current piece: from
  // rest()); at the end of a source's piece, which ends a line, the next
  // piece comes.
  void seek(std::size_t offset) {
    offset_ = offset - base_;
    next_piece();
  }
  std::size_t offset() const {
    return base_ + offset_;
  }

  // Throws an InputError at `offset`.
  [[noreturn]] void fail_at(std::size_t offset, const std::string& message) const;
  [[noreturn]] void fail(const std::string& message) const {
    fail_at(base_ + offset_, message);
  }

  // Line and column (1-based) of a byte offset.
  std::pair<std::size_t, std::size_t> location(std::size_t offset) const;

 private:
  void skip_blanks() {
    while (offset_ < text_.size() && (text_[offset_] == ' ' || text_[offset_] == '\t')) ++offset_;
  }
  // Whether all eight bytes of a little-endian chunk are '0'..'9'.
  static bool all_digits(std::uint64_t chunk) {
    return ((chunk & 0xF0F0F0F0F0F0F0F0ULL) |
            (((chunk + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4)) ==
           0x3333333333333333ULL;
  }
  // The high bit of each byte of a little-endian chunk that is not '0'..'9'.
  static std::uint64_t non_digit_bytes(std::uint64_t chunk) {
    const std::uint64_t x = chunk ^ 0x3030303030303030ULL;  // digits become 0..9, only they
    return (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7676767676767676ULL) | x) & 0x8080808080808080ULL;
  }
  static constexpr std::uint64_t kPow10[8] = {1,      10,      100,       1000,
                                              10'000, 100'000, 1'000'000, 10'000'000};
  // The value of eight ASCII digits, first digit in the lowest byte.
  static std::uint64_t parse_eight_digits(std::uint64_t chunk) {
    chunk -= 0x3030303030303030ULL;
    chunk = (chunk * 10 + (chunk >> 8)) & 0x00FF00FF00FF00FFULL;
    chunk = (chunk * 100 + (chunk >> 16)) & 0x0000FFFF0000FFFFULL;
    return (chunk * 10000 + (chunk >> 32)) & 0xFFFFFFFFULL;
  }
  // One number of try_uint_line at p (blanks skipped): its value, and the
  // byte after it; nullptr where the fast path declines (no digit, more than
  // 19 digits, above hi, not followed by a blank, an end of line or the end).
  // Eight bytes at a time (SWAR): a chunk of eight digits is folded in whole;
  // a chunk where the digits stop is folded in up to the first non-digit,
  // found with one mask, so no loop runs per digit. Byte by byte only in the
  // last seven bytes of the input.
  static const char* scan_uint(const char* p, const char* end, std::uint64_t hi,
                               std::uint64_t& value) {
    const char* const start = p;
    value = 0;
    for (;;) {
      if (end - p < 8) {
        while (p != end) {
          const unsigned digit = static_cast<unsigned char>(*p) - static_cast<unsigned>('0');
          if (digit > 9) break;
          value = value * 10 + digit;
          ++p;
        }
        break;
      }
      std::uint64_t chunk;
      std::memcpy(&chunk, p, 8);
      const std::uint64_t stops = non_digit_bytes(chunk);
      if (stops == 0) {
        value = value * 100'000'000 + parse_eight_digits(chunk);
        p += 8;
        if (p - start > 24) return nullptr;  // far too long; let the checked path say so
        continue;
      }
      const int n = __builtin_ctzll(stops) / 8;  // digits before the first non-digit
      if (n > 0) {
        // Move the n digits to the top bytes and pad below with '0's.
        const std::uint64_t padded = (chunk << (8 * (8 - n))) | (0x3030303030303030ULL >> (8 * n));
        value = value * kPow10[n] + parse_eight_digits(padded);
        p += n;
      }
      break;
    }
    if (p == start || p - start > 19 || value > hi) return nullptr;
    if (p != end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') return nullptr;
    return p;
  }
  // The end of a try_uint_line line at p: blanks, then '\n', "\r\n" or the
  // end of input. Consumes it and returns true, or returns false.
  bool finish_uint_line(const char* p, const char* end) {
    while (p != end && (*p == ' ' || *p == '\t')) ++p;
    if (p != end) {
      if (*p == '\r') ++p;
      if (p != end) {
        if (*p != '\n') return false;
        ++p;
      }
    }
    offset_ = static_cast<std::size_t>(p - text_.data());
    next_piece();
    return true;
  }
  // Where a line end was consumed: at the end of a source's piece, the next
  // piece (at_end() then tells the end of the whole text).
  void next_piece() {
    if (source_ != nullptr && offset_ == text_.size()) {
      base_ += text_.size();
      text_ = source_->next();
      offset_ = 0;
    }
  }
#if PERFECTPLAY_TEXT_SSE41
  // 16 digit values (0..9), most significant first, as a number.
  [[gnu::target("sse4.1")]] static std::uint64_t sixteen_digits(__m128i d) {
    const __m128i pairs = _mm_maddubs_epi16(d, _mm_set1_epi16(0x010A));       // 10a + b
    const __m128i quads = _mm_madd_epi16(pairs, _mm_set1_epi32(0x00010064));  // 100ab + cd
    const __m128i eights = _mm_madd_epi16(_mm_packus_epi32(quads, quads),
                                          _mm_set1_epi32(0x00012710));  // 10^4 abcd + efgh
    const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
    return (both & 0xFFFFFFFFULL) * 100'000'000 + (both >> 32);
  }
  // Loaded at kKeepLast + n: 16 - n zero bytes, then n bytes 0xFF.
  static constexpr unsigned char kKeepLast[32] = {0,    0,    0,    0,    0,    0,    0,    0,
                                                  0,    0,    0,    0,    0,    0,    0,    0,
                                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
#endif
  // Describes what stands at offset_ for "expected X, found Y" messages.
  std::string describe_here() const;

  std::string_view text_;   // the whole text, or a source's current piece
  std::size_t offset_ = 0;  // in text_
  std::size_t base_ = 0;    // offset in the whole text of text_[0]
  TextSource* source_ = nullptr;
  std::string pending_line_;  // read_line's line when it ended a piece
  bool sse41_ = vector_path_available();
};

}  // namespace perfectplay
