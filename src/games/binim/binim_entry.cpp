// binim's and binim2's model and registry entries: one model, two endings.
#include "games/binim/binim_entry.h"

#include <fmt/format.h>
#include <algorithm>

#include "api/drawing.h"
#include "core/text_reader.h"
#include "games/binim/binim_contest.h"
#include "games/binim/binim_explain.h"
#include "games/binim/binim_io.h"
#include "games/binim/binim_theory.h"
#include "verify/verify.h"

namespace perfectplay::games::binim {

namespace {

std::string game_name(Ending ending) {
  return ending == Ending::kNormal ? "binim" : "binim2";
}

std::string ending_rule(Ending ending) {
  return ending == Ending::kNormal ? "the player who cannot move loses"
                                   : "the player who cannot move wins";
}

std::string draw_stack(const StackView& s) {
  if (s.size() <= 64) return s.to_string();
  return fmt::format("{}...{} ({} long)", s.text(0, 32), s.text(s.size() - 8, 8), s.size());
}

}  // namespace

Position Model::parse_position(std::string_view text) const {
  return binim::parse_position(text);
}

std::string Model::format_position(const Position& p) const {
  return binim::format_position(p);
}

std::string Model::draw(const Position& p) const {
  std::size_t width = 12;
  for (const StackView s : p.stacks) width = std::max(width, draw_stack(s).size());
  std::string out = fmt::format("  stack  {:<{}}  owner\n", "top->bottom", width);
  out += draw_lines(
      p.stacks.size(),
      [&](std::size_t i) {
        const StackView s = p.stacks[i];
        if (s.empty()) return fmt::format("  {:>5}  {:<{}}  (empty)", i + 1, "-", width);
        return fmt::format("  {:>5}  {:<{}}  {}", i + 1, draw_stack(s), width,
                           name_of(owner_of(s[0])));
      },
      "stacks");
  if (p.stacks.empty()) out += "  (no stacks)\n";
  out += fmt::format("  {} to move (Dee takes from stacks topped by 0, Dum from 1)\n",
                     name_of(p.to_move));
  return out;
}

std::optional<Mover> Model::mover(const Position& p) const {
  if (move_count(p) == 0) return std::nullopt;
  return Mover{p.to_move == Player::kDee ? 0 : 1, std::string(name_of(p.to_move))};
}

MoveCount Model::move_count(const Position& p) const {
  MoveCount n = 0;
  for (const StackView s : p.stacks) {
    if (s.top() == symbol_of(p.to_move)) n += s.size();
  }
  return n;
}

std::string Model::move_text(const Move& m) const {
  return fmt::format("{} {}", m.stack + 1, m.count);
}

std::variant<Move, std::string> Model::parse_move(const Position& p, std::string_view text) const {
  TextReader in(text);
  Move m;
  const std::size_t stack = in.read_uint("a stack number", UINT32_MAX);
  m.count = in.read_uint("a number of elements", UINT32_MAX);
  if (!in.at_line_end()) in.fail("unexpected text after the move");
  if (stack == 0 || stack > p.stacks.size()) {
    return fmt::format("there is no stack {} (stacks are 1 to {})", stack, p.stacks.size());
  }
  m.stack = stack - 1;
  const StackView s = p.stacks[m.stack];
  if (s.empty()) return fmt::format("stack {} is empty", m.stack + 1);
  if (s[0] != symbol_of(p.to_move)) {
    return fmt::format("stack {} has {} on top: it is {}'s ({} moves only on stacks topped by {})",
                       m.stack + 1, s[0], name_of(owner_of(s[0])), name_of(p.to_move),
                       symbol_of(p.to_move));
  }
  if (m.count == 0) return std::string("a move removes at least one element");
  if (m.count > s.size()) {
    return fmt::format("stack {} has only {} element{}", m.stack + 1, s.size(),
                       s.size() == 1 ? "" : "s");
  }
  return m;
}

std::string Model::move_syntax(const Position&) const {
  return "STACK COUNT: remove COUNT elements from the top of stack STACK (stacks count from 1), "
         "e.g. `2 3`";
}

std::vector<std::string> Model::move_help(const Position& p) const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    const StackView s = p.stacks[i];
    if (s.top() != symbol_of(p.to_move)) continue;
    out.push_back(s.size() == 1 ? fmt::format("{} 1", i + 1)
                                : fmt::format("{} 1 .. {} {}", i + 1, i + 1, s.size()));
  }
  return out;
}

std::string Model::end_text(const Position& p) const {
  const Player stuck = p.to_move;
  const Player won = ending_ == Ending::kNormal ? other(stuck) : stuck;
  return fmt::format("{} cannot move, so {} wins ({}: {}).", name_of(stuck), name_of(won),
                     game_name(ending_), ending_rule(ending_));
}

