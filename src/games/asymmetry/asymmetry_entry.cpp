// asymmetry's model and registry entry.
#include "games/asymmetry/asymmetry_entry.h"

#include <fmt/format.h>
#include <algorithm>

#include "core/text_reader.h"
#include "games/asymmetry/asymmetry_contest.h"
#include "games/asymmetry/asymmetry_explain.h"
#include "games/asymmetry/asymmetry_solve.h"
#include "verify/verify.h"

namespace perfectplay::games::asymmetry {

std::string Model::draw(const Board& b) const {
  constexpr int kDrawMax = 16;
  const Grid& g = b.grid;
  if (g.rows > kDrawMax || g.cols > kDrawMax) {
    return fmt::format("  {} x {} grid, K = {}; {} of {} columns marked\n", g.rows, g.cols, g.k,
                       b.marked_count(), g.cols);
  }
  const std::size_t width = std::max<std::size_t>(std::to_string(g.k).size() + 1, 3);
  // One line of the drawing: a label, then one entry per column, with a bar
  // between the halves.
  const auto line = [&](std::string label, const auto& entry) {
    for (int c = 0; c < g.cols; ++c) {
      label += fmt::format("{:>{}}", entry(c), width);
      if (c + 1 == g.cols / 2) label += " |";
    }
    return label + "\n";
  };
  std::string out =
      line("  col ", [&](int c) { return fmt::format("{}{}", c + 1, b.is_marked(c) ? "*" : ""); });
  out += line("  pair", [&](int c) {
    return std::string(1, static_cast<char>('a' + std::min(c, g.cols - 1 - c) % 26));
  });
  for (int r = 0; r < g.rows; ++r) {
    out += line(fmt::format("  {:>3} ", r + 1), [&](int c) { return g.at(r, c); });
  }
  out += "  (* marked column; the same letter marks a mirrored pair)\n";
  out += fmt::format("  settled so far: {}\n", settled_sum(b));
  return out;
}

std::optional<Mover> Model::mover(const Board& b) const {
  if (b.over()) return std::nullopt;
  return b.alice_to_move() ? Mover{0, "Alice (minimizes)"} : Mover{1, "Bob (maximizes)"};
}

MoveCount Model::move_count(const Board& b) const {
  return static_cast<MoveCount>(b.grid.cols - b.marked_count()) *
         (1 + static_cast<MoveCount>(b.grid.rows) * static_cast<MoveCount>(b.grid.k));
}

std::vector<Move> Model::moves(const Board& b) const {
  // Distinct moves, as the reference's: writing a cell's own value is the
  // column's one `COLUMN -` move.
  std::vector<Move> out;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (b.is_marked(c)) continue;
    out.push_back({c, -1, 0});
    for (int r = 0; r < b.grid.rows; ++r) {
      for (std::int64_t a = 0; a <= b.grid.k; ++a) {
        if (a != b.grid.at(r, c)) out.push_back({c, r, a});
      }
    }
  }
  return out;
}

std::string Model::move_text(const Move& m) const {
  if (m.row < 0) return fmt::format("{} -", m.col + 1);
  return fmt::format("{} {} {}", m.col + 1, m.row + 1, m.value);
}

std::variant<Move, std::string> Model::parse_move(const Board& b, std::string_view text) const {
  TextReader in(text);
  Move m;
  const auto c = in.read_uint("a column number", UINT32_MAX);
  if (c == 0 || c > static_cast<std::uint64_t>(b.grid.cols)) {
    return fmt::format("there is no column {} (1 to {})", c, b.grid.cols);
  }
  m.col = static_cast<int>(c) - 1;
  if (b.is_marked(m.col)) return fmt::format("column {} is already marked", c);
  const std::size_t at = in.offset();
  if (in.read_word("a row number or `-`") != "-") {
    in.seek(at);
    const auto r = in.read_uint("a row number", UINT32_MAX);
    if (r == 0 || r > static_cast<std::uint64_t>(b.grid.rows)) {
      return fmt::format("there is no row {} (1 to {})", r, b.grid.rows);
    }
    m.row = static_cast<int>(r) - 1;
    const auto v = in.read_uint("a value", UINT64_MAX);
    if (v > static_cast<std::uint64_t>(b.grid.k)) {
      return fmt::format("a value is at most K = {}", b.grid.k);
    }
    m.value = static_cast<std::int64_t>(v);
  }
  if (!in.at_line_end()) in.fail("unexpected text after the move");
  return m;
}

std::string Model::move_syntax(const Board&) const {
  return "COLUMN ROW VALUE: write VALUE (0 to K) at ROW of an unmarked COLUMN and mark it, e.g. "
         "`2 1 5`; `COLUMN -` marks it unchanged";
}

std::vector<std::string> Model::move_help(const Board& b) const {
  std::vector<std::string> out;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (b.is_marked(c)) continue;
    out.push_back(fmt::format("{} -", c + 1));
    out.push_back(fmt::format("{} 1 0 .. {} {} {}", c + 1, c + 1, b.grid.rows, b.grid.k));
  }
  return out;
}

