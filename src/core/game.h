// The Game concepts: what a set of rules must provide to be solved.
//
// A game is a class whose const member functions describe the rules; the
// positions are plain values. Solvers are written against these concepts only
// and never name a game.
//
//   G::Position   a value type with operator==; the whole state, including
//                 whose turn it is when that matters (partizan games).
//   G::Move       a value type.
//   g.moves(p)    every legal move in p, as std::vector<G::Move>.
//   g.play(p, m)  the position after m; m must be in moves(p).
//   g.hash(p)     a hash of p, consistent with ==.
//
// Win/loss games may also provide:
//   g.ending()          Ending::kNormal (a player with no move loses, the
//                       default) or Ending::kMisere (a player with no move wins).
//   g.decided(p)        std::optional<Outcome>: an outcome fixed by a rule other
//                       than "no move left", seen by the player to move in p
//                       (bacteria: a move that mutates ends the game, and the
//                       player now to move has won, Outcome::win(0)).
//
// Scored games (minimax) provide instead of an ending:
//   g.side(p)           Side::kMax or Side::kMin: who chooses in p.
//   g.final_score(p)    the score of a position with no move.
// and may provide g.reward(p, m): a score collected by making move m (default
// 0). The value of p is final_score(p) when no move is left, otherwise the best
// (for side(p)) over moves m of reward(p, m) + value(play(p, m)).
//
// Impartial games (Sprague-Grundy) need only moves/play/hash, and may provide
// g.components(p): p split into independent parts whose sum is p (default: p
// alone). A part with no move is worth 0 and may be left out.
//
// All games must be finite and acyclic: every sequence of moves ends. The
// solvers detect a cycle and report it as a logic error.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/outcome.h"
#include "core/score.h"

namespace perfectplay {

enum class Ending : std::uint8_t { kNormal, kMisere };

template <class G>
concept GameRules = requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  typename G::Position;
  typename G::Move;
  { g.moves(p) } -> std::convertible_to<std::vector<typename G::Move>>;
  { g.play(p, m) } -> std::convertible_to<typename G::Position>;
  { g.hash(p) } -> std::convertible_to<std::size_t>;
  requires std::equality_comparable<typename G::Position>;
};

template <class G>
concept WinLossGame = GameRules<G>;

template <class G>
concept ScoredGame = GameRules<G> && requires(const G& g, const typename G::Position& p) {
  { g.side(p) } -> std::convertible_to<Side>;
  { g.final_score(p) } -> std::convertible_to<Score>;
};

template <class G>
concept ImpartialGame = GameRules<G>;

namespace detail {

template <class G>
Ending ending_of(const G& g) {
  if constexpr (requires { g.ending(); }) {
    return g.ending();
  } else {
    return Ending::kNormal;
  }
}

template <class G>
std::optional<Outcome> decided(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.decided(p); }) {
    return g.decided(p);
  } else {
    return std::nullopt;
  }
}

template <class G>
Score reward(const G& g, const typename G::Position& p, const typename G::Move& m) {
  if constexpr (requires { g.reward(p, m); }) {
    return g.reward(p, m);
  } else {
    return 0;
  }
}

template <class G>
std::vector<typename G::Position> components(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.components(p); }) {
    return g.components(p);
  } else {
    return {p};
  }
}

// Adapts g.hash to the std::unordered_map hasher interface.
template <class G>
struct PositionHash {
  const G* game;
  std::size_t operator()(const typename G::Position& p) const { return game->hash(p); }
};

}  // namespace detail

// Mixes a 64-bit value well (splitmix64's finalizer): for building hashes.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace perfectplay
