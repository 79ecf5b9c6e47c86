// asymmetry as the engine and the front ends see it: the model (api/engine.h)
// and the registry entry.
//
// Where each answer comes from (the engine's policy over this model):
//   reference    reference_reaches(b): the estimated work of an exhaustive
//                search of b (reference_work) is within kReferenceCap; exact.
//   theory       Alice to move with every pair fresh or settled, or Bob with
//                exactly one half-marked pair (asymmetry_theory.h): exact.
//   heuristic    anything else: the engine closes an open pair
//                (heuristic_move); no value is claimed for the position.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "games/asymmetry/asymmetry.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_reference.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

// The most work (reachable positions times moves per position, see
// reference_work) the engine gives the exhaustive reference. Calibrated on
// analyze, which values every move: about 10 to 40 ns per unit of work here
// (a 2 x 8, K = 3 grid, 3.7 million: 0.06 s; 5 x 4, K = 15, 7.2 million:
// 0.28 s; 2 x 6, K = 15, 49 million: 1.1 s), so at most about 0.15 s.
inline constexpr std::uint64_t kReferenceCap = 4'000'000;

class Model {
 public:
  using Position = Board;
  using Move = asymmetry::Move;

  Position parse_position(std::string_view text) const { return asymmetry::parse_position(text); }
  std::string format_position(const Position& b) const { return asymmetry::format_position(b); }
  std::string draw(const Position& b) const;
  std::optional<Mover> mover(const Position& b) const;
  bool maximizes(const Position& b) const { return !b.alice_to_move(); }
  MoveCount move_count(const Position& b) const;
  std::vector<Move> moves(const Position& b) const;
  Position play(const Position& b, const Move& m) const { return asymmetry::play(b, m); }
  std::string move_text(const Move& m) const;
  std::variant<Move, std::string> parse_move(const Position& b, std::string_view text) const;
  std::string move_syntax(const Position&) const;
  std::vector<std::string> move_help(const Position& b) const;
  std::string end_text(const Position& b) const;

  bool reference_reaches(const Position& b) const {
    return reference_work(b, kReferenceCap + 1) <= kReferenceCap;
  }
  Reference reference(SearchLimits limits) const { return Reference(limits); }
  Value theory(const Position& b) const;
  std::optional<Move> theory_move(const Position& b) const { return asymmetry::theory_move(b); }
  std::optional<Move> heuristic_move(const Position& b) const {
    return asymmetry::heuristic_move(b);
  }
  std::string theory_reason(const Position& b) const;
  std::string heuristic_reason(const Position& b) const;
  std::vector<std::string> notes(const Position& b) const;
};

// The checks verify runs on a fresh grid beyond check_theory's: each pair's
// planned opening is worth exactly v_p against Bob's best answer (by the
// reference, on the pair alone), and the seed's side claims (the game value
// is the sum of the pairs' values; Bob restricted to mirroring gets as much).
std::optional<std::string> check_pair_plans(const Grid& g);
std::optional<std::string> check_side_claims(const Grid& g);

GameEntry entry();
void add_certify(GameEntry& e);  // asymmetry_certify.cpp: certify's instances

}  // namespace perfectplay::games::asymmetry