// The rule of the ending, and who wins (the theory's winner, which verify and
// the stress tests hold to the reference); end_text says both when it is over.
std::vector<std::string> Model::notes(const Position& p) const {
  if (!mover(p)) return {};
  return {fmt::format("{}: {}; {} wins with best play", game_name(ending_), ending_rule(ending_),
                      name_of(winner(p, ending_)))};
}

bool Model::reference_reaches(const Position& p) const {
  return reference_work(p, kReferenceCap + 1) <= kReferenceCap;
}

Value Model::theory(const Position& p) const {
  return Value::wins(winner(p, ending_) == p.to_move, ValueSource::kTheory);
}

Value Model::theory_child(const Position& p, const Move& m) const {
  Summary s = summarize(p);
  const StackView stack = p.stacks[m.stack];
  s.remove(facts_of(stack));
  if (m.count < stack.size()) s.add(facts_of(stack.substr(m.count)));
  const Player mover = other(p.to_move);
  return Value::wins(winner(s, mover, ending_) == mover, ValueSource::kTheory);
}

std::optional<Move> Model::theory_move(const Position& p) const {
  const std::vector<Move> wins = winning_moves(p, ending_, 1);
  if (wins.empty()) return std::nullopt;
  return wins[0];
}

std::optional<Move> Model::heuristic_move(const Position& p) const {
  return delaying_move(p);
}

ListedMoves<Move> Model::theory_moves(const Position& p, std::size_t cap) const {
  ListedMoves<Move> out;
  const std::vector<Move> wins = winning_moves(p, ending_, cap + 1);
  for (std::size_t i = 0; i < wins.size() && i < cap; ++i) {
    out.moves.push_back({wins[i], Value::win(ValueSource::kTheory), ""});
  }
  out.summary = wins.size() > cap
                    ? fmt::format(
                          "{} legal moves in all; the first {} winning moves (theory) and "
                          "the engine's choice are listed",
                          count_text(move_count(p)), cap)
                    : fmt::format(
                          "{} legal moves in all; only winning moves and the engine's "
                          "choice are listed; every move not listed loses (theory)",
                          count_text(move_count(p)));
  return out;
}

std::optional<std::string> Model::check_winning_moves(const Position& p) const {
  auto ref = reference({});
  std::size_t winning = 0;
  for (const Move& m : moves(p)) winning += ref.value(play(p, m)).is_loss();
  const std::vector<Move> theory = winning_moves(p, ending_, SIZE_MAX);
  for (const Move& m : theory) {
    const Value after = ref.value(play(p, m));
    if (!after.is_loss()) {
      return fmt::format("theory's winning move {} leaves the opponent a {}", move_text(m),
                         text(after));
    }
  }
  if (winning != theory.size()) {
    return fmt::format("reference finds {} winning moves, theory {}", winning, theory.size());
  }
  return std::nullopt;
}

namespace {

rc::Gen<Position> position_gen(std::int64_t max_stacks, std::int64_t max_length) {
  const auto stack = rc::gen::mapcat(
      rc::gen::inRange<std::size_t>(1, static_cast<std::size_t>(max_length) + 1),
      [](std::size_t n) { return rc::gen::container<std::string>(n, rc::gen::element('0', '1')); });
  return rc::gen::apply(
      [](std::vector<std::string> stacks, bool dum) {
        return Position{std::move(stacks), dum ? Player::kDum : Player::kDee};
      },
      rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, static_cast<std::size_t>(max_stacks) + 1),
                      [stack](std::size_t n) {
                        return rc::gen::container<std::vector<std::string>>(n, stack);
                      }),
      rc::gen::arbitrary<bool>());
}

