// bacteria's explanation: a sum of independent rectangles (bacteria_theory.h).
#include "games/bacteria/bacteria_explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "api/explain.h"
#include "games/bacteria/bacteria.h"
#include "games/bacteria/bacteria_io.h"
#include "games/bacteria/bacteria_theory.h"

namespace perfectplay::games::bacteria {

namespace {

using nlohmann::json;

constexpr std::size_t kRegionsShown = 12;

json rect_json(const Rect& r) {
  return {{"rows", {r.r1 + 1, r.r2 + 1}}, {"cols", {r.c1 + 1, r.c2 + 1}}};
}

std::string rect_text(const Rect& r) {
  if (r.empty()) return "nothing";
  return fmt::format("rows {}-{} x columns {}-{} ({} x {})", r.r1 + 1, r.r2 + 1, r.c1 + 1, r.c2 + 1,
                     r.height(), r.width());
}

int hashes_in(const Grid& g, const Rect& r) {
  int n = 0;
  for (int i = r.r1; i <= r.r2; ++i) {
    for (int j = r.c1; j <= r.c2; ++j) n += g.radioactive(i, j);
  }
  return n;
}

// --- the checker's own evaluation, from the rules ---

class Evaluator {
 public:
  explicit Evaluator(const Grid& g) : g_(g) {}
  std::uint64_t value(int r1, int r2, int c1, int c2) {
    if (r1 > r2 || c1 > c2) return 0;
    int hashes = 0, hr = 0, hc = 0;
    for (int i = r1; i <= r2; ++i) {
      for (int j = c1; j <= c2; ++j) {
        if (g_.radioactive(i, j)) {
          ++hashes;
          hr = i;
          hc = j;
        }
      }
    }
    const int h = r2 - r1 + 1, w = c2 - c1 + 1;
    work_ += static_cast<std::uint64_t>(h) * static_cast<std::uint64_t>(w);
    if (hashes == 0) {  // closed form (a)
      if ((h & 1) && (w & 1)) return 1;
      return ((h + w) & 1) ? 2 : 0;
    }
    if (hashes == 1) {  // closed form (b)
      (void)hr;
      (void)hc;
      return static_cast<std::uint64_t>((h + w) & 1);
    }
    const std::uint64_t key =
        (static_cast<std::uint64_t>(r1) << 48) | (static_cast<std::uint64_t>(r2) << 32) |
        (static_cast<std::uint64_t>(c1) << 16) | static_cast<std::uint64_t>(c2);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (work_ > kCheckWork) throw TooMuch{};
    std::vector<char> seen(static_cast<std::size_t>(h + w + 2), 0);
    const auto mark = [&](std::uint64_t v) {
      if (v < seen.size()) seen[v] = 1;
    };
    for (int i = r1; i <= r2; ++i) {  // H colonies: clear rows split it
      bool clear = true;
      for (int j = c1; j <= c2 && clear; ++j) clear = !g_.radioactive(i, j);
      if (clear) mark(value(r1, i - 1, c1, c2) ^ value(i + 1, r2, c1, c2));
    }
    for (int j = c1; j <= c2; ++j) {
      bool clear = true;
      for (int i = r1; i <= r2 && clear; ++i) clear = !g_.radioactive(i, j);
      if (clear) mark(value(r1, r2, c1, j - 1) ^ value(r1, r2, j + 1, c2));
    }
    std::uint64_t mex = 0;
    while (mex < seen.size() && seen[mex]) ++mex;
    memo_[key] = mex;
    return mex;
  }
  struct TooMuch {};

 private:
  const Grid& g_;
  std::unordered_map<std::uint64_t, std::uint64_t> memo_;
  std::uint64_t work_ = 0;
};

// [a, b] (1-based) read back as 0-based inclusive bounds.
std::pair<int, int> span(const json& v, const std::string& path, int limit) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) {
    throw WitnessError(path, "a span is [first, last]");
  }
  const std::int64_t a = v[0].get<std::int64_t>(), b = v[1].get<std::int64_t>();
  if (a < 1 || b > limit || a > b + 1) throw WitnessError(path, "out of the grid");
  return {static_cast<int>(a - 1), static_cast<int>(b - 1)};
}

