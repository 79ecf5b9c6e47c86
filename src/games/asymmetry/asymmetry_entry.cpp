// asymmetry's registry entry.
#include "games/asymmetry/asymmetry_entry.h"

#include <fmt/format.h>
#include <algorithm>

#include "core/text_reader.h"
#include "games/asymmetry/asymmetry_engine.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_reference.h"
#include "games/asymmetry/asymmetry_solve.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

namespace {

constexpr int kDrawMax = 16;
constexpr std::size_t kListMax = 60;

const char* source_name(Source s) {
  switch (s) {
    case Source::kReference:
      return "exact, by exhaustive search";
    case Source::kTheory:
      return "exact, by the per-pair theory";
    case Source::kHeuristic:
      break;
  }
  return "not known at this size";
}

std::string value_text(const Verdict& v) {
  return v.value ? std::to_string(*v.value) : std::string("unknown");
}

std::string draw(const Board& b) {
  const Grid& g = b.grid;
  std::string out;
  if (g.rows > kDrawMax || g.cols > kDrawMax) {
    return fmt::format("  {} x {} grid, K = {}; {} of {} columns marked\n", g.rows, g.cols, g.k,
                       b.marked_count(), g.cols);
  }
  std::size_t width = std::to_string(g.k).size() + 1;
  width = std::max<std::size_t>(width, 3);
  out += "  col ";
  for (int c = 0; c < g.cols; ++c) {
    out += fmt::format("{:>{}}",
                       fmt::format("{}{}", c + 1, b.marked[static_cast<std::size_t>(c)] ? "*" : ""),
                       width);
    if (c + 1 == g.cols / 2) out += " |";
  }
  out += "\n  pair";
  for (int c = 0; c < g.cols; ++c) {
    out += fmt::format("{:>{}}", static_cast<char>('a' + std::min(c, g.cols - 1 - c) % 26), width);
    if (c + 1 == g.cols / 2) out += " |";
  }
  out += '\n';
  for (int r = 0; r < g.rows; ++r) {
    out += fmt::format("  {:>3} ", r + 1);
    for (int c = 0; c < g.cols; ++c) {
      out += fmt::format("{:>{}}", g.at(r, c), width);
      if (c + 1 == g.cols / 2) out += " |";
    }
    out += '\n';
  }
  out += "  (* marked column; the same letter marks a mirrored pair)\n";
  out += fmt::format("  settled so far: {}\n", settled_sum(b));
  return out;
}

Analysis analyze(std::string_view text, const Params& params) {
  const Board b = parse_position(text);
  Analysis a;
  a.board = draw(b);
  const bool over = b.marked_count() == b.grid.cols;
  a.to_move = over               ? "nobody (every column is marked)"
              : alice_to_move(b) ? "Alice (minimizes)"
                                 : "Bob (maximizes)";
  const Verdict v = over ? Verdict{settled_sum(b), Source::kTheory} : evaluate(b, params.limits);
  a.value =
      fmt::format("{} ({})", value_text(v), over ? "the final asymmetry" : source_name(v.source));
  const Choice choice = choose_move(b, params.limits);
  if (choice.move) a.best_move = move_text(*choice.move);
  nlohmann::json jmoves = nlohmann::json::array();
  if (!over && reference_fits(b.grid)) {
    auto all = reference_moves(b, params.limits);
    const bool alice = alice_to_move(b);
    std::stable_sort(all.begin(), all.end(), [alice](const auto& x, const auto& y) {
      return alice ? x.second < y.second : x.second > y.second;
    });
    for (std::size_t i = 0; i < all.size() && i < kListMax; ++i) {
      const bool best = choice.move && move_text(*choice.move) == move_text(all[i].first);
      a.moves.push_back({move_text(all[i].first), std::to_string(all[i].second), "", best});
      jmoves.push_back(
          {{"move", move_text(all[i].first)}, {"value", all[i].second}, {"best", best}});
    }
    if (all.size() > kListMax) {
      a.moves_summary = fmt::format("{} distinct moves in all; the {} best are listed (exact)",
                                    all.size(), kListMax);
    }
  } else if (choice.move) {
    a.moves.push_back({move_text(*choice.move), value_text(choice.after),
                       source_name(choice.after.source), true});
    jmoves.push_back(
        {{"move", move_text(*choice.move)}, {"value", value_text(choice.after)}, {"best", true}});
    a.moves_summary =
        "too many moves to list at this size (every column, row and value); the engine's move is "
        "shown";
  }
  a.notes.push_back(
      "a move is `COLUMN ROW VALUE` (write VALUE at ROW of COLUMN, then mark the column) or "
      "`COLUMN -` (mark it unchanged)");
  if (!over && v.source == Source::kHeuristic) {
    a.notes.push_back(
        "this position is off the lines the theory covers (Alice to move with no half-marked pair, "
        "or Bob with exactly one) and too large to search: no value is claimed, and the engine's "
        "move is a heuristic (close an open pair, else open a fresh one)");
  }
  a.json = {{"game", "asymmetry"},
            {"to_move", a.to_move},
            {"moves", jmoves},
            {"source", over ? "final" : source_name(v.source)}};
  a.json["value"] = v.value ? nlohmann::json(*v.value) : nlohmann::json(nullptr);
  if (choice.move) a.json["best"] = move_text(*choice.move);
  return a;
}

Hint hint(std::string_view text, const Params& params) {
  const Board b = parse_position(text);
  const Choice c = choose_move(b, params.limits);
  Hint h;
  if (!c.move) {
    h.value = std::to_string(settled_sum(b));
    h.reason = "every column is marked: the game is over";
    return h;
  }
  h.move = move_text(*c.move);
  h.value = value_text(c.after);
  h.reason = c.after.source == Source::kHeuristic ? "heuristic: no exact value at this size"
                                                  : source_name(c.after.source);
  return h;
}

class Session : public PlaySession {
 public:
  Session(Board b, int engine_side, SearchLimits limits) : board_(std::move(b)), limits_(limits) {
    engine_is_alice_ = (engine_side == 0) == alice_to_move(board_);
  }
  std::string board() const override { return draw(board_); }
  bool over() const override { return board_.marked_count() == board_.grid.cols; }
  std::string result() const override {
    return fmt::format("every column is marked: the final asymmetry is {}.", settled_sum(board_));
  }
  std::string mover() const override { return alice_to_move(board_) ? "Alice" : "Bob"; }
  bool engine_to_move() const override { return alice_to_move(board_) == engine_is_alice_; }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    for (int c = 0; c < board_.grid.cols; ++c) {
      if (board_.marked[static_cast<std::size_t>(c)]) continue;
      out.push_back(fmt::format("{} -", c + 1));
      out.push_back(
          fmt::format("{} 1 0 .. {} {} {}", c + 1, c + 1, board_.grid.rows, board_.grid.k));
    }
    return out;
  }
  std::string move_syntax() const override {
    return "COLUMN ROW VALUE: write VALUE (0 to K) at ROW of an unmarked COLUMN and mark it, e.g. "
           "`2 1 5`; `COLUMN -` marks it unchanged";
  }
  std::optional<std::string> try_move(std::string_view text) override {
    TextReader in(text);
    BoardMove m;
    try {
      const auto c = in.read_uint("a column number", UINT32_MAX);
      if (c == 0 || c > static_cast<std::uint64_t>(board_.grid.cols)) {
        return fmt::format("there is no column {} (1 to {})", c, board_.grid.cols);
      }
      m.col = static_cast<int>(c) - 1;
      if (board_.marked[static_cast<std::size_t>(m.col)])
        return fmt::format("column {} is already marked", c);
      const std::size_t at = in.offset();
      if (in.read_word("a row number or `-`") == "-") {
        m.row = -1;
      } else {
        in.seek(at);
        const auto r = in.read_uint("a row number", UINT32_MAX);
        if (r == 0 || r > static_cast<std::uint64_t>(board_.grid.rows)) {
          return fmt::format("there is no row {} (1 to {})", r, board_.grid.rows);
        }
        m.row = static_cast<int>(r) - 1;
        const auto v = in.read_uint("a value", UINT64_MAX);
        if (v > static_cast<std::uint64_t>(board_.grid.k))
          return fmt::format("a value is at most K = {}", board_.grid.k);
        m.value = static_cast<std::int64_t>(v);
      }
      if (!in.at_line_end()) in.fail("unexpected text after the move");
    } catch (const InputError& e) {
      return fmt::format("column {}: {}", e.column(), e.message());
    }
    apply(board_, m);
    return std::nullopt;
  }
  std::string engine_move() override {
    const Choice c = choose_move(board_, limits_);
    apply(board_, *c.move);
    return fmt::format("{} (value after it: {}, {})", move_text(*c.move), value_text(c.after),
                       source_name(c.after.source));
  }

