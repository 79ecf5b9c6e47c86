// gridgame's registry entry, and the bare assignment solver's.
#include "games/gridgame/gridgame_entry.h"

#include <fmt/format.h>
#include <algorithm>
#include <memory>
#include <random>

#include "core/text_reader.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_reference.h"
#include "games/gridgame/gridgame_theory.h"

namespace perfectplay::games::gridgame {

namespace {

using algorithms::assignment::Solver;

// Per-column values are listed when at most this many lines remain; Alice's
// rows are each recomputed (to show they are equal) up to kShowRows.
constexpr int kListColumns = 400;
constexpr int kShowRows = 60;
constexpr int kDrawMax = 12;

// A game in progress, split into what is done and what is left.
struct Progress {
  const CostMatrix* m = nullptr;
  std::vector<char> row_crossed, col_crossed;
  int pending = -1;  // row awaiting Bob's column
  std::int64_t score = 0;
  std::vector<int> rows, cols;  // what is left (pending row included), in order

  int rest_index_of_row(int r) const {
    return static_cast<int>(std::find(rows.begin(), rows.end(), r) - rows.begin());
  }
};

Progress progress_of(const CostMatrix& m, const std::vector<int>& moves) {
  Progress p;
  p.m = &m;
  const auto n = static_cast<std::size_t>(m.size());
  p.row_crossed.assign(n, 0);
  p.col_crossed.assign(n, 0);
  for (std::size_t k = 0; k < moves.size(); ++k) {
    if (k % 2 == 0) {
      p.row_crossed[static_cast<std::size_t>(moves[k])] = 1;
      p.pending = moves[k];
    } else {
      p.col_crossed[static_cast<std::size_t>(moves[k])] = 1;
      p.score += m(p.pending, moves[k]);
      p.pending = -1;
    }
  }
  for (int r = 0; r < m.size(); ++r) {
    if (!p.row_crossed[static_cast<std::size_t>(r)] || r == p.pending) p.rows.push_back(r);
  }
  for (int c = 0; c < m.size(); ++c) {
    if (!p.col_crossed[static_cast<std::size_t>(c)]) p.cols.push_back(c);
  }
  return p;
}

// The matrix of what is left: O(m^2), so built only where it is solved, not
// for every redraw of the board.
CostMatrix rest_matrix(const Progress& p) {
  std::vector<std::int64_t> values;
  values.reserve(p.rows.size() * p.cols.size());
  for (int r : p.rows) {
    for (int c : p.cols) values.push_back((*p.m)(r, c));
  }
  return CostMatrix(p.rows.size(), std::move(values));
}

std::string draw(const Progress& p, const std::vector<int>& moves) {
  const CostMatrix& m = *p.m;
  std::string out;
  if (m.size() <= kDrawMax) {
    std::size_t width = 3;
    for (int r = 0; r < m.size(); ++r) {
      for (int c = 0; c < m.size(); ++c)
        width = std::max(width, fmt::format("{}", m(r, c)).size() + 3);
    }
    std::vector<int> scored_col(static_cast<std::size_t>(m.size()), -1);
    for (std::size_t k = 1; k < moves.size(); k += 2) {
      scored_col[static_cast<std::size_t>(moves[k - 1])] = moves[k];
    }
    out += "       ";
    for (int c = 0; c < m.size(); ++c) {
      out += fmt::format("{:>{}}",
                         p.col_crossed[static_cast<std::size_t>(c)] ? "x" : std::to_string(c + 1),
                         width);
    }
    out += '\n';
    for (int r = 0; r < m.size(); ++r) {
      const bool crossed = p.row_crossed[static_cast<std::size_t>(r)];
      out += fmt::format("  {:>3} {}", r + 1, r == p.pending ? '>' : crossed ? 'x' : ' ');
      for (int c = 0; c < m.size(); ++c) {
        const char* shape = "{}";
        if (scored_col[static_cast<std::size_t>(r)] == c) {
          shape = "[{}]";
        } else if (crossed && r != p.pending) {
          shape = "-";
        } else if (p.col_crossed[static_cast<std::size_t>(c)]) {
          shape = "|";
        }
        const std::string cell = fmt::format(fmt::runtime(shape), m(r, c));
        out += fmt::format("{:>{}}", cell, width);
      }
      out += '\n';
    }
    out += "  ([v] a scored cell, x a crossed line, > the row awaiting Bob's column)\n";
  } else {
    out += fmt::format("  {} x {} matrix; {} rows and {} columns crossed\n", m.size(), m.size(),
                       m.size() - static_cast<int>(p.rows.size()) + (p.pending >= 0 ? 1 : 0),
                       m.size() - static_cast<int>(p.cols.size()));
  }
  out += fmt::format("  Alice's total so far: {}\n", p.score);
  return out;
}

std::string whose_turn(const Progress& p) {
  if (p.rows.empty()) return "nobody (the game is over)";
  return p.pending >= 0 ? fmt::format("Bob (answering row {})", p.pending + 1) : "Alice";
}

Analysis analyze(std::string_view text, const Params&) {
  const GamePosition g = parse_position(text);
  const Progress p = progress_of(g.matrix, g.moves);
  const CostMatrix rest = rest_matrix(p);
  const Solver a(rest);
  Analysis out;
  out.board = draw(p, g.moves);
  out.to_move = whose_turn(p);
  const std::int64_t value = p.score + a.cost();
  out.value = fmt::format("{} (Alice's final total under optimal play)", value);
  nlohmann::json jmoves = nlohmann::json::array();
  const int m = rest.size();
  if (p.pending >= 0) {
    const int i = p.rest_index_of_row(p.pending);
    const int best = static_cast<int>(a.column_of(static_cast<std::size_t>(i)));
    out.best_move = std::to_string(p.cols[static_cast<std::size_t>(best)] + 1);
    if (m <= kListColumns) {
      const std::vector<std::int64_t> with = a.column_values(static_cast<std::size_t>(i));
      for (int j = 0; j < m; ++j) {
        const std::int64_t v = p.score + with[static_cast<std::size_t>(j)];
        const std::string col = std::to_string(p.cols[static_cast<std::size_t>(j)] + 1);
        out.moves.push_back(
            {col, std::to_string(v), fmt::format("scores {} now", rest(i, j)), j == best});
        jmoves.push_back({{"column", p.cols[static_cast<std::size_t>(j)] + 1},
                          {"value", v},
                          {"best", j == best}});
      }
    } else {
      out.moves_summary = fmt::format(
          "{} columns; only the best is given at this size (each column's value costs one "
          "augmentation, O(m^2))",
          m);
      out.moves.push_back({*out.best_move, std::to_string(value), "", true});
    }
    out.notes.push_back(
        "Bob minimizes; a column's value is what Alice ends with if Bob crosses it now and "
        "both play perfectly after");
  } else if (m > 0) {
    out.best_move = std::to_string(p.rows.front() + 1);
    if (m <= kShowRows) {
      // Each row's value recomputed: Bob's best answer to it, and perfect play after.
      for (int i = 0; i < m; ++i) {
        std::int64_t v = INT64_MAX;
        for (const std::int64_t w : a.column_values(static_cast<std::size_t>(i))) {
          v = std::min(v, p.score + w);
        }
        const std::string row = std::to_string(p.rows[static_cast<std::size_t>(i)] + 1);
        out.moves.push_back({row, std::to_string(v), "", i == 0});
        jmoves.push_back(
            {{"row", p.rows[static_cast<std::size_t>(i)] + 1}, {"value", v}, {"best", i == 0}});
      }
      out.notes.push_back(
          "every row was evaluated (Bob's best answer, then perfect play): all are equal, as "
          "the theory says: Alice's choices do not matter");
    } else {
      out.moves_summary = fmt::format(
          "{} rows, all worth {}: Alice's choices do not matter (docs/games/gridgame.md)", m,
          value);
    }
  }
  out.notes.push_back(
      "value = score so far + minimum-cost matching of the remaining lines (exact)");
  out.json = {{"game", "gridgame"},
              {"value", value},
              {"score", p.score},
              {"to_move", out.to_move},
              {"moves", jmoves}};
  if (out.best_move) out.json["best"] = *out.best_move;
  return out;
}

Hint hint(std::string_view text, const Params&) {
  const GamePosition g = parse_position(text);
  const Progress p = progress_of(g.matrix, g.moves);
  Hint h;
  if (p.rows.empty()) {
    h.value = std::to_string(p.score);
    h.reason = "the game is over";
    return h;
  }
  const CostMatrix rest = rest_matrix(p);
  const Solver a(rest);
  h.value = std::to_string(p.score + a.cost());
  if (p.pending >= 0) {
    const int i = p.rest_index_of_row(p.pending);
    h.move = std::to_string(
        p.cols[static_cast<std::size_t>(a.column_of(static_cast<std::size_t>(i)))] + 1);
    h.reason = "Bob: the row's column in a minimum-cost matching of what is left";
  } else {
    h.move = std::to_string(p.rows.front() + 1);
    h.reason = "Alice: every row is worth the same; the first uncrossed one";
  }
  return h;
}

class Session : public PlaySession {
 public:
  Session(GamePosition g, int engine_side)
      : matrix_(std::make_unique<CostMatrix>(std::move(g.matrix))), moves_(std::move(g.moves)) {
    const Progress p = progress_of(*matrix_, moves_);
    rows_ = p.rows;
    cols_ = p.cols;
    rest_ = std::make_unique<CostMatrix>(rest_matrix(p));
    plan_ = std::make_unique<Solver>(*rest_);
    // Engine side 0 plays whoever moves now.
    const bool alice_now = moves_.size() % 2 == 0;
    engine_is_alice_ = (engine_side == 0) == alice_now;
  }

