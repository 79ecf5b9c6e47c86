// asymmetry's explanation: the game is a sum of mirrored pairs, each decided
// by a two-move game (asymmetry_theory.h proves sum v_p <= value <= sum
// max(v_p, w_p), and w_p <= v_p holds on every input solved so far).
#include "games/asymmetry/asymmetry_explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "api/explain.h"
#include "games/asymmetry/asymmetry.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

namespace {

using nlohmann::json;

constexpr std::size_t kPairsShown = 10;

std::int64_t distance(std::int64_t a, std::int64_t b) {
  return a > b ? a - b : b - a;
}

// The columns that are marked while their mirror is not.
std::vector<int> half_marked(const Board& b) {
  std::vector<int> out;
  for (int c = 0; c < b.grid.cols; ++c) {
    if (b.is_marked(c) && !b.is_marked(b.grid.mirror(c))) out.push_back(c);
  }
  return out;
}

// The open pair's best closing for Bob: he writes in the mirror of column
// `c`, at the row where it gains most (or marks it unchanged).
// With `row` >= 0, the cell (row, c) reads `write` instead (an opening).
std::int64_t bob_closing(const Grid& g, int c, int row = -1, std::int64_t write = 0) {
  const int m = g.mirror(c);
  std::int64_t s = 0, gain = 0;
  for (int r = 0; r < g.rows; ++r) {
    const std::int64_t x = r == row ? write : g.at(r, c), d = distance(x, g.at(r, m));
    s += d;
    gain = std::max(gain, std::max(x, g.k - x) - d);
  }
  return s + gain;
}

// --- the checker's own arithmetic, apart from asymmetry_theory ---

// min over integer v in [0, K] of max(max(v, K - v), |v - x| + F) (F < 0:
// no second term). The function is the maximum of convex pieces, so its
// integer minimum lies next to a breakpoint or a crossing of two pieces:
// those candidates are all evaluated.
std::int64_t convex_minimum(std::int64_t k, std::int64_t x, std::int64_t f) {
  const auto value = [&](std::int64_t v) {
    const std::int64_t top = std::max(v, k - v);
    return f < 0 ? top : std::max(top, distance(v, x) + f);
  };
  const std::int64_t points[] = {
      0, k, x, k / 2, (x + f) / 2, (k + x - f) / 2, (x - f) / 2, (k + x + f) / 2};
  std::int64_t best = value(0);
  for (const std::int64_t p : points) {
    for (std::int64_t v = p - 1; v <= p + 1; ++v) {
      if (v >= 0 && v <= k) best = std::min(best, value(v));
    }
  }
  return best;
}

struct PairCheck {
  std::int64_t s = 0, v = 0, w = 0;
};

// S, v_p and w_p of the pair (j, j') from the grid, O(N).
PairCheck check_pair(const Grid& g, int j) {
  const int jm = g.mirror(j);
  const auto top = [&](std::int64_t x) { return std::max(x, g.k - x); };
  PairCheck out;
  std::vector<std::int64_t> c(static_cast<std::size_t>(g.rows));
  for (int r = 0; r < g.rows; ++r) {
    c[static_cast<std::size_t>(r)] = distance(g.at(r, j), g.at(r, jm));
    out.s += c[static_cast<std::size_t>(r)];
  }
  // The best and second best of a per-row quantity, to exclude one row.
  struct Best2 {
    std::int64_t a = INT64_MIN, b = INT64_MIN;
    int row = -1;
    void add(std::int64_t v, int r) {
      if (v > a) {
        b = a;
        a = v;
        row = r;
      } else if (v > b) {
        b = v;
      }
    }
    std::int64_t without(int r) const { return r == row ? b : a; }
  };
  // v: Alice writes in column `col` at row rA; Bob answers in the other
  // column, in row rA or in another row rB (a gain of top(g[rB][col]) - c).
  std::int64_t v = INT64_MAX;
  for (const int col : {j, jm}) {
    const int other = col == j ? jm : j;
    Best2 flips;
    for (int r = 0; r < g.rows; ++r)
      flips.add(top(g.at(r, col)) - c[static_cast<std::size_t>(r)], r);
    for (int ra = 0; ra < g.rows; ++ra) {
      const std::int64_t f = g.rows == 1 ? -1 : flips.without(ra);
      v = std::min(
          v, out.s - c[static_cast<std::size_t>(ra)] + convex_minimum(g.k, g.at(ra, other), f));
    }
  }
  out.v = v;
  // w: Bob writes at row rB (that row's term at most t = the best top of
  // its two cells), Alice then zeroes rB or the largest other term.
  if (g.rows == 1) {
    out.w = 0;
  } else {
    Best2 terms;
    for (int r = 0; r < g.rows; ++r) terms.add(c[static_cast<std::size_t>(r)], r);
    std::int64_t w = INT64_MIN;
    for (int rb = 0; rb < g.rows; ++rb) {
      const std::int64_t t = std::max(top(g.at(rb, j)), top(g.at(rb, jm)));
      w = std::max(w, out.s - c[static_cast<std::size_t>(rb)] +
                          std::min<std::int64_t>(0, t - terms.without(rb)));
    }
    out.w = w;
  }
  return out;
}

}  // namespace

