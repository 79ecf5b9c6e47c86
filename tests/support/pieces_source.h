// Test helper: a text handed to a TextReader in pieces of whole lines cut at
// random newlines (a TextSource), as the command line's FileSource hands a
// file, so that a parser can be run on the same text whole and in pieces.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/text_reader.h"

namespace perfectplay::testing {

class PiecesSource : public TextSource {
 public:
  // Cuts after about one newline in `every` (1: after each line).
  PiecesSource(std::string text, std::uint64_t seed, int every)
      : text_(std::move(text)), reader_(text_) {
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
  std::size_t pieces_given() const { return pieces_given_; }

 private:
  std::string text_;
  TextReader reader_;              // for locate: the whole text's line and column
  std::vector<std::size_t> cuts_;  // the end of each piece
  std::size_t next_ = 0;
  std::string piece_;
  std::size_t pieces_given_ = 0;
};

}  // namespace perfectplay::testing
