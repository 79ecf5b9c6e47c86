// The value of a partizan game's position (core/game.h's PartizanGame) as a
// canonical form in a Universe.
//
// value(p) = sum over p's parts (g.components(p), else p alone) of
// {value(left options) | value(right options)}, each part memoized: by
// g.key(part) when the game packs it, else by the part itself (g.hash). A
// part's options are valued first (depth-first; the depth is the longest
// play, so at most the number of moves in the position's longest game).
// Each distinct part is made once; all sums and comparisons are the
// Universe's, memoized there.
#pragma once

#include <cstddef>
#include <optional>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cgt/canonical.h"
#include "core/game.h"
#include "core/input_error.h"

namespace perfectplay::cgt {

template <PartizanGame G>
class PartizanValuer {
 public:
  using Position = typename G::Position;

  // max_parts bounds the distinct parts held (exceeded: RequestError).
  PartizanValuer(const G& game, Universe& universe, std::size_t max_parts = 50'000'000)
      : g_(game), u_(universe), max_parts_(max_parts) {}

  GameId value(const Position& p) {
    GameId sum = Universe::kZero;
    for (const Position& part : detail::partizan_components(g_, p))
      sum = u_.add(sum, part_value(part));
    return sum;
  }

  // Distinct parts valued so far (the bench's positions).
  std::size_t parts() const { return by_key_.size() + by_position_.size(); }

 private:
  struct Hash {
    const G* g;
    std::size_t operator()(const Position& p) const { return g->hash(p); }
  };
  template <class K>
  struct KeyHash {
    std::size_t operator()(const K& k) const {
      if constexpr (std::is_same_v<K, Key128>) {
        return static_cast<std::size_t>(mix64(k.lo ^ mix64(k.hi)));
      } else {
        return static_cast<std::size_t>(mix64(k));
      }
    }
  };
  // The game's key type (std::uint64_t or Key128), or void without a key.
  static auto key_type_probe() {
    if constexpr (requires(const G& g, const Position& p) { g.key(p); }) {
      using R =
          std::decay_t<decltype(std::declval<const G&>().key(std::declval<const Position&>()))>;
      if constexpr (requires(R r) {
                      r.has_value();
                      *r;
                    }) {
        return std::decay_t<decltype(*std::declval<R>())>{};
      } else {
        return R{};
      }
    } else {
      return std::uint64_t{};
    }
  }
  using Key = decltype(key_type_probe());

  std::optional<Key> key_of(const Position& p) const {
    if constexpr (requires { g_.key(p); }) {
      return g_.key(p);  // an optional converts as is, a plain key wraps
    } else {
      return std::nullopt;
    }
  }

  GameId part_value(const Position& p) {
    const std::optional<Key> key = key_of(p);
    if (key) {
      if (const auto it = by_key_.find(*key); it != by_key_.end()) return it->second;
    } else if (const auto it = by_position_.find(p); it != by_position_.end()) {
      return it->second;
    }
    if (parts() >= max_parts_) {
      throw RequestError("the position has more than " + std::to_string(max_parts_) +
                         " distinct parts to value (the limit)");
    }
    std::vector<GameId> left;
    std::vector<GameId> right;
    for (const auto& m : g_.left_moves(p)) left.push_back(value(g_.play(p, m)));
    for (const auto& m : g_.right_moves(p)) right.push_back(value(g_.play(p, m)));
    const GameId v = u_.make(std::move(left), std::move(right));
    if (key) {
      by_key_.emplace(*key, v);
    } else {
      by_position_.emplace(p, v);
    }
    return v;
  }

  const G& g_;
  Universe& u_;
  std::size_t max_parts_;
  std::unordered_map<Key, GameId, KeyHash<Key>> by_key_;
  std::unordered_map<Position, GameId, Hash> by_position_{16, Hash{&g_}};
};

}  // namespace perfectplay::cgt
