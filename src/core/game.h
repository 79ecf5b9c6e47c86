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
// Partizan games (combinatorial game values, src/cgt/) describe a position
// without a player to move: both players' options are given separately.
//   g.left_moves(p)     Left's options in p, as std::vector<G::Move>.
//   g.right_moves(p)    Right's options in p.
//   g.play(p, m)        the position after m (m in left_moves(p) or
//                       right_moves(p)); it names no player to move either.
//   g.hash(p)           as above.
// and may provide g.components(p), a std::vector<G::Position>: p split into
// independent parts whose sum is p (the engine values each part once and
// adds the values), and g.key(p) as above (the engine's memo then stores the
// key, not the position). Normal play only: a player with no option loses.
// detail::partizan_components below is what the engine calls for the parts.
// With a player to move, a partizan game is a WinLossGame through
// cgt/to_move.h's adapter (the exhaustive twin of the engine's values).
//
// All games must be finite and acyclic: every sequence of moves ends. The
// solvers detect a cycle and report it as a logic error.
//
// Representation hooks (optional, any kind of game). They change how fast the
// exhaustive solvers run, never what they compute, and carry no knowledge of
// the game beyond its rules:
//   g.append_moves(p, out)   appends moves(p), in the same order, to the
//                            std::vector<Move> `out` (the solvers keep one
//                            such vector per depth of their search: no
//                            allocation per position). A game with this hook
//                            defines moves(p) through it, so the two agree.
//   g.play_in_place(p, m)    p becomes play(p, m) (the solvers copy a parent
//                            into a reused child position, whose heap storage
//                            is reused too). Likewise play() through it.
//   g.play_into(p, m, c)     c (a reused child, any earlier position) becomes
//                            play(p, m), built from p: for a game whose copy
//                            and play are two passes over the same storage
//                            (binim's reference, which sorts its stacks).
//   g.components(p, parts)   impartial games: the parts of p, each written into
//                            `parts.add()`, a Position& to overwrite whole (it
//                            may hold an earlier part: its storage is reused).
//   g.key(p)                 a packed key: std::uint64_t or Key128, or a
//                            std::optional of one (nullopt: p does not pack).
//                            Exact: for positions p, q that both pack,
//                            key(p) == key(q) iff p == q. The solvers' tables
//                            store the key instead of the position; positions
//                            that do not pack are stored whole. KeyPacker
//                            below builds such keys.
#pragma once

#include <bit>
#include <cassert>
#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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

template <class G>
concept PartizanGame = requires(const G& g, const typename G::Position& p,
                                const typename G::Move& m) {
  typename G::Position;
  typename G::Move;
  { g.left_moves(p) } -> std::convertible_to<std::vector<typename G::Move>>;
  { g.right_moves(p) } -> std::convertible_to<std::vector<typename G::Move>>;
  { g.play(p, m) } -> std::convertible_to<typename G::Position>;
  { g.hash(p) } -> std::convertible_to<std::size_t>;
  requires std::equality_comparable<typename G::Position>;
};

// A 128-bit packed key (see g.key above).
struct Key128 {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend constexpr bool operator==(const Key128&, const Key128&) = default;
};

