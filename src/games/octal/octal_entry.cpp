// Octal games' model and registry entry.
#include "games/octal/octal_entry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cassert>

#include "api/drawing.h"
#include "core/text_reader.h"
#include "games/octal/octal_contest.h"
#include "games/octal/octal_explain.h"
#include "games/octal/octal_io.h"
#include "verify/generators.h"
#include "verify/verify.h"

namespace perfectplay::games::octal {

Position Model::parse_position(std::string_view text) const {
  return octal::parse_position(text, *theory_);
}

std::string Model::format_position(const Position& p) const {
  return octal::format_position(p);
}

std::string Model::draw(const Position& p) const {
  return draw_heaps(p.rows, "|", 5);
}

std::optional<Mover> Model::mover(const Position& p) const {
  if (!rules_.first_move(p)) return std::nullopt;
  return Mover{0, "the player to move"};
}

MoveCount Model::move_count(const Position& p) const {
  MoveCount n = 0;
  for (const std::uint64_t r : p.rows) n += rules_.row_move_count(r);
  return n;
}

std::string Model::move_text(const Move& m) const {
  if (m.left + m.right == 0) return fmt::format("{} {}", m.row + 1, m.take);
  return fmt::format("{} {} {}", m.row + 1, m.take, m.left);
}

std::variant<Move, std::string> Model::parse_move(const Position& p, std::string_view text) const {
  TextReader in(text);
  std::uint64_t row = 0;
  std::uint64_t take = 0;
  std::uint64_t left = 0;
  try {
    row = in.read_uint("a row number", UINT32_MAX);
    take = in.read_uint("a number of pins", kMaxLength);
    if (!in.at_line_end()) left = in.read_uint("the pins left on the left", kMaxLength);
    in.end_line("the move");
    in.end_input("the move");
  } catch (const InputError& e) {
    return fmt::format("column {}: {}", e.column(), e.message());
  }
  if (row == 0 || row > p.rows.size()) {
    return fmt::format("there is no row {} (rows are 1 to {})", row, p.rows.size());
  }
  const Code& c = rules_.code();
  const auto pins = [](std::uint64_t n) { return fmt::format("{} pin{}", n, n == 1 ? "" : "s"); };
  const std::uint64_t len = p.rows[row - 1];
  if (take == 0) return std::string("a move removes at least one pin");
  if (take > len) return fmt::format("row {} has only {}", row, pins(len));
  if (take > c.last) return fmt::format("{} removes at most {}", c.text, pins(c.last));
  const std::uint64_t rest = len - take;
  const unsigned digit = c.digits[take - 1];
  if (rest == 0 && !c.whole(take)) {
    return fmt::format("{} does not let {} be taken as a whole row (digit {} is {})", c.text,
                       pins(take), take, digit);
  }
  if (rest == 0 && left > 0) return fmt::format("no pin of row {} is left", row);
  if (rest > 0 && left == 0 && !c.leave_one(take)) {
    return fmt::format("{} does not let {} be taken leaving one row (digit {} is {})", c.text,
                       pins(take), take, digit);
  }
  if (left > 0 && !c.split(take)) {
    return fmt::format("{} does not let {} be taken splitting a row (digit {} is {})", c.text,
                       pins(take), take, digit);
  }
  if (left >= rest && rest > 0) {
    return fmt::format("taking {} leaves {} in row {}: a split leaves two non-empty parts",
                       pins(take), pins(rest), row);
  }
  if (left > rest / 2) {
    return fmt::format("a split is unordered: give the smaller part, `{} {} {}`", row, take,
                       rest - left);
  }
  return Move{static_cast<std::size_t>(row - 1), take, left, rest - left};
}

std::string Model::move_syntax(const Position&) const {
  return "ROW TAKE [LEFT]: remove TAKE pins from row ROW, leaving LEFT pins on its left and the "
         "rest on its right (LEFT 0: one row is left; nothing when the row is taken whole), "
         "e.g. `1 2 3`";
}

std::vector<std::string> Model::move_help(const Position& p) const {
  const Code& c = rules_.code();
  std::vector<std::string> out;
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    for (std::uint64_t k = 1; k <= c.last && k <= p.rows[i]; ++k) {
      const std::uint64_t rest = p.rows[i] - k;
      if (rest == 0 && c.whole(k)) out.push_back(fmt::format("{} {}", i + 1, k));
      if (rest > 0 && c.leave_one(k)) out.push_back(fmt::format("{} {} 0", i + 1, k));
      if (rest == 2 || rest == 3) {
        if (c.split(k)) out.push_back(fmt::format("{} {} 1", i + 1, k));
      } else if (rest > 3 && c.split(k)) {
        out.push_back(fmt::format("{} {} 1 .. {} {} {}", i + 1, k, i + 1, k, rest / 2));
      }
    }
  }
  return out;
}

std::string Model::end_text(const Position&) const {
  return "no move is left (normal play: the player who made the last move wins).";
}

