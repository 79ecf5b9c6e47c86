// binim and binim2 as the engine and the front ends see them: one model
// (api/engine.h) parametrised by the ending, and the two registry entries.
//
// Positions record the player to move: Dee is index 0, Dum index 1. The game
// is over when the mover has no stack topped by their symbol; who wins then
// is the ending's rule (binim: the stuck player loses, binim2: wins).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "api/reference.h"
#include "games/binim/binim.h"
#include "games/binim/binim_reference.h"

namespace perfectplay::games::binim {

// The most work (reachable positions times moves per position, see
// reference_work) the engine gives the exhaustive reference.
inline constexpr std::uint64_t kReferenceCap = 4'000'000;

class Model {
 public:
  using Position = binim::Position;
  using Move = binim::Move;

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
  std::string end_text(const Position& p) const;
  std::vector<std::string> notes(const Position& p) const;

  bool reference_reaches(const Position& p) const;
  WinLossReference<ReferenceRules, ToCanonical> reference(SearchLimits limits) const {
    return {ReferenceRules(ending_), limits, ToCanonical{}};
  }
  Value theory(const Position& p) const;
  // theory(play(p, m)) without the child's copy of every stack: the summary
  // changes by the one stack the move shortens.
  Value theory_child(const Position& p, const Move& m) const;
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position& p) const;
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::string theory_reason(const Position&) const { return "leaves the opponent lost (theory)"; }
  std::string heuristic_reason(const Position&) const {
    return "one element from the longest stack, a delaying heuristic not proven longest";
  }

  // What verify and the stress tests check beyond check_theory (api/engine.h):
  // the theory's winning moves are exactly the reference's. nullopt when so.
  // Precondition: the reference reaches p.
  std::optional<std::string> check_winning_moves(const Position& p) const;

 private:
  Ending ending_;
};

// binim_certify.cpp: certify's instances.
void add_certify(GameEntry& e, Ending ending);

GameEntry entry_binim();   // normal play: who cannot move loses
GameEntry entry_binim2();  // misère play: who cannot move wins

}  // namespace perfectplay::games::binim