GameEntry make_entry(Ending ending) {
  GameEntry e;
  e.name = game_name(ending);
  e.summary = fmt::format(
      "Binary stacks, top first; Dee removes from the top of stacks topped by 0, Dum of stacks "
      "topped by 1; {}.",
      ending_rule(ending));
  e.position_format = "the player to move, then the stacks, top first: `Dee 0110 1 10`";
  e.default_position = "Dee 0110 1001 10 0";
  e.example_positions = {
      "Dum 01 10",  // small: every move valued exactly
      "Dee 1 10",   // over: Dee has no stack topped by 0
      "Dum 0110 1 10 0101 1",
      // Beyond the reference: the theory values every move.
      "Dum 0101010101 1010101010 0011001100 1100110011 0000011111 1111100000 01 10",
      // Too many moves to value one by one: the theory lists the winning ones.
      "Dee " + std::string(150, '0') + " 1 01 " + std::string(40, '1') + "0",
  };
  e.params = {
      {"cases", "number of cases", 10, 1, 1'000'000'000, true},
      // At least 1: a contest case has a stack. verify draws 0 to N stacks,
      // so positions with none are still drawn.
      {"stacks", "the most stacks in a random position", 5, 1, 1'000'000},
      {"max-length", "the longest stack in a random position", 5, 1, 1'000'000},
      exact_sizes_param(),
  };
  // The winners' names, one line per case, from the whole text or a source.
  const auto answer = [ending](auto& input) {
    std::string out;
    for (const Player w : solve_contest(input, ending)) {
      out += name_of(w);
      out += '\n';
    }
    return out;
  };
  e.solve = [answer](std::string_view input, const Params&) { return answer(input); };
  e.line_rules = contest_line_rules();
  e.solve_source = [answer](TextSource& input, const Params&, const TextSink& sink) {
    (void)sink.finish(answer(input));
    return true;
  };
  e.solve_json = [ending](std::string_view input, const Params&, const JsonSink& each) {
    for (const Player w : solve_contest(input, ending)) each(name_of(w));
  };
  add_engine<Model>(e, [ending](const Params&) { return Model(ending); });
  e.explain = [ending](std::string_view position, const Params&) {
    return explain(position, ending);
  };
  e.check_witness = [ending](std::string_view position, const Params&,
                             const nlohmann::json& argument) {
    check_witness(position, ending, argument);
  };
  e.verify = [ending](std::uint64_t trials, Seed seed, const Params& params) {
    const Model model(ending);
    const std::int64_t stacks = params.get("stacks");
    const std::int64_t len = params.get("max-length");
    // Decided from the numbers first: past 64 stacks (each at least doubles
    // the positions) or kReferenceCap elements the largest position cannot be
    // reached, and building it would take gigabytes.
    const bool reaches =
        stacks <= 64 && len <= static_cast<std::int64_t>(kReferenceCap) &&
        model.reference_reaches(
            Position{std::vector<std::string>(static_cast<std::size_t>(stacks),
                                              std::string(static_cast<std::size_t>(len), '0')),
                     Player::kDee});
    if (!reaches) {
      throw RequestError(fmt::format(
          "verify {}: positions of {} stacks of up to {} elements cost the exhaustive reference "
          "more than {} (positions times moves); it must reach every trial (lower --stacks or "
          "--max-length)",
          game_name(ending), stacks, len, kReferenceCap));
    }
    return run_verify<Position>(
        position_gen(stacks, len), trials, seed,
        [model](const Position& p) -> std::optional<std::string> {
          if (auto failure = check_theory(model, p)) return failure;
          return model.check_winning_moves(p);
        },
        [](const Position& p) { return format_position(p); });
  };
  e.validate_contest = [ending](std::string_view input) { validate_contest(input, ending); };
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params& params) {
    return contest_case(input, k, params.release_input);
  };
  e.contest_bounds = {{"cases", {1, 500}}, {"stacks", {1, 50}}, {"max-length", {1, 50}}};
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    return generate_contest(seed, params.get("cases"), params.get("stacks"),
                            params.get("max-length"), sink, params.get("exact") != 0);
  };
  // Stack sets by size (see bench_tiers), each solved with either player
  // first.
  static const std::vector<std::vector<std::vector<std::string>>> kBenchTiers = {
      {{"0110", "1001", "10", "0"},
       {"010101", "101010", "0011", "1100", "0"},
       {"000111", "111000", "0101", "1010", "01", "10"},
       {"0", "00", "000", "1", "11", "111"}},
      {{"0011", "1100", "0101", "1010", "01", "10", "0"}},
      {{"0001110", "1110001", "01010", "10101", "011", "100", "0"}},
      {{"0001110", "1110001", "01010", "10101", "0110", "1001", "01", "10"}},
      {{"000111", "111000", "01010", "10101", "0110", "1001", "01", "10", "0"}}};
  add_bench<Model>(
      e,
      [](int size) {
        const auto sets = bench_tiers(kBenchTiers, size);
        std::size_t most = 0, longest = 0;
        for (const auto& stacks : sets) {
          most = std::max(most, stacks.size());
          for (const std::string& s : stacks) longest = std::max(longest, s.size());
        }
        return fmt::format("{} fixed positions of 4 to {} stacks of up to {}, both players to move",
                           sets.size(), most, longest);
      },
      [ending](int size) {
        std::vector<std::pair<Model, Position>> out;
        for (const std::vector<std::string>& stacks : bench_tiers(kBenchTiers, size)) {
          for (const Player first : {Player::kDee, Player::kDum}) {
            out.emplace_back(Model(ending), Position{stacks, first});
          }
        }
        return out;
      });
  add_certify(e, ending);
  return e;
}

}  // namespace

GameEntry entry_binim() {
  return make_entry(Ending::kNormal);
}
GameEntry entry_binim2() {
  return make_entry(Ending::kMisere);
}

}  // namespace perfectplay::games::binim
