// Octal games' explanation: Sprague-Grundy with the Guy-Smith period.
#include "games/octal/octal_explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "api/explain.h"
#include "core/input_error.h"
#include "games/octal/octal.h"
#include "games/octal/octal_io.h"
#include "games/octal/octal_theory.h"

namespace perfectplay::games::octal {

namespace {

using nlohmann::json;

constexpr std::size_t kRowsShown = 12;

Code code_from(const Params& params) {
  auto parsed = parse_code(params.text("code"));
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    throw RequestError("the octal code: " + *why);
  }
  return std::get<Code>(std::move(parsed));
}

// The table index row n reads: n itself inside the stored prefix, else its
// residue in the period.
std::uint64_t entry_of(const Theory& t, std::uint64_t n) {
  if (n < t.computed()) return n;
  return t.preperiod() + (n - t.preperiod()) % t.period();
}

// G(0 .. n - 1) from the rules alone: for each row length, the mex of the
// values of every option the code allows.
std::vector<std::uint64_t> grundy_prefix(const Code& code, std::uint64_t n) {
  std::vector<std::uint64_t> g;
  g.reserve(n);
  std::vector<char> seen;
  for (std::uint64_t len = 0; len < n; ++len) {
    seen.assign(2 * len + 2, 0);  // option values stay below that (a mex bound)
    const auto mark = [&](std::uint64_t v) {
      if (v < seen.size()) seen[v] = 1;
    };
    for (std::uint64_t k = 1; k <= code.last && k <= len; ++k) {
      const std::uint64_t rest = len - k;
      if (rest == 0) {
        if (code.whole(k)) mark(0);
        continue;
      }
      if (code.leave_one(k)) mark(g[rest]);
      if (code.split(k)) {
        for (std::uint64_t a = 1; a <= rest / 2; ++a) mark(g[a] ^ g[rest - a]);
      }
    }
    std::uint64_t mex = 0;
    while (mex < seen.size() && seen[mex]) ++mex;
    g.push_back(mex);
  }
  return g;
}

}  // namespace

nlohmann::json explain(std::string_view position, const Params& params) {
  const std::shared_ptr<const Theory> t = theory_of(code_from(params));
  const Position p = parse_position(position, *t);
  const Code& code = t->code();
  const std::uint64_t x = t->nim_sum(p.rows);
  std::vector<std::string> text;
  if (t->periodic()) {
    text.push_back(fmt::format(
        "Code {}: a row's Grundy value G(n) is the mex of its options' values (a split is worth "
        "the XOR of its two parts). The table is periodic with period {} from n = {}: checked "
        "for {} <= n < {} (2 n0 + p + t, with t = {} the code's last digit), which by the "
        "Guy-Smith theorem proves it for every n.",
        code.text, t->period(), t->preperiod(), t->preperiod(),
        2 * t->preperiod() + t->period() + code.last, code.last));
  } else {
    text.push_back(fmt::format(
        "Code {}: no period proven within the work budget; G(n) is computed directly for the "
        "first {} lengths, which covers every row here.",
        code.text, t->computed()));
  }
  json rows = json::array();
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const std::uint64_t n = p.rows[i];
    const std::uint64_t e = entry_of(*t, n);
    const std::uint64_t g = t->grundy(n);
    if (rows.size() < kWitnessListed) rows.push_back({{"pins", n}, {"entry", e}, {"nimber", g}});
    if (i < kRowsShown) {
      text.push_back(n == e ? fmt::format("  row {:>2}: {} pins, G = {}", i + 1, n, g)
                            : fmt::format("  row {:>2}: {} pins, read as entry {} (the same "
                                          "residue mod {}), G = {}",
                                          i + 1, n, e, t->period(), g));
    }
  }
  if (p.rows.size() > kRowsShown) text.push_back(fmt::format("  ... ({} rows)", p.rows.size()));
  json move = nullptr;
  if (x == 0) {
    text.push_back(
        "The nim-sum of the rows' values is 0: every move changes one row's value and leaves a "
        "non-zero nim-sum, which the opponent zeroes again. The player to move loses.");
  } else {
    text.push_back(fmt::format(
        "The nim-sum of the rows' values is {} (not 0): the player to move wins by replacing "
        "one row with parts worth that row's value XOR {}.",
        x, x));
    if (const std::optional<Move> m = t->winning_move(p.rows)) {
      const std::uint64_t after = t->grundy(m->left) ^ t->grundy(m->right);
      move = {{"row", m->row + 1},
              {"take", m->take},
              {"left", m->left},
              {"right", m->right},
              {"nimber_after", after}};
      text.push_back(fmt::format(
          "Winning move: take {} from row {} ({} pins), leaving {} and {} (worth {} ^ {} = {}, "
          "the row's {} XOR {}).",
          m->take, m->row + 1, p.rows[m->row], m->left, m->right, t->grundy(m->left),
          t->grundy(m->right), after, t->grundy(p.rows[m->row]), x));
    }
  }
  return {{"kind", "grundy-table"},
          {"value", to_json(Value::of_nimber(x, ValueSource::kTheory))},
          {"text", text},
          {"witness",
           {{"code", code.text},
            {"preperiod", t->periodic() ? t->preperiod() : 0},
            {"period", t->period()},
            {"computed", t->computed()},
            {"rows", std::move(rows)},
            {"rows_total", p.rows.size()},
            {"nim_sum", x},
            {"move", move}}}};
}