std::uint64_t Model::reference_work(const Position& p, std::uint64_t cap) const {
  // The solver values each row length up to the longest once, each by all
  // its moves; then every move of p, each child by its rows.
  const std::uint64_t longest =
      p.rows.empty() ? 0 : *std::max_element(p.rows.begin(), p.rows.end());
  if (longest >= cap || p.rows.size() >= cap) return cap;
  const MoveCount work = MoveCount{longest + 1} * (rules_.row_move_count(longest) + 1) +
                         move_count(p) * (p.rows.size() + 1);
  return work >= cap ? cap : static_cast<std::uint64_t>(work);
}

bool Model::reference_reaches(const Position& p) const {
  return reference_work(p, kReferenceCap + 1) <= kReferenceCap;
}

Value AnalysisReference::value(const Position& p) {
  const Value grundy = grundy_.value(p);
  if (sum_work(rules_, p, kSumCap + 1) > kSumCap) return grundy;
  if (!sums_) sums_.emplace(SumRules(rules_), limits_);
  Value v = Value::of(sums_->solve(SumRules::canonical(p)), ValueSource::kReference);
  assert(v.is_win() == (*grundy.nimber != 0));
  v.nimber = grundy.nimber;
  return v;
}

std::vector<std::string> Model::notes(const Position& p) const {
  std::vector<std::string> out;
  if (reference_reaches(p)) {
    if (sum_reaches(p)) {
      out.push_back(
          "win or loss and remoteness by an exhaustive win/loss search of the whole sum; the "
          "nimber beside them by the Grundy solver (a win exactly when it is not 0)");
    } else {
      out.push_back(
          "the remoteness is unknown: the whole sum is too large for an exhaustive win/loss "
          "search (the nimber is exact, by the Grundy solver)");
    }
  }
  out.push_back(theory_->summary());
  return out;
}

Value Model::theory(const Position& p) const {
  return Value::of_nimber(theory_->nim_sum(p.rows), ValueSource::kTheory);
}

Value Model::theory_child(const Position& p, const Move& m) const {
  // The row becomes `left` and `right` (one of them 0 where no row splits,
  // and g(0) = 0), as Rules::play_in_place writes it.
  const std::uint64_t x = theory_->nim_sum(p.rows) ^ theory_->grundy(p.rows[m.row]) ^
                          theory_->grundy(m.left) ^ theory_->grundy(m.right);
  return Value::of_nimber(x, ValueSource::kTheory);
}

std::optional<Move> Model::theory_move(const Position& p) const {
  return theory_->winning_move(p.rows);
}

std::optional<Move> Model::heuristic_move(const Position& p) const {
  return rules_.first_move(p);
}

ListedMoves<Move> Model::theory_moves(const Position& p, std::size_t cap) const {
  ListedMoves<Move> out;
  const std::uint64_t x = theory_->nim_sum(p.rows);
  bool full = false;
  for (std::size_t r = 0; r < p.rows.size() && x != 0 && !full; ++r) {
    theory_->each_move_to(r, p.rows[r], x ^ theory_->grundy(p.rows[r]), [&](const Move& m) {
      full = out.moves.size() == cap;
      if (!full) out.moves.push_back({m, Value::win(ValueSource::kTheory), ""});
      return !full;
    });
  }
  out.summary = full ? fmt::format(
                           "{} legal moves in all; the first {} winning moves are listed "
                           "(theory)",
                           count_text(move_count(p)), cap)
                     : fmt::format("{} legal moves in all; every move not listed loses (theory)",
                                   count_text(move_count(p)));
  return out;
}

std::optional<std::string> check_position(const Model& model, const Position& p,
                                          SearchLimits limits) {
  auto ref = model.reference(limits);
  const Value truth = ref.value(p);
  const Value theory = model.theory(p);
  if (!agree(theory, truth)) {
    return fmt::format("theory says {}, reference says {}", text(theory), text(truth));
  }
  const std::optional<Move> mv = model.theory_move(p);
  for (const Move& m : model.moves(p)) {
    const bool wins = ref.value(model.play(p, m)).after_move().is_win();
    if (mv && m == *mv) {
      return wins ? std::nullopt
                  : std::optional<std::string>(fmt::format(
                        "theory's move {} leaves a non-zero nimber", model.move_text(m)));
    }
    if (wins) {
      return fmt::format("theory's move is {}, the first winning move is {}",
                         mv ? model.move_text(*mv) : "none", model.move_text(m));
    }
  }
  if (mv) return fmt::format("theory's move {} is not legal", model.move_text(*mv));
  return std::nullopt;
}

