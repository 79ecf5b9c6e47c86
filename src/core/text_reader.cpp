#include "core/text_reader.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>

namespace perfectplay {

std::string InputError::format(const std::string& source) const {
  if (source.empty()) return fmt::format("{}:{}: {}", line_, column_, message_);
  return fmt::format("{}:{}:{}: {}", source, line_, column_, message_);
}

bool TextReader::vector_path_available() {
#if PERFECTPLAY_TEXT_SSE41
  static const bool has = __builtin_cpu_supports("sse4.1") != 0;
  return has;
#else
  return false;
#endif
}

std::pair<std::size_t, std::size_t> TextReader::location(std::size_t offset) const {
  if (source_ != nullptr) return source_->locate(offset);
  offset = std::min(offset, text_.size());
  const std::string_view before = text_.substr(0, offset);
  const std::size_t line =
      1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t last_newline = before.rfind('\n');
  const std::size_t column =
      last_newline == std::string_view::npos ? offset + 1 : offset - last_newline;
  return {line, column};
}

void TextReader::fail_at(std::size_t offset, const std::string& message) const {
  const auto [line, column] = location(offset);
  throw InputError(line, column, message);
}

std::string quote_token(std::string_view token) {
  constexpr std::size_t kShown = 20;
  if (token.substr(0, 3) == "\xef\xbb\xbf") {
    return "a UTF-8 byte-order mark (save the file without it)";
  }
  std::string out;
  for (const char ch : token.substr(0, kShown)) {
    const auto u = static_cast<unsigned char>(ch);
    if (u < 0x20 || u >= 0x7f) {
      fmt::format_to(std::back_inserter(out), "\\x{:02x}", u);  // as bytes are shown everywhere
    } else {
      out += ch;
    }
  }
  return fmt::format("'{}'{}", out, token.size() > kShown ? "..." : "");
}

std::string TextReader::describe_here() const {
  if (offset_ >= text_.size()) return "end of input";
  const char c = text_[offset_];
  if (c == '\r' && (offset_ + 1 == text_.size() || text_[offset_ + 1] != '\n')) {
    return "a lone carriage return (a line ending of CR only: use LF or CR LF)";
  }
  if (c == '\n' || c == '\r') return "end of line";
  std::size_t end = offset_;
  while (end < text_.size() && end - offset_ < 20 && text_[end] != ' ' && text_[end] != '\t' &&
         text_[end] != '\n' && text_[end] != '\r') {
    ++end;
  }
  return quote_token(text_.substr(offset_, end - offset_));
}

std::uint64_t TextReader::read_uint(std::string_view what, std::uint64_t hi) {
  skip_blanks();
  const std::size_t start = offset_;
  const char* p = text_.data() + offset_;
  const char* const end = text_.data() + text_.size();
  if (p == end || static_cast<unsigned>(*p - '0') > 9) {
    if (p != end && *p == '-') fail(fmt::format("{} must not be negative", what));
    fail(fmt::format("expected {}, found {}", what, describe_here()));
  }
  std::uint64_t value = 0;
  bool overflow = false;
  while (p != end) {
    const unsigned digit = static_cast<unsigned>(*p - '0');
    if (digit > 9) break;
    overflow |= __builtin_mul_overflow(value, 10u, &value);
    overflow |= __builtin_add_overflow(value, digit, &value);
    ++p;
  }
  if (p != end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
    fail(fmt::format("expected {}, found {}", what, describe_here()));
  }
  if (overflow || value > hi)
    fail_at(base_ + start, fmt::format("{} must be at most {}", what, hi));
  offset_ = static_cast<std::size_t>(p - text_.data());
  return value;
}

std::int64_t TextReader::read_int(std::string_view what, std::int64_t lo, std::int64_t hi) {
  skip_blanks();
  const std::size_t start = offset_;
  const bool negative = offset_ < text_.size() && text_[offset_] == '-';
  if (negative) {
    if (lo >= 0) fail(fmt::format("{} must not be negative", what));
    ++offset_;
    if (offset_ >= text_.size() || static_cast<unsigned>(text_[offset_] - '0') > 9) {
      offset_ = start;
      fail(fmt::format("expected {}, found {}", what, describe_here()));
    }
  }
  const std::uint64_t limit = negative ? static_cast<std::uint64_t>(-(lo + 1)) + 1
                                       : static_cast<std::uint64_t>(std::max<std::int64_t>(hi, 0));
  std::uint64_t magnitude;
  try {
    magnitude = read_uint(what, UINT64_MAX);
  } catch (const InputError& e) {
    offset_ = start;
    // Past 64 bits: still say the range the caller asked for.
    if (e.message().find("must be at most") != std::string::npos) {
      fail_at(base_ + start, fmt::format("{} must be between {} and {}", what, lo, hi));
    }
    throw;
  }
  if (magnitude > limit) {
    fail_at(base_ + start, fmt::format("{} must be between {} and {}", what, lo, hi));
  }
  const std::int64_t value =
      negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  if (value < lo || value > hi) {
    fail_at(base_ + start, fmt::format("{} must be between {} and {}", what, lo, hi));
  }
  return value;
}

std::string_view TextReader::read_word(std::string_view what) {
  skip_blanks();
  const std::size_t start = offset_;
  while (offset_ < text_.size() && text_[offset_] != ' ' && text_[offset_] != '\t' &&
         text_[offset_] != '\n' && text_[offset_] != '\r') {
    ++offset_;
  }
  if (offset_ == start) fail(fmt::format("expected {}, found {}", what, describe_here()));
  return text_.substr(start, offset_ - start);
}

std::string_view TextReader::read_line(std::string_view what) {
  if (at_end()) fail(fmt::format("expected {}, found end of input", what));
  const std::size_t start = offset_;
  std::size_t newline = text_.find('\n', offset_);
  if (newline == std::string_view::npos) newline = text_.size();
  std::size_t stop = newline;
  if (stop > start && text_[stop - 1] == '\r') --stop;
  offset_ = newline < text_.size() ? newline + 1 : newline;
  const std::string_view line = text_.substr(start, stop - start);
  if (source_ != nullptr && offset_ == text_.size()) {
    // The line is the piece's last: kept valid until the next read, as a
    // whole text's would be, by returning it before the piece is replaced.
    pending_line_.assign(line);
    next_piece();
    return pending_line_;
  }
  return line;
}

void TextReader::end_line(std::string_view after) {
  skip_blanks();
  if (offset_ >= text_.size()) return;
  if (text_[offset_] == '\r' && offset_ + 1 < text_.size() && text_[offset_ + 1] == '\n') {
    offset_ += 2;
    next_piece();
    return;
  }
  if (text_[offset_] == '\r' && offset_ + 1 == text_.size()) {
    ++offset_;
    return;
  }
  if (text_[offset_] == '\n') {
    ++offset_;
    next_piece();
    return;
  }
  const std::string here = describe_here();
  // "found a lone carriage return after ...", "unexpected 'x' after ...".
  fail(fmt::format("{} {} after {}", here.rfind("a ", 0) == 0 ? "found" : "unexpected", here,
                   after));
}

void TextReader::skip_blank_lines() {
  while (offset_ < text_.size()) {
    std::size_t p = offset_;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t' || text_[p] == '\r')) ++p;
    if (p < text_.size() && text_[p] != '\n') return;
    offset_ = p < text_.size() ? p + 1 : p;
    next_piece();
  }
}

void TextReader::end_input(std::string_view after) {
  skip_blank_lines();
  if (offset_ < text_.size()) fail(fmt::format("unexpected {} after {}", describe_here(), after));
}

LineRules LineRules::only(std::string_view allowed, std::string_view holds) {
  LineRules r;
  for (const char c : allowed) r.bytes.set(static_cast<unsigned char>(c));
  r.holds = holds;
  return r;
}

std::optional<LineGuard::Fault> LineGuard::check(std::string_view bytes, std::uint64_t offset) {
  if (offset != next_) start(offset);  // a caller that skipped bytes: a fresh line
  next_ = offset + bytes.size();
  // Each byte's class, built per call (256 steps beside a call's 128 KiB or
  // more): a byte at a time through the rules' bitset and free digits ran at
  // 250 MB/s, ten times the parse of binim's long stacks.
  enum : std::uint8_t { kBad, kOther, kFree, kBound };
  std::array<std::uint8_t, 256> cls{};
  for (unsigned b = 0; b < 256; ++b) {
    const bool digit = b - static_cast<unsigned>('0') <= 9;
    cls[b] = !rules_.bytes.test(b)                                                     ? kBad
             : !digit                                                                  ? kOther
             : rules_.free_digits.find(static_cast<char>(b)) != std::string_view::npos ? kFree
                                                                                       : kBound;
  }
  const auto* const begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const auto* const end = begin + bytes.size();
  const auto* p = begin;
  while (p != end) {
    const std::uint8_t k = cls[*p];
    if (k == kOther) {
      run_ = 0;
      ++p;
      continue;
    }
    if (k == kBad) {
      const std::size_t i = static_cast<std::size_t>(p - begin);
      if (*p == 0) return Fault{offset + i, "a NUL byte: this is not a text input (binary data?)"};
      return Fault{offset + i, fmt::format("the byte {}: a line of this input holds only {}",
                                           quote_token(bytes.substr(i, 1)), rules_.holds)};
    }
    if (run_ == 0) {
      run_start_ = offset + static_cast<std::uint64_t>(p - begin);
      significant_ = 0;
      bound_ = false;
    }
    // The run of digits within these bytes, in one tight loop; its length
    // is checked at its end (these bytes are at most a read's).
    // Its leading zeros are not significant: past the first other digit,
    // every digit is.
    const auto* q = p;
    if (significant_ == 0) {
      while (q != end && *q == '0') ++q;
    }
    const auto* const counted = q;
    bool bound = bound_;
    for (; q != end; ++q) {
      const std::uint8_t d = cls[*q];
      if (d < kFree) break;
      bound |= d == kBound;
    }
    run_ += static_cast<std::uint64_t>(q - p);
    significant_ += static_cast<std::uint64_t>(q - counted);
    bound_ = bound;
    if (rules_.max_digits != 0 && bound_ && significant_ > rules_.max_digits) {
      return Fault{run_start_, fmt::format("a number of more than {} digits: no number of this "
                                           "input is that large",
                                           rules_.max_digits)};
    }
    p = q;
  }
  return std::nullopt;
}

}  // namespace perfectplay