  std::string board() const override {
    const Progress p = progress_of(*matrix_, moves_);
    return draw(p, moves_) +
           fmt::format("  value of the game from here: {}\n", p.score + plan_->cost());
  }
  bool over() const override {
    return moves_.size() == 2 * static_cast<std::size_t>(matrix_->size());
  }
  std::string result() const override {
    const Progress p = progress_of(*matrix_, moves_);
    return fmt::format("every line is crossed: Alice's total is {}.", p.score);
  }
  std::string mover() const override { return alice_to_move() ? "Alice" : "Bob"; }
  bool engine_to_move() const override { return alice_to_move() == engine_is_alice_; }
  std::vector<std::string> legal_moves() const override {
    const Progress p = progress_of(*matrix_, moves_);
    std::vector<std::string> out;
    if (alice_to_move()) {
      for (int r = 0; r < matrix_->size(); ++r) {
        if (!p.row_crossed[static_cast<std::size_t>(r)]) out.push_back(std::to_string(r + 1));
      }
    } else {
      for (int c : p.cols) out.push_back(std::to_string(c + 1));
    }
    return out;
  }
  std::string move_syntax() const override {
    return alice_to_move() ? "ROW: the row Alice crosses (1-based), e.g. `2`"
                           : "COLUMN: the column Bob crosses (1-based), e.g. `3`";
  }
  std::optional<std::string> try_move(std::string_view text) override {
    TextReader in(text);
    std::uint64_t k;
    try {
      k = in.read_uint(alice_to_move() ? "a row number" : "a column number", UINT32_MAX);
      if (!in.at_line_end()) in.fail("unexpected text after the move");
    } catch (const InputError& e) {
      return fmt::format("column {}: {}", e.column(), e.message());
    }
    if (k == 0 || k > static_cast<std::uint64_t>(matrix_->size())) {
      return fmt::format("there is no {} {} (1 to {})", alice_to_move() ? "row" : "column", k,
                         matrix_->size());
    }
    const int line = static_cast<int>(k) - 1;
    const Progress p = progress_of(*matrix_, moves_);
    if (alice_to_move() ? p.row_crossed[static_cast<std::size_t>(line)]
                        : p.col_crossed[static_cast<std::size_t>(line)]) {
      return fmt::format("{} {} is already crossed", alice_to_move() ? "row" : "column", k);
    }
    play(line);
    return std::nullopt;
  }
  std::string engine_move() override {
    if (alice_to_move()) {
      const Progress p = progress_of(*matrix_, moves_);
      int r = 0;
      while (p.row_crossed[static_cast<std::size_t>(r)]) ++r;
      play(r);
      return fmt::format("row {} (every row is worth the same to Alice)", r + 1);
    }
    const int c =
        cols_[static_cast<std::size_t>(plan_->column_of(static_cast<std::size_t>(pending_rest_)))];
    const std::int64_t cell = (*matrix_)(moves_.back(), c);
    play(c);
    return fmt::format("column {} (scores {}; the row's column in a minimum matching)", c + 1,
                       cell);
  }