namespace {

Code code_of(const Params& params) {
  auto code = parse_code(params.text("code"));
  if (auto* why = std::get_if<std::string>(&code)) {
    throw RequestError(fmt::format("--code {}: {}", quote_token(params.text("code")), *why));
  }
  return std::get<Code>(code);
}

rc::Gen<Position> position_gen(std::int64_t max_rows, std::int64_t max_length) {
  return rc::gen::map(row_lengths(max_rows, max_length),
                      [](std::vector<std::uint64_t> rows) { return Position{std::move(rows)}; });
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "octal";
  e.summary =
      "Rows of pins; a move removes pins from one row as the octal code allows (--code: 0.77 "
      "Kayles, 0.137 Dawson's Kayles), maybe splitting it; the last to move wins.";
  e.position_format = "the row lengths on one line, e.g. `10 7`";
  e.default_position = "10 7";
  e.example_positions = {"1 2 3", "0 5 0", "8 8 3", "40 31 17",
                         "1000000000000000000 999999999999999999 5"};
  e.params = {
      {"cases", "number of cases", 10, 1, 1'000'000'000, true},
      {"rows", "the most rows in a random position", 4, 1, 1'000'000},
      {"max-length", "the longest row in a random position", 20, 0,
       static_cast<std::int64_t>(kMaxLength)},
      exact_sizes_param(),
  };
  e.text_options = {{"code",
                     "the octal code 0.d1d2...: digit k's bits 1, 2, 4 let k pins be taken as a "
                     "whole row, leaving one row, leaving two rows",
                     "0.77", true}};
  e.solve = [](std::string_view input, const Params&) {
    std::string out;  // answers go straight into the output, none kept (nim's solve)
    for_each_answer(input, [&](const CaseAnswer& a) {
      append_answer(out, a);
      out += '\n';
    });
    return out;
  };
  e.solve_streamed = [](std::string_view input, const Params&, const TextSink& sink) {
    std::string text;
    const auto answers = [&](std::string_view in, auto&& line) {
      for_each_answer(in, [&](const CaseAnswer& a) {
        text.clear();
        append_answer(text, a);
        line(text);
      });
    };
    stream_case_lines(input, declared_cases(input), answers, sink);
  };
  e.solve_json = [](std::string_view input, const Params&, const JsonSink& each) {
    // Validated whole by a first pass, streamed by a second (nim's solve_json).
    for_each_answer(input, [](const CaseAnswer&) {});
    for_each_answer(input, [&](const CaseAnswer& a) { each(answer_json(a)); });
  };
  add_engine<Model>(e, [](const Params& params) { return Model(code_of(params)); });
  e.explain = explain;
  e.check_witness = check_witness;
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const Model model(code_of(params));
    const std::int64_t rows = params.get("rows");
    const std::int64_t len = params.get("max-length");
    const Position largest{std::vector<std::uint64_t>(static_cast<std::size_t>(rows),
                                                      static_cast<std::uint64_t>(len))};
    if (!model.reference_reaches(largest)) {
      throw RequestError(fmt::format(
          "verify octal: positions of {} rows of up to {} pins cost the exhaustive reference more "
          "than {} (positions times moves); it must reach every trial (lower --rows or "
          "--max-length)",
          rows, len, kReferenceCap));
    }
    return run_verify<Position>(
        position_gen(rows, len), trials, seed,
        [model](const Position& p) { return check_position(model, p); },
        [](const Position& p) { return format_position(p); });
  };
  e.validate_contest = validate_contest;
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params& params) {
    ContestCase c = contest_case(input, k, params.release_input);
    params.texts["code"] = c.code;  // each case names its own game
    return std::move(c.position);   // a member: returned by copy unless moved
  };
  e.contest_bounds = {{"cases", {1, 100}}, {"rows", {1, 10}}, {"max-length", {0, 1000}}};
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    return generate_contest(seed, params.get("cases"), params.get("rows"), params.get("max-length"),
                            *theory_of(code_of(params)), sink, params.get("exact") != 0);
  };
  // Codes and rows by size (see bench_tiers).
  using CodeRows = std::pair<const char*, std::vector<std::uint64_t>>;
  static const std::vector<std::vector<CodeRows>> kBenchTiers = {
      {{"0.77", {700, 500}}, {"0.137", {600}}, {"0.07", {500}}, {"0.6", {400}}, {"0.007", {600}}},
      {{"0.77", {1000}}},
      {{"0.137", {1200}}, {"0.07", {1200}}},
      {{"0.77", {2000}}},
      {{"0.77", {3000}}}};
  add_bench<Model>(
      e,
      [](int size) {
        std::vector<std::string> parts;
        for (const auto& [code, rows] : bench_tiers(kBenchTiers, size)) {
          parts.push_back(fmt::format("{}: {}", code, fmt::join(rows, " ")));
        }
        return fmt::format("{}", fmt::join(parts, " / "));
      },
      [](int size) {
        std::vector<std::pair<Model, Position>> out;
        for (const auto& [code, rows] : bench_tiers(kBenchTiers, size)) {
          out.emplace_back(Model(std::get<Code>(parse_code(code))), Position{rows});
        }
        return out;
      });
  add_certify(e, code_of);
  return e;
}

}  // namespace perfectplay::games::octal
