// binim's stacks, packed one bit a symbol ('0' -> 0, '1' -> 1).
//
// A position of 10^6 stacks held as std::vector<std::string> took 57 MB for
// a 26 MB text (32 bytes a string, plus a heap block past 15 symbols), more
// than twice its input (issue 31 item 10). Here every stack's symbols lie in
// one bit array, and a stack is a (start, length) pair into it:
//
//   words_   bit b of the array is bit (b % 64) of words_[b / 64]
//            |.. stack 0 ..|.. stack 1 ..|.. stack 2 ..|
//   start_   64-bit offsets of each stack's top symbol in the array
//   length_  32-bit lengths (a stack of 2^32 symbols is refused by the
//            position format, binim_io.cpp)
//
// 12 bytes a stack plus a bit a symbol: 10^6 stacks of 1..50 take 15 MB.
// A stack's symbols run from its top (at start) to its bottom, so taking
// `count` from the top moves its start: O(1), nothing is copied; the bits
// behind stay in the array until the Stacks is rebuilt (a game only
// removes, so the array never grows in play).
//
// Equality, ordering and the rules' hash look at the symbols only, never at
// where they lie: two Stacks built differently compare as their strings do.
#pragma once

#include <algorithm>
#include <cassert>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::binim {

// One stack, read-only: valid while the Stacks it views is not changed.
// An input iterator reading c[0], c[1], ... by index: a stack's symbols and
// the position's stacks, neither of which is stored as its elements.
template <class Container, class Value>
class IndexIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = Value;
  IndexIterator() = default;
  IndexIterator(const Container* c, std::size_t i) : c_(c), i_(i) {}
  Value operator*() const { return (*c_)[i_]; }
  IndexIterator& operator++() {
    ++i_;
    return *this;
  }
  IndexIterator operator++(int) {
    IndexIterator old = *this;
    ++i_;
    return old;
  }
  friend bool operator==(const IndexIterator& a, const IndexIterator& b) { return a.i_ == b.i_; }

 private:
  const Container* c_ = nullptr;
  std::size_t i_ = 0;
};

class StackView {
 public:
  StackView() = default;
  StackView(const std::uint64_t* words, std::uint64_t start, std::size_t size)
      : words_(words), start_(start), size_(size) {}

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Symbol k from the top, '0' or '1'. Precondition: k < size().
  char operator[](std::size_t k) const {
    assert(k < size_);
    const std::uint64_t b = start_ + k;
    return static_cast<char>('0' + ((words_[b >> 6] >> (b & 63)) & 1));
  }
  char front() const { return (*this)[0]; }
  char back() const { return (*this)[size_ - 1]; }
  // The top symbol, or '\0' for an empty stack (as an empty std::string's
  // s[0] was): "is this stack topped by c" needs no emptiness test.
  char top() const { return size_ == 0 ? '\0' : front(); }
  // The stack without its top k symbols. Precondition: k <= size().
  StackView substr(std::size_t k) const {
    assert(k <= size_);
    return StackView(words_, start_ + k, size_ - k);
  }
  // Symbols k .. k + n - 1 as the low n bits (symbol k in bit 0), n <= 64.
  // Precondition: k + n <= size().
  std::uint64_t bits(std::size_t k, unsigned n) const {
    assert(n <= 64 && k + n <= size_);
    if (n == 0) return 0;
    const std::uint64_t b = start_ + k;
    const unsigned off = static_cast<unsigned>(b & 63);
    std::uint64_t v = words_[b >> 6] >> off;
    if (off + n > 64) v |= words_[(b >> 6) + 1] << (64 - off);
    return n == 64 ? v : v & ((std::uint64_t{1} << n) - 1);
  }
  // How many '1's; the rest are '0's. O(size / 64).
  std::uint64_t ones() const {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k < size_; k += 64) {
      n += static_cast<std::uint64_t>(__builtin_popcountll(
          bits(k, static_cast<unsigned>(std::min<std::size_t>(64, size_ - k)))));
    }
    return n;
  }
  std::string to_string() const { return text(0, size_); }
  // Symbols k .. k + n - 1 as text. Precondition: k + n <= size().
  std::string text(std::size_t k, std::size_t n) const {
    assert(k + n <= size_);
    std::string s(n, '0');
    for (std::size_t j = 0; j < n; ++j) s[j] = (*this)[k + j];
    return s;
  }

  using iterator = IndexIterator<StackView, char>;
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size_}; }

  // As std::string compares them: symbol by symbol ('0' < '1'), then the
  // shorter first. 64 symbols at a time.
  friend std::strong_ordering operator<=>(const StackView& a, const StackView& b) {
    const std::size_t common = std::min(a.size_, b.size_);
    for (std::size_t k = 0; k < common; k += 64) {
      const auto n = static_cast<unsigned>(std::min<std::size_t>(64, common - k));
      const std::uint64_t x = a.bits(k, n), y = b.bits(k, n);
      if (x != y) {
        // The first differing symbol is the lowest differing bit.
        const std::uint64_t first = (x ^ y) & ~((x ^ y) - 1);
        return (x & first) == 0 ? std::strong_ordering::less : std::strong_ordering::greater;
      }
    }
    return a.size_ <=> b.size_;
  }
  friend bool operator==(const StackView& a, const StackView& b) {
    return a.size_ == b.size_ && (a <=> b) == 0;
  }
  friend bool operator==(const StackView& a, std::string_view s) {
    if (a.size_ != s.size()) return false;
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (a[k] != s[k]) return false;
    }
    return true;
  }

 private:
  const std::uint64_t* words_ = nullptr;
  std::uint64_t start_ = 0;  // bit offset of the top symbol
  std::size_t size_ = 0;
};

