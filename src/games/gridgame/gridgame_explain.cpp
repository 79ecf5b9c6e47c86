// gridgame's explanation: the value as a minimum-cost perfect matching, with
// its linear-programming dual as the certificate (gridgame_theory.h argues
// why the game's value is that matching's cost).
#include "games/gridgame/gridgame_explain.h"

#include <fmt/format.h>

#include <string>
#include <type_traits>
#include <vector>

#include "api/explain.h"
#include "games/gridgame/gridgame_io.h"
#include "games/gridgame/gridgame_theory.h"

namespace perfectplay::games::gridgame {

namespace {

using nlohmann::json;
__extension__ typedef __int128 Wide;
__extension__ typedef unsigned __int128 WideMagnitude;

// Bob's answers spelled out in the text; the rest are in the witness.
constexpr std::size_t kAnswersShown = 12;

std::vector<bool> live_mask(const std::vector<int>& lines, int n) {
  std::vector<bool> out(static_cast<std::size_t>(n), false);
  for (const int k : lines) out[static_cast<std::size_t>(k)] = true;
  return out;
}

std::string wide_text(Wide v) {
  const bool negative = v < 0;
  WideMagnitude m = negative ? -static_cast<WideMagnitude>(v) : static_cast<WideMagnitude>(v);
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  } while (m != 0);
  return negative ? "-" + s : s;
}

// A list of `count` integers at `path`.
std::vector<std::int64_t> int_list(const json& w, const std::string& path, const char* name,
                                   std::size_t count) {
  const json& a = witness_field(w, path, name);
  const std::string at = path + "/" + name;
  if (!a.is_array() || a.size() != count) {
    throw WitnessError(at, fmt::format("a list of {} integers (one per line left)", count));
  }
  std::vector<std::int64_t> out;
  out.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    if (!a[k].is_number_integer() ||
        (a[k].is_number_unsigned() && a[k].get<std::uint64_t>() > INT64_MAX)) {
      throw WitnessError(fmt::format("{}/{}", at, k), "not an integer");
    }
    out.push_back(a[k].get<std::int64_t>());
  }
  return out;
}

}  // namespace

nlohmann::json explain(std::string_view position, const Params&) {
  const Position p = parse_position(position);
  const Progress g = progress_of(p);
  const GridMatrix& m = *p.matrix;
  json rows = json::array(), cols = json::array(), matching = json::array(), u = json::array(),
       v = json::array();
  std::vector<std::string> text;
  Score total = g.score;
  if (!g.rows.empty()) {
    // The solver for the matrix as stored (GridMatrix), reading it in place.
    m.visit([&](const auto& stored) {
      using Stored = typename std::decay_t<decltype(stored)>::value_type;
      const algorithms::assignment::BasicSolver<std::int64_t, Stored> plan(
          stored, live_mask(g.rows, m.size()), live_mask(g.cols, m.size()));
      total += plan.cost();
      for (const int r : g.rows) {
        rows.push_back(r + 1);
        matching.push_back(plan.column_of(static_cast<std::size_t>(r)) + 1);
        u.push_back(plan.row_potential(static_cast<std::size_t>(r)));
      }
      for (const int c : g.cols) {
        cols.push_back(c + 1);
        v.push_back(plan.column_potential(static_cast<std::size_t>(c)));
      }
    });
  }
  const std::size_t left = g.rows.size();
  if (left == 0) {
    text.push_back(fmt::format("Every line is crossed: Alice's total is {}.", g.score));
  } else {
    text.push_back(fmt::format(
        "Each play pairs every row with the column Bob crosses right after it, so Alice's total "
        "is {}the cost of a perfect matching of the {} rows and {} columns left. Bob can "
        "always force the cheapest one: he fixes it and answers each row with its partner "
        "(always still open). So the value is {}, and Alice's choices do not change it.",
        g.score != 0 || p.moves.size() > 0 ? "the score so far plus " : "", left, left,
        // The sum is spelled out only where something is crossed already.
        g.score != 0 || p.moves.size() > 0
            ? fmt::format("{} + {} = {}", g.score, total - g.score, total)
            : fmt::format("{}", total)));
    text.push_back(
        "Why no matching is cheaper: the row potentials u and column potentials v satisfy "
        "u(i) + v(j) <= M(i, j) on every cell left, so any perfect matching costs at least "
        "sum u + sum v; Bob's matching meets every one of its cells with equality, so it costs "
        "exactly that.");
    std::string answers;
    for (std::size_t k = 0; k < left && k < kAnswersShown; ++k) {
      answers += fmt::format("{}row {} -> column {}", k == 0 ? "" : ", ", rows[k].get<int>(),
                             matching[k].get<std::size_t>());
    }
    if (left > kAnswersShown) answers += fmt::format(", ... ({} in all)", left);
    text.push_back("Bob's answers: " + answers + ".");
  }
  return {{"kind", "matching"},
          {"value", to_json(Value::of_score(total, ValueSource::kTheory))},
          {"text", text},
          {"witness",
           {{"score_so_far", g.score},
            {"rows", rows},
            {"columns", cols},
            {"matching", matching},
            {"u", u},
            {"v", v}}}};
}

