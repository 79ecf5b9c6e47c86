// gridgame as the engine and the front ends see it: the model (api/engine.h)
// and the registry entry.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "games/gridgame/gridgame.h"
#include "games/gridgame/gridgame_reference.h"
#include "games/gridgame/gridgame_theory.h"

namespace perfectplay::games::gridgame {

// The exhaustive reference answers positions with at most this many rows
// left (the pending row included): at 8 lines its table holds a few ten
// thousand positions, a few hundredths of a second with every move's child.
inline constexpr int kReferenceLines = 8;

// A scored game: the value is Alice's final total, whoever moves; Alice
// maximizes it, Bob minimizes it.
class Model {
 public:
  using Position = gridgame::Position;
  using Move = int;  // the row Alice or the column Bob crosses, 0-based

  Position parse_position(std::string_view text) const;
  std::string format_position(const Position& p) const;
  std::string draw(const Position& p) const;
  std::optional<Mover> mover(const Position& p) const;
  bool maximizes(const Position& p) const { return p.alice_to_move(); }
  MoveCount move_count(const Position& p) const;
  std::vector<Move> moves(const Position& p) const;
  Position play(const Position& p, const Move& m) const;
  std::string move_text(const Move& m) const { return std::to_string(m + 1); }
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const;
  std::string move_syntax(const Position& p) const;
  std::vector<std::string> move_help(const Position& p) const;
  std::string end_text(const Position& p) const;

  bool reference_reaches(const Position& p) const;
  Reference reference(SearchLimits limits) const { return Reference(limits); }
  Value theory(const Position& p) const;
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position&) const { return std::nullopt; }
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::vector<std::string> notes(const Position& p) const;
  std::string theory_reason(const Position& p) const;

 private:
  Theory theory_;
};

GameEntry entry();

}  // namespace perfectplay::games::gridgame
