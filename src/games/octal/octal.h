// Octal games (Kayles = 0.77, Dawson's Kayles = 0.137, ...). Rules.
//
// Rows of pins. An octal code 0.d1 d2 ... dt (digits 0 to 7) says how a move
// may remove k pins from ONE row, by the bits of d_k:
//   bit 1  take the whole row, when it has exactly k pins;
//   bit 2  leave one non-empty row (take k pins from an end);
//   bit 4  leave two non-empty rows (take k pins from inside: a split).
// Normal play: the player with no legal move loses.
//
//   0.77, rows {5, 1}:  row 1 |||||   Move{row 0, take 2, left 1, right 2}
//                       row 2 |       leaves rows {1, 2, 1}
//
// A move is (row, take, left, right): the row keeps `left` pins in its place
// and `right` pins become a new row just after it; left == 0 leaves one row
// of `right` (or none, when right == 0 too: the row becomes 0, so the row
// numbers of the rest stay). A split is unordered, so left <= right.
//
// This header is the rules only: the exhaustive reference runs on it, and it
// knows nothing of Grundy sequences.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/game.h"

namespace perfectplay::games::octal {

inline constexpr std::size_t kMaxDigits = 16;

struct Code {
  std::string text;                  // "0.137", without trailing zeros
  std::vector<std::uint8_t> digits;  // digits[k - 1] = d_k
  std::uint64_t last = 0;            // t: the position of the last non-zero digit

  bool whole(std::uint64_t k) const { return k <= last && (digits[k - 1] & 1); }
  bool leave_one(std::uint64_t k) const { return k <= last && (digits[k - 1] & 2); }
  bool split(std::uint64_t k) const { return k <= last && (digits[k - 1] & 4); }
};

// "0." and 1 to kMaxDigits octal digits, not all zero; else why not.
inline std::variant<Code, std::string> parse_code(std::string_view text) {
  if (text.substr(0, 2) != "0.") {
    return std::string("an octal code starts with `0.` and then its digits, e.g. 0.77 (Kayles)");
  }
  Code c{std::string(text), {}, 0};
  for (const char ch : text.substr(2)) {
    if (ch < '0' || ch > '7') return std::string("the digits of an octal code are 0 to 7");
    c.digits.push_back(static_cast<std::uint8_t>(ch - '0'));
    if (ch != '0') c.last = c.digits.size();
  }
  if (c.digits.empty() || c.digits.size() > kMaxDigits) {
    return "an octal code has 1 to " + std::to_string(kMaxDigits) + " digits after `0.`";
  }
  if (c.last == 0) return std::string("the code allows no move (every digit is 0)");
  c.digits.resize(c.last);  // trailing zeros change nothing: 0.770 is 0.77
  c.text = "0.";
  for (const std::uint8_t d : c.digits) c.text += static_cast<char>('0' + d);
  return c;
}

struct Position {
  std::vector<std::uint64_t> rows;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::size_t row = 0;  // 0-based
  std::uint64_t take = 0;
  std::uint64_t left = 0;
  std::uint64_t right = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = octal::Position;
  using Move = octal::Move;

  explicit Rules(Code code) : code_(std::move(code)) {}
  const Code& code() const { return code_; }

  // Whether taking `take` pins from a row of `length` leaving `left` (and the
  // rest on the right) is allowed by the code.
  bool allows(std::uint64_t length, std::uint64_t take, std::uint64_t left) const {
    if (take == 0 || take > length || take > code_.last) return false;
    const std::uint64_t rest = length - take;
    if (rest == 0) return left == 0 && code_.whole(take);
    if (left == 0) return code_.leave_one(take);
    return code_.split(take) && left <= rest / 2;
  }

  // The moves in one row of `length` pins (up to 2^66): O(1) per take.
  __extension__ typedef unsigned __int128 Count;
  Count row_move_count(std::uint64_t length) const {
    Count n = 0;
    for (std::uint64_t k = 1; k <= code_.last && k <= length; ++k) {
      const std::uint64_t rest = length - k;
      if (rest == 0) {
        n += code_.whole(k);
      } else {
        n += code_.leave_one(k);
        if (code_.split(k)) n += rest / 2;
      }
    }
    return n;
  }

  // Row by row, then by take, then by left: the order of the contest's
  // answer (lowest row, take, left). O(moves): for small rows.
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    for (std::size_t r = 0; r < p.rows.size(); ++r) {
      const std::uint64_t len = p.rows[r];
      for (std::uint64_t k = 1; k <= code_.last && k <= len; ++k) {
        const std::uint64_t rest = len - k;
        if (rest == 0 && code_.whole(k)) out.push_back({r, k, 0, 0});
        if (rest > 0 && code_.leave_one(k)) out.push_back({r, k, 0, rest});
        if (code_.split(k)) {
          for (std::uint64_t s = 1; 2 * s <= rest; ++s) out.push_back({r, k, s, rest - s});
        }
      }
    }
  }

  // The first of moves(p), without listing them; none when the game is over.
  std::optional<Move> first_move(const Position& p) const {
    for (std::size_t r = 0; r < p.rows.size(); ++r) {
      for (std::uint64_t k = 1; k <= code_.last && k <= p.rows[r]; ++k) {
        const std::uint64_t rest = p.rows[r] - k;
        if (rest == 0 && code_.whole(k)) return Move{r, k, 0, 0};
        if (rest > 0 && code_.leave_one(k)) return Move{r, k, 0, rest};
        if (rest >= 2 && code_.split(k)) return Move{r, k, 1, rest - 1};
      }
    }
    return std::nullopt;
  }

  Position play(const Position& p, const Move& m) const {
    // The copy has room for a split's extra row: inserting into a copy of
    // exactly the parent's size reallocated it, holding the old rows and twice
    // as many at once (24 MB for a child of a million rows, not 8).
    Position child;
    child.rows.reserve(p.rows.size() + (m.left != 0 ? 1 : 0));
    child.rows.assign(p.rows.begin(), p.rows.end());
    play_in_place(child, m);
    return child;
  }
  void play_in_place(Position& p, const Move& m) const {
    if (m.left == 0) {
      p.rows[m.row] = m.right;
    } else {
      p.rows[m.row] = m.left;
      p.rows.insert(p.rows.begin() + static_cast<std::ptrdiff_t>(m.row) + 1, m.right);
    }
  }

  // The rows are independent games: the Grundy solver values each on its own.
  // Each non-empty row is written into parts.add() (core/game.h).
  template <class Parts>
  void components(const Position& p, Parts& parts) const {
    for (const std::uint64_t r : p.rows) {
      if (r > 0) parts.add().rows.assign(1, r);
    }
  }

  // For the solvers' tables: the rows in Elias gamma code (core/game.h; a
  // single row of up to 2^32 - 2 pins packs).
  std::optional<std::uint64_t> key(const Position& p) const { return gamma_key(p.rows); }

  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.rows.size();
    for (const std::uint64_t r : p.rows) h = mix64(h ^ r);
    return static_cast<std::size_t>(h);
  }

 private:
  Code code_;
};

}  // namespace perfectplay::games::octal
