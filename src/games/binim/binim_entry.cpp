// binim's and binim2's registry entries: one implementation, two endings.
#include "games/binim/binim_entry.h"

#include <fmt/format.h>
#include <algorithm>

#include "core/text_reader.h"
#include "games/binim/binim_engine.h"
#include "games/binim/binim_io.h"
#include "games/binim/binim_reference.h"
#include "games/binim/binim_theory.h"

namespace perfectplay::games::binim {

namespace {

// Every move is listed when there are at most this many.
constexpr std::size_t kListAll = 200;

std::string game_name(Ending ending) {
  return ending == Ending::kNormal ? "binim" : "binim2";
}

std::string ending_rule(Ending ending) {
  return ending == Ending::kNormal ? "the player who cannot move loses"
                                   : "the player who cannot move wins";
}

std::string move_text(const Move& m) {
  return fmt::format("{} {}", m.stack + 1, m.count);
}

std::string draw_stack(const std::string& s) {
  if (s.size() <= 64) return s;
  return fmt::format("{}...{} ({} long)", s.substr(0, 32), s.substr(s.size() - 8), s.size());
}

std::string draw_board(const Position& p) {
  std::size_t width = 12;
  for (const std::string& s : p.stacks) width = std::max(width, draw_stack(s).size());
  std::string out = fmt::format("  stack  {:<{}}  owner\n", "top->bottom", width);
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    const std::string& s = p.stacks[i];
    out +=
        fmt::format("  {:>5}  {:<{}}  {}\n", i + 1, draw_stack(s), width, name_of(owner_of(s[0])));
  }
  if (p.stacks.empty()) out += "  (no stacks)\n";
  out += fmt::format("  {} to move (Dee takes from stacks topped by 0, Dum from 1)\n",
                     name_of(p.to_move));
  return out;
}

std::uint64_t count_moves(const Position& p) {
  std::uint64_t n = 0;
  for (const std::string& s : p.stacks) {
    if (s[0] == symbol_of(p.to_move)) n += s.size();
  }
  return n;
}

Analysis analyze(Ending ending, std::string_view text, const Params& params) {
  const Position p = parse_position(text);
  Analysis a;
  a.board = draw_board(p);
  a.to_move = std::string(name_of(p.to_move));
  const bool exact = reference_reaches(p);
  const Evaluation value = evaluate(p, ending, params.limits);
  a.value = fmt::format("{} ({} wins)", value.text(),
                        name_of(value.mover_wins ? p.to_move : other(p.to_move)));
  const Choice choice = choose_move(p, ending, params.limits);
  if (choice.move) a.best_move = move_text(*choice.move);
  nlohmann::json jmoves = nlohmann::json::array();
  auto add_row = [&](const Move& m, const Evaluation& v) {
    const bool best = choice.move && *choice.move == m;
    a.moves.push_back({move_text(m), v.text(), "", best});
    jmoves.push_back({{"stack", m.stack + 1},
                      {"count", m.count},
                      {"value", v.text()},
                      {"wins", v.mover_wins},
                      {"best", best}});
  };
  const std::uint64_t total = count_moves(p);
  if (total <= kListAll) {
    for (const MoveValue& mv : all_moves(p, ending, params.limits)) add_row(mv.move, mv.value);
  } else {
    for (const Move& m : theory_winning_moves(p, ending, kListAll)) {
      add_row(m, {true, std::nullopt});
    }
    if (choice.move && !choice.value.mover_wins) add_row(*choice.move, choice.value);
    a.moves_summary = fmt::format(
        "{} legal moves in all; only winning moves (at most {}) and the engine's choice are "
        "listed; every move not listed loses (theory)",
        total, kListAll);
  }
  if (exact) {
    a.notes.push_back("values are exact, by exhaustive search (remoteness included)");
  } else {
    a.notes.push_back(
        "win/loss is exact (theory); the position is too large for exhaustive search, so "
        "remoteness is not given");
    if (!value.mover_wins && choice.move) {
      a.notes.push_back(
          "on a lost position this large the engine takes one element from its longest "
          "stack, a delaying heuristic that is not proven longest");
    }
  }
  a.notes.push_back(fmt::format("{}: {}", game_name(ending), ending_rule(ending)));
  a.json = {{"game", game_name(ending)},
            {"to_move", name_of(p.to_move)},
            {"stacks", p.stacks},
            {"value", value.text()},
            {"winner", name_of(value.mover_wins ? p.to_move : other(p.to_move))},
            {"exact_remoteness", exact},
            {"moves", jmoves}};
  if (choice.move)
    a.json["best"] = {{"stack", choice.move->stack + 1}, {"count", choice.move->count}};
  return a;
}

Hint hint(Ending ending, std::string_view text, const Params& params) {
  const Position p = parse_position(text);
  const Choice c = choose_move(p, ending, params.limits);
  Hint h;
  if (!c.move) {
    h.value = evaluate(p, ending, params.limits).text();
    h.reason = fmt::format("{} has no move: the game is over ({})", name_of(p.to_move),
                           ending_rule(ending));
    return h;
  }
  h.move = move_text(*c.move);
  h.value = c.value.text();
  h.reason = win_loss_reason(c.exact, c.value.mover_wins, "leaves the opponent lost (theory)",
                             "every move loses; this one delays (heuristic)");
  return h;
}

class Session : public PlaySession {
 public:
  Session(Position p, Ending ending, int engine_side, SearchLimits limits)
      : pos_(std::move(p)),
        rules_(ending),
        engine_(engine_side == 0 ? pos_.to_move : other(pos_.to_move)),
        limits_(limits) {}

