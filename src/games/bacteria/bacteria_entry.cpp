// bacteria's registry entry.
#include "games/bacteria/bacteria_entry.h"

#include <fmt/format.h>
#include <algorithm>

#include "core/text_reader.h"
#include "games/bacteria/bacteria_engine.h"
#include "games/bacteria/bacteria_io.h"
#include "games/bacteria/bacteria_reference.h"

namespace perfectplay::games::bacteria {

namespace {

constexpr std::size_t kListAll = 400;

std::string move_text(const Move& m) {
  return fmt::format("{} {} {}", m.row + 1, m.col + 1, m.colony == Colony::kH ? 'H' : 'V');
}

std::string draw_board(const Board& b) {
  std::string out = "     ";
  for (int c = 0; c < b.grid.cols; ++c) out += fmt::format("{:>3}", c + 1);
  out += '\n';
  for (int r = 0; r < b.grid.rows; ++r) {
    out += fmt::format("  {:>3}", r + 1);
    for (int c = 0; c < b.grid.cols; ++c) {
      const char m = b.mark(r, c);
      out += fmt::format("  {}", m == 'H' ? '-' : m == 'V' ? '|' : m);
    }
    out += '\n';
  }
  out += "  ('.' empty, '#' radioactive, '-' an H colony, '|' a V colony)\n";
  return out;
}

std::string info_value(const MoveInfo& i) {
  if (i.mutates) return "loss in 1";
  return Verdict{i.wins, i.remoteness}.text();
}

std::string info_note(const MoveInfo& i) {
  if (i.mutates) return "mutates: loses at once";
  return fmt::format("leaves *{} + *{}", i.first.value, i.second.value);
}

Analysis analyze(std::string_view text, const Params& params) {
  const Board b = parse_position(text);
  const GrundyTable t(b.grid);
  Analysis a;
  a.board = draw_board(b);
  a.to_move = "the player to move (Becca at the start)";
  const Verdict v = evaluate(t, b, params.limits);
  a.value = fmt::format("{} (nimber *{})", v.text(), board_value(t, b).value);
  const std::vector<MoveInfo> all = analyze_all(t, b, params.limits);
  const Choice choice = choose_from(t, b, all);
  if (choice.move) a.best_move = move_text(*choice.move);
  nlohmann::json jmoves = nlohmann::json::array();
  std::size_t winning = 0;
  for (const MoveInfo& i : all) winning += i.wins;
  for (const MoveInfo& i : all) {
    const bool best = choice.move && *choice.move == i.move;
    if (all.size() > kListAll && !i.wins && !best) continue;
    a.moves.push_back({move_text(i.move), info_value(i), info_note(i), best});
    jmoves.push_back({{"row", i.move.row + 1},
                      {"col", i.move.col + 1},
                      {"colony", i.move.colony == Colony::kH ? "H" : "V"},
                      {"value", info_value(i)},
                      {"mutates", i.mutates},
                      {"parts", {i.first.value, i.second.value}},
                      {"best", best}});
  }
  if (all.size() > kListAll) {
    a.moves_summary = fmt::format(
        "{} legal moves in all, {} winning; only winning moves and the engine's choice are "
        "listed",
        all.size(), winning);
  }
  const std::size_t parts = b.parts.size();
  a.notes.push_back(fmt::format(
      "the uninfected cells form {} independent rectangle{}; a move's value is the nim-sum of "
      "the parts it leaves with the others",
      parts, parts == 1 ? "" : "s"));
  a.notes.push_back(reference_reaches(b)
                        ? "values are exact, by exhaustive search (remoteness included)"
                        : "win/loss is exact (Sprague-Grundy over rectangles); too many empty "
                          "cells for exhaustive search, so remoteness is not given");
  a.json = {{"game", "bacteria"}, {"value", v.text()},        {"nimber", board_value(t, b).value},
            {"wins", v.wins},     {"winning_moves", winning}, {"moves", jmoves}};
  if (choice.move) a.json["best"] = move_text(*choice.move);
  return a;
}

Hint hint(std::string_view text, const Params& params) {
  const Board b = parse_position(text);
  const GrundyTable t(b.grid);
  const Choice c = choose_move(t, b, params.limits);
  Hint h;
  if (!c.move) {
    h.value = "loss in 0";
    h.reason = "no empty cell: the player to move has lost";
    return h;
  }
  h.move = move_text(*c.move);
  h.value = c.value.text();
  h.reason = win_loss_reason(c.exact, c.value.wins, "leaves a nim-sum of 0 (Sprague-Grundy)",
                             "every move loses; this one infects the fewest cells");
  return h;
}

class Session : public PlaySession {
 public:
  Session(Board b, int engine_side, SearchLimits limits)
      : board_(std::move(b)), table_(board_.grid), engine_side_(engine_side), limits_(limits) {}

