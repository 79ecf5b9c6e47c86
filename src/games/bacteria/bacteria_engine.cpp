#include "games/bacteria/bacteria_engine.h"

#include <fmt/format.h>

#include "games/bacteria/bacteria_io.h"
#include "games/bacteria/bacteria_reference.h"

namespace perfectplay::games::bacteria {

std::string Verdict::text() const {
  const char* word = wins ? "win" : "loss";
  if (remoteness) return fmt::format("{} in {}", word, *remoteness);
  return word;
}

namespace {

int uninfected_empty(const Board& b) {
  int n = 0;
  for (const char m : b.marks) n += (m == '.');
  return n;
}

}  // namespace

bool reference_reaches(const Board& b) {
  return b.grid.rows * b.grid.cols <= kReferenceMaxCells &&
         uninfected_empty(b) <= kReferenceMaxEmpty;
}

Rules::Position reference_position(const Board& b) {
  Rules::Position p;
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      const char m = b.mark(r, c);
      if (m == 'H' || m == 'V') p.infected |= std::uint64_t{1} << (r * b.grid.cols + c);
    }
  }
  return p;
}

std::vector<Move> legal_moves(const Board& b) {
  std::vector<Move> out;
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      if (b.mark(r, c) != '.') continue;
      out.push_back({r, c, Colony::kH});
      out.push_back({r, c, Colony::kV});
    }
  }
  return out;
}

Verdict evaluate(const GrundyTable& t, const Board& b, SearchLimits limits) {
  if (reference_reaches(b)) {
    ReferenceSolver solver{Rules(b.grid), limits};
    const Outcome o = solver.solve(reference_position(b));
    return {o.is_win(), o.remoteness};
  }
  return {!board_value(t, b).is_zero(), std::nullopt};
}

std::vector<MoveInfo> analyze_all(const GrundyTable& t, const Board& b, SearchLimits limits) {
  std::vector<MoveInfo> out;
  const bool exact = reference_reaches(b);
  std::optional<ReferenceSolver> solver;
  std::optional<Rules> rules;
  if (exact) {
    rules.emplace(b.grid);
    solver.emplace(*rules, limits);
  }
  const Nimber total = board_value(t, b);
  for (const Move& m : legal_moves(b)) {
    const MoveEffect e = effect_of(t, b, m);
    MoveInfo info;
    info.move = m;
    info.mutates = e.mutates;
    if (!e.mutates) {
      info.first = t.value(e.first);
      info.second = t.value(e.second);
      info.wins = (total ^ t.value(e.part) ^ info.first ^ info.second).is_zero();
    }
    if (exact) {
      const Outcome o = solver->solve(rules->play(reference_position(b), m)).parent_view();
      info.remoteness = o.remoteness;
      info.wins = o.is_win();
    }
    out.push_back(info);
  }
  return out;
}

Choice choose_move(const GrundyTable& t, const Board& b, SearchLimits limits) {
  return choose_from(t, b, analyze_all(t, b, limits));
}

Choice choose_from(const GrundyTable& t, const Board& b, const std::vector<MoveInfo>& all) {
  if (all.empty()) return {};
  if (reference_reaches(b)) {
    std::size_t best = 0;
    auto outcome = [&](const MoveInfo& i) {
      return i.wins ? Outcome::win(*i.remoteness) : Outcome::loss(*i.remoteness);
    };
    for (std::size_t i = 1; i < all.size(); ++i) {
      if (outcome(all[i]).better_than(outcome(all[best]))) best = i;
    }
    return {all[best].move, {all[best].wins, all[best].remoteness}, true};
  }
  for (const MoveInfo& i : all) {
    if (i.wins) return {i.move, {true, std::nullopt}, false};
  }
  // Lost: the non-mutating move that infects the fewest cells.
  std::optional<std::size_t> pick;
  int fewest = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].mutates) continue;
    const MoveEffect e = effect_of(t, b, all[i].move);
    const int cells = all[i].move.colony == Colony::kH ? e.part.width() : e.part.height();
    if (!pick || cells < fewest) {
      pick = i;
      fewest = cells;
    }
  }
  const std::size_t i = pick.value_or(0);  // only mutating moves: any of them loses
  return {
      all[i].move, {false, all[i].mutates ? std::optional<std::uint32_t>(1) : std::nullopt}, false};
}

std::optional<std::string> check_theory(const Grid& g) {
  const GrundyTable t(g);
  const std::uint64_t theory = winning_openings(t);
  const Rules rules(g);
  ReferenceSolver solver{rules};
  const Rules::Position start;
  const bool wins = solver.solve(start).is_win();
  std::uint64_t reference = 0;
  for (const Move& m : rules.moves(start))
    reference += solver.solve(rules.play(start, m)).is_loss();
  const bool theory_wins = !t.value(Rect{0, g.rows - 1, 0, g.cols - 1}).is_zero();
  if (theory_wins != wins || theory != (wins ? reference : 0)) {
    return fmt::format("theory: Becca {}, {} winning openings; reference: Becca {}, {}",
                       theory_wins ? "wins" : "loses", theory, wins ? "wins" : "loses", reference);
  }
  return std::nullopt;
}

}  // namespace perfectplay::games::bacteria
