// Test helper: a text handed to a TextReader in pieces of whole lines cut at
// random newlines (a TextSource), as the command line's FileSource hands a
// file, so that a parser can be run on the same text whole and in pieces.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "core/text_reader.h"

namespace perfectplay::testing {

class PiecesSource : public TextSource {
 public:
  // Cuts after about one newline in `every` (1: after each line).
  PiecesSource(std::string text, std::uint64_t seed, int every)
      : text_(std::move(text)), reader_(text_), seed_(seed), every_(every) {
    std::mt19937_64 rng(seed);
    for (std::size_t k = 0; k < text_.size(); ++k) {
      if (text_[k] == '\n' && rng() % static_cast<std::uint64_t>(every) == 0) {
        cuts_.push_back(k + 1);
      }
    }
    if (cuts_.empty() || cuts_.back() != text_.size()) cuts_.push_back(text_.size());
  }

  std::string_view next() override {
    // Each piece is copied into a buffer of its own, replaced by the next,
    // so that a reader that keeps a view into an old piece reads garbage.
    if (next_ == cuts_.size()) return {};
    const std::size_t from = next_ == 0 ? 0 : cuts_[next_ - 1];
    piece_ = std::string(text_.size() + 1 - from, '#');
    piece_.assign(text_, from, cuts_[next_] - from);
    ++next_;
    ++pieces_given_;
    return piece_;
  }
  std::pair<std::size_t, std::size_t> locate(std::size_t offset) override {
    return reader_.location(offset);
  }
  void rewind() override { next_ = 0; }
  std::uint64_t size() const override { return text_.size(); }
  // The text from `begin`, cut likewise at other newlines. (Its locate
  // counts from `begin`: a tail's errors are not shown by the parsers that
  // read one; they read on over the whole text.)
  std::unique_ptr<TextSource> tail(std::uint64_t begin) override {
    ++tails_given_;
    return std::make_unique<PiecesSource>(text_.substr(static_cast<std::size_t>(begin)), seed_ + 1,
                                          every_);
  }
  std::size_t peek(std::uint64_t offset, char* out, std::size_t n) override {
    if (offset >= text_.size()) return 0;
    return text_.copy(out, n, static_cast<std::size_t>(offset));
  }
  std::size_t pieces_given() const { return pieces_given_; }
  std::size_t tails_given() const { return tails_given_; }

 private:
  std::string text_;
  TextReader reader_;              // for locate: the whole text's line and column
  std::vector<std::size_t> cuts_;  // the end of each piece
  std::size_t next_ = 0;
  std::string piece_;
  std::size_t pieces_given_ = 0;
  std::uint64_t seed_;
  int every_;
  std::size_t tails_given_ = 0;
};

// `text` as users vary a contest input: CRLF line ends (trial % 5 == 1),
// blank lines after the first line (trial % 7 == 2), no final newline
// (trial % 4 == 3), and in one trial of three a byte changed, dropped or
// added at a random place.
inline std::string vary_text(std::string text, int trial, std::mt19937_64& rng) {
  if (trial % 5 == 1) {
    std::string crlf;
    for (const char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    text = crlf;
  }
  if (trial % 7 == 2) text.insert(text.find('\n') + 1, "\n  \n");
  if (trial % 4 == 3 && !text.empty()) text.pop_back();
  if (trial % 3 == 1 && !text.empty()) {
    const std::size_t at = rng() % text.size();
    const char bytes[] = {'x', ' ', '\n', '-', '0', '1', '9', '\r', '\t'};
    switch (rng() % 3) {
      case 0:
        text[at] = bytes[rng() % sizeof bytes];
        break;
      case 1:
        text.erase(at, 1);
        break;
      default:
        text.insert(at, 1, bytes[rng() % sizeof bytes]);
        break;
    }
  }
  return text;
}

// Parses `text` whole and in pieces cut after about one newline in 1, 2 and
// 5, each twice (the second after a rewind), and expects the same result:
// `answers(input, out)` parses `input` (the whole text, or a TextSource) and
// appends its answers to `out`, and an InputError is appended as "error
// LINE:COL: message". Returns the whole text's result; `pieces` counts the
// pieces handed out.
template <class Answers>
std::string expect_pieces_read_as_whole(const std::string& text, std::uint64_t seed,
                                        Answers&& answers, std::size_t& pieces) {
  const auto run = [&](auto&& input) {
    std::string out;
    try {
      answers(input, out);
    } catch (const InputError& e) {
      out += "error " + e.format("");
    }
    return out;
  };
  const std::string whole = run(std::string_view(text));
  for (const int every : {1, 2, 5}) {
    PiecesSource source(text, seed, every);
    EXPECT_EQ(run(source), whole) << "seed " << seed << ", cut after 1 newline in " << every;
    EXPECT_EQ(run(source), whole) << "seed " << seed << ", again after a rewind";
    pieces += source.pieces_given();
  }
  return whole;
}

}  // namespace perfectplay::testing
