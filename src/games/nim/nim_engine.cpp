#include "games/nim/nim_engine.h"

#include <fmt/format.h>
#include <algorithm>

#include "games/nim/nim_reference.h"
#include "games/nim/nim_theory.h"

namespace perfectplay::games::nim {

std::string Evaluation::text() const {
  const char* word = wins ? "win" : "loss";
  if (remoteness) return fmt::format("{} in {}", word, *remoteness);
  return word;
}

Evaluation evaluate(const Position& p, Ending ending, SearchLimits limits) {
  if (reference_work(p, kReferenceCap + 1) <= kReferenceCap) {
    ReferenceSolver solver{Rules(ending), limits};
    const Outcome o = solver.solve(p);
    return {o.is_win(), o.remoteness};
  }
  return {mover_wins(summarize(p.rows), ending), std::nullopt};
}

Choice choose_move(const Position& p, Ending ending, SearchLimits limits) {
  if (reference_work(p, kReferenceCap + 1) <= kReferenceCap) {
    return analyze_exactly(p, ending, limits).choice;
  }
  if (auto m = winning_move(p.rows, ending)) return {m, {true, std::nullopt}, false};
  // Lost, and not empty: an empty board is always within the reference's cap.
  return {delaying_move(p.rows), {false, std::nullopt}, false};
}

ExactAnalysis analyze_exactly(const Position& p, Ending ending, SearchLimits limits) {
  ReferenceSolver solver{Rules(ending), limits};
  ExactAnalysis a;
  const Outcome o = solver.solve(p);
  a.value = {o.is_win(), o.remoteness};
  a.moves = analyze_moves(solver, p);
  if (const auto best = best_move(a.moves)) {
    const Outcome after = a.moves[*best].value;
    a.choice = {a.moves[*best].move, {after.is_win(), after.remoteness}, true};
  }
  return a;
}

std::optional<std::string> check_theory(const Position& p, Ending ending) {
  ReferenceSolver solver{Rules(ending)};
  const Outcome truth = solver.solve(p);
  const bool theory_wins = mover_wins(summarize(p.rows), ending);
  if (theory_wins != truth.is_win()) {
    return fmt::format("theory says {}, reference says {}", theory_wins ? "win" : "lose",
                       to_string(truth));
  }
  const auto m = winning_move(p.rows, ending);
  if (m) {
    const Rules rules(ending);
    if (!rules.is_legal(p, *m))
      return fmt::format("theory's move {} is illegal", fmt::format("{} {}", m->row + 1, m->take));
    const Outcome after = solver.solve(rules.play(p, *m));
    if (!after.is_loss()) {
      return fmt::format("theory's move {} leaves the opponent a {}",
                         fmt::format("{} {}", m->row + 1, m->take), to_string(after));
    }
  } else if (theory_wins &&
             std::any_of(p.rows.begin(), p.rows.end(), [](std::uint64_t r) { return r > 0; })) {
    return "theory says win but gives no move";
  }
  return std::nullopt;
}

}  // namespace perfectplay::games::nim
