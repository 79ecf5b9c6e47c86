// Octal games as the engine and the front ends see them: the model
// (api/engine.h) and the registry entry. Values are nimbers; a move's value
// is win or loss through Value::after_move.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "api/reference.h"
#include "games/octal/octal.h"
#include "games/octal/octal_reference.h"
#include "games/octal/octal_theory.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::octal {

// The most work (see Model::reference_work) the engine gives the exhaustive
// reference: a few tenths of a second at most.
inline constexpr std::uint64_t kReferenceCap = 1'000'000;

// The Grundy solver as the engine sees it: value(p) is p's nimber.
using Reference = GrundyReference<Rules>;

// The most work (sum_work, octal_reference.h: an upper bound on positions
// times moves) the engine gives the win/loss search of a whole sum for its
// remoteness: about 0.1 s at most. Sums of up to about 24 pins (Kayles).
inline constexpr std::uint64_t kSumCap = 1'000'000;

// What a person is shown (api/engine.h's analysis_reference): the Grundy
// solver's nimber and, where the whole sum is within kSumCap, the win/loss
// solver's outcome with its remoteness, the nimber kept beside it
// ("win in 5 (*3)"). Past kSumCap the value stays the nimber: the remoteness
// is unknown (the notes say so), never guessed. The two solvers share nothing,
// so their agreement (a win exactly when the nimber is not 0) is a check.
class AnalysisReference {
 public:
  AnalysisReference(const Rules& rules, SearchLimits limits)
      : rules_(rules), limits_(limits), grundy_(rules, limits) {}
  Value value(const Position& p);

 private:
  Rules rules_;
  SearchLimits limits_;
  Reference grundy_;
  std::optional<WinLossSolver<SumRules>> sums_;  // made at the first sum within the cap
};

class Model {
 public:
  using Position = octal::Position;
  using Move = octal::Move;

  explicit Model(const Code& code) : Model(code, theory_of(code)) {}
  Model(const Code& code, std::shared_ptr<const Theory> theory)
      : rules_(code), theory_(std::move(theory)) {}

  Position parse_position(std::string_view text) const;
  std::string format_position(const Position& p) const;
  std::string draw(const Position& p) const;
  std::optional<Mover> mover(const Position& p) const;
  MoveCount move_count(const Position& p) const;
  std::vector<Move> moves(const Position& p) const { return rules_.moves(p); }
  Position play(const Position& p, const Move& m) const { return rules_.play(p, m); }
  std::string move_text(const Move& m) const;
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const;
  std::string move_syntax(const Position&) const;
  std::vector<std::string> move_help(const Position& p) const;
  std::string end_text(const Position&) const;

  // Positions times moves the reference would visit for p, capped at `cap`.
  std::uint64_t reference_work(const Position& p, std::uint64_t cap) const;
  bool reference_reaches(const Position& p) const;
  Reference reference(SearchLimits limits) const { return {rules_, limits}; }
  AnalysisReference analysis_reference(SearchLimits limits) const { return {rules_, limits}; }
  // Whether the win/loss search of p as a whole sum is within kSumCap.
  bool sum_reaches(const Position& p) const { return sum_work(rules_, p, kSumCap + 1) <= kSumCap; }
  Value theory(const Position& p) const;
  // theory(play(p, m)) without the child's copy of a million rows: the
  // nim-sum changes by the one row the move takes from and leaves.
  Value theory_child(const Position& p, const Move& m) const;
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position& p) const;
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::vector<std::string> notes(const Position& p) const;
  std::string theory_reason(const Position&) const { return "leaves a nim-sum of 0 (theory)"; }
  std::string heuristic_reason(const Position&) const {
    return "the first legal move (every move loses)";
  }

  const Theory& grundy_theory() const { return *theory_; }

 private:
  Rules rules_;
  std::shared_ptr<const Theory> theory_;
};

// The theory against the reference on p (which the reference must reach):
// the nimbers agree, and the theory's move is the first move, in move order,
// that leaves a nimber of 0 (none when p's nimber is 0). nullopt when all
// holds, else what failed. (api's check_theory compares a move's win/loss
// with the position's value kind, which is a nimber here.)
std::optional<std::string> check_position(const Model& model, const Position& p,
                                          SearchLimits limits = {});

GameEntry entry();
// octal_certify.cpp: certify's instances; code_of reads --code.
void add_certify(GameEntry& e, Code (*code_of)(const Params&));

}  // namespace perfectplay::games::octal
