// binim's explanation: the stacks' values (normal play, derived in
// binim_theory.h) or pending moves (misère), stack by stack.
#include "games/binim/binim_explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "api/explain.h"
#include "games/binim/binim.h"
#include "games/binim/binim_io.h"
#include "games/binim/binim_theory.h"

namespace perfectplay::games::binim {

namespace {

using nlohmann::json;

constexpr std::size_t kStacksShown = 12;

std::string stack_shown(const StackView& s) {
  return s.size() <= 24 ? s.to_string() : s.text(0, 20) + fmt::format("... ({} bits)", s.size());
}

Player parse_player(const json& v, const std::string& path) {
  if (v == "Dee") return Player::kDee;
  if (v == "Dum") return Player::kDum;
  throw WitnessError(path, "Dee or Dum");
}

}  // namespace

nlohmann::json explain(std::string_view position, Ending ending) {
  const Position p = parse_position(position);
  const Player w = winner(p, ending);
  const Player to_move = p.to_move;
  std::vector<std::string> text;
  json stacks = json::array();
  std::int64_t sum = 0;
  std::uint64_t pending[2] = {0, 0};
  std::size_t counted = 0;
  // The stacks drawn line up: the column is as wide as the widest drawn
  // (a long stack is drawn cut, with its length).
  std::size_t width = 1;
  for (std::size_t i = 0, drawn = 0; i < p.stacks.size() && drawn < kStacksShown; ++i) {
    const StackView s = p.stacks[i];
    if (s.empty() || (ending != Ending::kNormal && s.front() != s.back())) continue;
    width = std::max(width, stack_shown(s).size());
    ++drawn;
  }
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    const StackView s = p.stacks[i];
    if (s.empty()) continue;
    const StackFacts f = facts_of(s);
    if (ending == Ending::kNormal) {
      const std::int64_t v =
          f.top == '0' ? static_cast<std::int64_t>(f.zeros) : -static_cast<std::int64_t>(f.ones);
      sum += v;
      if (stacks.size() < kWitnessListed) {
        stacks.push_back({{"stack", i + 1},
                          {"top", std::string(1, f.top)},
                          {"zeros", f.zeros},
                          {"ones", f.ones},
                          {"value", v}});
      }
      if (counted++ < kStacksShown) {
        const std::uint64_t count = f.top == '0' ? f.zeros : f.ones;
        text.push_back(fmt::format("  stack {:>2} {:<{}} top {}: worth {:+} ({} {}{}, {}'s)", i + 1,
                                   stack_shown(s), width, f.top, v, count,
                                   f.top == '0' ? "zero" : "one", count == 1 ? "" : "s",
                                   f.top == '0' ? "Dee" : "Dum"));
      }
    } else if (f.top == f.bottom) {
      ++pending[f.top == '0' ? 0 : 1];
      if (stacks.size() < kWitnessListed) {
        stacks.push_back({{"stack", i + 1},
                          {"top", std::string(1, f.top)},
                          {"bottom", std::string(1, f.bottom)}});
      }
      if (counted++ < kStacksShown) {
        text.push_back(fmt::format("  stack {:>2} {:<{}} top and bottom {}: a pending move of {}",
                                   i + 1, stack_shown(s), width, f.top,
                                   f.top == '0' ? "Dee" : "Dum"));
      }
    }
  }
  if (counted > kStacksShown) text.push_back(fmt::format("  ... ({} stacks in all)", counted));
  if (ending == Ending::kNormal) {
    text.insert(text.begin(),
                "Each stack is a game worth an integer, Dee positive: a stack with 0 on top is "
                "worth +(its zeros) (Dee can take one element at a time, one move per zero), "
                "with 1 on top -(its ones):");
    text.push_back(fmt::format(
        "The sum is {}. {}", sum,
        sum > 0   ? "Positive: Dee has more moves in reserve and wins whoever starts."
        : sum < 0 ? "Negative: Dum has more moves in reserve and wins whoever starts."
                  : fmt::format("Zero: the player to move ({}) runs out of moves first and loses.",
                                name_of(to_move))));
  } else {
    text.insert(text.begin(),
                "Misère (the seed's rule, checked by exhaustive search on small positions): runs "
                "of equal bits act as one; a stack whose top and bottom differ can be answered "
                "move for move; a stack whose top and bottom are equal costs its top's owner one "
                "move the other never makes:");
    text.push_back(
        fmt::format("Dee has {} pending, Dum {}. {}", pending[0], pending[1],
                    pending[0] == pending[1]
                        ? fmt::format("Equal: the player to move ({}) wins.", name_of(to_move))
                        : fmt::format("The player with fewer ({}) wins whoever starts.",
                                      pending[0] < pending[1] ? "Dee" : "Dum")));
  }
  // The first kWitnessListed stacks that count, and how many count: the
  // checker recomputes every one of them from the position.
  json witness = {
      {"to_move", name_of(to_move)}, {"stacks", std::move(stacks)}, {"stacks_total", counted}};
  if (ending == Ending::kNormal) {
    witness["sum"] = sum;
  } else {
    witness["pending_dee"] = pending[0];
    witness["pending_dum"] = pending[1];
  }
  return {{"kind", ending == Ending::kNormal ? "stack-values" : "pending-moves"},
          {"value", to_json(Value::wins(w == to_move, ValueSource::kTheory))},
          {"text", text},
          {"witness", std::move(witness)}};
}