  std::string board() const override { return draw_board(pos_); }
  bool over() const override { return count_moves(pos_) == 0; }
  std::string result() const override {
    const Player stuck = pos_.to_move;
    const Player won = rules_.ending() == Ending::kNormal ? other(stuck) : stuck;
    return fmt::format("{} cannot move, so {} wins ({}: {}). {}", name_of(stuck), name_of(won),
                       game_name(rules_.ending()), ending_rule(rules_.ending()),
                       won == engine_ ? "The engine wins." : "You win.");
  }
  std::string mover() const override { return std::string(name_of(pos_.to_move)); }
  bool engine_to_move() const override { return pos_.to_move == engine_; }
  std::vector<std::string> legal_moves() const override {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < pos_.stacks.size(); ++i) {
      const std::string& s = pos_.stacks[i];
      if (s[0] != symbol_of(pos_.to_move)) continue;
      out.push_back(s.size() == 1 ? fmt::format("{} 1", i + 1)
                                  : fmt::format("{} 1 .. {} {}", i + 1, i + 1, s.size()));
    }
    return out;
  }
  std::string move_syntax() const override {
    return "STACK COUNT: remove COUNT elements from the top of stack STACK (stacks count from "
           "1), e.g. `2 3`";
  }
  std::optional<std::string> try_move(std::string_view text) override {
    TextReader in(text);
    Move m;
    try {
      const std::size_t stack = in.read_uint("a stack number", UINT32_MAX);
      m.count = in.read_uint("a number of elements", UINT32_MAX);
      if (!in.at_line_end()) in.fail("unexpected text after the move");
      if (stack == 0 || stack > pos_.stacks.size()) {
        return fmt::format("there is no stack {} (stacks are 1 to {})", stack, pos_.stacks.size());
      }
      m.stack = stack - 1;
    } catch (const InputError& e) {
      return fmt::format("column {}: {}", e.column(), e.message());
    }
    const std::string& s = pos_.stacks[m.stack];
    if (s[0] != symbol_of(pos_.to_move)) {
      return fmt::format(
          "stack {} has {} on top: it is {}'s ({} moves only on stacks topped by {})", m.stack + 1,
          s[0], name_of(owner_of(s[0])), name_of(pos_.to_move), symbol_of(pos_.to_move));
    }
    if (m.count == 0) return std::string("a move removes at least one element");
    if (m.count > s.size()) {
      return fmt::format("stack {} has only {} element{}", m.stack + 1, s.size(),
                         s.size() == 1 ? "" : "s");
    }
    pos_ = rules_.play(pos_, m);
    return std::nullopt;
  }
  std::string engine_move() override {
    const Choice c = choose_move(pos_, rules_.ending(), limits_);
    pos_ = rules_.play(pos_, *c.move);
    return fmt::format("{} (removes {} from stack {}; engine's outlook: {})", move_text(*c.move),
                       c.move->count, c.move->stack + 1, c.value.text());
  }