std::string Model::end_text(const Board& b) const {
  return fmt::format("every column is marked: the final asymmetry is {}.", settled_sum(b));
}

Value Model::theory(const Board& b) const {
  const auto v = theory_value(b);
  return v ? Value::of_score(*v, ValueSource::kTheory) : Value::unknown();
}

std::string Model::theory_reason(const Board& b) const {
  return b.alice_to_move() ? "opens a fresh pair with its optimal opening (per-pair theory)"
                           : "closes the open pair with Bob's best answer (per-pair theory)";
}

std::string Model::heuristic_reason(const Board& b) const {
  return fmt::format(
      "closes the open pair whose term it changes most, at the {} (no exact value off the "
      "theory's lines at this size)",
      b.alice_to_move() ? "least cost" : "most gain");
}

std::vector<std::string> Model::notes(const Board& b) const {
  std::vector<std::string> out = {
      "a move is `COLUMN ROW VALUE` (write VALUE at ROW of COLUMN, then mark the column) or "
      "`COLUMN -` (mark it unchanged)"};
  if (!theory_covers(b) && !reference_reaches(b)) {
    out.push_back(
        "this position is off the lines the theory covers (Alice to move with no half-marked "
        "pair, or Bob with exactly one) and too large to search: no value is claimed, and the "
        "engine's move is a heuristic (close an open pair)");
  }
  return out;
}

