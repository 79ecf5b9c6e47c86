// Octal games' references: the generic solvers applied to the rules, and
// nothing else. They know no Grundy sequence or period; they must be able to
// catch the theory out.
//
//   ReferenceSolver  the Grundy solver over the rows as components: every
//                    position's nimber (what the theory is checked against)
//   SumRules         the same game as a whole sum, for the win/loss solver:
//                    its remoteness (plies to the end under perfect play) is
//                    a property of the whole sum, which nimbers do not give
//
// SumRules' positions are canonical: the non-empty rows in increasing order
// (the order of the rows and the empty ones change neither the outcome nor
// the remoteness), so that the memo holds each multiset of rows once.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/octal/octal.h"
#include "solvers/grundy.h"

namespace perfectplay::games::octal {

using ReferenceSolver = GrundySolver<Rules>;

class SumRules {
 public:
  using Position = octal::Position;
  using Move = octal::Move;

  explicit SumRules(Rules rules) : rules_(std::move(rules)) {}

  static Position canonical(const Position& p) {
    Position c;
    for (const std::uint64_t r : p.rows) {
      if (r > 0) c.rows.push_back(r);
    }
    std::sort(c.rows.begin(), c.rows.end());
    return c;
  }
  std::vector<Move> moves(const Position& p) const { return rules_.moves(p); }
  Position play(const Position& p, const Move& m) const { return canonical(rules_.play(p, m)); }
  std::optional<std::uint64_t> key(const Position& p) const { return rules_.key(p); }
  std::size_t hash(const Position& p) const { return rules_.hash(p); }

 private:
  Rules rules_;
};

// Sum_{m <= n} p(m), the multisets of positive rows of at most n pins in all
// (p the partition numbers), saturating at `cap`. The table up to 400 pins is
// built once (O(400^2)); the count passes 2^64 before that.
inline std::uint64_t multisets_up_to(std::uint64_t n, std::uint64_t cap) {
  constexpr std::size_t kPins = 400;
  static const std::array<std::uint64_t, kPins + 1> kSums = [] {
    const auto add = [](std::uint64_t a, std::uint64_t b) {
      std::uint64_t c = 0;
      return __builtin_add_overflow(a, b, &c) ? UINT64_MAX : c;
    };
    std::array<std::uint64_t, kPins + 1> p{};
    p[0] = 1;
    for (std::size_t part = 1; part <= kPins; ++part) {
      for (std::size_t m = part; m <= kPins; ++m) p[m] = add(p[m], p[m - part]);
    }
    for (std::size_t m = 1; m <= kPins; ++m) p[m] = add(p[m], p[m - 1]);
    return p;
  }();
  return n > kPins ? cap : std::min(cap, kSums[n]);
}

// An upper bound on what the win/loss solver's search of the sum p costs
// (positions times moves), capped at `cap`. Every position reached is a
// multiset of rows holding at most S pins (S: p's pins), so at most
// multisets_up_to(S) of them; each has at most t (2 S + S / 2) moves (t: the
// code's last digit): for each number of pins taken, one taking a row whole
// and one leaving one part per row (at most S rows), and S / 2 splits in all.
inline std::uint64_t sum_work(const Rules& rules, const Position& p, std::uint64_t cap) {
  std::uint64_t pins = 0;
  for (const std::uint64_t r : p.rows) {
    if (r >= cap || __builtin_add_overflow(pins, r, &pins) || pins >= cap) return cap;
  }
  const std::uint64_t positions = multisets_up_to(pins, cap);
  const std::uint64_t moves = rules.code().last * (2 * pins + 2 + pins / 2) + 1;
  std::uint64_t work = 0;
  if (__builtin_mul_overflow(positions, moves, &work) || work > cap) return cap;
  return work;
}

}  // namespace perfectplay::games::octal
