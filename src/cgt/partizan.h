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
#include "solvers/search_limits.h"
#include "solvers/table.h"

namespace perfectplay::cgt {

template <PartizanGame G>
class PartizanValuer {
 public:
  using Position = typename G::Position;

  // max_parts bounds the distinct parts held (exceeded: SearchLimitExceeded,
  // the CLI's exit code 4, as the exhaustive solvers' --max-states).
  PartizanValuer(const G& game, Universe& universe,
                 std::size_t max_parts = SearchLimits{}.max_states)
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
      if (const std::size_t i = by_key_.find(*key); i != Table::kAbsent) return by_key_.value(i);
    } else if (const auto it = by_position_.find(p); it != by_position_.end()) {
      return it->second;
    }
    if (parts() >= max_parts_) throw SearchLimitExceeded(max_parts_);
    std::vector<GameId> left;
    std::vector<GameId> right;
    for (const auto& m : g_.left_moves(p)) left.push_back(value(g_.play(p, m)));
    for (const auto& m : g_.right_moves(p)) right.push_back(value(g_.play(p, m)));
    const GameId v = u_.make(std::move(left), std::move(right));
    if (key) {
      bool inserted = false;
      by_key_.find_or_insert(*key, v, inserted);
    } else {
      by_position_.emplace(p, v);
    }
    return v;
  }

  const G& g_;
  Universe& u_;
  std::size_t max_parts_;
  // Packed keys in the solvers' open-addressing table (solvers/table.h):
  // binim's test values two million stacks, and node-based maps spent most
  // of its time on allocation and cache misses.
  using Table = FlatTable<Key, GameId>;
  Table by_key_;
  std::unordered_map<Position, GameId, Hash> by_position_{16, Hash{&g_}};
};

}  // namespace perfectplay::cgt

#include "cgt/report.h"

namespace perfectplay::cgt {

// A ValueGame (report.h) for a partizan game given its rules and its
// position format: the position is parsed, valued in a fresh Universe and
// reported, with its text as the format writes it back.
template <PartizanGame G, class Parse, class Format>
ValueGame make_value_game(std::string name, std::string summary, std::string position_help,
                          Parse parse, Format format) {
  return ValueGame{std::move(name), std::move(summary), std::move(position_help),
                   [parse, format](std::string_view text, std::size_t max_parts) {
                     const G rules;
                     const typename G::Position p = parse(text);
                     Universe u;
                     PartizanValuer<G> valuer(rules, u, max_parts);
                     CgtReport r = report_of(u, valuer.value(p));
                     r.position = format(p);
                     r.parts = valuer.parts();
                     return r;
                   }};
}

}  // namespace perfectplay::cgt
