// Rational: exact numbers for the engine's numbers, stops, means,
// temperatures and thermograph walls.
//
// A short game's numbers are dyadic (m / 2^k) and its thermograph's corners
// are dyadic too (the walls have slopes 0 and +-1 and meet at (a - b) / 2),
// but a general reduced fraction costs nothing more here. int64 numerator and
// positive denominator, always reduced; arithmetic goes through __int128 and
// throws RequestError when a result leaves int64 (a game far beyond what the
// engine can hold anyway), never wraps.
#pragma once

#include <cstdint>
#include <numeric>
#include <string>

#include "core/input_error.h"

namespace perfectplay::cgt {

__extension__ typedef __int128 Wide;  // intermediate products

class Rational {
 public:
  constexpr Rational() = default;
  constexpr Rational(std::int64_t n) : num_(n) {}  // NOLINT: integers convert
  Rational(std::int64_t n, std::int64_t d) { *this = make(n, d); }

  std::int64_t num() const { return num_; }
  std::int64_t den() const { return den_; }
  bool is_integer() const { return den_ == 1; }
  // The largest integer <= *this and the smallest >= *this.
  std::int64_t floor() const { return num_ >= 0 ? num_ / den_ : -((-num_ + den_ - 1) / den_); }
  std::int64_t ceil() const { return -Rational(-num_, den_).floor(); }

  friend Rational operator+(const Rational& a, const Rational& b) {
    return make(static_cast<Wide>(a.num_) * b.den_ + static_cast<Wide>(b.num_) * a.den_,
                static_cast<Wide>(a.den_) * b.den_);
  }
  friend Rational operator-(const Rational& a) { return make(-static_cast<Wide>(a.num_), a.den_); }
  friend Rational operator-(const Rational& a, const Rational& b) { return a + (-b); }
  friend Rational operator*(const Rational& a, const Rational& b) {
    return make(static_cast<Wide>(a.num_) * b.num_, static_cast<Wide>(a.den_) * b.den_);
  }
  friend Rational operator/(const Rational& a, std::int64_t d) {
    return make(a.num_, static_cast<Wide>(a.den_) * d);
  }
  friend bool operator==(const Rational&, const Rational&) = default;
  friend auto operator<=>(const Rational& a, const Rational& b) {
    return static_cast<Wide>(a.num_) * b.den_ <=> static_cast<Wide>(b.num_) * a.den_;
  }

  // "3", "-1/2", "3/4".
  std::string text() const {
    return den_ == 1 ? std::to_string(num_) : std::to_string(num_) + "/" + std::to_string(den_);
  }

 private:
  static Rational make(Wide n, Wide d) {
    if (d < 0) {
      n = -n;
      d = -d;
    }
    Wide a = n < 0 ? -n : n;
    Wide b = d;
    while (b != 0) {  // gcd
      const Wide t = a % b;
      a = b;
      b = t;
    }
    if (a > 1) {
      n /= a;
      d /= a;
    }
    if (n > INT64_MAX || n < -INT64_MAX || d > INT64_MAX || d == 0) {
      throw RequestError("a number in this game does not fit in 64 bits");
    }
    Rational r;
    r.num_ = static_cast<std::int64_t>(n);
    r.den_ = static_cast<std::int64_t>(d);
    return r;
  }

  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace perfectplay::cgt
