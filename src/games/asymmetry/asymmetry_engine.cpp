#include "games/asymmetry/asymmetry_engine.h"

#include <fmt/format.h>
#include <algorithm>

#include "games/asymmetry/asymmetry_reference.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

namespace {

std::int64_t absdiff(std::int64_t a, std::int64_t b) {
  return a > b ? a - b : b - a;
}

bool marked(const Board& b, int c) {
  return b.marked[static_cast<std::size_t>(c)] != 0;
}

std::int64_t pair_term(const Board& b, int j) {
  std::int64_t s = 0;
  for (int r = 0; r < b.grid.rows; ++r)
    s += absdiff(b.grid.at(r, j), b.grid.at(r, b.grid.mirror(j)));
  return s;
}

// Half-marked pairs, by their marked column.
std::vector<int> open_columns(const Board& b) {
  std::vector<int> out;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (marked(b, c) && !marked(b, b.grid.mirror(c))) out.push_back(c);
  }
  return out;
}

// The answer in the mirror of marked column `c` best for `maximize`:
// Bob takes the row with the largest flip, Alice the row with the largest
// term (copying the marked value zeroes it).
std::pair<BoardMove, std::int64_t> close_pair(const Board& b, int c, bool maximize) {
  const int other = b.grid.mirror(c);
  const std::int64_t s = pair_term(b, c);
  BoardMove best{other, -1, 0};
  std::int64_t best_value = s;
  for (int r = 0; r < b.grid.rows; ++r) {
    const std::int64_t fixed = b.grid.at(r, c), cur = b.grid.at(r, other),
                       term = absdiff(fixed, cur);
    const std::int64_t w = maximize ? (fixed >= b.grid.k - fixed ? 0 : b.grid.k) : fixed;
    const std::int64_t value = s - term + absdiff(fixed, w);
    if (maximize ? value > best_value : value < best_value) {
      best_value = value;
      best = BoardMove{other, r, w};
    }
  }
  return {best, best_value};
}

Grid fresh_pairs_grid(const Board& b) {
  // The unmarked pairs, as their own grid (pair order kept).
  Grid g;
  g.rows = b.grid.rows;
  g.k = b.grid.k;
  std::vector<int> cols;
  for (int c = 0; c < b.grid.cols / 2; ++c) {
    if (!marked(b, c) && !marked(b, b.grid.mirror(c))) cols.push_back(c);
  }
  const int n = static_cast<int>(cols.size());
  g.cols = 2 * n;
  g.cells.resize(static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols));
  for (int r = 0; r < g.rows; ++r) {
    for (int i = 0; i < n; ++i) {
      const int c = cols[static_cast<std::size_t>(i)];
      g.cells[static_cast<std::size_t>(r * g.cols + i)] =
          static_cast<std::uint32_t>(b.grid.at(r, c));
      g.cells[static_cast<std::size_t>(r * g.cols + g.cols - 1 - i)] =
          static_cast<std::uint32_t>(b.grid.at(r, b.grid.mirror(c)));
    }
  }
  return g;
}

// The pair (j, mirror(j)) of g as a grid of its own, two columns wide.
Grid pair_grid(const Grid& g, int j) {
  Grid pair{g.rows, 2, g.k, {}};
  for (int r = 0; r < g.rows; ++r) {
    pair.cells.push_back(static_cast<std::uint32_t>(g.at(r, j)));
    pair.cells.push_back(static_cast<std::uint32_t>(g.at(r, g.mirror(j))));
  }
  return pair;
}

Rules::Position reference_position(const Rules& rules, const Board& b) {
  Rules::Position p;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (!marked(b, c)) continue;
    p.marked |= 1u << c;
    if (!marked(b, b.grid.mirror(c)))
      p.content[static_cast<std::size_t>(c)] = rules.original_column(c);
  }
  return p;
}

}  // namespace

bool alice_to_move(const Board& b) {
  return b.marked_count() % 2 == 0;
}

std::int64_t settled_sum(const Board& b) {
  std::int64_t s = 0;
  for (int c = 0; c < b.grid.cols / 2; ++c) {
    if (marked(b, c) && marked(b, b.grid.mirror(c))) s += pair_term(b, c);
  }
  return s;
}

std::optional<std::int64_t> theory_value(const Board& b) {
  const std::vector<int> open = open_columns(b);
  if (alice_to_move(b) && open.empty()) return settled_sum(b) + game_value(fresh_pairs_grid(b));
  if (!alice_to_move(b) && open.size() == 1) {
    return settled_sum(b) + close_pair(b, open[0], true).second + game_value(fresh_pairs_grid(b));
  }
  return std::nullopt;
}

std::int64_t reference_value(const Board& b, SearchLimits limits) {
  const Rules rules(b.grid);
  ReferenceSolver solver{rules, limits};
  return settled_sum(b) + solver.value(reference_position(rules, b));
}

Verdict evaluate(const Board& b, SearchLimits limits) {
  if (reference_fits(b.grid)) return {reference_value(b, limits), Source::kReference};
  if (auto v = theory_value(b)) return {*v, Source::kTheory};
  return {std::nullopt, Source::kHeuristic};
}

