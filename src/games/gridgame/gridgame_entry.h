// gridgame as the engine and the front ends see it: the model (api/engine.h)
// and the registry entry.
#pragma once

#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "games/gridgame/gridgame.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_reference.h"
#include "games/gridgame/gridgame_theory.h"

namespace perfectplay::games::gridgame {

// The exhaustive reference answers positions of n <= 16 with at most this
// many rows left (the pending row included): a few hundredths of a second for
// a position and every move's child.
inline constexpr int kReferenceLines = 8;

// A scored game: the value is Alice's final total, whoever moves; Alice
// maximizes it, Bob minimizes it.
class Model {
 public:
  using Position = gridgame::Position;
  using Move = int;  // the row Alice or the column Bob crosses, 0-based

  Position parse_position(std::string_view text) const { return gridgame::parse_position(text); }
  std::string format_position(const Position& p) const { return gridgame::format_position(p); }
  std::string draw(const Position& p) const;
  std::optional<Mover> mover(const Position& p) const {
    if (p.over()) return std::nullopt;
    return p.alice_to_move() ? Mover{0, "Alice"} : Mover{1, "Bob"};
  }
  bool maximizes(const Position& p) const { return p.alice_to_move(); }
  MoveCount move_count(const Position& p) const { return static_cast<MoveCount>(p.lines_left()); }
  std::vector<Move> moves(const Position& p) const {
    Progress g = progress_of(p);
    return p.alice_to_move() ? std::move(g.rows) : std::move(g.cols);
  }
  Position play(Position p, const Move& m) const {
    p.moves.push_back(m);
    return p;
  }
  std::string move_text(const Move& m) const { return std::to_string(m + 1); }
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const;
  std::string move_syntax(const Position& p) const {
    return p.alice_to_move() ? "ROW: the row Alice crosses (1-based), e.g. `2`"
                             : "COLUMN: the column Bob crosses (1-based), e.g. `3`";
  }
  std::vector<std::string> move_help(const Position& p) const {
    std::vector<std::string> out;
    for (const Move m : moves(p)) out.push_back(move_text(m));
    return out;
  }
  std::string end_text(const Position& p) const {
    return fmt::format("every line is crossed: Alice's total is {}.", progress_of(p).score);
  }

  bool reference_reaches(const Position& p) const {
    return p.n() <= kReferenceMaxN && p.lines_left() <= kReferenceLines;
  }
  Reference reference(SearchLimits limits) const { return Reference(limits); }
  Value theory(const Position& p) const {
    return Value::of_score(Outlook(p).value(), ValueSource::kTheory);
  }
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position&) const { return std::nullopt; }
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::vector<std::string> notes(const Position& p) const;
  std::string theory_reason(const Position& p) const {
    return p.alice_to_move() ? "every row is worth the same (theory); the first uncrossed one"
                             : "the row's column in a minimum-cost matching of what is left "
                               "(theory)";
  }
};

GameEntry entry();
void add_certify(GameEntry& e);  // gridgame_certify.cpp: certify's instances

}  // namespace perfectplay::games::gridgame