nlohmann::json explain(std::string_view position, const Params&) {
  const Board b = parse_position(position);
  const Grid& g = b.grid;
  const std::vector<int> open = half_marked(b);
  if (b.over() || !(b.alice_to_move() ? open.empty() : open.size() == 1)) return nullptr;
  std::vector<std::string> text;
  const std::int64_t settled = settled_sum(b);
  json pairs = json::array();
  std::int64_t sum = 0;
  std::size_t fresh = 0;
  for (int j = 0; j < g.cols / 2; ++j) {
    if (b.is_marked(j) || b.is_marked(g.mirror(j))) continue;
    const PairPlan plan = plan_pair(g, j);
    const std::int64_t w = bob_first_value(g, j);
    const std::int64_t s = pair_term(g, j);
    sum += plan.value;
    ++fresh;
    if (pairs.size() < kPairsShown) {
      text.push_back(fmt::format(
          "  pair ({:>3}, {:>3}): now {:>4}; Alice opens it: {:>4} (she writes {} at row {} of "
          "column {}); Bob opens it: {:>4}",
          j + 1, g.mirror(j) + 1, s, plan.value, plan.write, plan.row + 1, plan.col + 1, w));
    }
    if (pairs.size() == kWitnessListed) continue;  // the checker values every pair anyway
    pairs.push_back(
        {{"columns", {j + 1, g.mirror(j) + 1}},
         {"S", s},
         {"v", plan.value},
         {"w", w},
         {"opening", {{"column", plan.col + 1}, {"row", plan.row + 1}, {"write", plan.write}}}});
  }
  if (fresh > kPairsShown) text.push_back(fmt::format("  ... ({} fresh pairs)", fresh));
  json open_json = nullptr;
  std::int64_t closed = 0;
  if (!open.empty()) {
    closed = bob_closing(g, open[0]);
    open_json = {{"column", open[0] + 1}, {"term", pair_term(g, open[0])}, {"closed", closed}};
  }
  const std::int64_t total = settled + closed + sum;
  std::vector<std::string> head = {
      "The asymmetry is a sum over the mirrored column pairs, and a pair's term is fixed when "
      "its second column is marked. Each fresh pair is worth v, the value of its own two-move "
      "game with Alice opening and Bob answering in the mirror column:",
  };
  text.insert(text.begin(), head.begin(), head.end());
  text.push_back(
      "Bob's strategy (asymmetry at least the sum of v): whenever Alice opens a pair, answer "
      "in its mirror column at once with the best reply, so every pair is played as its own "
      "Alice-first game.");
  text.push_back(
      "Alice's strategy (at most the sum of max(v, w)): open a fresh pair with its best "
      "opening, and close at once any pair Bob opens (w: his opening, her best answer). Here w "
      "<= v for every pair, so the two bounds meet.");
  if (!open.empty()) {
    text.push_back(fmt::format(
        "Bob is to move with the pair of column {} half-marked: his best answer in its mirror "
        "makes its term {}.",
        open[0] + 1, closed));
  }
  text.push_back(fmt::format("Value: settled pairs {} + {}fresh pairs {} = {}.", settled,
                             open.empty() ? "" : fmt::format("the open pair {} + ", closed), sum,
                             total));
  return {{"kind", "pairs"},
          {"value", to_json(Value::of_score(total, ValueSource::kTheory))},
          {"text", text},
          {"witness",
           {{"k", g.k},
            {"settled", settled},
            {"open", open_json},
            {"pairs", std::move(pairs)},
            {"pairs_total", fresh},
            {"total", total}}}};
}