std::vector<std::pair<BoardMove, std::int64_t>> reference_moves(const Board& b,
                                                                SearchLimits limits) {
  const Rules rules(b.grid);
  ReferenceSolver solver{rules, limits};
  const Rules::Position p = reference_position(rules, b);
  std::vector<std::pair<BoardMove, std::int64_t>> out;
  const std::int64_t base = settled_sum(b);
  for (const Rules::Move& m : rules.moves(p)) {
    const Score v = base + rules.reward(p, m) + solver.value(rules.play(p, m));
    out.push_back({BoardMove{m.col, m.row, m.value}, v});
  }
  return out;
}

Choice choose_move(const Board& b, SearchLimits limits) {
  if (b.marked_count() == b.grid.cols) return {};
  const bool alice = alice_to_move(b);
  if (reference_fits(b.grid)) {
    const auto all = reference_moves(b, limits);
    std::size_t best = 0;
    for (std::size_t i = 1; i < all.size(); ++i) {
      if (alice ? all[i].second < all[best].second : all[i].second > all[best].second) best = i;
    }
    return {all[best].first, {all[best].second, Source::kReference}};
  }
  const std::vector<int> open = open_columns(b);
  if (!open.empty()) {
    // Close the open pair that matters most to the mover.
    std::optional<std::pair<BoardMove, std::int64_t>> pick;
    std::int64_t pick_delta = 0;
    for (const int c : open) {
      const auto closing = close_pair(b, c, !alice);
      const std::int64_t delta = absdiff(closing.second, pair_term(b, c));
      if (!pick || delta > pick_delta) {
        pick = closing;
        pick_delta = delta;
      }
    }
    Board after = b;
    apply(after, pick->first);
    return {pick->first, evaluate(after, limits)};
  }
  if (alice) {
    // Open the first fresh pair with its optimal opening (the theory's plan).
    for (int c = 0; c < b.grid.cols / 2; ++c) {
      if (marked(b, c) || marked(b, b.grid.mirror(c))) continue;
      const PairPlan plan = plan_pair(b.grid, c);
      const BoardMove m{plan.col, plan.write == b.grid.at(plan.row, plan.col) ? -1 : plan.row,
                        plan.write};
      Board after = b;
      apply(after, m);
      return {m, evaluate(after, limits)};
    }
  }
  // Bob with no open pair (Alice left the plan): open the pair where one
  // cell can be pushed furthest, a heuristic.
  BoardMove best{-1, -1, 0};
  std::int64_t best_gain = -1;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (marked(b, c)) continue;
    for (int r = 0; r < b.grid.rows; ++r) {
      const std::int64_t other = b.grid.at(r, b.grid.mirror(c));
      const std::int64_t w = other >= b.grid.k - other ? 0 : b.grid.k;
      const std::int64_t gain = absdiff(w, other) - absdiff(b.grid.at(r, c), other);
      if (gain > best_gain) {
        best_gain = gain;
        best = BoardMove{c, r, w};
      }
    }
  }
  return {best, {std::nullopt, Source::kHeuristic}};
}

void apply(Board& b, const BoardMove& m) {
  if (m.row >= 0) {
    b.grid.cells[static_cast<std::size_t>(m.row) * static_cast<std::size_t>(b.grid.cols) +
                 static_cast<std::size_t>(m.col)] = static_cast<std::uint32_t>(m.value);
  }
  b.marked[static_cast<std::size_t>(m.col)] = 1;
}

std::string move_text(const BoardMove& m) {
  if (m.row < 0) return fmt::format("{} -", m.col + 1);
  return fmt::format("{} {} {}", m.col + 1, m.row + 1, m.value);
}

std::optional<std::string> check_theory(const Grid& g) {
  const Rules rules(g);
  ReferenceSolver solver{rules};
  const std::int64_t reference = solver.value(rules.start());
  const std::int64_t theory = game_value(g);
  if (reference != theory) return fmt::format("theory {}, reference {}", theory, reference);
  // Each pair's plan reaches its value against Bob's best answer.
  for (int j = 0; j < g.cols / 2; ++j) {
    const PairPlan plan = plan_pair(g, j);
    // Only this pair is played: compare with the reference on the pair alone.
    Board pb{pair_grid(g, j), {0, 0}};
    apply(pb, BoardMove{plan.col == j ? 0 : 1, plan.row, plan.write});
    const Rules pr(pb.grid);
    ReferenceSolver ps{pr};
    const std::int64_t after = settled_sum(pb) + ps.value(reference_position(pr, pb));
    if (after != plan.value) {
      return fmt::format("pair {}: the planned opening {} {} {} is worth {}, not {}", j + 1,
                         plan.col + 1, plan.row + 1, plan.write, after, plan.value);
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_side_claims(const Grid& g) {
  const Rules free_rules(g), mirror_rules(g, true);
  ReferenceSolver free_solver{free_rules}, mirror_solver{mirror_rules};
  const std::int64_t free_value = free_solver.value(free_rules.start());
  const std::int64_t mirror_value = mirror_solver.value(mirror_rules.start());
  if (mirror_value != free_value) {
    return fmt::format("Bob free gets {}, Bob mirroring {}", free_value, mirror_value);
  }
  std::int64_t pairs = 0;
  for (int j = 0; j < g.cols / 2; ++j) {
    const Rules pr(pair_grid(g, j));
    ReferenceSolver ps{pr};
    pairs += ps.value(pr.start());
  }
  if (pairs != free_value) {
    return fmt::format("game value {}, sum of the pairs' Alice-first values {}", free_value, pairs);
  }
  return std::nullopt;
}

}  // namespace perfectplay::games::asymmetry
