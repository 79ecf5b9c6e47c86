// binim and binim2 (CodeChef BINIM "Binary Nim" and BINIM2 "Binary Nim 2"). Rules.
//
// N stacks, each a binary string whose first character is the top. The two
// players are Tweedle-Dee and Tweedle-Dum. A move takes a non-empty stack
// whose top is the mover's own symbol and removes any positive number of
// elements from its top:
//
//   Dee moves only on stacks with '0' on top,
//   Dum moves only on stacks with '1' on top.
//
// (One published editorial swaps the two; the statement is as written here,
// and the official samples agree with it.) The player who moves first is part
// of the input.
//
//   binim  (Ending::kNormal): the player who cannot move LOSES.
//   binim2 (Ending::kMisere): the player who cannot move WINS.
//
//   Position{stacks = {"0110", "1"}, to_move = Dee}
//     stack 1: top 0 1 1 0 bottom    Dee may remove 1..4 elements
//     stack 2: top 1 bottom          only Dum may touch it
//   Move{stack = 0, count = 1} leaves {"110", "1"} with Dum to move.
//
// This header is the rules only: the exhaustive reference runs on it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/binim/binim_stacks.h"

namespace perfectplay::games::binim {

enum class Player : std::uint8_t { kDee, kDum };

// The symbol on top of the stacks a player may take from.
constexpr char symbol_of(Player p) {
  return p == Player::kDee ? '0' : '1';
}
constexpr Player other(Player p) {
  return p == Player::kDee ? Player::kDum : Player::kDee;
}
constexpr std::string_view name_of(Player p) {
  return p == Player::kDee ? "Dee" : "Dum";
}
// Whose stack it is: the player whose symbol is on top.
constexpr Player owner_of(char top) {
  return top == '0' ? Player::kDee : Player::kDum;
}

struct Position {
  // Top first, packed one bit a symbol (binim_stacks.h). A stack emptied in
  // play stays, empty, so that stack numbers do not change under a person's
  // eyes (written `-` in the position format).
  Stacks stacks;
  Player to_move = Player::kDee;
  friend bool operator==(const Position&, const Position&) = default;
};

struct Move {
  std::size_t stack = 0;  // 0-based index into Position::stacks
  std::size_t count = 0;  // 1 <= count <= stacks[stack].size()
  friend bool operator==(const Move&, const Move&) = default;
};

class Rules {
 public:
  using Position = binim::Position;
  using Move = binim::Move;

  explicit Rules(Ending ending) : ending_(ending) {}
  Ending ending() const { return ending_; }

  bool is_legal(const Position& p, const Move& m) const {
    return m.stack < p.stacks.size() && m.count >= 1 && m.count <= p.stacks[m.stack].size() &&
           p.stacks[m.stack].top() == symbol_of(p.to_move);
  }

  // Stack by stack, removing 1, 2, ... elements. O(total length).
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    const char mine = symbol_of(p.to_move);
    for (std::size_t i = 0; i < p.stacks.size(); ++i) {
      const StackView s = p.stacks[i];
      if (s.top() != mine) continue;
      for (std::size_t c = 1; c <= s.size(); ++c) out.push_back({i, c});
    }
  }

  // Removes the elements; an emptied stack stays, empty, so that stack
  // numbers stay the same for the whole game (as nim keeps its empty rows).
  // play_in_place is O(1): the stack's start moves past the removed symbols.
  Position play(Position p, const Move& m) const {
    play_in_place(p, m);
    return p;
  }
  void play_in_place(Position& p, const Move& m) const {
    p.stacks.erase_top(m.stack, m.count);
    p.to_move = other(p.to_move);
  }

  // By the symbols, 64 at a time, and each stack's length.
  std::size_t hash(const Position& p) const {
    std::uint64_t h = mix64(p.stacks.size() * 2 + (p.to_move == Player::kDum));
    for (const StackView s : p.stacks) {
      h = mix64(h ^ s.size());
      for (std::size_t k = 0; k < s.size(); k += 64) {
        h = mix64(h ^ s.bits(k, static_cast<unsigned>(std::min<std::size_t>(64, s.size() - k))));
      }
    }
    return static_cast<std::size_t>(h);
  }

  // For the solvers' tables (core/game.h's KeyPacker): the player to move
  // (1 bit), then each stack as 2 bits per element, top first ('0' -> 10,
  // '1' -> 11), closed by a 0 bit. Positions of up to 127 such bits pack.
  std::optional<Key128> key(const Position& p) const {
    KeyPacker k;
    k.put(p.to_move == Player::kDum ? 1 : 0, 1);
    for (const StackView s : p.stacks) {
      if (s.size() > 31) return std::nullopt;  // more than 127 bits in all
      std::uint64_t bits = 0;
      for (const char c : s) bits = (bits << 2) | 2 | (c & 1);
      k.put(bits << 1, static_cast<int>(2 * s.size() + 1));
    }
    return k.key();
  }

 private:
  Ending ending_;
};

}  // namespace perfectplay::games::binim