 private:
  Position pos_;
  Rules rules_;
  Player engine_;
  SearchLimits limits_;
};

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
  e.params = {
      {"cases", "generate: number of cases", 10, 1, 1'000'000'000},
      {"stacks", "the most stacks in a random position", 5, 0, 1'000'000},
      {"max-length", "the longest stack in a random position", 5, 1, 1'000'000},
  };
  e.solve = [ending](std::string_view input, const Params&) {
    std::string out;
    for (const Player w : solve_contest(input, ending)) {
      out += name_of(w);
      out += '\n';
    }
    return out;
  };
  e.solve_json = [ending](std::string_view input, const Params&) {
    nlohmann::json j = nlohmann::json::array();
    for (const Player w : solve_contest(input, ending)) j.push_back(name_of(w));
    return j;
  };
  e.analyze = [ending](std::string_view text, const Params& params) {
    return analyze(ending, text, params);
  };
  e.hint = [ending](std::string_view text, const Params& params) {
    return hint(ending, text, params);
  };
  e.play = [ending](std::string_view position, int engine_side, Seed, const Params& params) {
    return std::unique_ptr<PlaySession>(
        new Session(parse_position(position), ending, engine_side, params.limits));
  };
  e.verify = [ending](std::uint64_t trials, Seed seed, const Params& params) {
    const std::int64_t stacks = params.get("stacks");
    const std::int64_t len = params.get("max-length");
    Position largest{std::vector<std::string>(static_cast<std::size_t>(stacks),
                                              std::string(static_cast<std::size_t>(len), '0')),
                     Player::kDee};
    if (!reference_reaches(largest)) {
      throw RequestError(fmt::format(
          "verify {}: positions of {} stacks of up to {} elements cost the exhaustive reference "
          "more than {} (positions times moves); it must reach every trial (lower --stacks or "
          "--max-length)",
          game_name(ending), stacks, len, kReferenceCap));
    }
    return run_verify<Position>(
        position_gen(stacks, len), trials, seed,
        [ending](const Position& p) { return check_theory(p, ending); },
        [](const Position& p) { return format_position(p); });
  };
  e.generate = [](Seed seed, const Params& params) {
    return generate_contest(seed, params.get("cases"), params.get("stacks"),
                            params.get("max-length"));
  };
  e.bench = [ending] {
    BenchResult r;
    r.positions = "4 fixed positions of 4 to 6 stacks of up to 6, both players to move";
    const std::vector<std::vector<std::string>> boards = {
        {"0110", "1001", "10", "0"},
        {"010101", "101010", "0011", "1100", "0"},
        {"000111", "111000", "0101", "1010", "01", "10"},
        {"0", "00", "000", "1", "11", "111"}};
    for (const auto& stacks : boards) {
      for (const Player first : {Player::kDee, Player::kDum}) {
        ReferenceSolver solver{ReferenceRules(ending)};
        const Outcome o = solver.solve(canonical(Position{stacks, first}));
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

}  // namespace

GameEntry entry_binim() {
  return make_entry(Ending::kNormal);
}
GameEntry entry_binim2() {
  return make_entry(Ending::kMisere);
}

}  // namespace perfectplay::games::binim
