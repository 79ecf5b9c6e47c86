// nim's explanation: Bouton's argument on the board's own numbers.
#include "games/nim/nim_explain.h"

#include <fmt/format.h>

#include <bit>
#include <string>
#include <vector>

#include "api/explain.h"
#include "games/nim/nim_io.h"
#include "games/nim/nim_theory.h"

namespace perfectplay::games::nim {

namespace {

using nlohmann::json;

// Rows drawn in binary in the text; a longer board is summarized.
constexpr std::size_t kRowsShown = 16;

Ending ending_in(const Params& params) {
  return params.flag("misere") ? Ending::kMisere : Ending::kNormal;
}

std::string binary(std::uint64_t v, int width) {
  std::string s(static_cast<std::size_t>(width), '0');
  for (int i = 0; i < width; ++i) {
    if ((v >> i) & 1) s[static_cast<std::size_t>(width - 1 - i)] = '1';
  }
  return s;
}

}  // namespace

nlohmann::json explain(std::string_view position, const Params& params) {
  const Position p = parse_position(position);
  const Ending ending = ending_in(params);
  const Summary s = summarize(p.rows);
  const bool wins = mover_wins(s, ending);
  const std::optional<Move> move = winning_move(p.rows, ending);
  std::vector<std::string> text;
  std::uint64_t widest = s.nim_sum;
  for (const std::uint64_t r : p.rows) widest |= r;
  const int width = std::max(1, static_cast<int>(std::bit_width(widest)));
  if (p.rows.size() <= kRowsShown) {
    text.push_back("The rows in binary, and their XOR (the nim-sum):");
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
      text.push_back(
          fmt::format("  row {:>2}  {}  ({})", i + 1, binary(p.rows[i], width), p.rows[i]));
    }
    text.push_back(fmt::format("  XOR     {}  ({})", binary(s.nim_sum, width), s.nim_sum));
  } else {
    text.push_back(fmt::format("The XOR (nim-sum) of the {} rows is {} (binary {}).", p.rows.size(),
                               s.nim_sum, binary(s.nim_sum, width)));
  }
  const bool forced = ending == Ending::kMisere && s.big == 0;
  if (forced) {
    text.push_back(fmt::format(
        "Misère, and no row holds two squares or more: every move takes one of the {} single "
        "squares, so the game is forced. The player to move wins iff that count is even "
        "(the opponent then takes the last square): {}.",
        s.ones, s.ones % 2 == 0 ? "even, a win" : "odd, a loss"));
  } else if (s.nim_sum == 0) {
    text.push_back(
        "The nim-sum is 0: every move changes one row, so it flips some bit of the XOR and "
        "leaves a non-zero nim-sum, from which the opponent restores 0. The player to move "
        "loses.");
  } else {
    const int top = std::bit_width(s.nim_sum) - 1;
    text.push_back(fmt::format(
        "The nim-sum is {} (not 0): its highest bit is bit {} (worth {}). A row with that bit "
        "set shrinks when XORed with the nim-sum, and cutting it to that length leaves a "
        "nim-sum of 0 for the opponent.",
        s.nim_sum, top, std::uint64_t{1} << top));
    if (ending == Ending::kMisere && s.big == 1) {
      text.push_back(fmt::format(
          "Misère with exactly one row of two squares or more: cut that row to {} so that an "
          "odd number of single squares is left (the forced end then goes to us).",
          s.ones % 2 == 1 ? 0 : 1));
    } else if (ending == Ending::kMisere) {
      text.push_back(
          "Misère with two or more rows of two squares or more: play as in normal play until "
          "one such row is left (no move reaches an all-small board before that).");
    }
  }
  json m = nullptr;
  if (move) {
    const std::uint64_t from = p.rows[move->row];
    m = {{"row", move->row + 1}, {"from", from}, {"to", from - move->take}};
    text.push_back(fmt::format("Winning move: row {} from {} to {} (take {}).", move->row + 1, from,
                               from - move->take, move->take));
  }
  return {{"kind", "nim-sum"},
          {"value", to_json(Value::wins(wins, ValueSource::kTheory))},
          {"text", text},
          {"witness",
           {{"ending", ending == Ending::kMisere ? "misere" : "normal"},
            {"nim_sum", s.nim_sum},
            {"ones", s.ones},
            {"big", s.big},
            {"move", m}}}};
}

void check_witness(std::string_view position, const Params& params,
                   const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Position p = parse_position(position);
  const bool misere = params.flag("misere");
  const json& ending = witness_field(w, path, "ending");
  if (ending != (misere ? "misere" : "normal")) {
    throw WitnessError(path + "/ending", "not the ending of the document's options");
  }
  // Recomputed here, not by the theory's summarize().
  std::uint64_t x = 0, ones = 0, big = 0;
  for (const std::uint64_t r : p.rows) {
    x ^= r;
    if (r == 1) ++ones;
    if (r >= 2) ++big;
  }
  if (witness_uint(w, path, "nim_sum") != x) {
    throw WitnessError(path + "/nim_sum", fmt::format("the rows' XOR is {}", x));
  }
  if (witness_uint(w, path, "ones") != ones) {
    throw WitnessError(path + "/ones", fmt::format("the board has {} rows of one square", ones));
  }
  if (witness_uint(w, path, "big") != big) {
    throw WitnessError(path + "/big", fmt::format("the board has {} rows of two or more", big));
  }
  // Who wins, by Bouton's rule (misère: the forced all-small end first).
  const auto wins = [&](std::uint64_t xor_sum, std::uint64_t n_ones, std::uint64_t n_big) {
    if (misere && n_big == 0) return n_ones % 2 == 0;
    return xor_sum != 0;
  };
  const bool win = wins(x, ones, big);
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  if (argued.kind != (win ? ValueKind::kWin : ValueKind::kLoss)) {
    throw WitnessError("/argument/value",
                       fmt::format("the nim-sum {} with {} single and {} larger rows is a {}", x,
                                   ones, big, win ? "win" : "loss"));
  }
  const json& m = witness_field(w, path, "move");
  const bool any_move = big + ones > 0;
  if (!win || !any_move) {
    if (!m.is_null()) throw WitnessError(path + "/move", "no winning move exists here");
    return;
  }
  if (m.is_null()) throw WitnessError(path + "/move", "a win needs its winning move");
  const std::uint64_t row = witness_uint(m, path + "/move", "row");
  if (row == 0 || row > p.rows.size()) {
    throw WitnessError(path + "/move/row", fmt::format("rows are 1 to {}", p.rows.size()));
  }
  const std::uint64_t from = p.rows[row - 1];
  if (witness_uint(m, path + "/move", "from") != from) {
    throw WitnessError(path + "/move/from", fmt::format("row {} has {} squares", row, from));
  }
  const std::uint64_t to = witness_uint(m, path + "/move", "to");
  if (to >= from) throw WitnessError(path + "/move/to", "a move takes at least one square");
  const std::uint64_t x2 = x ^ from ^ to;
  const std::uint64_t ones2 = ones - (from == 1) + (to == 1);
  const std::uint64_t big2 = big - (from >= 2) + (to >= 2);
  if (wins(x2, ones2, big2)) {
    throw WitnessError(path + "/move",
                       fmt::format("after it the nim-sum is {} ({} single rows, {} larger): the "
                                   "opponent wins",
                                   x2, ones2, big2));
  }
}

}  // namespace perfectplay::games::nim