 private:
  Board board_;
  SearchLimits limits_;
  bool engine_is_alice_ = false;
};

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

std::string grid_text(const Grid& g) {
  return format_position(Board{g, std::vector<char>(static_cast<std::size_t>(g.cols), 0)});
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "asymmetry";
  e.summary =
      "N x M grid, M even; each move writes one cell of an unmarked column and marks it; Alice "
      "minimizes, Bob maximizes the sum of |left - right| over mirrored pairs.";
  e.position_format = "`N M K`, the grid, then optionally `marked: c1 c2 ...`";
  e.default_position = "2 4 3\n1 0 2 3\n0 3 1 1\n";
  e.params = {
      {"rows", "the most rows N (verify: at most 8)", 3, 1, 1'000'000},
      {"cols", "the most columns M (even)", 6, 2, 1'000'000},
      {"k", "the largest K", 5, 1, kMaxK},
  };
  e.solve = [](std::string_view input, const Params&) {
    return fmt::format("{}\n", solve_contest(input));
  };
  e.solve_json = [](std::string_view input, const Params&) {
    return nlohmann::json{{"asymmetry", solve_contest(input)}};
  };
  e.analyze = analyze;
  e.hint = hint;
  e.play = [](std::string_view position, int engine_side, Seed, const Params& params) {
    return std::unique_ptr<PlaySession>(
        new Session(parse_position(position), engine_side, params.limits));
  };
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const auto rows = params.get("rows"), cols = params.get("cols"), k = params.get("k");
    if (rows > 3 || cols > 6 || k > kReferenceMaxK || cols % 2 != 0) {
      throw RequestError(fmt::format(
          "verify asymmetry: the exhaustive reference reaches N <= 3, M <= 6 (even) and K <= {} "
          "here (asked: N = {}, M = {}, K = {})",
          kReferenceMaxK, rows, cols, k));
    }
    return run_verify<Grid>(
        grid_gen(static_cast<int>(rows), static_cast<int>(cols), k), trials, seed,
        [](const Grid& g) -> std::optional<std::string> {
          if (auto f = check_theory(g)) return f;
          return check_side_claims(g);
        },
        grid_text);
  };
  e.generate = [](Seed seed, const Params& params) {
    const auto cols = params.get("cols");
    return generate_contest(seed, params.get("rows"), cols + (cols % 2), params.get("k"));
  };
  e.bench = [] {
    BenchResult r;
    r.positions = "four fixed grids from the start: 2x4 K=3, 3x4 K=4, 2x6 K=2, 1x6 K=5";
    const std::vector<Grid> grids = {{2, 4, 3, {1, 0, 2, 3, 0, 3, 1, 1}},
                                     {3, 4, 4, {4, 0, 1, 2, 3, 3, 0, 1, 2, 4, 4, 0}},
                                     {2, 6, 2, {0, 1, 2, 2, 1, 0, 1, 1, 0, 2, 0, 2}},
                                     {1, 6, 5, {5, 0, 3, 1, 4, 2}}};
    for (const Grid& g : grids) {
      const Rules rules(g);
      ReferenceSolver solver{rules};
      const std::int64_t v = solver.value(rules.start());
      r.nodes += solver.expanded_positions();
      r.stored = std::max<std::uint64_t>(r.stored, solver.stored_positions());
      r.bytes_per_position = solver.bytes_per_position();
      r.checksum = mix64(r.checksum ^ static_cast<std::uint64_t>(v));
    }
    return r;
  };
  return e;
}

}  // namespace perfectplay::games::asymmetry
