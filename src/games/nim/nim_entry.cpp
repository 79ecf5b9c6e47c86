// nim's model and registry entry.
#include "games/nim/nim_entry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>

#include "api/drawing.h"
#include "core/text_reader.h"
#include "games/nim/nim_contest.h"
#include "games/nim/nim_explain.h"
#include "games/nim/nim_io.h"
#include "games/nim/nim_reference.h"
#include "games/nim/nim_theory.h"
#include "verify/generators.h"
#include "verify/verify.h"

namespace perfectplay::games::nim {

Position Model::parse_position(std::string_view text) const {
  return nim::parse_position(text);
}

std::string Model::format_position(const Position& p) const {
  return nim::format_position(p);
}

std::string Model::draw(const Position& p) const {
  return draw_heaps(p.rows, "[]", 3);
}

std::optional<Mover> Model::mover(const Position& p) const {
  if (std::all_of(p.rows.begin(), p.rows.end(), [](std::uint64_t r) { return r == 0; })) {
    return std::nullopt;
  }
  return Mover{0, "the player to move"};
}

MoveCount Model::move_count(const Position& p) const {
  MoveCount n = 0;
  for (const std::uint64_t r : p.rows) n += r;
  return n;
}

std::string Model::move_text(const Move& m) const {
  return fmt::format("{} {}", m.row + 1, m.take);
}

std::variant<Move, std::string> Model::parse_move(const Position& p, std::string_view text) const {
  TextReader in(text);
  Move m;
  m.row = static_cast<std::size_t>(in.read_uint("a row number", UINT32_MAX)) - 1;
  m.take = in.read_uint("a number of squares", kMaxLength);
  in.end_line("the move");
  in.end_input("the move");
  if (m.row >= p.rows.size()) {
    return fmt::format("there is no row {} (rows are 1 to {})", m.row + 1, p.rows.size());
  }
  if (m.take == 0) return std::string("a move removes at least one square");
  if (m.take > p.rows[m.row]) {
    return fmt::format("row {} has only {} square{}", m.row + 1, p.rows[m.row],
                       p.rows[m.row] == 1 ? "" : "s");
  }
  return m;
}

std::string Model::move_syntax(const Position&) const {
  return "ROW COUNT: remove COUNT squares from row ROW (rows count from 1), e.g. `2 3`";
}

std::vector<std::string> Model::move_help(const Position& p) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    if (p.rows[i] == 1) out.push_back(fmt::format("{} 1", i + 1));
    if (p.rows[i] > 1) out.push_back(fmt::format("{} 1 .. {} {}", i + 1, i + 1, p.rows[i]));
  }
  return out;
}

std::string Model::end_text(const Position&) const {
  return ending_ == Ending::kNormal
             ? "no square is left (normal play: the player who took the last square wins)."
             : "no square is left (misère play: the player who took the last square loses).";
}

bool Model::reference_reaches(const Position& p) const {
  return reference_work(p, kReferenceCap + 1) <= kReferenceCap;
}

Value Model::theory(const Position& p) const {
  return Value::wins(mover_wins(summarize(p.rows), ending_), ValueSource::kTheory);
}

std::optional<Move> Model::theory_move(const Position& p) const {
  return winning_move(p.rows, ending_);
}

std::optional<Move> Model::heuristic_move(const Position& p) const {
  if (!mover(p)) return std::nullopt;
  return delaying_move(p.rows);
}

ListedMoves<Move> Model::theory_moves(const Position& p, std::size_t cap) const {
  ListedMoves<Move> out;
  const Summary s = summarize(p.rows);
  if (mover_wins(s, ending_)) {
    for (std::size_t i = 0; i < p.rows.size() && out.moves.size() < cap; ++i) {
      if (auto t = winning_target(p.rows[i], s, ending_)) {
        out.moves.push_back({Move{i, p.rows[i] - *t}, Value::win(ValueSource::kTheory), ""});
      }
    }
  }
  out.summary = fmt::format("{} legal moves in all; every move not listed loses (theory)",
                            count_text(move_count(p)));
  return out;
}

