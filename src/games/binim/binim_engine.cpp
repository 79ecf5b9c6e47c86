#include "games/binim/binim_engine.h"

#include <fmt/format.h>

#include "games/binim/binim_io.h"
#include "games/binim/binim_reference.h"
#include "games/binim/binim_theory.h"
#include "solvers/analysis.h"

namespace perfectplay::games::binim {

std::string Evaluation::text() const {
  const char* word = mover_wins ? "win" : "loss";
  if (remoteness) return fmt::format("{} in {}", word, *remoteness);
  return word;
}

bool reference_reaches(const Position& p) {
  return reference_work(p, kReferenceCap + 1) <= kReferenceCap;
}

Evaluation evaluate(const Position& p, Ending ending, SearchLimits limits) {
  if (reference_reaches(p)) {
    ReferenceSolver solver{ReferenceRules(ending), limits};
    const Outcome o = solver.solve(canonical(p));
    return {o.is_win(), o.remoteness};
  }
  return {winner(p, ending) == p.to_move, std::nullopt};
}

std::vector<Move> theory_winning_moves(const Position& p, Ending ending, std::size_t limit) {
  std::vector<Move> out;
  const Summary whole = summarize(p);
  const char mine = symbol_of(p.to_move);
  const Player opponent = other(p.to_move);
  for (std::size_t i = 0; i < p.stacks.size() && out.size() < limit; ++i) {
    const std::string& s = p.stacks[i];
    if (s[0] != mine) continue;
    StackFacts rest = facts_of(s);
    Summary without = whole;
    without.remove(rest);
    // Removing `count` elements leaves the suffix s[count:]; walk down the
    // stack keeping the suffix's facts.
    for (std::size_t count = 1; count <= s.size() && out.size() < limit; ++count) {
      (s[count - 1] == '0' ? rest.zeros : rest.ones) -= 1;
      Summary after = without;
      if (count < s.size()) {
        rest.top = s[count];
        after.add(rest);
      }
      if (winner(after, opponent, ending) == p.to_move) out.push_back({i, count});
    }
  }
  return out;
}

std::vector<MoveValue> all_moves(const Position& p, Ending ending, SearchLimits limits) {
  const Rules rules(ending);
  std::vector<MoveValue> out;
  if (reference_reaches(p)) {
    ReferenceSolver solver{ReferenceRules(ending), limits};
    for (const Move& m : rules.moves(p)) {
      const Outcome o = solver.solve(canonical(rules.play(p, m))).parent_view();
      out.push_back({m, {o.is_win(), o.remoteness}});
    }
    return out;
  }
  for (const Move& m : rules.moves(p)) {
    const Position child = rules.play(p, m);
    out.push_back({m, {winner(child, ending) == p.to_move, std::nullopt}});
  }
  return out;
}

Choice choose_move(const Position& p, Ending ending, SearchLimits limits) {
  if (reference_reaches(p)) {
    // The fastest win, or the slowest loss, among the exactly valued moves.
    std::optional<Choice> best;
    Outcome best_outcome;
    for (const MoveValue& mv : all_moves(p, ending, limits)) {
      const Outcome o = mv.value.mover_wins ? Outcome::win(*mv.value.remoteness)
                                            : Outcome::loss(*mv.value.remoteness);
      if (!best || o.better_than(best_outcome)) {
        best = Choice{mv.move, mv.value, true};
        best_outcome = o;
      }
    }
    return best.value_or(Choice{});
  }
  if (auto wins = theory_winning_moves(p, ending, 1); !wins.empty()) {
    return {wins[0], {true, std::nullopt}, false};
  }
  // Lost: take one element from the longest of the mover's stacks, which
  // keeps the most material in play (a heuristic, see docs/games/binim.md).
  std::optional<Move> pick;
  const char mine = symbol_of(p.to_move);
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    if (p.stacks[i][0] == mine && (!pick || p.stacks[i].size() > p.stacks[pick->stack].size())) {
      pick = Move{i, 1};
    }
  }
  if (!pick) return {};
  return {pick, {false, std::nullopt}, false};
}

std::optional<std::string> check_theory(const Position& p, Ending ending) {
  ReferenceSolver solver{ReferenceRules(ending)};
  const Outcome truth = solver.solve(canonical(p));
  const Player theory = winner(p, ending);
  const Player actual = truth.is_win() ? p.to_move : other(p.to_move);
  if (theory != actual) {
    return fmt::format("theory says {} wins, reference says {} wins ({} for {} to move)",
                       name_of(theory), name_of(actual), to_string(truth), name_of(p.to_move));
  }
  const Rules rules(ending);
  for (const Move& m : theory_winning_moves(p, ending, SIZE_MAX)) {
    const Outcome after = solver.solve(canonical(rules.play(p, m)));
    if (!after.is_loss()) {
      return fmt::format("theory's winning move {} {} leaves the opponent a {}", m.stack + 1,
                         m.count, to_string(after));
    }
  }
  // And no winning move is missed: every other move must not win.
  if (truth.is_win()) {
    std::size_t winning = 0;
    for (const Move& m : rules.moves(p)) {
      winning += solver.solve(canonical(rules.play(p, m))).is_loss();
    }
    if (winning != theory_winning_moves(p, ending, SIZE_MAX).size()) {
      return fmt::format("reference finds {} winning moves, theory {}", winning,
                         theory_winning_moves(p, ending, SIZE_MAX).size());
    }
  }
  return std::nullopt;
}

}  // namespace perfectplay::games::binim
