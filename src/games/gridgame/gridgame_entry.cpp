// gridgame's model and registry entry.
#include "games/gridgame/gridgame_entry.h"

#include <fmt/format.h>
#include <algorithm>
#include <iterator>
#include <random>

#include "core/progress.h"
#include "core/text_reader.h"
#include "games/gridgame/gridgame_contest.h"
#include "games/gridgame/gridgame_explain.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_theory.h"
#include "verify/verify.h"

namespace perfectplay::games::gridgame {

using algorithms::assignment::CompactMatrix;

namespace {

// The matrix is drawn cell by cell up to this size, else summarized.
constexpr int kDrawMax = 12;

}  // namespace

std::string Model::draw(const Position& p) const {
  const GridMatrix& m = *p.matrix;
  const Progress g = progress_of(p);
  const auto at = [](const std::vector<char>& v, int k) { return v[static_cast<std::size_t>(k)]; };
  std::string out;
  if (m.size() <= kDrawMax) {
    std::size_t width = 3;
    for (const std::int64_t v : m.values()) {
      width = std::max(width, fmt::format("{}", v).size() + 3);
    }
    std::vector<int> scored_col(static_cast<std::size_t>(m.size()), -1);
    for (std::size_t k = 1; k < p.moves.size(); k += 2) {
      scored_col[static_cast<std::size_t>(p.moves[k - 1])] = p.moves[k];
    }
    out += "       ";
    for (int c = 0; c < m.size(); ++c) {
      out += fmt::format("{:>{}}", at(g.col_crossed, c) ? "x" : std::to_string(c + 1), width);
    }
    out += '\n';
    for (int r = 0; r < m.size(); ++r) {
      const bool crossed = at(g.row_crossed, r);
      out += fmt::format("  {:>3} {}", r + 1, r == g.pending ? '>' : crossed ? 'x' : ' ');
      for (int c = 0; c < m.size(); ++c) {
        const char* shape = "{}";
        if (scored_col[static_cast<std::size_t>(r)] == c) {
          shape = "[{}]";
        } else if (crossed && r != g.pending) {
          shape = "-";
        } else if (at(g.col_crossed, c)) {
          shape = "|";
        }
        out += fmt::format("{:>{}}", fmt::format(fmt::runtime(shape), m(r, c)), width);
      }
      out += '\n';
    }
    out += "  ([v] a scored cell, x a crossed line, > the row awaiting Bob's column)\n";
  } else {
    out += fmt::format("  {} x {} matrix; {} rows and {} columns crossed\n", m.size(), m.size(),
                       (p.moves.size() + 1) / 2, p.moves.size() / 2);
  }
  out += fmt::format("  Alice's total so far: {}\n", g.score);
  return out;
}

std::variant<Model::Move, std::string> Model::parse_move(const Position& p,
                                                         std::string_view text) const {
  const bool alice = p.alice_to_move();
  TextReader in(text);
  std::uint64_t k;
  try {
    k = in.read_uint(alice ? "a row number" : "a column number", UINT32_MAX);
    if (!in.at_line_end()) in.fail("unexpected text after the move");
  } catch (const InputError& e) {
    return fmt::format("column {}: {}", e.column(), e.message());
  }
  if (k == 0 || k > static_cast<std::uint64_t>(p.n())) {
    return fmt::format("there is no {} {} (1 to {})", alice ? "row" : "column", k, p.n());
  }
  const Progress g = progress_of(p);
  const auto line = static_cast<std::size_t>(k - 1);
  if (alice ? g.row_crossed[line] : g.col_crossed[line]) {
    return fmt::format("{} {} is already crossed", alice ? "row" : "column", k);
  }
  return static_cast<Move>(line);
}

std::optional<Model::Move> Model::theory_move(const Position& p) const {
  if (p.over()) return std::nullopt;
  if (!p.alice_to_move()) return Outlook(p).bob_column();
  return moves(p).front();  // every row is worth the same
}

ListedMoves<Model::Move> Model::theory_moves(const Position& p, std::size_t cap) const {
  const Outlook o(p);
  const Progress& g = o.progress();
  ListedMoves<Move> out;
  if (p.alice_to_move()) {
    out.summary = fmt::format(
        "{} rows, all worth {}: Alice's choices do not matter (theory); the engine's choice is "
        "listed",
        g.rows.size(), o.value());
    return out;
  }
  const std::vector<Score> values = o.column_values();
  for (std::size_t j = 0; j < values.size(); ++j) {
    out.moves.push_back({g.cols[j], Value::of_score(values[j], ValueSource::kTheory),
                         fmt::format("scores {} now", (*p.matrix)(g.pending, g.cols[j]))});
  }
  std::stable_sort(out.moves.begin(), out.moves.end(),
                   [](const auto& a, const auto& b) { return *a.value.score < *b.value.score; });
  out.moves.resize(std::min(out.moves.size(), cap));
  out.summary = fmt::format(
      "{} columns; the {} best for Bob are listed (all columns' values from one matching, "
      "O(m^2))",
      values.size(), out.moves.size());
  return out;
}

std::vector<std::string> Model::notes(const Position& p) const {
  std::vector<std::string> out;
  if (p.over()) return out;
  if (p.alice_to_move()) {
    out.push_back("Alice's choices do not matter: every row is worth the same (the theory)");
  } else {
    out.push_back(fmt::format(
        "Bob answers row {} and minimizes; a column's value is what Alice ends with if Bob "
        "crosses it now and both play perfectly after",
        p.moves.back() + 1));
  }
  out.push_back("the theory: value = score so far + minimum-cost matching of the remaining lines");
  return out;
}

namespace {

rc::Gen<CostMatrix> matrix_gen(int max_n, std::int64_t max_abs) {
  return rc::gen::mapcat(
      rc::gen::tuple(rc::gen::inRange(1, max_n + 1),
                     rc::gen::element<std::int64_t>(3, 10, max_abs)),
      [](const std::tuple<int, std::int64_t>& shape) {
        const auto [n, range] = shape;
        return rc::gen::map(
            rc::gen::container<std::vector<std::int64_t>>(
                static_cast<std::size_t>(n * n), rc::gen::inRange<std::int64_t>(-range, range + 1)),
            [n = n](std::vector<std::int64_t> v) {
              return CostMatrix(static_cast<std::size_t>(n), std::move(v));
            });
      });
}

// The theory against the game search (check_theory) on the fresh game, after
// Alice crosses the last row, and after Bob answers with the first column (off
// the plan as often as not); the permutation minimum as a third opinion.
std::optional<std::string> check(const CostMatrix& matrix) {
  const Model model;
  Position p{std::make_shared<const GridMatrix>(matrix), {}};
  for (const Model::Move m : {matrix.size() - 1, 0}) {
    if (auto failure = check_theory(model, p)) return failure;
    p = model.play(p, m);
  }
  if (auto failure = check_theory(model, p)) return failure;
  if (const std::int64_t twin = permutation_minimum(matrix); twin != game_value(matrix)) {
    return fmt::format("assignment {}, game search agrees, permutation minimum {}",
                       game_value(matrix), twin);
  }
  return std::nullopt;
}

// A fixed matrix of any size, entries in [-999, 999], for the examples.
std::string example_matrix(int n) {
  std::vector<std::int64_t> v;
  std::uint64_t x = 11553;
  for (int k = 0; k < n * n; ++k)
    v.push_back(static_cast<std::int64_t>((x = mix64(x)) % 1999) - 999);
  return algorithms::assignment::format_matrix(CostMatrix(static_cast<std::size_t>(n), v));
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "gridgame";
  e.summary =
      "n x n matrix; Alice crosses a row, Bob a column, Alice scores the crossing cell; "
      "Alice maximizes her total, Bob minimizes it.";
  e.position_format = "n, the matrix, then optionally `moves: r1 c1 r2 ...` (lines crossed so far)";
  e.default_position = "3\n1 -2 -3\n-3 4 -5\n-2 1 3\n";
  const std::string large = example_matrix(110);  // built once: every command starts here
  e.example_positions = {
      "2\n1 2\n3 4\nmoves: 1\n",
      "4\n5 1 9 3\n2 8 4 7\n6 3 1 9\n4 6 2 5\nmoves: 1 4 3\n",
      "2\n1 2\n3 4\nmoves: 1 2 2 1\n",
      example_matrix(10) + "moves: 3 7\n",
      large,
      large + "moves: 5\n",
  };
  e.params = {
      {"cases", "number of cases", 10, 1, 1'000'000, true},
      {"n", "the largest matrix, n x n", 6, 1, kMaxN},
      {"max-abs", "entries are drawn from [-max-abs, max-abs]", 1000, 0, kMaxValue},
      exact_sizes_param(),
  };
  // Each case solved as it is read: one matrix held at a time, and the text
  // read given back as the reading goes (a 2000 x 2000 matrix of small
  // numbers takes twice the bytes of its text).
  e.solve = [](std::string_view input, const Params& params) {
    std::string out;
    for_each_compact_case(
        input,
        [&](const CompactMatrix& m, std::int64_t i, std::int64_t count) {
          progress::report("cases solved", static_cast<std::uint64_t>(i),
                           static_cast<std::uint64_t>(count));
          fmt::format_to(std::back_inserter(out), "{}\n", algorithms::assignment::solve(m).cost);
        },
        params.release_input);
    return out;
  };
  e.solve_json = [](std::string_view input, const Params& params, const JsonSink& each) {
    // Validated whole by a first pass that keeps nothing, then each case
    // solved and handed on as it is read.
    for_each_compact_case(
        input, [](const CompactMatrix&, std::int64_t, std::int64_t) {}, params.release_input);
    for_each_compact_case(
        input,
        [&](const CompactMatrix& m, std::int64_t i, std::int64_t count) {
          progress::report("cases solved", static_cast<std::uint64_t>(i),
                           static_cast<std::uint64_t>(count));
          each(algorithms::assignment::solve(m).cost);
        },
        params.release_input);
  };
  add_engine<Model>(e, [](const Params&) { return Model(); });
  e.explain = explain;
  e.check_witness = check_witness;
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const std::int64_t n = params.get("n");
    if (n > 9) {
      throw RequestError(fmt::format(
          "verify gridgame: n = {} is too large for the game search and the permutation "
          "minimum (at most 9)",
          n));
    }
    return run_verify<CostMatrix>(
        matrix_gen(static_cast<int>(n), params.get("max-abs")), trials, seed, check,
        [](const CostMatrix& m) { return "1\n" + algorithms::assignment::format_matrix(m); });
  };
  e.validate_contest = validate_contest;
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params& params) {
    return contest_case(input, k, params.release_input);
  };
  e.contest_bounds = {{"cases", {1, 20}}, {"n", {1, 8}}, {"max-abs", {0, 1000}}};
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    return algorithms::assignment::generate_matrices(seed, params.get("cases"), params.get("n"),
                                                     params.get("max-abs"), true, sink,
                                                     params.get("exact") != 0);
  };
  // Matrices by size: n and how many (see bench_tiers), drawn in turn from
  // one seeded generator, values alternately in [-1000, 1000] and [-3, 3].
  static const std::vector<std::vector<int>> kBenchTiers = {
      {7, 7, 7, 7, 7, 7}, {8, 8}, {9, 9, 10, 10}, {11, 11}, {12, 12}};
  e.bench = [](int size) {
    BenchResult r;
    const std::vector<int> sizes = bench_tiers(kBenchTiers, size);
    r.positions = fmt::format(
        "{} fixed random matrices of 7 x 7{} (seed 1), values in [-1000, 1000] and [-3, 3]",
        sizes.size(), size == 1 ? "" : fmt::format(" to {} x {}", sizes.back(), sizes.back()));
    std::mt19937_64 rng(1);
    for (std::size_t k = 0; k < sizes.size(); ++k) {
      const int n = sizes[k];
      const std::int64_t range = k % 2 ? 3 : 1000;
      std::vector<std::int64_t> v;
      for (int i = 0; i < n * n; ++i) {
        v.push_back(static_cast<std::int64_t>(rng() % (2 * range + 1)) - range);
      }
      const CostMatrix m(n, std::move(v));
      const Rules rules(m);
      ReferenceSolver solver{rules};
      const BenchTimer timer;
      const std::int64_t value = solver.value(rules.start());
      r.record(solver, timer.seconds(), static_cast<std::uint64_t>(value));
    }
    return r;
  };
  add_certify(e);
  return e;
}

}  // namespace perfectplay::games::gridgame
