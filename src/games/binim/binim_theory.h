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
//
// What the theory does not give: how long the game lasts. The exhaustive
// reference computes remoteness on small positions; `delaying_move` below is
// what the engine plays on a lost position beyond its reach.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
// The same of a packed stack, counted 64 symbols at a time. Precondition:
// s is not empty.
inline StackFacts facts_of(const StackView& s) {
  StackFacts f;
  f.top = s.front();
  f.bottom = s.back();
  f.ones = s.ones();
  f.zeros = s.size() - f.ones;
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
  for (const StackView stack : p.stacks) {
    if (!stack.empty()) s.add(facts_of(stack));
  }
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

// The moves that leave the opponent lost, in stack order then count order; at
// most `limit`. O(total length): removing `count` elements leaves the suffix
// s[count:], whose facts are kept while walking down the stack.
inline std::vector<Move> winning_moves(const Position& p, Ending ending, std::size_t limit) {
  std::vector<Move> out;
  const Summary whole = summarize(p);
  const char mine = symbol_of(p.to_move);
  const Player opponent = other(p.to_move);
  for (std::size_t i = 0; i < p.stacks.size() && out.size() < limit; ++i) {
    const StackView s = p.stacks[i];
    if (s.top() != mine) continue;
    StackFacts rest = facts_of(s);
    Summary without = whole;
    without.remove(rest);
    for (std::size_t count = 1; count <= s.size() && out.size() < limit; ++count) {
      (s[count - 1] == '0' ? rest.zeros : rest.ones) -= 1;
      Summary after = without;
      if (count < s.size()) {
        rest.top = s[count];
        after.add(rest);
      }
      if (winner(after, opponent, ending) == p.to_move) out.push_back({i, count});
    }
  }
  return out;
}

// What the engine plays on a lost position too large for the exhaustive
// reference: one element from the longest of the mover's stacks (the first
// among equals), which keeps the most material in play. Not proven longest
// (docs/games/binim.md). nullopt when the mover has no stack.
inline std::optional<Move> delaying_move(const Position& p) {
  std::optional<Move> pick;
  const char mine = symbol_of(p.to_move);
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    if (p.stacks[i].top() == mine && (!pick || p.stacks[i].size() > p.stacks[pick->stack].size())) {
      pick = Move{i, 1};
    }
  }
  return pick;
}

}  // namespace perfectplay::games::binim
