// binim/binim2 theory: the winner in O(total length), one pass per stack.
//
// binim (normal play: who cannot move loses). Derived here, checked by the
// reference. Read each stack as a combinatorial game with Dee as Left and Dum
// as Right. Only the owner of the top symbol has options, and they are the
// proper suffixes of the stack (the empty one included, worth 0). Claim:
//
//   value(s) = +zeros(s)   when the top is '0' (Dee's)
//   value(s) = -ones(s)    when the top is '1' (Dum's)
//
// By induction on the length. For a '0'-topped s the options are integers by
// induction, so s = { options | } = (largest option) + 1, the largest option
// being >= 0 (the empty stack). A suffix topped by '1' is worth <= 0; a suffix
// topped by '0' is worth its zeros, which is largest for the longest such
// suffix: it holds every zero of s but the top one. So the largest option is
// zeros(s) - 1 (or 0 when there is no other zero: the same number) and
// value(s) = zeros(s). The '1' case is the mirror image.
//
// The sum V of the stacks' values is an integer, and for a sum of numbers
// under normal play: V > 0 Dee wins whoever starts, V < 0 Dum wins whoever
// starts, V == 0 the player to move loses. Intuition: each player holds a
// reserve of moves (Dee one per '0' in her stacks, by taking one element at
// a time), and in normal play the player with more moves in reserve moves
// last.
//
// binim2 (misère: who cannot move wins). The seed's "pending moves" rule, not
// proven here; the exhaustive reference checks it (binim_stress_test.cpp):
// runs of equal symbols behave as one symbol; a stack whose top and bottom
// differ can be answered move for move and changes nothing; a stack whose top
// and bottom are equal costs the owner of its top one move that the other
// player never has to make. So:
//
//   pending(P) = the number of stacks with top == bottom == symbol_of(P)
//   pending(Dee) == pending(Dum): the player to move wins,
//   otherwise the player with fewer pending moves wins, whoever starts.
//
// Both need, per stack, only its top, its bottom, and how many '0's and '1's
// it holds, so a stack never has to be stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/game.h"
#include "games/binim/binim.h"

namespace perfectplay::games::binim {

// What the theory needs of one stack.
struct StackFacts {
  char top = '0';
  char bottom = '0';
  std::uint64_t zeros = 0;
  std::uint64_t ones = 0;
};

inline StackFacts facts_of(std::string_view s) {
  StackFacts f;
  f.top = s.front();
  f.bottom = s.back();
  for (const char c : s) f.zeros += (c == '0');
  f.ones = s.size() - f.zeros;
  return f;
}

// The whole position, accumulated stack by stack.
struct Summary {
  std::int64_t value = 0;         // binim: sum of the stacks' values (Dee positive)
  std::uint64_t pending_dee = 0;  // binim2: stacks with top == bottom == '0'
  std::uint64_t pending_dum = 0;  // binim2: stacks with top == bottom == '1'

  void add(const StackFacts& f) {
    value += f.top == '0' ? static_cast<std::int64_t>(f.zeros) : -static_cast<std::int64_t>(f.ones);
    if (f.top == f.bottom) ++(f.top == '0' ? pending_dee : pending_dum);
  }
  void remove(const StackFacts& f) {
    value -= f.top == '0' ? static_cast<std::int64_t>(f.zeros) : -static_cast<std::int64_t>(f.ones);
    if (f.top == f.bottom) --(f.top == '0' ? pending_dee : pending_dum);
  }
};

inline Summary summarize(const Position& p) {
  Summary s;
  for (const auto& stack : p.stacks) s.add(facts_of(stack));
  return s;
}

// Who wins with `to_move` to move.
inline Player winner(const Summary& s, Player to_move, Ending ending) {
  if (ending == Ending::kNormal) {
    if (s.value > 0) return Player::kDee;
    if (s.value < 0) return Player::kDum;
    return other(to_move);
  }
  if (s.pending_dee == s.pending_dum) return to_move;
  return s.pending_dee < s.pending_dum ? Player::kDee : Player::kDum;
}

inline Player winner(const Position& p, Ending ending) {
  return winner(summarize(p), p.to_move, ending);
}

}  // namespace perfectplay::games::binim
