// binim as a partizan game (core/game.h's PartizanGame): Dee is Left, Dum is
// Right, and a position is its stacks without a player to move. Each stack is
// a part, so the engine (src/cgt/) values each distinct stack once and the
// position as the sum of its stacks' values.
//
// The theory (binim_theory.h) says each stack is an integer: +zeros for a
// 0-topped stack, -ones for a 1-topped one. This view lets the engine derive
// that from the rules alone (tests/cgt/binim_values_test.cpp: every stack of
// up to 20 bits), and `perfectplay value binim` print a position's value.
// Normal play only (binim2's misère play is not a sum of values).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/binim/binim.h"

namespace perfectplay::games::binim {

class PartizanRules {
 public:
  using Position = std::vector<std::string>;  // the stacks, top first
  using Move = binim::Move;

  std::vector<Move> left_moves(const Position& p) const { return takes(p, '0'); }
  std::vector<Move> right_moves(const Position& p) const { return takes(p, '1'); }
  Position play(Position p, const Move& m) const {
    p[m.stack].erase(0, m.count);
    return p;
  }
  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.size();
    for (const std::string& s : p) h = mix64(h ^ std::hash<std::string>{}(s));
    return static_cast<std::size_t>(h);
  }
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (const std::string& s : p) {
      if (!s.empty()) out.push_back({s});
    }
    return out;
  }
  // One stack of up to 62 elements packs: a leading 1, then its bits.
  std::optional<std::uint64_t> key(const Position& p) const {
    if (p.size() != 1) return std::nullopt;
    KeyPacker k;
    for (const char c : p[0]) k.put(c == '1' ? 1 : 0, 1);
    return k.key64();
  }

 private:
  static std::vector<Move> takes(const Position& p, char mine) {
    std::vector<Move> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i].empty() || p[i][0] != mine) continue;
      for (std::size_t c = 1; c <= p[i].size(); ++c) out.push_back({i, c});
    }
    return out;
  }
};

}  // namespace perfectplay::games::binim

#include "cgt/report.h"

namespace perfectplay::games::binim {

// `perfectplay value binim`: the stacks (the position format without the
// player to move), Dee as Left.
cgt::ValueGame value_game();

}  // namespace perfectplay::games::binim
