// Toads and Frogs (Winning Ways ch. 1; Erickson, "New Toads and Frogs
// results", 1996): a strip of cells holding toads 'T' (Left's), frogs 'F'
// (Right's) and empty cells '.'. A toad moves one cell right onto an empty
// cell, or jumps right over exactly one frog onto the empty cell beyond it;
// a frog moves or jumps left over one toad likewise. The player who cannot
// move loses (normal play). Winning Ways writes an empty cell as a box:
// T□F is "T.F" here.
//
// No parts: the strip is valued whole (the engine memoizes every strip it
// meets). Strips of up to 63 cells pack into a key.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/input_error.h"

namespace perfectplay::games::partizan::toads_frogs {

using Position = std::string;

struct Move {
  int from = 0;
  int to = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = toads_frogs::Position;
  using Move = toads_frogs::Move;

  std::vector<Move> left_moves(const Position& p) const { return hops(p, 'T', 'F', +1); }
  std::vector<Move> right_moves(const Position& p) const { return hops(p, 'F', 'T', -1); }
  Position play(Position p, const Move& m) const {
    p[static_cast<std::size_t>(m.to)] = p[static_cast<std::size_t>(m.from)];
    p[static_cast<std::size_t>(m.from)] = '.';
    return p;
  }
  std::size_t hash(const Position& p) const { return std::hash<std::string>{}(p); }
  std::optional<std::uint64_t> key(const Position& p) const {
    KeyPacker k;
    for (const char c : p) k.put(c == '.' ? 0 : c == 'T' ? 1 : 2, 2);
    return k.key64();
  }

 private:
  static std::vector<Move> hops(const Position& p, char mine, char theirs, int dir) {
    std::vector<Move> out;
    const int n = static_cast<int>(p.size());
    for (int i = 0; i < n; ++i) {
      if (p[static_cast<std::size_t>(i)] != mine) continue;
      const int one = i + dir;
      const int two = i + 2 * dir;
      if (one >= 0 && one < n && p[static_cast<std::size_t>(one)] == '.') {
        out.push_back({i, one});
      } else if (one >= 0 && one < n && p[static_cast<std::size_t>(one)] == theirs && two >= 0 &&
                 two < n && p[static_cast<std::size_t>(two)] == '.') {
        out.push_back({i, two});
      }
    }
    return out;
  }
};

inline Position parse(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r') continue;
    if (c != 'T' && c != 'F' && c != '.') {
      throw InputError(
          1, i + 1,
          std::string("a cell is 'T' (toad), 'F' (frog) or '.' (empty), found '") + c + "'");
    }
    if (out.size() == 63) throw InputError(1, i + 1, "more than 63 cells");
    out += c;
  }
  if (out.empty()) throw InputError(1, 1, "an empty strip");
  return out;
}
inline std::string format(const Position& p) {
  return p;
}

}  // namespace perfectplay::games::partizan::toads_frogs