  std::string board() const override { return draw_board(board_); }
  bool over() const override { return mutated_ || bacteria::legal_moves(board_).empty(); }
  std::string result() const override {
    const int loser =
        mutated_ ? 1 - turn_ % 2 : turn_ % 2;  // the player who mutated / who is stuck
    const bool engine_lost = loser == engine_side_;
    const std::string who = mutated_ ? "the colony mutated, so its player loses"
                                     : "no empty cell is left for the player to move, who loses";
    return fmt::format("{}. {}", who, engine_lost ? "You win." : "The engine wins.");
  }
  std::string mover() const override {
    return turn_ % 2 == 0 ? "the first player (Becca)" : "the second player";
  }
  bool engine_to_move() const override { return turn_ % 2 == engine_side_; }
  std::vector<std::string> legal_moves() const override {
    const std::vector<Move> all = bacteria::legal_moves(board_);
    std::vector<std::string> out;
    if (all.size() <= 200) {
      for (const Move& m : all) out.push_back(move_text(m));
      return out;
    }
    // Many: one line per row, `R C1 H .. R CN V` for its first and last
    // empty cells (every empty cell of the row takes H and V).
    for (int r = 0; r < board_.grid.rows; ++r) {
      int first = -1, last = -1;
      for (int c = 0; c < board_.grid.cols; ++c) {
        if (board_.mark(r, c) != '.') continue;
        if (first < 0) first = c;
        last = c;
      }
      if (first >= 0) {
        out.push_back(fmt::format("{} {} H .. {} {} V", r + 1, first + 1, r + 1, last + 1));
      }
    }
    return out;
  }
  std::string move_syntax() const override {
    return "ROW COL H|V: place a colony on an empty cell (rows and columns count from 1), e.g. "
           "`2 3 H`; a colony that would spread into '#' mutates and you lose";
  }
  std::optional<std::string> try_move(std::string_view text) override {
    TextReader in(text);
    Move m;
    try {
      const auto r = in.read_uint("a row number", UINT32_MAX);
      const auto c = in.read_uint("a column number", UINT32_MAX);
      const std::string_view type = in.read_word("a colony type (H or V)");
      if (!in.at_line_end()) in.fail("unexpected text after the move");
      if (r == 0 || r > static_cast<std::uint64_t>(board_.grid.rows)) {
        return fmt::format("there is no row {} (rows are 1 to {})", r, board_.grid.rows);
      }
      if (c == 0 || c > static_cast<std::uint64_t>(board_.grid.cols)) {
        return fmt::format("there is no column {} (columns are 1 to {})", c, board_.grid.cols);
      }
      if (type != "H" && type != "V" && type != "h" && type != "v") {
        return fmt::format("the colony type is H or V, not '{}'", type);
      }
      m = Move{static_cast<int>(r) - 1, static_cast<int>(c) - 1,
               (type == "H" || type == "h") ? Colony::kH : Colony::kV};
    } catch (const InputError& e) {
      return fmt::format("column {}: {}", e.column(), e.message());
    }
    const char mark = board_.mark(m.row, m.col);
    if (mark == '#') return std::string("that cell is radioactive");
    if (mark != '.') return std::string("that cell already has bacteria");
    play(m);
    return std::nullopt;
  }
  std::string engine_move() override {
    const Choice c = choose_move(table_, board_, limits_);
    play(*c.move);
    return fmt::format("{} (engine's outlook: {})", move_text(*c.move), c.value.text());
  }

 private:
  void play(const Move& m) {
    const MoveEffect e = effect_of(table_, board_, m);
    if (e.mutates) {
      mutated_ = true;
    } else {
      apply(board_, e, m);
    }
    ++turn_;
  }

