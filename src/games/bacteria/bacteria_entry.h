// bacteria as the engine and the front ends see it: the model (api/engine.h)
// and the registry entry.
//
// A position is the theory's Board (the grid, the marks, the uninfected
// rectangles, and whether the last colony mutated). The game is impartial and
// positions do not record the turn: the mover is "the player to move". The
// exhaustive reference sees the infected set and the mutated flag (the
// `decided` hook of Rules); the theory, the nim-sum over the rectangles.
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
#include "games/bacteria/bacteria.h"
#include "games/bacteria/bacteria_reference.h"
#include "games/bacteria/bacteria_theory.h"

namespace perfectplay::games::bacteria {

// The reference is given positions of grids of at most kReferenceMaxCells
// cells with at most this many uninfected empty cells.
inline constexpr int kReferenceMaxEmpty = 20;

// A board as the reference sees it: the infected cells, bit r * cols + c.
struct ToReference {
  Rules::Position operator()(const Board& b) const;
};

// The reference of api/reference.h on the board's grid, rebuilt when a
// position of another grid is asked about (the engine asks about one grid at
// a time: a position and its children). A handle: the model keeps the table,
// so verify's checks and a play session's moves share one search.
class Reference {
 public:
  struct Table {
    SearchLimits limits;
    Grid grid;
    std::optional<WinLossReference<Rules, ToReference>> solver;
  };
  explicit Reference(std::shared_ptr<Table> table) : table_(std::move(table)) {}
  // Precondition: b.grid has at most kReferenceMaxCells cells.
  Value value(const Board& b);

 private:
  std::shared_ptr<Table> table_;
};

class Model {
 public:
  using Position = Board;
  using Move = bacteria::Move;

  // `limits` bound the reference's search and, as memory, the theory's
  // table: a stored position counts as kBytesPerState bytes (about what the
  // reference spends on one), so the default 20,000,000 allows 2 GB, more
  // than the largest grid's 1.07 GB, and the web server's 2,000,000 allows
  // 200 MB (grids up to 167 x 167 with two or more '#').
  Model() : Model(SearchLimits{}) {}
  explicit Model(SearchLimits limits) : limits_(limits), tables_(std::make_shared<Tables>()) {}
  static constexpr std::uint64_t kBytesPerState = 100;

  Position parse_position(std::string_view text) const;
  std::string format_position(const Position& p) const;
  std::string draw(const Position& p) const;
  std::optional<Mover> mover(const Position& p) const;
  MoveCount move_count(const Position& p) const;
  std::vector<Move> moves(const Position& p) const { return legal_moves(p); }
  Position play(const Position& p, const Move& m) const;
  std::string move_text(const Move& m) const;
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const;
  std::string move_syntax(const Position&) const;
  std::vector<std::string> move_help(const Position& p) const;
  std::string end_text(const Position& p) const;
  std::vector<std::string> notes(const Position& p) const;

  bool reference_reaches(const Position& p) const;
  Reference reference(SearchLimits limits) const;
  Value theory(const Position& p) const;
  std::optional<Move> theory_move(const Position& p) const;
  std::optional<Move> heuristic_move(const Position& p) const;
  ListedMoves<Move> theory_moves(const Position& p, std::size_t cap) const;
  std::string theory_reason(const Position&) const {
    return "leaves a nim-sum of 0 (Sprague-Grundy)";
  }
  std::string heuristic_reason(const Position&) const {
    return "the move that infects the fewest cells, a delaying heuristic not proven longest";
  }

  // The theory's table for a grid. Filling one costs up to 1.07 GB and
  // O(R^3 C^2) vector steps (bacteria_theory.h), so the model keeps the last
  // one, shared by its copies, as it keeps the reference's (a model serves
  // one thread at a time).
  std::shared_ptr<const GrundyTable> table(const Grid& g) const;

  // verify's check on a fresh grid of at most 64 cells: check_theory
  // (api/engine.h) on the start, and the contest's answer (the number of
  // winning openings) against the reference's count. nullopt when they agree.
  std::optional<std::string> check_grid(const Grid& g) const;

 private:
  struct Tables {
    std::shared_ptr<const GrundyTable> last;
    std::shared_ptr<Reference::Table> reference;
  };
  SearchLimits limits_;
  std::shared_ptr<Tables> tables_;
};

GameEntry entry();
void add_certify(GameEntry& e);  // bacteria_certify.cpp: certify's instances

}  // namespace perfectplay::games::bacteria
