// nim as the engine and the front ends see it: the model (api/engine.h) and
// the registry entry.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "api/reference.h"
#include "games/nim/nim.h"

namespace perfectplay::games::nim {

// The most work (reachable positions times moves per position, see
// reference_work) the engine gives the exhaustive reference: a few tenths of a
// second at most.
inline constexpr std::uint64_t kReferenceCap = 4'000'000;

class Model {
 public:
  using Position = nim::Position;
  using Move = nim::Move;

  explicit Model(Ending ending = Ending::kNormal) : ending_(ending) {}

  Position parse_position(std::string_view text) const;
  std::string format_position(const Position& p) const;
  std::string draw(const Position& p) const;
  std::optional<Mover> mover(const Position& p) const;
  MoveCount move_count(const Position& p) const;
  std::vector<Move> moves(const Position& p) const { return Rules(ending_).moves(p); }
  Position play(const Position& p, const Move& m) const { return Rules(ending_).play(p, m); }
  std::string move_text(const Move& m) const;
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const;
  std::string move_syntax(const Position&) const;
  std::vector<std::string> move_help(const Position& p) const;
  std::string end_text(const Position&) const;

  bool reference_reaches(const Position& p) const;
  WinLossReference<Rules> reference(SearchLimits limits) const { return {Rules(ending_), limits}; }
  Value theory(const Position& p) const;
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position& p) const;
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::string theory_reason(const Position&) const { return "leaves a losing position (theory)"; }
  std::string heuristic_reason(const Position&) const {
    return "one square from the longest row, a delaying heuristic not proven longest";
  }

 private:
  Ending ending_;
};

GameEntry entry();
void add_certify(GameEntry& e);  // nim_certify.cpp: certify's instances

}  // namespace perfectplay::games::nim
