// Counting and unranking: how a game numbers its instances for certify.
//
// A game's instances up to some bounds are a union of "shapes" (a grid's
// rows and columns, a position's stack lengths), each a product of small
// choices (each cell's content, a multiset of stacks of one length). The
// canonical order lists the shapes in the order the game adds them to a
// Catalog (smaller first) and, within a shape, the instances by their rank
// 0 .. count - 1, which the game decodes with digits() (a mixed-radix
// number) and unrank_multiset() (a sorted tuple, for positions whose order
// does not matter). Unranking is what lets any shard start anywhere, and
// any thread take any run of instances, without enumerating what comes
// before.
//
//   Catalog: shape 0 (count c0) | shape 1 (count c1) | shape 2 ...
//   index:   0 .. c0-1          | c0 .. c0+c1-1      | ...
//   locate(index) = {shape, index - start of shape}  (binary search)
//
// Counts are exact 64-bit integers; a space past 2^62 instances is refused
// (RequestError) rather than wrapped.
#pragma once

#include <fmt/format.h>
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/input_error.h"

namespace perfectplay::certify {

inline constexpr std::uint64_t kMaxInstances = std::uint64_t{1} << 62;

__extension__ typedef unsigned __int128 Wide;

// a * b, refused past kMaxInstances.
inline std::uint64_t checked_product(std::uint64_t a, std::uint64_t b) {
  const Wide p = static_cast<Wide>(a) * b;
  if (p > kMaxInstances) {
    throw RequestError(fmt::format("certify: more than 2^62 instances; lower the bounds"));
  }
  return static_cast<std::uint64_t>(p);
}

// base^exp, refused past kMaxInstances.
inline std::uint64_t checked_power(std::uint64_t base, std::uint64_t exp) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 0; i < exp; ++i) r = checked_product(r, base);
  return r;
}

// C(n, k), refused past kMaxInstances. O(k).
inline std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  k = std::min(k, n - k);
  Wide r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;  // exact: r * (n-k+i) is C(n-k+i, i) * i
    if (r > kMaxInstances) {
      throw RequestError("certify: more than 2^62 instances; lower the bounds");
    }
  }
  return static_cast<std::uint64_t>(r);
}

// The multisets of m elements of {0, .., n-1}: C(n + m - 1, m).
inline std::uint64_t multisets(std::uint64_t n, std::uint64_t m) {
  if (m == 0) return 1;
  if (n == 0) return 0;
  return binomial(n + m - 1, m);
}

// The multiset of rank r (0 <= r < multisets(n, m)) as a non-decreasing
// sequence, multisets listed in lexicographic order of their sequences.
// O(m log n) binomials.
inline std::vector<std::uint64_t> unrank_multiset(std::uint64_t n, std::uint64_t m,
                                                  std::uint64_t r) {
  std::vector<std::uint64_t> out;
  std::uint64_t low = 0;  // the smallest value still allowed
  for (std::uint64_t left = m; left > 0; --left) {
    // With first element a (a >= low), the rest is a multiset of left - 1
    // elements of {a, .., n-1}. Those before first element a number
    // total - multisets(n - a, left): find the largest a with that <= r.
    const std::uint64_t total = multisets(n - low, left);
    std::uint64_t lo = low, hi = n - 1;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo + 1) / 2;
      if (total - multisets(n - mid, left) <= r) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    r -= total - multisets(n - lo, left);
    out.push_back(lo);
    low = lo;
  }
  return out;
}

// The `count` digits of r in base `base`, least significant first.
inline std::vector<std::uint64_t> digits(std::uint64_t r, std::uint64_t base, std::size_t count) {
  std::vector<std::uint64_t> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = r % base;
    r /= base;
  }
  return out;
}

// The shapes of a space in canonical order, each with its instance count.
template <class Shape>
class Catalog {
 public:
  void add(Shape shape, std::uint64_t count) {
    if (count == 0) return;
    starts_.push_back(size_);
    shapes_.push_back(std::move(shape));
    size_ += count;
    if (size_ > kMaxInstances) {
      throw RequestError("certify: more than 2^62 instances; lower the bounds");
    }
  }
  std::uint64_t size() const { return size_; }

  // The shape holding `index` (< size()) and the index's rank within it.
  std::pair<const Shape&, std::uint64_t> locate(std::uint64_t index) const {
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), index) - 1;
    const auto i = static_cast<std::size_t>(it - starts_.begin());
    return {shapes_[i], index - *it};
  }

 private:
  std::vector<Shape> shapes_;
  std::vector<std::uint64_t> starts_;
  std::uint64_t size_ = 0;
};

}  // namespace perfectplay::certify
