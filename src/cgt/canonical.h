// The values of short partizan games in canonical form (combinatorial game
// theory: Winning Ways, Lessons in Play, Siegel's "Combinatorial Game Theory").
//
// A game is {L | R}: Left's options L and Right's options R, each a game.
// Every short game equals exactly one game in canonical form (no dominated
// and no reversible option, every option canonical). A `Universe` holds
// canonical forms interned: each is one node, named by a `GameId` (an index),
// stored once with its options as sorted ids, so equal values are one id and
// equality is `==` on ids. Node 0 is 0 = { | }.
//
//   id   left      right     value
//   0    {}        {}        0
//   1    {0}       {}        1
//   2    {0}       {0}       *
//   3    {0}       {2}       ^ = {0 | *}
//
// make(L, R) builds the canonical form of {L | R} from canonical options:
// dominated options go (a Left option A with A <= B for another Left option
// B; for Right, A >= B), reversible ones are bypassed (a Left option A with a
// Right option A^R <= G is replaced by A^R's Left options; mirrored for
// Right), repeated until neither applies (Siegel, Theorem II.2.9). Comparison
// is the recursive rule G <= H iff no G^L >= H and no H^R <= G, memoized on
// pairs of ids; sums are memoized on unordered pairs. Numbers (dyadic
// rationals) are recognised when a node is interned (all options numbers,
// every Left one below every Right one) and then compared and added as
// numbers; a number plus a non-number is translated option by option (Number
// Translation), never expanded through the number's options.
//
// Invariants: outcome class, stops, mean and temperature, thermograph (walls
// as piecewise-linear functions, thermograph.h), birthday, atomic weight of
// an all-small game. Notation (print and parse, docs/cgt.md): 0, 3, -1/2,
// 3/4, *, *2, ^, v, ^*, v*, ^2, 1/2^*, +-1 (printed ±1), {2|-1},
// {1,{1|0}|-1}.
//
// Not thread-safe: one Universe per thread (its memo tables grow on reads).
// Memory: a node costs its option vectors plus one entry in the intern table;
// the memo tables grow with the comparisons and sums asked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cgt/rational.h"
#include "cgt/thermograph.h"

namespace perfectplay::cgt {

using GameId = std::uint32_t;

// Who wins: L (Left whoever starts, G > 0), R (Right whoever starts, G < 0),
// P (the player to move loses, G = 0), N (the player to move wins, G || 0).
enum class OutcomeClass : std::uint8_t { kL, kR, kP, kN };
std::string_view outcome_name(OutcomeClass c);

class Universe {
 public:
  Universe();

  static constexpr GameId kZero = 0;

  // The canonical form of {left | right}, the options being canonical (ids
  // of this universe; repeats and any order allowed).
  GameId make(std::vector<GameId> left, std::vector<GameId> right);

  GameId integer(std::int64_t n);
  GameId number(const Rational& x);  // x dyadic (denominator a power of 2)
  GameId nimber(std::uint32_t n);    // *n
  GameId ups(std::int64_t k);        // k.^ (k < 0: |k| downs)
  GameId star() { return nimber(1); }

  GameId neg(GameId g);
  GameId add(GameId g, GameId h);
  GameId sub(GameId g, GameId h) { return add(g, neg(h)); }

  bool le(GameId g, GameId h);  // g <= h
  bool ge(GameId g, GameId h) { return le(h, g); }
  bool lt(GameId g, GameId h) { return g != h && le(g, h); }
  bool gt(GameId g, GameId h) { return lt(h, g); }
  bool fuzzy(GameId g, GameId h) { return !le(g, h) && !le(h, g); }  // g || h

  const std::vector<GameId>& left(GameId g) const { return nodes_[g].left; }
  const std::vector<GameId>& right(GameId g) const { return nodes_[g].right; }
  bool is_number(GameId g) const { return nodes_[g].is_number; }
  // The number g is (is_number(g) must hold).
  const Rational& number_value(GameId g) const { return nodes_[g].value; }
  std::uint32_t birthday(GameId g) const { return nodes_[g].birthday; }
  std::size_t size() const { return nodes_.size(); }

  OutcomeClass outcome(GameId g);
  Rational left_stop(GameId g);
  Rational right_stop(GameId g);
  const Thermograph& thermograph(GameId g);
  Rational mean(GameId g) { return thermograph(g).mean; }
  Rational temperature(GameId g) { return thermograph(g).temperature; }
  // All-small (dicotic): every subposition with a move for one player has
  // one for the other.
  bool is_all_small(GameId g);
  // The atomic weight of an all-small game (nullopt for any other game), by
  // the atomic weight calculus (Siegel, Theorem II.7.?; Lessons in Play
  // ch. 9): {A(G^L) - 2 | A(G^R) + 2}, except where that is an integer: then
  // the largest integer allowed if G > far star, the smallest if G < far
  // star (eccentric cases), else that integer.
  std::optional<GameId> atomic_weight(GameId g);

  // The standard notation (docs/cgt.md).
  std::string text(GameId g);
  // Parses the notation back; bad text is an InputError on line 1 with the
  // column of the offending character.
  GameId parse(std::string_view text);

 private:
  struct Node {
    std::vector<GameId> left;
    std::vector<GameId> right;
    Rational value;  // the number, when is_number
    bool is_number = false;
    std::uint32_t birthday = 0;
  };
  struct OptionsHash {
    std::size_t operator()(const std::pair<std::vector<GameId>, std::vector<GameId>>& k) const;
  };

  GameId intern(std::vector<GameId> left, std::vector<GameId> right);
  // The simplest number strictly between the sides' numbers, when every
  // option is a number and every Left one is below every Right one.
  std::optional<Rational> simplest_number(const std::vector<GameId>& left,
                                          const std::vector<GameId>& right) const;
  // g <= H and H <= g where H = {hl | hr} is not interned (make's
  // intermediate forms); they recurse only into g's options.
  bool le_raw(const std::vector<GameId>& gl, const std::vector<GameId>& gr, GameId h);
  bool ge_raw(const std::vector<GameId>& gl, const std::vector<GameId>& gr, GameId h);
  GameId far_star(GameId g);
  GameId build_number(const Rational& x);
  friend class RawCompare;
  friend class Parser;

  std::vector<Node> nodes_;
  std::unordered_map<std::pair<std::vector<GameId>, std::vector<GameId>>, GameId, OptionsHash>
      intern_;
  std::unordered_map<std::uint64_t, bool> le_memo_;
  std::unordered_map<std::uint64_t, GameId> add_memo_;
  std::vector<GameId> neg_memo_;                            // kNone where not computed
  std::vector<GameId> nimbers_;                             // *0, *1, ... built so far
  std::unordered_multimap<std::uint64_t, GameId> numbers_;  // by a hash of the number
  std::unordered_map<std::int64_t, GameId> ups_;
  std::unordered_map<GameId, Thermograph> thermographs_;
  std::unordered_map<GameId, std::optional<GameId>> atomic_weights_;
  std::unordered_map<GameId, bool> all_small_;
  std::unordered_map<GameId, std::pair<Rational, Rational>> stops_;
};

}  // namespace perfectplay::cgt