void check_witness(std::string_view position, const Params&, const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Position p = parse_position(position);
  const GridMatrix& m = *p.matrix;
  // What is left, from the rules' own bookkeeping of the crossed lines.
  const Progress g = progress_of(p);
  const std::size_t left = g.rows.size();
  if (witness_int(w, path, "score_so_far") != g.score) {
    throw WitnessError(path + "/score_so_far",
                       fmt::format("the crossed cells add up to {}", g.score));
  }
  const std::vector<std::int64_t> rows = int_list(w, path, "rows", left);
  const std::vector<std::int64_t> cols = int_list(w, path, "columns", left);
  for (std::size_t k = 0; k < left; ++k) {
    if (rows[k] != g.rows[k] + 1) {
      throw WitnessError(fmt::format("{}/rows/{}", path, k),
                         fmt::format("the rows left are not these (row {} is)", g.rows[k] + 1));
    }
    if (cols[k] != g.cols[k] + 1) {
      throw WitnessError(
          fmt::format("{}/columns/{}", path, k),
          fmt::format("the columns left are not these (column {} is)", g.cols[k] + 1));
    }
  }
  const std::vector<std::int64_t> match = int_list(w, path, "matching", left);
  const std::vector<std::int64_t> u = int_list(w, path, "u", left);
  const std::vector<std::int64_t> v = int_list(w, path, "v", left);
  // The matching: a bijection onto the columns left (index into `cols`).
  std::vector<std::size_t> slot(static_cast<std::size_t>(m.size()) + 1, SIZE_MAX);
  for (std::size_t k = 0; k < left; ++k) slot[static_cast<std::size_t>(cols[k])] = k;
  std::vector<char> used(left, 0);
  std::vector<std::size_t> partner(left);
  for (std::size_t k = 0; k < left; ++k) {
    const std::int64_t c = match[k];
    const std::size_t j = c >= 1 && c <= m.size() ? slot[static_cast<std::size_t>(c)] : SIZE_MAX;
    if (j == SIZE_MAX) {
      throw WitnessError(fmt::format("{}/matching/{}", path, k),
                         fmt::format("column {} is not one of the columns left", c));
    }
    if (used[j]) {
      throw WitnessError(fmt::format("{}/matching/{}", path, k),
                         fmt::format("column {} is matched twice", c));
    }
    used[j] = 1;
    partner[k] = j;
  }
  // Dual feasibility on every cell left, tightness on the matching: exact.
  Wide matched = 0, duals = 0;
  for (std::size_t i = 0; i < left; ++i) {
    const int r = g.rows[i];
    for (std::size_t j = 0; j < left; ++j) {
      const Wide cost = m(r, g.cols[j]);
      const Wide sum = Wide{u[i]} + Wide{v[j]};
      if (sum > cost) {
        throw WitnessError(fmt::format("{}/u/{}", path, i),
                           fmt::format("u(row {}) + v(column {}) = {} exceeds the cell's {}", r + 1,
                                       g.cols[j] + 1, wide_text(sum), wide_text(cost)));
      }
      if (j == partner[i]) {
        if (sum != cost) {
          throw WitnessError(fmt::format("{}/matching/{}", path, i),
                             fmt::format("row {} is matched to column {}, where u + v = {} is "
                                         "not the cell's {}",
                                         r + 1, g.cols[j] + 1, wide_text(sum), wide_text(cost)));
        }
        matched += cost;
      }
    }
    duals += Wide{u[i]};
  }
  for (std::size_t j = 0; j < left; ++j) duals += Wide{v[j]};
  if (matched != duals) {  // implied by tightness; kept as a guard on the arithmetic
    throw WitnessError(path, "the matching's cost is not the duals' sum");
  }
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  const Wide value = Wide{g.score} + matched;
  if (argued.kind != ValueKind::kScore || !argued.score || Wide{*argued.score} != value) {
    throw WitnessError(
        "/argument/value",
        fmt::format("the score so far plus the minimum matching is {}", wide_text(value)));
  }
}

}  // namespace perfectplay::games::gridgame