Rect rect_of(const json& v, const std::string& path, const Grid& g) {
  const auto [r1, r2] = span(witness_field(v, path, "rows"), path + "/rows", g.rows);
  const auto [c1, c2] = span(witness_field(v, path, "cols"), path + "/cols", g.cols);
  return Rect{r1, r2, c1, c2};
}

}  // namespace

nlohmann::json explain(std::string_view position, const Params&) {
  const Board b = parse_position(position);
  if (b.mutated) {
    return {{"kind", "mutated"},
            {"value", to_json(Value::win(ValueSource::kTheory, 0))},
            {"text",
             {"The last colony met a radioactive cell and mutated: the game is over, and the "
              "player to move has won."}},
            {"witness", json::object()}};
  }
  const GrundyTable t(b.grid);
  std::vector<std::string> text = {
      "A colony spreads along its whole line until an edge or an infected cell, so the infected "
      "lines cut the grid into rectangles that no later colony crosses: the game is the sum of "
      "these independent regions, each worth its Grundy value (a colony across a line with a "
      "radioactive cell mutates and loses at once, so only clear lines are options):"};
  json regions = json::array();
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < b.parts.size(); ++i) {
    const Rect& r = b.parts[i];
    const std::uint64_t g = t.value(r).value;
    const int hashes = hashes_in(b.grid, r);
    x ^= g;
    json e = rect_json(r);
    e["hashes"] = hashes;
    e["nimber"] = g;
    regions.push_back(std::move(e));
    if (i < kRegionsShown) {
      text.push_back(fmt::format("  region {}: {}, {} '#': worth *{}{}", i + 1, rect_text(r),
                                 hashes, g,
                                 hashes == 0   ? " (no '#': 0 if both sides even, 1 if both odd, "
                                                 "2 otherwise)"
                                 : hashes == 1 ? " (one '#': (height + width) mod 2)"
                                               : ""));
    }
  }
  if (b.parts.size() > kRegionsShown) {
    text.push_back(fmt::format("  ... ({} regions)", b.parts.size()));
  }
  json moves = json::array();
  std::uint64_t total_winning = 0;
  if (x != 0) {
    for (const Move& m : legal_moves(b)) {
      if (!is_winning_move(t, b, Nimber(x), m)) continue;
      ++total_winning;
      if (moves.size() >= kMovesListed) continue;
      const MoveEffect e = effect_of(t, b, m);
      std::size_t region = 0;
      while (region < b.parts.size() && !(b.parts[region] == e.part)) ++region;
      json first = rect_json(e.first), second = rect_json(e.second);
      first["nimber"] = t.value(e.first).value;
      second["nimber"] = t.value(e.second).value;
      moves.push_back({{"row", m.row + 1},
                       {"col", m.col + 1},
                       {"colony", m.colony == Colony::kH ? "H" : "V"},
                       {"region", region + 1},
                       {"parts", {first, second}}});
    }
    text.push_back(fmt::format(
        "The nim-sum is {} (not 0): the player to move wins. A winning colony cuts one region "
        "into two parts whose values XOR to that region's value XOR {}, leaving a nim-sum of 0; "
        "there are {} such openings:",
        x, x, total_winning));
    for (std::size_t i = 0; i < moves.size() && i < 8; ++i) {
      const json& mv = moves[i];
      const std::size_t region = mv["region"].get<std::size_t>();
      text.push_back(fmt::format(
          "  {} at row {}, column {}: region {} (*{}) becomes *{} + *{} = *{}; *{} ^ *{} ^ *{} "
          "= 0",
          mv["colony"].get<std::string>(), mv["row"].get<int>(), mv["col"].get<int>(), region,
          regions[region - 1]["nimber"].get<std::uint64_t>(),
          mv["parts"][0]["nimber"].get<std::uint64_t>(),
          mv["parts"][1]["nimber"].get<std::uint64_t>(),
          mv["parts"][0]["nimber"].get<std::uint64_t>() ^
              mv["parts"][1]["nimber"].get<std::uint64_t>(),
          x, regions[region - 1]["nimber"].get<std::uint64_t>(),
          mv["parts"][0]["nimber"].get<std::uint64_t>() ^
              mv["parts"][1]["nimber"].get<std::uint64_t>()));
    }
  } else {
    text.push_back(
        "The nim-sum is 0: every colony changes one region's value and leaves a non-zero "
        "nim-sum (or mutates and loses at once). The player to move loses.");
  }
  return {{"kind", "regions"},
          {"value", to_json(Value::of_nimber(x, ValueSource::kTheory))},
          {"text", text},
          {"witness",
           {{"regions", std::move(regions)},
            {"nim_sum", x},
            {"winning_moves", std::move(moves)},
            {"winning_moves_total", total_winning}}}};
}