class Stacks {
 public:
  Stacks() = default;
  // From strings of '0' and '1' (tests, generators, the bench's fixed
  // positions): implicit, as a position is written as its list of stacks.
  Stacks(std::initializer_list<std::string_view> stacks) {
    for (const std::string_view s : stacks) push_back(s);
  }
  Stacks(const std::vector<std::string>& stacks) {  // NOLINT(google-explicit-constructor)
    for (const std::string& s : stacks) push_back(s);
  }

  std::size_t size() const { return length_.size(); }
  bool empty() const { return length_.empty(); }
  // Stack i. Precondition: i < size().
  StackView operator[](std::size_t i) const {
    assert(i < size());
    return StackView(words_.data(), start_[i], length_[i]);
  }

  using iterator = IndexIterator<Stacks, StackView>;
  iterator begin() const { return {this, 0}; }
  iterator end() const { return {this, size()}; }

  // Room for `stacks` more stacks of `symbols` more symbols in all, so that
  // a large position is not grown by doubling (the old and new arrays were
  // held together).
  void reserve(std::size_t stacks, std::uint64_t symbols) {
    start_.reserve(start_.size() + stacks);
    length_.reserve(length_.size() + stacks);
    words_.reserve(static_cast<std::size_t>((bits_ + symbols + 63) / 64));
  }
  // Empties, keeping the storage (a reused child: binim_reference.h).
  void clear() {
    words_.clear();
    start_.clear();
    length_.clear();
    bits_ = 0;
  }

  // Appends a stack. Precondition: s holds only '0' and '1', and fewer than
  // 2^32 of them (the position format checks both).
  void push_back(std::string_view s) {
    assert(s.size() <= UINT32_MAX);
    open(s.size());
    for (const char c : s) {
      assert(c == '0' || c == '1');
      append_bits(static_cast<std::uint64_t>(c & 1), 1);
    }
  }
  // Appends a copy of a stack (of this Stacks or another one), 64 symbols
  // at a time. Precondition: `s` does not view this Stacks (its array may
  // move as it grows).
  void push_back(const StackView& s) {
    open(s.size());
    for (std::size_t k = 0; k < s.size(); k += 64) {
      const auto n = static_cast<unsigned>(std::min<std::size_t>(64, s.size() - k));
      append_bits(s.bits(k, n), n);
    }
  }
  // Removes `count` symbols from the top of stack i, in O(1). Precondition:
  // count <= (*this)[i].size().
  void erase_top(std::size_t i, std::size_t count) {
    assert(count <= length_[i]);
    start_[i] += count;
    length_[i] -= static_cast<std::uint32_t>(count);
  }
  // Removes the bottom symbol of stack i (certify's shrinking).
  // Precondition: stack i is not empty.
  void erase_bottom(std::size_t i) {
    assert(length_[i] > 0);
    --length_[i];
  }
  // Removes stack i; the stacks after it move up one place.
  void erase(std::size_t i) {
    start_.erase(start_.begin() + static_cast<std::ptrdiff_t>(i));
    length_.erase(length_.begin() + static_cast<std::ptrdiff_t>(i));
  }

  std::vector<std::string> to_strings() const {
    std::vector<std::string> out;
    out.reserve(size());
    for (const StackView s : *this) out.push_back(s.to_string());
    return out;
  }

  friend bool operator==(const Stacks& a, const Stacks& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!(a[i] == b[i])) return false;
    }
    return true;
  }

 private:
  // Starts a stack of n symbols at the end of the array.
  void open(std::size_t n) {
    start_.push_back(bits_);
    length_.push_back(static_cast<std::uint32_t>(n));
  }
  // Appends the low n bits of v (n <= 64).
  void append_bits(std::uint64_t v, unsigned n) {
    if (n == 0) return;
    const unsigned off = static_cast<unsigned>(bits_ & 63);
    if (off == 0) {
      words_.push_back(v);
    } else {
      words_.back() |= v << off;
      if (off + n > 64) words_.push_back(v >> (64 - off));
    }
    bits_ += n;
  }

  std::vector<std::uint64_t> words_;
  std::uint64_t bits_ = 0;  // the symbols appended so far (the array's used bits)
  std::vector<std::uint64_t> start_;
  std::vector<std::uint32_t> length_;
};

}  // namespace perfectplay::games::binim
