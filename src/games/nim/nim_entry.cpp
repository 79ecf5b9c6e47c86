// nim's registry entry: the CLI's view of the game.
#include "games/nim/nim_entry.h"

#include <fmt/format.h>
#include <algorithm>
#include <numeric>

#include "core/text_reader.h"
#include "games/nim/nim_engine.h"
#include "games/nim/nim_io.h"
#include "games/nim/nim_reference.h"
#include "games/nim/nim_theory.h"

namespace perfectplay::games::nim {

namespace {

Ending ending_of(const Params& params) {
  return params.flag("misere") ? Ending::kMisere : Ending::kNormal;
}

std::string move_text(const Move& m) {
  return fmt::format("{} {}", m.row + 1, m.take);
}

std::string draw_board(const Position& p) {
  std::string out;
  std::size_t width = 3;
  for (const std::uint64_t r : p.rows) width = std::max(width, std::to_string(r).size());
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const std::uint64_t r = p.rows[i];
    std::string squares;
    if (r <= 40) {
      for (std::uint64_t j = 0; j < r; ++j) squares += "[]";
    } else {
      squares = "[][][] ... [][][]";
    }
    std::string line = fmt::format("  row {:>2}  {:>{}}  {}", i + 1, r, width, squares);
    while (line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  if (p.rows.empty()) out = "  (no rows)\n";
  return out;
}

// Every move is listed when there are at most this many.
constexpr std::uint64_t kListAll = 100;

Analysis analyze(std::string_view text, const Params& params) {
  const Ending ending = ending_of(params);
  const Position p = parse_position(text);
  Analysis a;
  a.board = draw_board(p);
  a.to_move = "the player to move";
  const bool exact = reference_work(p, kReferenceCap + 1) <= kReferenceCap;
  const Rules rules(ending);
  // Within the reference's reach one search gives everything; beyond it, the
  // theory.
  Evaluation value;
  Choice choice;
  std::vector<MoveValue<Move, Outcome>> exact_moves;
  if (exact) {
    ExactAnalysis e = analyze_exactly(p, ending, params.limits);
    value = e.value;
    choice = e.choice;
    exact_moves = std::move(e.moves);
  } else {
    value = evaluate(p, ending, params.limits);
    choice = choose_move(p, ending, params.limits);
  }
  a.value = value.text();
  if (choice.move) a.best_move = move_text(*choice.move);

  std::uint64_t total_moves = 0;
  for (const std::uint64_t r : p.rows) {
    total_moves = r > kListAll || total_moves + r > kListAll ? kListAll + 1 : total_moves + r;
  }
  nlohmann::json jmoves = nlohmann::json::array();
  auto add_row = [&](const Move& m, const std::string& v) {
    const bool best = choice.move && *choice.move == m;
    a.moves.push_back({move_text(m), v, "", best});
    jmoves.push_back({{"row", m.row + 1}, {"take", m.take}, {"value", v}, {"best", best}});
  };
  if (exact) {
    for (const auto& mv : exact_moves) add_row(mv.move, to_string(mv.value));
    a.notes.push_back("values are exact, by exhaustive search (remoteness included)");
  } else if (total_moves <= kListAll) {
    for (const Move& m : rules.moves(p)) {
      const Position child = rules.play(p, m);
      add_row(m, mover_wins(summarize(child.rows), ending) ? "loss" : "win");
    }
    a.notes.push_back(
        "win/loss of every move is exact (theory); the board is too large for "
        "exhaustive search, so remoteness is not given");
  } else {
    const Summary s = summarize(p.rows);
    std::uint64_t winning = 0;
    if (mover_wins(s, ending)) {
      for (std::size_t i = 0; i < p.rows.size(); ++i) {
        if (auto t = winning_target(p.rows[i], s, ending)) {
          add_row(Move{i, p.rows[i] - *t}, "win");
          ++winning;
        }
      }
    }
    if (choice.move && !value.wins) add_row(*choice.move, "loss");
    a.moves_summary = fmt::format("{} legal moves in all; every move not listed loses (theory)",
                                  std::accumulate(p.rows.begin(), p.rows.end(), std::uint64_t{0},
                                                  [](std::uint64_t acc, std::uint64_t r) {
                                                    return acc + r < acc ? UINT64_MAX : acc + r;
                                                  }));
    a.notes.push_back(
        "win/loss is exact (theory); too many moves to list, only winning moves and the "
        "engine's choice are shown");
  }
  if (!exact && !value.wins) {
    a.notes.push_back(
        "on a lost board this large the engine plays a delaying heuristic "
        "(one square from the longest row); it is not proven longest");
  }
  a.json = {{"game", "nim"},      {"ending", ending == Ending::kNormal ? "normal" : "misere"},
            {"rows", p.rows},     {"value", value.text()},
            {"wins", value.wins}, {"exact_remoteness", exact},
            {"moves", jmoves}};
  if (choice.move) a.json["best"] = {{"row", choice.move->row + 1}, {"take", choice.move->take}};
  return a;
}

Hint hint(std::string_view text, const Params& params) {
  const Ending ending = ending_of(params);
  const Position p = parse_position(text);
  const Choice c = choose_move(p, ending, params.limits);
  Hint h;
  if (!c.move) {
    h.value = evaluate(p, ending, params.limits).text();
    h.reason = "no legal move: the game is over";
    return h;
  }
  h.move = move_text(*c.move);
  h.value = c.value.text();
  h.reason = win_loss_reason(c.exact, c.value.wins, "leaves a losing position (theory)",
                             "every move loses; this one delays (heuristic)");
  return h;
}

class Session : public PlaySession {
 public:
  Session(Position p, Ending ending, int engine_side, SearchLimits limits)
      : pos_(std::move(p)), rules_(ending), engine_side_(engine_side), limits_(limits) {}

  std::string board() const override { return draw_board(pos_); }
  bool over() const override {
    return std::all_of(pos_.rows.begin(), pos_.rows.end(), [](std::uint64_t r) { return r == 0; });
  }
  std::string result() const override {
    // The player to move faces an empty board.
    const bool mover_won = rules_.ending() == Ending::kMisere;
    const bool engine_moves_now = engine_to_move();
    const bool engine_won = mover_won == engine_moves_now;
    return fmt::format("{} ({} play: the player who took the last square {})",
                       engine_won ? "The engine wins." : "You win.",
                       rules_.ending() == Ending::kNormal ? "normal" : "misère",
                       rules_.ending() == Ending::kNormal ? "wins" : "loses");
  }
  std::string mover() const override { return engine_to_move() ? "engine" : "you"; }
  bool engine_to_move() const override { return turn_ % 2 == engine_side_; }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < pos_.rows.size(); ++i) {
      if (pos_.rows[i] == 1) out.push_back(fmt::format("{} 1", i + 1));
      if (pos_.rows[i] > 1) out.push_back(fmt::format("{} 1 .. {} {}", i + 1, i + 1, pos_.rows[i]));
    }
    return out;
  }
  std::string move_syntax() const override {
    return "ROW COUNT: remove COUNT squares from row ROW (rows count from 1), e.g. `2 3`";
  }
  std::optional<std::string> try_move(std::string_view text) override {
    TextReader in(text);
    Move m;
    try {
      m.row = static_cast<std::size_t>(in.read_uint("a row number", UINT32_MAX)) - 1;
      m.take = in.read_uint("a number of squares", kMaxLength);
      in.end_line("the move");
      in.end_input();
    } catch (const InputError& e) {
      return fmt::format("column {}: {}", e.column(), e.message());
    }
    if (m.row >= pos_.rows.size()) {
      return fmt::format("there is no row {} (rows are 1 to {})", m.row + 1, pos_.rows.size());
    }
    if (m.take == 0) return std::string("a move removes at least one square");
    if (m.take > pos_.rows[m.row]) {
      return fmt::format("row {} has only {} square{}", m.row + 1, pos_.rows[m.row],
                         pos_.rows[m.row] == 1 ? "" : "s");
    }
    pos_ = rules_.play(pos_, m);
    ++turn_;
    return std::nullopt;
  }
  std::string engine_move() override {
    const Choice c = choose_move(pos_, rules_.ending(), limits_);
    pos_ = rules_.play(pos_, *c.move);
    ++turn_;
    return fmt::format("{} (takes {} from row {}; engine's outlook: {})", move_text(*c.move),
                       c.move->take, c.move->row + 1, c.value.text());
  }