void check_witness(std::string_view position, const Params& params,
                   const nlohmann::json& argument) {
  const std::string path = "/argument/witness";
  const json& w = witness_field(argument, "/argument", "witness");
  const Code code = code_from(params);
  if (witness_field(w, path, "code") != code.text) {
    throw WitnessError(path + "/code", fmt::format("the document's code is {}", code.text));
  }
  const std::uint64_t n0 = witness_uint(w, path, "preperiod");
  const std::uint64_t p = witness_uint(w, path, "period");
  const json& rows = witness_field(w, path, "rows");
  if (!rows.is_array()) throw WitnessError(path + "/rows", "not an array");
  // The rows of the position (parsed by the rules' syntax: a theory is
  // needed only for its limits, the rows themselves are plain numbers).
  const Position pos = parse_position(position, *theory_of(code));
  // The first rows are listed (a long position's list stops at
  // kWitnessListed); every row, listed or not, is valued here.
  if (rows.size() > pos.rows.size()) {
    throw WitnessError(path + "/rows", fmt::format("the position has {} rows", pos.rows.size()));
  }
  check_list_total(w, path, "rows_total", rows.size(), pos.rows.size(),
                   fmt::format("the position has {} rows", pos.rows.size()));
  // The entry a row reads: the listed one, checked to be the row itself or
  // (with a period) one of its residue class at or past n0; an unlisted row
  // reads its residue past the periodic range, else itself.
  const auto entry = [&](std::size_t i) {
    const std::uint64_t n = pos.rows[i];
    if (i >= rows.size()) return p != 0 && n >= n0 + p ? n0 + (n - n0) % p : n;
    const std::string at = fmt::format("{}/rows/{}", path, i);
    if (witness_uint(rows[i], at, "pins") != n) {
      throw WitnessError(at + "/pins", fmt::format("row {} has {} pins", i + 1, n));
    }
    const std::uint64_t e = witness_uint(rows[i], at, "entry");
    const bool same = e == n;
    const bool residue = p != 0 && n >= n0 && e >= n0 && e < n && (n - e) % p == 0;
    if (!same && !residue) {
      throw WitnessError(
          at + "/entry",
          fmt::format("entry {} is not row length {} nor of its residue class", e, n));
    }
    return e;
  };
  // How far the table must be recomputed (a first pass over the rows, so
  // that a million rows need no list of their entries).
  std::uint64_t need = 1;
  if (p != 0) need = std::max(need, 2 * n0 + p + code.last + p);
  for (std::size_t i = 0; i < pos.rows.size(); ++i) need = std::max(need, entry(i) + 1);
  const json& m = witness_field(w, path, "move");
  if (!m.is_null()) {
    // A part past the periodic range reads its residue's entry.
    const auto reduced = [&](std::uint64_t n) {
      return p != 0 && n >= n0 + p ? n0 + (n - n0) % p : n;
    };
    need = std::max({need, reduced(witness_uint(m, path + "/move", "left")) + 1,
                     reduced(witness_uint(m, path + "/move", "right")) + 1});
  }
  if (need > kCheckEntries) {
    throw WitnessError(path, fmt::format("checking it needs G(0..{}), past the {} this checker "
                                         "recomputes",
                                         need - 1, kCheckEntries));
  }
  const std::vector<std::uint64_t> g = grundy_prefix(code, need);
  if (p != 0) {
    for (std::uint64_t n = n0; n < 2 * n0 + p + code.last; ++n) {
      if (g[n + p] != g[n]) {
        throw WitnessError(path + "/period",
                           fmt::format("G({}) = {} but G({}) = {}: not a period from {}", n, g[n],
                                       n + p, g[n + p], n0));
      }
    }
  }
  // Past the periodic range an entry stands for any row of its class.
  const auto value_of = [&](std::uint64_t n) {
    if (n < g.size()) return g[n];
    return g[n0 + (n - n0) % p];
  };
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < pos.rows.size(); ++i) {
    const std::uint64_t e = entry(i);
    if (i < rows.size()) {
      const std::string at = fmt::format("{}/rows/{}", path, i);
      if (witness_uint(rows[i], at, "nimber") != g[e]) {
        throw WitnessError(at + "/nimber", fmt::format("G({}) = {}", e, g[e]));
      }
    }
    x ^= g[e];
  }
  if (witness_uint(w, path, "nim_sum") != x) {
    throw WitnessError(path + "/nim_sum", fmt::format("the rows' values XOR to {}", x));
  }
  const Value argued =
      witness_value(witness_field(argument, "/argument", "value"), "/argument/value");
  if (argued.kind != ValueKind::kNimber || argued.nimber != x) {
    throw WitnessError("/argument/value", fmt::format("the position is worth *{}", x));
  }
  if (m.is_null()) {
    if (x != 0) {
      bool any = false;
      for (const std::uint64_t r : pos.rows) any = any || r > 0;
      if (any) throw WitnessError(path + "/move", "a non-zero nim-sum needs its winning move");
    }
    return;
  }
  if (x == 0) throw WitnessError(path + "/move", "no move wins from a nim-sum of 0");
  const std::uint64_t row = witness_uint(m, path + "/move", "row");
  if (row == 0 || row > pos.rows.size()) {
    throw WitnessError(path + "/move/row", fmt::format("rows are 1 to {}", pos.rows.size()));
  }
  const std::uint64_t take = witness_uint(m, path + "/move", "take");
  const std::uint64_t left = witness_uint(m, path + "/move", "left");
  const std::uint64_t right = witness_uint(m, path + "/move", "right");
  const std::uint64_t n = pos.rows[row - 1];
  const Rules rules(code);
  if (take > n || left + right != n - take || !rules.allows(n, take, left)) {
    throw WitnessError(path + "/move", fmt::format("the code does not allow taking {} from {} "
                                                   "pins leaving {} and {}",
                                                   take, n, left, right));
  }
  const std::uint64_t after = value_of(left) ^ value_of(right);
  if (witness_uint(m, path + "/move", "nimber_after") != after) {
    throw WitnessError(path + "/move/nimber_after", fmt::format("the parts are worth {}", after));
  }
  if ((x ^ value_of(n) ^ after) != 0) {
    throw WitnessError(path + "/move", "the move does not leave a nim-sum of 0");
  }
}

}  // namespace perfectplay::games::octal