namespace {

Board fresh(const Grid& g) {
  return Board{g, std::vector<char>(static_cast<std::size_t>(g.cols), 0)};
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

rc::Gen<Grid> grid_gen(int max_rows, int max_cols, std::int64_t max_k) {
  return rc::gen::mapcat(
      rc::gen::tuple(rc::gen::inRange(1, max_rows + 1), rc::gen::inRange(1, max_cols / 2 + 1),
                     rc::gen::inRange<std::int64_t>(1, max_k + 1)),
      [](const std::tuple<int, int, std::int64_t>& shape) {
        const auto [rows, half, k] = shape;
        return rc::gen::map(
            rc::gen::container<std::vector<std::uint32_t>>(
                static_cast<std::size_t>(rows * 2 * half),
                rc::gen::inRange<std::uint32_t>(0, static_cast<std::uint32_t>(k) + 1)),
            [rows = rows, half = half, k = k](std::vector<std::uint32_t> cells) {
              return Grid{rows, 2 * half, k, std::move(cells)};
            });
      });
}

}  // namespace

std::optional<std::string> check_pair_plans(const Grid& g) {
  for (int j = 0; j < g.cols / 2; ++j) {
    const PairPlan plan = plan_pair(g, j);
    const Board after =
        play(fresh(pair_grid(g, j)), Move{plan.col == j ? 0 : 1, plan.row, plan.write});
    const Value v = Reference({}).value(after);
    if (v.score != plan.value) {
      return fmt::format("pair {}: the planned opening {} {} {} is worth {}, not {}", j + 1,
                         plan.col + 1, plan.row + 1, plan.write, text(v), plan.value);
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

GameEntry entry() {
  GameEntry e;
  e.name = "asymmetry";
  e.summary =
      "N x M grid, M even; each move writes one cell of an unmarked column and marks it; Alice "
      "minimizes, Bob maximizes the sum of |left - right| over mirrored pairs.";
  e.position_format = "`N M K`, the grid, then optionally `marked: c1 c2 ...`";
  e.default_position = "2 4 3\n1 0 2 3\n0 3 1 1\n";
  e.example_positions = {
      // Bob to move, by the reference.
      "2 4 3\n1 0 2 3\n0 3 1 1\nmarked: 1\n",
      // Mid-game: one pair settled, Alice to move, by the reference.
      "2 6 4\n1 0 2 3 4 0\n0 3 1 1 2 4\nmarked: 1 6\n",
      // 2 x 8, K = 15: past the reference's cap, by the theory.
      "2 8 15\n3 14 0 9 7 15 2 11\n6 1 13 4 10 5 12 8\n",
      // Off the theory's lines and too large to search: the heuristic.
      "2 20 100\n0 10 20 30 40 50 60 70 80 90 100 90 80 70 60 50 40 30 20 10\n"
      "5 5 5 5 5 5 5 5 5 5 95 95 95 95 95 95 95 95 95 95\nmarked: 3 4\n",
      // Bob to move on a grid no search reaches, by the theory.
      "3 20 100\n0 10 20 30 40 50 60 70 80 90 100 90 80 70 60 50 40 30 20 10\n"
      "5 5 5 5 5 5 5 5 5 5 95 95 95 95 95 95 95 95 95 95\n"
      "100 0 100 0 100 0 100 0 100 0 0 100 0 100 0 100 0 100 0 100\nmarked: 3\n",
  };
  e.params = {
      {"rows", "N: generate writes exactly N rows; verify draws up to N (at most 3)", 3, 1,
       1'000'000},
      {"cols",
       "M: generate writes the largest even number of columns <= M; verify draws even numbers "
       "of columns up to M (at most 6)",
       6, 2, 1'000'000},
      {"k", "K: generate uses exactly K; verify draws up to K", 5, 1, kMaxK},
  };
  e.solve = [](std::string_view input, const Params&) {
    return fmt::format("{}\n", solve_contest(input));
  };
  e.line_rules = contest_line_rules();
  e.solve_source = [](TextSource& input, const Params&, const TextSink& sink) {
    const auto value = solve_contest_source(input);
    if (value) (void)sink.finish(fmt::format("{}\n", *value));
    return value.has_value();
  };
  e.solve_json = [](std::string_view input, const Params&, const JsonSink& each) {
    // One case per input: the array of cases every game's --json gives.
    each({{"asymmetry", solve_contest(input)}});
  };
  add_engine<Model>(e, [](const Params&) { return Model(); });
  e.explain = explain;
  e.check_witness = check_witness;
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const auto rows = params.get("rows"), cols = params.get("cols"), k = params.get("k");
    // M is a bound, as for generate: grid_gen draws even widths up to it, so
    // an odd M (5) draws 2 or 4 columns.
    if (rows > 3 || cols > 6 || k > kReferenceMaxK) {
      throw RequestError(fmt::format(
          "verify asymmetry: the exhaustive reference reaches N <= 3, M <= 6 and K <= {} here "
          "(asked: N = {}, M = {}, K = {})",
          kReferenceMaxK, rows, cols, k));
    }
    return run_verify<Grid>(
        grid_gen(static_cast<int>(rows), static_cast<int>(cols), k), trials, seed,
        [](const Grid& g) -> std::optional<std::string> {
          if (auto f = check_theory(Model(), fresh(g))) return f;
          if (auto f = check_pair_plans(g)) return f;
          return check_side_claims(g);
        },
        [](const Grid& g) { return format_position(fresh(g)); });
  };
  e.validate_contest = validate_contest;
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params& params) {
    return contest_case(input, k, params.release_input);
  };
  e.contest_bounds = {{"rows", {1, 2000}}, {"cols", {2, 2000}}, {"k", {1, 1'000'000'000}}};
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    const auto rows = params.get("rows"), asked = params.get("cols");
    // A bound is a bound: 7 columns asked for write 6, never 8.
    const auto cols = asked - (asked % 2);
    // Never an input solve refuses: N and M are each at most 10^6 here, but
    // solve takes at most kMaxCells cells.
    if (rows * cols > kMaxCells) {
      throw RequestError(fmt::format(
          "generate asymmetry: N * M = {} * {} = {} cells is more than solve accepts ({}); lower "
          "--rows or --cols",
          rows, cols, rows * cols, kMaxCells));
    }
    return generate_contest(seed, rows, cols, params.get("k"), sink);
  };
  // Grids by size (see bench_tiers): rows, columns, K, the cells.
  static const std::vector<std::vector<Grid>> kBenchTiers = {
      {{2, 4, 3, {1, 0, 2, 3, 0, 3, 1, 1}},
       {3, 4, 4, {4, 0, 1, 2, 3, 3, 0, 1, 2, 4, 4, 0}},
       {2, 6, 2, {0, 1, 2, 2, 1, 0, 1, 1, 0, 2, 0, 2}},
       {1, 6, 5, {5, 0, 3, 1, 4, 2}}},
      {{2, 8, 2, {0, 1, 2, 2, 1, 0, 1, 1, 0, 2, 0, 2, 1, 2, 0, 1}},
       {2, 10, 1, {0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0}}},
      {{1, 10, 3, {0, 1, 2, 3, 1, 0, 2, 3, 1, 2}},
       {1, 12, 2, {0, 1, 2, 2, 1, 0, 1, 0, 2, 0, 1, 2}},
       {2, 12, 1, {0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1}}},
      {{1, 14, 2, {0, 1, 2, 2, 1, 0, 1, 0, 2, 0, 1, 2, 1, 0}}},
      {{1, 14, 3, {0, 1, 2, 3, 1, 0, 2, 3, 1, 2, 0, 3, 2, 1}}}};
  e.bench = [](int size) {
    BenchResult r;
    const std::vector<Grid> grids = bench_tiers(kBenchTiers, size);
    r.positions = "fixed grids from the start:";
    for (std::size_t k = 0; k < grids.size(); ++k) {
      r.positions += fmt::format("{}{}x{} K={}", k == 0 ? " " : ", ", grids[k].rows, grids[k].cols,
                                 grids[k].k);
    }
    for (const Grid& g : grids) {
      const Rules rules(g);
      ReferenceSolver solver{rules};
      const BenchTimer timer;
      const std::int64_t v = solver.value(rules.start());
      r.record(solver, timer.seconds(), static_cast<std::uint64_t>(v));
    }
    return r;
  };
  add_certify(e);
  return e;
}

}  // namespace perfectplay::games::asymmetry