void check_witness(std::string_view position, const Params&, const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Board b = parse_position(position);
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  if (b.mutated) {
    if (argued.kind != ValueKind::kWin) {
      throw WitnessError("/argument/value", "after a mutation the player to move has won");
    }
    return;
  }
  const Grid& g = b.grid;
  const auto at = [&](int r, int c) {
    return b.marks[static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols) +
                   static_cast<std::size_t>(c)];
  };
  const auto uninfected = [&](int r, int c) { return at(r, c) == '.' || at(r, c) == '#'; };
  const json& regions = witness_field(w, path, "regions");
  if (!regions.is_array()) throw WitnessError(path + "/regions", "not an array");
  // Each listed region: a rectangle of uninfected cells, bordered by edges
  // or infected cells (nothing crosses out of it), and disjoint from the
  // others; together they hold every uninfected cell.
  std::vector<int> owner(static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols), -1);
  std::vector<Rect> rects;
  Evaluator eval(g);
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < regions.size(); ++i) {
    const std::string rp = fmt::format("{}/regions/{}", path, i);
    const Rect r = rect_of(regions[i], rp, g);
    if (r.empty()) throw WitnessError(rp, "an empty region");
    for (int y = r.r1; y <= r.r2; ++y) {
      for (int c = r.c1; c <= r.c2; ++c) {
        if (!uninfected(y, c)) {
          throw WitnessError(rp, fmt::format("cell ({}, {}) is infected", y + 1, c + 1));
        }
        int& o = owner[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) +
                       static_cast<std::size_t>(c)];
        if (o != -1) throw WitnessError(rp, fmt::format("overlaps region {}", o + 1));
        o = static_cast<int>(i);
      }
    }
    // Closed on every side: the neighbour across each edge is infected.
    for (int y = r.r1; y <= r.r2; ++y) {
      if ((r.c1 > 0 && uninfected(y, r.c1 - 1)) || (r.c2 + 1 < g.cols && uninfected(y, r.c2 + 1))) {
        throw WitnessError(rp, fmt::format("row {} goes on past the region", y + 1));
      }
    }
    for (int c = r.c1; c <= r.c2; ++c) {
      if ((r.r1 > 0 && uninfected(r.r1 - 1, c)) || (r.r2 + 1 < g.rows && uninfected(r.r2 + 1, c))) {
        throw WitnessError(rp, fmt::format("column {} goes on past the region", c + 1));
      }
    }
    if (witness_int(regions[i], rp, "hashes") != hashes_in(g, r)) {
      throw WitnessError(rp + "/hashes", fmt::format("it holds {} '#'", hashes_in(g, r)));
    }
    std::uint64_t v = 0;
    try {
      v = eval.value(r.r1, r.r2, r.c1, r.c2);
    } catch (const Evaluator::TooMuch&) {
      throw WitnessError(rp,
                         "its value needs more work than this checker spends (regions with "
                         "two or more '#' are recomputed by the mex recursion)");
    }
    if (witness_uint(regions[i], rp, "nimber") != v) {
      throw WitnessError(rp + "/nimber", fmt::format("the region is worth *{}", v));
    }
    x ^= v;
    rects.push_back(r);
  }
  for (int y = 0; y < g.rows; ++y) {
    for (int c = 0; c < g.cols; ++c) {
      if (uninfected(y, c) && owner[static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) +
                                    static_cast<std::size_t>(c)] == -1) {
        throw WitnessError(
            path + "/regions",
            fmt::format("the uninfected cell ({}, {}) is in no region", y + 1, c + 1));
      }
    }
  }
  if (witness_uint(w, path, "nim_sum") != x) {
    throw WitnessError(path + "/nim_sum", fmt::format("the regions XOR to {}", x));
  }
  if (argued.kind != ValueKind::kNimber || argued.nimber != x) {
    throw WitnessError("/argument/value", fmt::format("the board is worth *{}", x));
  }
  const json& moves = witness_field(w, path, "winning_moves");
  if (!moves.is_array()) throw WitnessError(path + "/winning_moves", "not an array");
  if (x == 0 && !moves.empty()) throw WitnessError(path + "/winning_moves", "a nim-sum of 0");
  if (x != 0 && moves.empty()) {
    throw WitnessError(path + "/winning_moves", "a non-zero nim-sum needs a winning move");
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string mp = fmt::format("{}/winning_moves/{}", path, i);
    const std::uint64_t row = witness_uint(moves[i], mp, "row");
    const std::uint64_t col = witness_uint(moves[i], mp, "col");
    const json& colony = witness_field(moves[i], mp, "colony");
    if (row == 0 || row > static_cast<std::uint64_t>(g.rows) || col == 0 ||
        col > static_cast<std::uint64_t>(g.cols) || (colony != "H" && colony != "V")) {
      throw WitnessError(mp, "not a move on this grid");
    }
    const int r = static_cast<int>(row) - 1, c = static_cast<int>(col) - 1;
    if (at(r, c) != '.') throw WitnessError(mp, "a colony is placed on an empty, uninfected cell");
    const int o = owner[static_cast<std::size_t>(r) * static_cast<std::size_t>(g.cols) +
                        static_cast<std::size_t>(c)];
    const Rect& reg = rects[static_cast<std::size_t>(o)];
    if (witness_uint(moves[i], mp, "region") != static_cast<std::uint64_t>(o + 1)) {
      throw WitnessError(mp + "/region", fmt::format("the cell is in region {}", o + 1));
    }
    // The line it infects, within its region: clear, or it mutates.
    const bool h = colony == "H";
    Rect first = reg, second = reg;
    if (h) {
      for (int j = reg.c1; j <= reg.c2; ++j) {
        if (g.radioactive(r, j)) throw WitnessError(mp, "the colony mutates (a '#' in its row)");
      }
      first.r2 = r - 1;
      second.r1 = r + 1;
    } else {
      for (int y = reg.r1; y <= reg.r2; ++y) {
        if (g.radioactive(y, c)) throw WitnessError(mp, "the colony mutates (a '#' in its column)");
      }
      first.c2 = c - 1;
      second.c1 = c + 1;
    }
    const json& parts = witness_field(moves[i], mp, "parts");
    if (!parts.is_array() || parts.size() != 2) throw WitnessError(mp + "/parts", "two parts");
    std::uint64_t after = 0;
    int k = 0;
    for (const Rect& part : {first, second}) {
      const std::string pp = fmt::format("{}/parts/{}", mp, k);
      const json& listed = parts[static_cast<std::size_t>(k++)];
      if (!part.empty() && !(rect_of(listed, pp, g) == part)) {
        throw WitnessError(pp, fmt::format("the part left is {}", rect_text(part)));
      }
      std::uint64_t v = 0;
      try {
        v = part.empty() ? 0 : eval.value(part.r1, part.r2, part.c1, part.c2);
      } catch (const Evaluator::TooMuch&) {
        throw WitnessError(pp, "too large to recompute here");
      }
      if (witness_uint(listed, pp, "nimber") != v) {
        throw WitnessError(pp + "/nimber", fmt::format("the part is worth *{}", v));
      }
      after ^= v;
    }
    const std::uint64_t region_value =
        regions[static_cast<std::size_t>(o)]["nimber"].get<std::uint64_t>();
    if ((x ^ region_value ^ after) != 0) {
      throw WitnessError(mp, "the move does not leave a nim-sum of 0");
    }
  }
}

}  // namespace perfectplay::games::bacteria
