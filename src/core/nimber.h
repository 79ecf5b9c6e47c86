// Nimber: the Sprague-Grundy value of an impartial game.
//
// A nimber *n is the value of a nim heap of size n. Two facts carry all of
// Sprague-Grundy theory as the solvers use it:
//   - the value of a position is the mex (minimum excluded value) of the
//     values of its options;
//   - the value of a sum of independent games is the nim-sum (bitwise XOR) of
//     the values of the parts.
// A position is a loss for the player to move (normal play) iff its value is 0.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>

namespace perfectplay {

struct Nimber {
  std::uint64_t value = 0;

  constexpr Nimber() = default;
  constexpr explicit Nimber(std::uint64_t v) : value(v) {}

  constexpr bool is_zero() const { return value == 0; }

  // Nim-sum.
  friend constexpr Nimber operator^(Nimber a, Nimber b) { return Nimber(a.value ^ b.value); }
  constexpr Nimber& operator^=(Nimber o) {
    value ^= o.value;
    return *this;
  }
  friend constexpr auto operator<=>(const Nimber&, const Nimber&) = default;
};

// Minimum excluded value of `values`. The input need not be sorted or
// distinct. O(n) time, O(n) extra space.
Nimber mex(std::span<const Nimber> values);

// "*3"; "0" for the zero game.
std::string to_string(Nimber n);

}  // namespace perfectplay