namespace {

Ending ending_of(const Params& params) {
  return params.flag("misere") ? Ending::kMisere : Ending::kNormal;
}

rc::Gen<Position> position_gen(std::int64_t max_rows, std::int64_t max_length) {
  return rc::gen::map(row_lengths(max_rows, max_length),
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
  e.example_positions = {"1 2 3", "0 9", "5 5 5 5", "1 1 0 1", "1000000000000 7 3"};
  e.params = {
      {"cases", "number of cases", 10, 1, 1'000'000'000, true},
      {"rows", "the most rows in a random board", 4, 1, 1'000'000},
      {"max-length", "the longest row in a random board", 7, 0,
       static_cast<std::int64_t>(kMaxLength)},
      exact_sizes_param(),
  };
  e.flags = {{"misere", "misère play: the player who takes the last square loses"}};
  e.solve = [](std::string_view input, const Params& params) {
    // The answers go straight into the output as they are found (no vector
    // of answers: ten million cases would hold 320 MB). Room for an output
    // as long as the input at once: growing the string copies it into fresh
    // pages again and again, whose faults cost a few percent of a big solve
    // (reserved pages that are never written cost nothing).
    std::string out;
    out.reserve(input.size() + 64);
    for_each_answer(input, ending_of(params), [&](const CaseAnswer& a) {
      append_answer(out, a);
      out += '\n';
    });
    return out;
  };
  // The answers as lines, from the whole text or from a source.
  const auto stream = [](auto& input, std::uint64_t size, std::uint64_t declared,
                         const Params& params, const TextSink& sink) {
    std::string text;
    const auto answers = [&](auto& in, auto&& line) {
      for_each_answer(in, ending_of(params), [&](const CaseAnswer& a) {
        text.clear();
        append_answer(text, a);
        line(text);
      });
    };
    stream_case_lines(input, size, declared, answers, sink);
  };
  e.solve_streamed = [stream](std::string_view input, const Params& params, const TextSink& sink) {
    stream(input, input.size(), declared_cases(input), params, sink);
  };
  e.line_rules = contest_line_rules();
  e.solve_source = [stream](TextSource& input, const Params& params, const TextSink& sink) {
    // Where the answers are held anyway (stream_case_lines: at most one case
    // per 16 bytes), a large file is read in two parts at once.
    const std::uint64_t declared = declared_cases(input);
    if (declared <= input.size() / 16 && answers_in_two_parts(input, ending_of(params), sink)) {
      return true;
    }
    stream(input, input.size(), declared, params, sink);
    return true;
  };
  e.solve_json = [](std::string_view input, const Params& params, const JsonSink& each) {
    // Two passes: the whole input is validated before the first case is
    // handed on, and no answer is kept (solve --json of ten million cases
    // streams in constant memory beside the input).
    for_each_answer(input, ending_of(params), [](const CaseAnswer&) {});
    for_each_answer(input, ending_of(params), [&](const CaseAnswer& a) { each(answer_json(a)); });
  };
  add_engine<Model>(e, [](const Params& params) { return Model(ending_of(params)); });
  e.explain = explain;
  e.check_witness = check_witness;
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const Model model(ending_of(params));
    const std::int64_t rows = params.get("rows");
    const std::int64_t len = params.get("max-length");
    Position largest{std::vector<std::uint64_t>(static_cast<std::size_t>(rows),
                                                static_cast<std::uint64_t>(len))};
    if (!model.reference_reaches(largest)) {
      throw RequestError(fmt::format(
          "verify nim: boards of {} rows of up to {} squares cost the exhaustive reference more "
          "than {} (positions times moves); it must reach every trial (lower --rows or "
          "--max-length)",
          rows, len, kReferenceCap));
    }
    return run_verify<Position>(
        position_gen(rows, len), trials, seed,
        [model](const Position& p) { return check_theory(model, p); },
        [](const Position& p) { return format_position(p); });
  };
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    return generate_contest(seed, params.get("cases"), params.get("rows"), params.get("max-length"),
                            sink, params.get("exact") != 0);
  };
  e.validate_contest = validate_contest;
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params&) {
    return contest_case(input, k);
  };
  // No contest: judge's default sizes, small enough for a slow solution.
  e.contest_bounds = {{"cases", {1, 100}}, {"rows", {1, 10}}, {"max-length", {0, 1'000'000'000}}};
  // Boards by size (see bench_tiers), each solved normal and misere.
  static const std::vector<std::vector<std::vector<std::uint64_t>>> kBenchTiers = {
      {{3, 4, 5}, {1, 2, 3, 4, 5}, {7, 7, 7, 7}, {2, 3, 5, 7, 11}},
      {{4, 6, 8, 10, 12}},
      {{2, 3, 5, 7, 11, 13}},
      {{3, 5, 7, 9, 11, 13}},
      {{4, 6, 8, 10, 12, 14}}};
  add_bench<Model>(
      e,
      [](int size) {
        std::vector<std::string> boards;
        for (const auto& rows : bench_tiers(kBenchTiers, size)) {
          boards.push_back(fmt::format("{}", fmt::join(rows, " ")));
        }
        return fmt::format("{}, normal and misere", fmt::join(boards, " / "));
      },
      [](int size) {
        std::vector<std::pair<Model, Position>> out;
        for (const Ending ending : {Ending::kNormal, Ending::kMisere}) {
          for (const auto& rows : bench_tiers(kBenchTiers, size)) {
            out.emplace_back(Model(ending), Position{rows});
          }
        }
        return out;
      });
  add_certify(e);
  return e;
}

}  // namespace perfectplay::games::nim