 private:
  Position pos_;
  Rules rules_;
  int engine_side_;
  int turn_ = 0;
  SearchLimits limits_;
};

rc::Gen<Position> position_gen(std::int64_t max_rows, std::int64_t max_length) {
  return rc::gen::map(
      rc::gen::mapcat(rc::gen::inRange<std::size_t>(1, static_cast<std::size_t>(max_rows) + 1),
                      [max_length](std::size_t n) {
                        return rc::gen::container<std::vector<std::uint64_t>>(
                            n, rc::gen::inRange<std::uint64_t>(
                                   0, static_cast<std::uint64_t>(max_length) + 1));
                      }),
      [](std::vector<std::uint64_t> rows) { return Position{std::move(rows)}; });
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "nim";
  e.summary =
      "Rows of squares; a move takes one or more squares from one row; taking the last "
      "square wins (--misere: loses).";
  e.position_format = "the row lengths on one line, e.g. `3 4 5`";
  e.default_position = "3 4 5";
  e.params = {
      {"cases", "generate: number of cases", 10, 1, 1'000'000'000},
      {"rows", "the most rows in a random board", 4, 1, 1'000'000},
      {"max-length", "the longest row in a random board", 7, 0,
       static_cast<std::int64_t>(kMaxLength)},
  };
  e.flags = {{"misere", "misère play: the player who takes the last square loses"}};
  e.solve = [](std::string_view input, const Params& params) {
    const std::vector<CaseAnswer> answers = solve_contest(input, ending_of(params));
    // One allocation of the longest possible answer per case ("win", two
    // 20-digit numbers): growing the string instead copies it into fresh
    // pages again and again, whose faults cost a few percent of a 100 MB solve.
    std::string out;
    out.reserve(answers.size() * 46);
    for (const CaseAnswer& a : answers) {
      append_answer(out, a);
      out += '\n';
    }
    return out;
  };
  e.solve_json = [](std::string_view input, const Params& params) {
    nlohmann::json j = nlohmann::json::array();
    for (const CaseAnswer& a : solve_contest(input, ending_of(params))) j.push_back(answer_json(a));
    return j;
  };
  e.analyze = analyze;
  e.hint = hint;
  e.play = [](std::string_view position, int engine_side, Seed, const Params& params) {
    return std::unique_ptr<PlaySession>(
        new Session(parse_position(position), ending_of(params), engine_side, params.limits));
  };
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const Ending ending = ending_of(params);
    const std::int64_t rows = params.get("rows");
    const std::int64_t len = params.get("max-length");
    Position largest{std::vector<std::uint64_t>(static_cast<std::size_t>(rows),
                                                static_cast<std::uint64_t>(len))};
    if (reference_work(largest, kReferenceCap + 1) > kReferenceCap) {
      throw RequestError(fmt::format(
          "verify nim: boards of {} rows of up to {} squares cost the exhaustive reference more "
          "than {} (positions times moves); it must reach every trial (lower --rows or "
          "--max-length)",
          rows, len, kReferenceCap));
    }
    return run_verify<Position>(
        position_gen(rows, len), trials, seed,
        [ending](const Position& p) { return check_theory(p, ending); },
        [](const Position& p) { return format_position(p); });
  };
  e.generate = [](Seed seed, const Params& params) {
    return generate_contest(seed, params.get("cases"), params.get("rows"),
                            params.get("max-length"));
  };
  e.bench = [] {
    // Every board of 4 rows of up to 5 squares and a few wider ones, both
    // endings, each from a fresh solver so the count does not depend on order.
    BenchResult r;
    r.positions = "3 4 5 / 1 2 3 4 5 / 7 7 7 7 / 2 3 5 7 11, normal and misere";
    const std::vector<std::vector<std::uint64_t>> boards = {
        {3, 4, 5}, {1, 2, 3, 4, 5}, {7, 7, 7, 7}, {2, 3, 5, 7, 11}};
    for (const Ending ending : {Ending::kNormal, Ending::kMisere}) {
      for (const auto& rows : boards) {
        ReferenceSolver solver{Rules(ending)};
        const Outcome o = solver.solve(Position{rows});
        r.nodes += solver.expanded_positions();
        r.stored = std::max<std::uint64_t>(r.stored, solver.stored_positions());
        r.bytes_per_position = solver.bytes_per_position();
        r.checksum =
            mix64(r.checksum ^ (o.is_win() ? 1u : 2u) ^ (std::uint64_t{o.remoteness} << 8));
      }
    }
    return r;
  };
  return e;
}

}  // namespace perfectplay::games::nim