void check_witness(std::string_view position, Ending ending, const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Position p = parse_position(position);
  const Player to_move = parse_player(witness_field(w, path, "to_move"), path + "/to_move");
  if (to_move != p.to_move) throw WitnessError(path + "/to_move", "not the player to move");
  const json& stacks = witness_field(w, path, "stacks");
  if (!stacks.is_array()) throw WitnessError(path + "/stacks", "not an array");
  // Walks the position's stacks and the witness's entries together: the
  // stacks that count are listed in order (the first of them: a long
  // position's list stops at kWitnessListed), and every one of them, listed
  // or not, has its facts recomputed from its bits here.
  std::size_t k = 0, counted = 0;
  std::int64_t sum = 0;
  std::uint64_t pending[2] = {0, 0};
  for (std::size_t i = 0; i < p.stacks.size(); ++i) {
    const StackView s = p.stacks[i];
    if (s.empty()) continue;
    std::uint64_t zeros = 0;
    for (const char c : s) zeros += c == '0';
    const std::uint64_t ones = s.size() - zeros;
    const char top = s.front(), bottom = s.back();
    const bool counts = ending == Ending::kNormal || top == bottom;
    if (!counts) continue;
    ++counted;
    const json* e = nullptr;  // the stack's entry, where it is listed
    std::string at;
    if (k < stacks.size()) {
      at = fmt::format("{}/stacks/{}", path, k);
      e = &stacks[k++];
      if (witness_uint(*e, at, "stack") != i + 1) {
        throw WitnessError(at + "/stack", fmt::format("stack {} comes here", i + 1));
      }
      if (witness_field(*e, at, "top") != std::string(1, top)) {
        throw WitnessError(at + "/top", fmt::format("stack {}'s top is {}", i + 1, top));
      }
    }
    if (ending == Ending::kNormal) {
      const std::int64_t v =
          top == '0' ? static_cast<std::int64_t>(zeros) : -static_cast<std::int64_t>(ones);
      if (e != nullptr) {
        if (witness_uint(*e, at, "zeros") != zeros || witness_uint(*e, at, "ones") != ones) {
          throw WitnessError(
              at, fmt::format("stack {} holds {} zeros and {} ones", i + 1, zeros, ones));
        }
        if (witness_int(*e, at, "value") != v) {
          throw WitnessError(at + "/value", fmt::format("stack {} is worth {}", i + 1, v));
        }
      }
      sum += v;
    } else {
      if (e != nullptr && witness_field(*e, at, "bottom") != std::string(1, bottom)) {
        throw WitnessError(at + "/bottom", fmt::format("stack {}'s bottom is {}", i + 1, bottom));
      }
      ++pending[top == '0' ? 0 : 1];
    }
  }
  if (k != stacks.size()) {
    throw WitnessError(fmt::format("{}/stacks/{}", path, k), "no such stack counts here");
  }
  check_list_total(w, path, "stacks_total", k, counted,
                   fmt::format("{} stacks count here", counted));
  Player won;
  if (ending == Ending::kNormal) {
    if (witness_int(w, path, "sum") != sum) {
      throw WitnessError(path + "/sum", fmt::format("the stacks add up to {}", sum));
    }
    won = sum > 0 ? Player::kDee : sum < 0 ? Player::kDum : other(to_move);
  } else {
    if (witness_uint(w, path, "pending_dee") != pending[0]) {
      throw WitnessError(path + "/pending_dee", fmt::format("Dee has {} pending", pending[0]));
    }
    if (witness_uint(w, path, "pending_dum") != pending[1]) {
      throw WitnessError(path + "/pending_dum", fmt::format("Dum has {} pending", pending[1]));
    }
    won = pending[0] == pending[1]  ? to_move
          : pending[0] < pending[1] ? Player::kDee
                                    : Player::kDum;
  }
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  if (argued.kind != (won == to_move ? ValueKind::kWin : ValueKind::kLoss)) {
    throw WitnessError("/argument/value",
                       fmt::format("{} wins here: a {} for {}", name_of(won),
                                   won == to_move ? "win" : "loss", name_of(to_move)));
  }
}

}  // namespace perfectplay::games::binim