 private:
  bool alice_to_move() const { return moves_.size() % 2 == 0; }
  void play(int line) {
    if (alice_to_move()) {
      pending_rest_ = static_cast<int>(std::find(rows_.begin(), rows_.end(), line) - rows_.begin());
    } else {
      const int j = static_cast<int>(std::find(cols_.begin(), cols_.end(), line) - cols_.begin());
      plan_->remove_pair(
          static_cast<std::size_t>(pending_rest_),
          static_cast<std::size_t>(j));  // one augmentation only when Bob leaves the plan
      pending_rest_ = -1;
    }
    moves_.push_back(line);
  }

  std::unique_ptr<CostMatrix> matrix_;
  std::vector<int> moves_;
  std::vector<int> rows_, cols_;  // index maps of rest_
  std::unique_ptr<CostMatrix> rest_;
  std::unique_ptr<Solver> plan_;
  int pending_rest_ = -1;
  bool engine_is_alice_ = false;
};

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

std::optional<std::string> check(const CostMatrix& m) {
  const std::int64_t theory = game_value(m);
  const Rules rules(m);
  ReferenceSolver solver{rules};
  const std::int64_t reference = solver.value(rules.start());
  const std::int64_t twin = permutation_minimum(m);
  if (theory != reference || theory != twin) {
    return fmt::format("assignment {}, game search {}, permutation minimum {}", theory, reference,
                       twin);
  }
  return std::nullopt;
}

std::string solve_text(std::string_view input) {
  std::string out;
  for (const CostMatrix& m : parse_contest(input))
    fmt::format_to(std::back_inserter(out), "{}\n", game_value(m));
  return out;
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
  e.params = {
      {"cases", "generate: number of cases", 10, 1, 1'000'000},
      {"n", "the largest matrix", 6, 1, kMaxN},
      {"max-abs", "entries are drawn from [-max-abs, max-abs]", 1000, 0, kMaxValue},
  };
  e.solve = [](std::string_view input, const Params&) { return solve_text(input); };
  e.solve_json = [](std::string_view input, const Params&) {
    nlohmann::json j = nlohmann::json::array();
    for (const CostMatrix& m : parse_contest(input)) j.push_back(game_value(m));
    return j;
  };
  e.analyze = analyze;
  e.hint = hint;
  e.play = [](std::string_view position, int engine_side, Seed, const Params&) {
    return std::unique_ptr<PlaySession>(new Session(parse_position(position), engine_side));
  };
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const std::int64_t n = params.get("n");
    if (n > 9) {
      throw RequestError(fmt::format(
          "verify gridgame: n = {} is too large for the game search and the permutation "
          "minimum (at most 9)",
          n));
    }
    return run_verify<CostMatrix>(matrix_gen(static_cast<int>(n), params.get("max-abs")), trials,
                                  seed, check,
                                  [](const CostMatrix& m) { return "1\n" + format_matrix(m); });
  };
  e.generate = [](Seed seed, const Params& params) {
    return generate_contest(seed, params.get("cases"), params.get("n"), params.get("max-abs"));
  };
  e.bench = [] {
    BenchResult r;
    r.positions = "six fixed random 7 x 7 matrices (seed 1), values in [-1000, 1000] and [0, 3]";
    std::mt19937_64 rng(1);
    for (int k = 0; k < 6; ++k) {
      const std::int64_t range = k % 2 ? 3 : 1000;
      std::vector<std::int64_t> v;
      for (int i = 0; i < 49; ++i)
        v.push_back(static_cast<std::int64_t>(rng() % (2 * range + 1)) - range);
      const CostMatrix m(7, std::move(v));
      const Rules rules(m);
      ReferenceSolver solver{rules};
      const std::int64_t value = solver.value(rules.start());
      r.nodes += solver.expanded_positions();
      r.stored = std::max<std::uint64_t>(r.stored, solver.stored_positions());
      r.bytes_per_position = solver.bytes_per_position();
      r.checksum = mix64(r.checksum ^ static_cast<std::uint64_t>(value));
    }
    return r;
  };
  return e;
}

GameEntry assignment_entry() {
  GameEntry e;
  e.name = "assignment";
  e.summary =
      "Not a game: minimum-cost perfect matching of an n x n matrix (solve only), the solver "
      "under gridgame.";
  e.solve = [](std::string_view input, const Params&) {
    const CostMatrix m = parse_assignment(input);
    const Solver a(m);
    std::string out = fmt::format("{}\n", a.cost());
    for (int i = 0; i < m.size(); ++i)
      fmt::format_to(std::back_inserter(out), "{}{}", i ? " " : "",
                     a.column_of(static_cast<std::size_t>(i)) + 1);
    out += '\n';
    return out;
  };
  e.solve_json = [](std::string_view input, const Params&) {
    const CostMatrix m = parse_assignment(input);
    const Solver a(m);
    std::vector<int> cols;
    for (int i = 0; i < m.size(); ++i)
      cols.push_back(static_cast<int>(a.column_of(static_cast<std::size_t>(i))) + 1);
    return nlohmann::json{{"cost", a.cost()}, {"columns", cols}};
  };
  e.generate = [](Seed seed, const Params& params) {
    std::string all = generate_contest(seed, 1, params.get("n"), params.get("max-abs"));
    return all.substr(all.find('\n') + 1);  // one case, without t
  };
  e.params = {
      {"n", "the largest matrix", 6, 1, kMaxN},
      {"max-abs", "entries are drawn from [-max-abs, max-abs]", 1000, 0, kMaxValue},
  };
  return e;
}

}  // namespace perfectplay::games::gridgame