// Builds an exact Key128 as a string of bits: a leading 1 (so that the length
// is part of the value), then fields appended one after another, each of a
// width that the fields before it determine (fixed widths, or Elias gamma
// codes, which are self-delimiting). Such a string is decodable, so two
// different sequences of fields give two different keys. More than 127 bits
// of fields do not pack: key() is then nullopt (key64(): more than 63).
//
//   fields 5 (3 bits), gamma(4) = 00100:   1 101 00100  ->  key 0b110100100
class KeyPacker {
 public:
  // Appends the low `bits` bits of `value` (bits <= 64; value < 2^bits).
  constexpr void put(std::uint64_t value, int bits) {
    assert(bits >= 0 && bits <= 64 && (bits == 64 || value >> bits == 0));
    if (used_ + bits <= 64) {  // the common case: all in lo_ (used_ >= 1, so bits < 64)
      lo_ = (lo_ << bits) | value;
      used_ += bits;
      return;
    }
    if (bits == 0 || overflow_) return;
    if (used_ + bits > 128) {
      overflow_ = true;
      return;
    }
    hi_ = bits == 64 ? lo_ : (hi_ << bits) | (lo_ >> (64 - bits));
    lo_ = bits == 64 ? value : (lo_ << bits) | value;
    used_ += bits;
  }
  // Appends v >= 1 in Elias gamma code: (bit width - 1) zeros, then v's bits.
  // 2 * bit_width(v) - 1 bits: 1 -> "1", 2 -> "010", 3 -> "011", 4 -> "00100".
  // (The code is v itself written in 2w - 1 bits, w = bit_width(v).)
  constexpr void put_gamma(std::uint64_t v) {
    assert(v >= 1);
    const int w = std::bit_width(v);
    if (2 * w - 1 <= 64) {
      put(v, 2 * w - 1);
    } else {
      put(0, w - 1);
      put(v, w);
    }
  }
  constexpr std::optional<Key128> key() const {
    if (overflow_) return std::nullopt;
    return Key128{lo_, hi_};
  }
  // The same key when it fits in 64 bits (63 bits of fields at most): a
  // smaller slot in the solvers' tables.
  constexpr std::optional<std::uint64_t> key64() const {
    if (overflow_ || used_ > 64) return std::nullopt;
    return lo_;
  }

 private:
  std::uint64_t lo_ = 1;  // the leading 1
  std::uint64_t hi_ = 0;
  int used_ = 1;
  bool overflow_ = false;
};

// Rows of counts (nim's rows, octal's heaps) as their position text, the
// numbers separated by single spaces, written into a string of the exact
// size (a million rows' text is not built twice).
inline std::string join_counts(const std::vector<std::uint64_t>& rows) {
  const auto digits = [](std::uint64_t r) {
    std::size_t d = 1;
    for (; r >= 10; r /= 10) ++d;
    return d;
  };
  std::size_t size = rows.empty() ? 0 : rows.size() - 1;
  for (const std::uint64_t r : rows) size += digits(r);
  std::string out(size, ' ');
  char* at = out.data();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i > 0) ++at;  // the space before it
    at = std::to_chars(at, out.data() + out.size(), rows[i]).ptr;
  }
  return out;
}

// Rows of counts (nim's rows, octal's heaps) as a packed key: each count + 1
// in Elias gamma code. Boards of up to 63 bits of codes pack; others are
// stored whole (std::nullopt).
inline std::optional<std::uint64_t> gamma_key(const std::vector<std::uint64_t>& rows) {
  KeyPacker k;
  for (const std::uint64_t r : rows) {
    if (r == UINT64_MAX) return std::nullopt;
    k.put_gamma(r + 1);
  }
  return k.key64();
}

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
void append_moves(const G& g, const typename G::Position& p, std::vector<typename G::Move>& out) {
  if constexpr (requires { g.append_moves(p, out); }) {
    g.append_moves(p, out);
  } else {
    const std::vector<typename G::Move> moves = g.moves(p);
    out.insert(out.end(), moves.begin(), moves.end());
  }
}

template <class G>
void play_in_place(const G& g, typename G::Position& p, const typename G::Move& m) {
  if constexpr (requires { g.play_in_place(p, m); }) {
    g.play_in_place(p, m);
  } else {
    p = g.play(p, m);
  }
}

// A partizan position's parts (g.components(p) when the game has it, else p
// alone).
template <PartizanGame G>
std::vector<typename G::Position> partizan_components(const G& g, const typename G::Position& p) {
  if constexpr (requires { g.components(p); }) {
    return g.components(p);
  } else {
    return {p};
  }
}

}  // namespace detail

// Mixes a 64-bit value well (splitmix64's finalizer): for building hashes.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace perfectplay
