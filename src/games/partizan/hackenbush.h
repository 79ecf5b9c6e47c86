// Blue-Red Hackenbush strings (Winning Ways ch. 1-2; Lessons in Play ch. 2):
// stalks of edges standing on the ground, each edge blue (Left's) or red
// (Right's). A move cuts one of the mover's edges; it and every edge above
// it on its stalk fall. The player who cannot move loses (normal play).
//
// Position text: stalks separated by blanks, each a string of 'B' (blue) and
// 'R' (red) from the ground up: "BRB RR" is two stalks; '-' is a stalk cut
// to nothing. A move names a stalk and the height of the cut edge (0 = the
// edge on the ground). Each stalk is a part; a stalk cut to nothing is left
// out of the parts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/input_error.h"

namespace perfectplay::games::partizan::hackenbush {

struct Position {
  std::vector<std::string> stalks;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::size_t stalk = 0;
  std::size_t height = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = hackenbush::Position;
  using Move = hackenbush::Move;

  std::vector<Move> left_moves(const Position& p) const { return cuts(p, 'B'); }
  std::vector<Move> right_moves(const Position& p) const { return cuts(p, 'R'); }
  Position play(Position p, const Move& m) const {
    p.stalks[m.stalk].resize(m.height);
    return p;
  }
  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.stalks.size();
    for (const std::string& s : p.stalks) h = mix64(h ^ std::hash<std::string>{}(s));
    return static_cast<std::size_t>(h);
  }
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (const std::string& s : p.stalks) {
      if (!s.empty()) out.push_back(Position{{s}});
    }
    return out;
  }
  // One stalk of up to 62 edges packs (1 bit per edge).
  std::optional<std::uint64_t> key(const Position& p) const {
    if (p.stalks.size() != 1) return std::nullopt;
    KeyPacker k;
    for (const char c : p.stalks[0]) k.put(c == 'B' ? 1 : 0, 1);
    return k.key64();
  }

 private:
  static std::vector<Move> cuts(const Position& p, char mine) {
    std::vector<Move> out;
    for (std::size_t i = 0; i < p.stalks.size(); ++i) {
      for (std::size_t h = 0; h < p.stalks[i].size(); ++h) {
        if (p.stalks[i][h] == mine) out.push_back({i, h});
      }
    }
    return out;
  }
};

inline Position parse(std::string_view text) {
  Position p;
  bool in_stalk = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      in_stalk = false;
      continue;
    }
    // '-' alone is a stalk cut to nothing (format writes it, so that a
    // stalk keeps its number through a game).
    if (c == '-' && !in_stalk &&
        (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n' || text[i + 1] == '\r' ||
         text[i + 1] == '\t')) {
      p.stalks.emplace_back();
      continue;
    }
    if (c != 'B' && c != 'R') {
      throw InputError(1, i + 1,
                       std::string("an edge is 'B' (blue, Left's) or 'R' (red, Right's), and '-' "
                                   "a stalk cut to nothing; found '") +
                           c + "'");
    }
    if (!in_stalk) p.stalks.emplace_back();
    in_stalk = true;
    if (p.stalks.back().size() == 62) throw InputError(1, i + 1, "a stalk of more than 62 edges");
    p.stalks.back() += c;
  }
  if (p.stalks.empty()) throw InputError(1, 1, "no stalk");
  return p;
}
inline std::string format(const Position& p) {
  std::string out;
  for (std::size_t i = 0; i < p.stalks.size(); ++i) {
    if (i > 0) out += ' ';
    out += p.stalks[i].empty() ? "-" : p.stalks[i];
  }
  return out;
}

}  // namespace perfectplay::games::partizan::hackenbush
