// Value: what a position (or a move) is worth, as data, for every game.
//
// One vocabulary for all front ends. A value has a kind, and depending on the
// kind a remoteness, a score or a nimber, and always the source that vouches
// for it:
//
//   kind      fields                meaning (seen by the player to move)
//   win       remoteness (if known) the mover wins, within r more moves
//   loss      remoteness (if known) the mover loses, lasting r more moves
//   draw      -                     neither side can force a win
//   score     score                 scored games: the final total under
//                                   optimal play (Alice's total, as the
//                                   contests define it), whoever moves
//   nimber    nimber                an impartial position's Grundy value
//
// An impartial game's win or loss may carry its nimber beside it (octal,
// where both searches reach): "win in 5 (*3)"; a move's value does not.
//   unknown   -                     nothing is claimed
//
//   source    reference (exhaustive search), theory (a proven fast solver),
//             heuristic (a documented rule with no proof; with kind unknown,
//             or with a value that is only an estimate)
//
// A move's value is the value of the position it leads to, seen by the player
// who made it (`after_move`): win and loss swap and the remoteness grows by
// one; a score stays what it is (it is the same final total).
//
// The text form ("win in 11", "loss", "-9", "*3", "unknown") is rendered here
// and nowhere else.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/outcome.h"
#include "core/score.h"

namespace perfectplay {

enum class ValueKind : std::uint8_t { kWin, kLoss, kDraw, kScore, kNimber, kUnknown };
enum class ValueSource : std::uint8_t { kReference, kTheory, kHeuristic };

struct Value {
  ValueKind kind = ValueKind::kUnknown;
  std::optional<std::uint32_t> remoteness;  // win/loss, when known
  std::optional<Score> score;               // kind score
  std::optional<std::uint64_t> nimber;      // kind nimber (or beside a win or loss)
  ValueSource source = ValueSource::kHeuristic;

  static Value win(ValueSource s, std::optional<std::uint32_t> r = std::nullopt) {
    return {ValueKind::kWin, r, std::nullopt, std::nullopt, s};
  }
  static Value loss(ValueSource s, std::optional<std::uint32_t> r = std::nullopt) {
    return {ValueKind::kLoss, r, std::nullopt, std::nullopt, s};
  }
  static Value wins(bool w, ValueSource s, std::optional<std::uint32_t> r = std::nullopt) {
    return w ? win(s, r) : loss(s, r);
  }
  static Value of_score(Score v, ValueSource s) {
    return {ValueKind::kScore, std::nullopt, v, std::nullopt, s};
  }
  static Value of_nimber(std::uint64_t g, ValueSource s) {
    return {ValueKind::kNimber, std::nullopt, std::nullopt, g, s};
  }
  static Value unknown() { return {}; }
  // An exhaustive solver's Outcome.
  static Value of(const Outcome& o, ValueSource s);

  bool known() const { return kind != ValueKind::kUnknown; }
  bool is_win() const { return kind == ValueKind::kWin; }
  bool is_loss() const { return kind == ValueKind::kLoss; }

  // The value, to the player who moved, of a move leading to *this. A nimber
  // becomes win (the move leaves a non-zero value) or loss; see the header.
  Value after_move() const;

  friend bool operator==(const Value&, const Value&) = default;
};

// Whether the player to move wins: a win, or a nimber other than 0.
inline bool is_winning(const Value& v) {
  return v.is_win() || (v.kind == ValueKind::kNimber && v.nimber && *v.nimber != 0);
}

// "win in 3", "win", "loss in 4", "draw", "-9", "*3", "unknown".
std::string text(const Value& v);
std::string_view kind_name(ValueKind k);      // "win", "loss", ...
std::string_view source_name(ValueSource s);  // "reference", "theory", "heuristic"
// How a person reads the source: "exact, by exhaustive search", ...
std::string_view source_words(ValueSource s);

// {"kind":"win","remoteness":3,"source":"reference"}; remoteness, score and
// nimber appear only when set.
nlohmann::json to_json(const Value& v);

// Larger is better for the player who chooses among values, for win/loss
// games (any win > draw > any loss; a faster win and a slower loss are
// better; an unknown remoteness ranks as the slowest win and the slowest
// loss) and for scored games (`maximize`: the higher score). Unknown values
// rank below everything.
std::int64_t preference(const Value& v, bool maximize = true);

}  // namespace perfectplay