  Board board_;
  GrundyTable table_;
  int engine_side_;
  SearchLimits limits_;
  int turn_ = 0;
  bool mutated_ = false;
};

rc::Gen<Grid> grid_gen(int max_rows, int max_cols) {
  return rc::gen::mapcat(
      rc::gen::tuple(rc::gen::inRange(1, max_rows + 1), rc::gen::inRange(1, max_cols + 1),
                     rc::gen::element(0, 10, 25, 50)),
      [](const std::tuple<int, int, int>& shape) {
        const auto [rows, cols, density] = shape;
        return rc::gen::map(
            rc::gen::container<std::vector<int>>(static_cast<std::size_t>(rows * cols),
                                                 rc::gen::inRange(0, 100)),
            [rows = rows, cols = cols, density = density](const std::vector<int>& dice) {
              Grid g;
              g.rows = rows;
              g.cols = cols;
              for (int d : dice) g.cells.push_back(d < density ? '#' : '.');
              return g;
            });
      });
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "bacteria";
  e.summary =
      "Place H (spreads along the row) or V (along the column) colonies on empty cells; a "
      "colony that reaches '#' mutates and its player loses; no empty cell: you lose.";
  e.position_format =
      "`R C`, then R rows of '.', '#', 'H', 'V' (cells infected by H or V colonies)";
  e.default_position = "3 4\n#.##\n....\n#.##\n";
  e.params = {
      {"cases", "generate: number of cases", 10, 1, 1'000'000},
      {"rows", "the most rows in a random grid", 4, 1, kMaxSide},
      {"cols", "the most columns in a random grid", 5, 1, kMaxSide},
      {"density", "generate: percent of radioactive cells", 20, 0, 100},
  };
  e.solve = [](std::string_view input, const Params&) {
    std::string out;
    std::uint64_t i = 0;
    for (const std::uint64_t y : solve_contest(input)) {
      fmt::format_to(std::back_inserter(out), "Case #{}: {}\n", ++i, y);
    }
    return out;
  };
  e.solve_json = [](std::string_view input, const Params&) {
    nlohmann::json j = nlohmann::json::array();
    for (const std::uint64_t y : solve_contest(input)) j.push_back(y);
    return j;
  };
  e.analyze = analyze;
  e.hint = hint;
  e.play = [](std::string_view position, int engine_side, Seed, const Params& params) {
    return std::unique_ptr<PlaySession>(
        new Session(parse_position(position), engine_side, params.limits));
  };
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const auto rows = params.get("rows"), cols = params.get("cols");
    if (rows * cols > kReferenceMaxEmpty + 4) {
      throw RequestError(fmt::format(
          "verify bacteria: grids of {} x {} are too large for the exhaustive reference here "
          "(at most {} cells)",
          rows, cols, kReferenceMaxEmpty + 4));
    }
    return run_verify<Grid>(
        grid_gen(static_cast<int>(rows), static_cast<int>(cols)), trials, seed,
        [](const Grid& g) { return check_theory(g); },
        [](const Grid& g) { return "1\n" + format_grid(g); });
  };
  e.generate = [](Seed seed, const Params& params) {
    return generate_contest(seed, params.get("cases"), params.get("rows"), params.get("cols"),
                            params.get("density"));
  };
  e.bench = [] {
    BenchResult r;
    r.positions = "the official sample's grids and three fixed 4 x 5 grids, from the start";
    const std::vector<std::pair<int, std::string>> grids = {{2, "...#"},
                                                            {4, ".#....#.#......#"},
                                                            {3, "#.##....#.##"},
                                                            {1, "."},
                                                            {4, "...................."},
                                                            {4, "..#.......#.....#...."},
                                                            {4, "#.......#....#......"}};
    for (const auto& [rows, cells] : grids) {
      Grid g;
      g.rows = rows;
      g.cols = static_cast<int>(cells.size()) / rows;
      g.cells.assign(cells.begin(), cells.end());
      ReferenceSolver solver{Rules(g)};
      const Outcome o = solver.solve(Rules::Position{});
      r.nodes += solver.expanded_positions();
      r.stored = std::max<std::uint64_t>(r.stored, solver.stored_positions());
      r.bytes_per_position = solver.bytes_per_position();
      r.checksum = mix64(r.checksum ^ (o.is_win() ? 1u : 2u) ^ (std::uint64_t{o.remoteness} << 8));
    }
    return r;
  };
  return e;
}

}  // namespace perfectplay::games::bacteria