void check_witness(std::string_view position, const Params&, const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Board b = parse_position(position);
  const Grid& g = b.grid;
  if (witness_int(w, path, "k") != g.k) throw WitnessError(path + "/k", "not the grid's K");
  // The position must be on the theory's lines.
  std::vector<int> open;
  std::int64_t settled = 0;
  for (int c = 0; c < g.cols; ++c) {
    const bool m = b.is_marked(c), mm = b.is_marked(g.mirror(c));
    if (m && !mm) open.push_back(c);
    if (m && mm && c < g.cols / 2) {
      for (int r = 0; r < g.rows; ++r) settled += distance(g.at(r, c), g.at(r, g.mirror(c)));
    }
  }
  const bool alice = b.marked_count() % 2 == 0;
  if (alice ? !open.empty() : open.size() != 1) {
    throw WitnessError(path,
                       "the pair argument covers Alice to move with no half-marked pair, "
                       "or Bob with exactly one");
  }
  if (witness_int(w, path, "settled") != settled) {
    throw WitnessError(path + "/settled", fmt::format("the settled pairs add up to {}", settled));
  }
  std::int64_t closed = 0;
  const json& o = witness_field(w, path, "open");
  if (open.empty() != o.is_null()) {
    throw WitnessError(path + "/open",
                       open.empty() ? "no pair is half-marked" : "the half-marked pair is missing");
  }
  if (!open.empty()) {
    if (witness_uint(o, path + "/open", "column") != static_cast<std::uint64_t>(open[0] + 1)) {
      throw WitnessError(path + "/open/column",
                         fmt::format("column {} is the half-marked one", open[0] + 1));
    }
    // Bob writes one cell of the mirror column (or marks it unchanged).
    const int c = open[0], m = g.mirror(c);
    std::int64_t s = 0, best = 0;
    for (int r = 0; r < g.rows; ++r) s += distance(g.at(r, c), g.at(r, m));
    for (int r = 0; r < g.rows; ++r) {
      const std::int64_t x = g.at(r, c);
      best = std::max(best, std::max(distance(x, 0), distance(x, g.k)) - distance(x, g.at(r, m)));
    }
    closed = s + best;
    if (witness_int(o, path + "/open", "term") != s) {
      throw WitnessError(path + "/open/term", fmt::format("the pair's term is now {}", s));
    }
    if (witness_int(o, path + "/open", "closed") != closed) {
      throw WitnessError(path + "/open/closed",
                         fmt::format("Bob's best closing makes it {}", closed));
    }
  }
  const json& pairs = witness_field(w, path, "pairs");
  if (!pairs.is_array()) throw WitnessError(path + "/pairs", "not an array");
  // The fresh pairs are listed in order, the first of them (a wide grid's
  // list stops at kWitnessListed); every one, listed or not, is valued here
  // and must have w <= v.
  std::size_t k = 0, fresh = 0;
  std::int64_t sum = 0;
  for (int j = 0; j < g.cols / 2; ++j) {
    if (b.is_marked(j) || b.is_marked(g.mirror(j))) continue;
    ++fresh;
    const PairCheck pc = check_pair(g, j);
    if (k == pairs.size()) {
      if (pc.w > pc.v) {
        throw WitnessError(fmt::format("{}/pairs_total", path),
                           fmt::format("pair ({}, {}) has w > v: the bounds do not meet there, "
                                       "the sum is not proven",
                                       j + 1, g.mirror(j) + 1));
      }
      sum += pc.v;
      continue;
    }
    const std::string at = fmt::format("{}/pairs/{}", path, k);
    const json& e = pairs[k++];
    const json& cols = witness_field(e, at, "columns");
    if (cols != json::array({j + 1, g.mirror(j) + 1})) {
      throw WitnessError(at + "/columns",
                         fmt::format("the pair ({}, {}) comes here", j + 1, g.mirror(j) + 1));
    }
    if (witness_int(e, at, "S") != pc.s) {
      throw WitnessError(at + "/S", fmt::format("the pair's term is {}", pc.s));
    }
    if (witness_int(e, at, "v") != pc.v) {
      throw WitnessError(at + "/v", fmt::format("Alice's opening is worth {}", pc.v));
    }
    if (witness_int(e, at, "w") != pc.w) {
      throw WitnessError(at + "/w", fmt::format("Bob's opening is worth {}", pc.w));
    }
    if (pc.w > pc.v) {
      throw WitnessError(at, "w > v: the bounds do not meet here, the sum is not proven");
    }
    // The opening holds the pair to v: Bob's best answer to it gives v.
    const json& op = witness_field(e, at, "opening");
    const std::uint64_t col = witness_uint(op, at + "/opening", "column");
    const std::uint64_t row = witness_uint(op, at + "/opening", "row");
    const std::int64_t write = witness_int(op, at + "/opening", "write");
    if ((col != static_cast<std::uint64_t>(j + 1) &&
         col != static_cast<std::uint64_t>(g.mirror(j) + 1)) ||
        row == 0 || row > static_cast<std::uint64_t>(g.rows) || write < 0 || write > g.k) {
      throw WitnessError(at + "/opening", "not a move in this pair");
    }
    const std::int64_t answered =
        bob_closing(g, static_cast<int>(col) - 1, static_cast<int>(row) - 1, write);
    if (answered != pc.v) {
      throw WitnessError(
          at + "/opening",
          fmt::format("Bob's best answer to it makes the pair {}, not {}", answered, pc.v));
    }
    sum += pc.v;
  }
  if (k != pairs.size()) throw WitnessError(fmt::format("{}/pairs/{}", path, k), "no such pair");
  check_list_total(w, path, "pairs_total", k, fresh, fmt::format("{} pairs are fresh", fresh));
  const std::int64_t total = settled + closed + sum;
  if (witness_int(w, path, "total") != total) {
    throw WitnessError(path + "/total", fmt::format("the parts add up to {}", total));
  }
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  if (argued.kind != ValueKind::kScore || argued.score != total) {
    throw WitnessError("/argument/value", fmt::format("the pairs make {}", total));
  }
}

}  // namespace perfectplay::games::asymmetry
