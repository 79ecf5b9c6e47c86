// Octal games' theory: the Grundy sequence of one row, with its period proven.
//
// By Sprague-Grundy, a position is worth the nim-sum of its rows' values
// G(n), and the mover loses iff that is 0. G(n) is the mex of the values of
// the options of a row of n pins: for every k the code allows, 0 (the whole
// row), G(n - k) (one row left) and G(a) ^ G(b) with a + b = n - k, a <= b
// (a split). Computing G(0..N) this way costs O(t N^2) for t digits.
//
// The Guy-Smith periodicity theorem (Winning Ways ch. 4; Siegel, CGT IV.2)
// makes a finite prefix answer every row: if G(n + p) = G(n) for every n with
// n0 <= n < 2 n0 + p + t (t = the position of the code's last non-zero digit),
// then G(n + p) = G(n) for every n >= n0. Why, by induction on n past the
// checked range (n >= 2 n0 + p + t): an option of n + p leaves parts a <= b
// with a + b >= n + p - t >= 2 n0 + 2 p, so b >= n0 + p and, by induction,
// G(b - p) = G(b): the option (a, b - p) of n has the same value. Likewise an
// option (a, b) of n has b >= n0, and (a, b + p) of n + p has its value. So the
// two rows have the same option values, and the same mex.
//
// The computation runs G(0), G(1), ... and, after each new value, looks for
// a period p whose checked range (one longer than the theorem asks) is
// complete; the first proof found is then reduced to the least period and the
// least pre-period. Kayles (0.77): period 12 from 71; Dawson's Kayles (0.137):
// period 34 from 52. Some codes have no known period (0.007, Treblecross) or a
// huge one (0.16: period 149,459 from about 1.4 million): the computation stops
// after kWorkBudget elementary steps (about a third of a second) or kMaxEntries
// values, and then only the rows it computed are answered; longer rows are
// refused, never guessed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/octal/octal.h"

namespace perfectplay::games::octal {

inline constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kWorkBudget = std::uint64_t{1} << 28;

// The budget a Theory gets by default: kWorkBudget, unless a program set
// another. The fuzz targets set 2^20: every execution must stay fast, and a
// mutated code is usually one whose period is not proven, which would spend
// the whole budget each time. Theories already computed (theory_of's cache)
// keep the budget they were computed with.
std::uint64_t default_work_budget();
void set_default_work_budget(std::uint64_t budget);

class Theory {
 public:
  // Computes the sequence for `code` until its period is proven, or the work
  // passes `budget` steps (option values plus period checks), or kMaxEntries.
  explicit Theory(const Code& code, std::uint64_t budget = default_work_budget());

  const Code& code() const { return code_; }
  bool periodic() const { return period_ != 0; }
  std::uint64_t preperiod() const { return preperiod_; }  // n0; meaningful when periodic
  std::uint64_t period() const { return period_; }        // p; 0 when none is proven
  std::uint64_t computed() const { return g_.size(); }    // G(0 .. computed() - 1) are stored
  // Whether G(n) is known: always when periodic, else inside the computed range.
  bool reaches(std::uint64_t n) const { return periodic() || n < g_.size(); }
  // Why a row of n pins is refused (precondition: !reaches(n)).
  std::string refusal(std::uint64_t n) const;
  // What the theory knows, in one sentence.
  std::string summary() const;

  // G(n). Precondition: reaches(n). O(1).
  std::uint64_t grundy(std::uint64_t n) const {
    if (n < g_.size()) return g_[n];
    return g_[preperiod_ + (n - preperiod_) % period_];
  }
  std::uint64_t nim_sum(std::span<const std::uint64_t> rows) const;

  // Calls f(move) for the moves in row `row` (of `length` pins) that leave it
  // worth `target`, in move order (take, then left), until f returns false.
  // Splits of a long row are enumerated through the period: the values of
  // (a, rest - a) repeat with period p once a >= n0, so one period of a is
  // scanned and the rest follows. O(t (n0 + p)) before the first move.
  void each_move_to(std::size_t row, std::uint64_t length, std::uint64_t target,
                    const std::function<bool(const Move&)>& f) const;
  // The winning move of the lowest row, take and left; nullopt when the
  // nim-sum is 0 (every move loses).
  std::optional<Move> winning_move(std::span<const std::uint64_t> rows) const;

 private:
  Code code_;
  std::vector<std::uint32_t> g_;
  std::uint64_t preperiod_ = 0;
  std::uint64_t period_ = 0;
};

// The theory of a code, computed once per process and shared (thread-safe).
std::shared_ptr<const Theory> theory_of(const Code& code);

}  // namespace perfectplay::games::octal
