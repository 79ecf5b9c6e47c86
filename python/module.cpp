// perfectplay._core: the Python front end's native half (docs/python.md).
//
// Thin, like the command line: it parses nothing itself. A game is named by
// its registry name with its options as a JSON object (api's
// params_from_json); analyses and reports come back as the JSON text the
// command line prints with --json, which perfectplay/__init__.py turns into
// dicts, so the two front ends cannot drift apart.
//
// Every call that may run long releases the GIL, so other Python threads run
// meanwhile. Ctrl-C: the assignment solver polls for signals between its
// augmenting paths (a call is abandoned within one path, O(n^2) at most); a
// game's search has no such hook, so Ctrl-C there takes effect when the call
// returns, and --max-states (max_states=) is what bounds it.
#include <Python.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "algorithms/assignment/assignment_exact.h"
#include "algorithms/assignment/assignment_rank_one.h"
#include "api/entry.h"
#include "api/explain.h"
#include "api/game_state.h"
#include "cgt.h"
#include "core/input_error.h"
#include "own_game.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"

namespace py = pybind11;
namespace pp = perfectplay;
namespace asg = perfectplay::algorithms::assignment;

namespace {

// The exception classes, made once at import (perfectplay re-exports them).
PyObject* g_input_error = nullptr;
PyObject* g_request_error = nullptr;
PyObject* g_search_limit = nullptr;

// The library's messages name command-line options (`--max-states`,
// `--code`); in Python they are keyword arguments: `--max-states` reads
// `max_states`, `--code '4.0'` reads `code '4.0'`.
std::string python_words(std::string text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t k = 0; k < text.size(); ++k) {
    const bool option = text.compare(k, 2, "--") == 0 && k + 2 < text.size() &&
                        std::islower(static_cast<unsigned char>(text[k + 2])) != 0 &&
                        (k == 0 || std::isalnum(static_cast<unsigned char>(text[k - 1])) == 0);
    if (!option) {
      out += text[k];
      continue;
    }
    k += 2;
    for (; k < text.size(); ++k) {
      const char c = text[k];
      if (c == '-' && k + 1 < text.size() &&
          std::isalnum(static_cast<unsigned char>(text[k + 1])) != 0) {
        out += '_';
      } else if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
        out += c;
      } else {
        break;
      }
    }
    --k;
  }
  return out;
}

// Raises `type(text)` with the given attributes set on the instance.
void raise_with(PyObject* type, const std::string& text,
                std::initializer_list<std::pair<const char*, py::object>> attrs) {
  py::object e = py::reinterpret_steal<py::object>(PyObject_CallFunction(type, "s", text.c_str()));
  if (!e) return;  // the call failed and set its own error
  for (const auto& [name, value] : attrs) e.attr(name) = value;
  PyErr_SetObject(type, e.ptr());
}

const pp::GameEntry& entry(const std::string& name) {
  const pp::GameEntry* g = pp::find_game(name);
  if (g == nullptr) {
    throw pp::RequestError("unknown game '" + name + "' (perfectplay.games() lists them)");
  }
  return *g;
}

// The game's Params from its options (a JSON object) and the search budget.
pp::Params params(const pp::GameEntry& g, const std::string& options, std::uint64_t max_states) {
  pp::Params p = pp::params_from_json(g, nlohmann::json::parse(options));
  p.limits.max_states = max_states;
  return p;
}

template <class F>
const F& offered(const pp::GameEntry& g, const F& f, const char* command) {
  if (!f) throw pp::RequestError(g.name + " offers no `" + command + "` (" + g.summary + ")");
  return f;
}

std::string games() {
  nlohmann::json j = nlohmann::json::array();
  for (const pp::GameEntry& g : pp::all_games()) j.push_back(pp::game_json(g));
  return j.dump();
}

// The options in force, checked as the game checks them where it builds its
// model (octal's code): game("octal", code="4.0") is refused at once, not at
// its first call.
std::string options_of(const std::string& name, const std::string& options) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, pp::SearchLimits{}.max_states);
  if (g.check_position && !g.default_position.empty()) g.check_position(g.default_position, p);
  return pp::options_json(g, p).dump();
}

std::string solve(const std::string& name, const std::string& options, std::uint64_t max_states,
                  const std::string& text, bool json) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  offered(g, g.solve, "solve");
  py::gil_scoped_release unlocked;
  return json ? pp::solve_document(g, text, p).dump() : g.solve(text, p);
}

std::string analyze(const std::string& name, const std::string& options, std::uint64_t max_states,
                    const std::string& position, bool hint) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  if (hint) {
    const auto& f = offered(g, g.hint, "hint");
    py::gil_scoped_release unlocked;
    return pp::to_json(f(position, p)).dump();
  }
  const auto& f = offered(g, g.analyze, "analyze");
  py::gil_scoped_release unlocked;
  return pp::to_json(f(position, p)).dump();
}

// explain --json's document of a position (Game.explain).
std::string explain(const std::string& name, const std::string& options, std::uint64_t max_states,
                    const std::string& position, int depth) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  offered(g, g.analyze, "explain");
  py::gil_scoped_release unlocked;
  return pp::explain_document(g, position, p, pp::ExplainOptions{depth}).dump();
}

// explain --check of a document (perfectplay.check_explanation): {"holds":
// true, "checked": [...]} or {"holds": false, "path", "error"}.
std::string check_explanation(const std::string& document) {
  const nlohmann::json doc = nlohmann::json::parse(document, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("game") || !doc["game"].is_string()) {
    throw pp::RequestError("an explanation is a JSON object naming its \"game\"");
  }
  const pp::GameEntry& g = entry(doc["game"].get<std::string>());
  py::gil_scoped_release unlocked;
  try {
    return nlohmann::json{{"holds", true}, {"checked", pp::check_explanation(g, doc).checked}}
        .dump();
  } catch (const pp::WitnessError& e) {
    return nlohmann::json{{"holds", false}, {"path", e.path()}, {"error", e.what()}}.dump();
  }
}

// `play`'s help: runs of moves written `FIRST .. LAST`, huge positions
// abbreviated (Game.moves(ranges=True)).
std::vector<std::string> move_help(const std::string& name, const std::string& options,
                                   std::uint64_t max_states, const std::string& position) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  const auto& f = offered(g, g.moves, "moves");
  py::gil_scoped_release unlocked;
  return f(position, p);
}

// Every legal move, each a real one (Game.moves()): the state's actions.
std::vector<std::string> legal_moves(const std::string& name, const std::string& options,
                                     std::uint64_t max_states, const std::string& position) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  const auto& f = offered(g, g.new_state, "moves");
  py::gil_scoped_release unlocked;
  const std::unique_ptr<pp::GameState> s = f(position, p);
  std::vector<std::string> out(s->num_actions());
  for (std::size_t a = 0; a < out.size(); ++a) out[a] = s->action_to_string(a);
  return out;
}

// Many positions' analyses (or hints) in one call, as one JSON array: the
// game's model is built once per position by the entry, the GIL released
// for the whole batch.
std::string analyze_batch(const std::string& name, const std::string& options,
                          std::uint64_t max_states, const std::vector<std::string>& positions,
                          bool hint) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  nlohmann::json out = nlohmann::json::array();
  if (hint) {
    const auto& f = offered(g, g.hint, "hint");
    py::gil_scoped_release unlocked;
    for (const std::string& pos : positions) out.push_back(pp::to_json(f(pos, p)));
  } else {
    const auto& f = offered(g, g.analyze, "analyze");
    py::gil_scoped_release unlocked;
    for (const std::string& pos : positions) out.push_back(pp::to_json(f(pos, p)));
  }
  return out.dump();
}

// ---- State ------------------------------------------------------------------

// perfectplay.State: a GameState with its game's name and options, for the
// JSON of its analyses. Its methods are bound one to one, and the quick
// ones keep the GIL (releasing it costs about what a move costs).
struct State {
  const pp::GameEntry* game;
  pp::Params params;
  std::unique_ptr<pp::GameState> s;

  State clone() const { return State{game, params, s->clone()}; }
};

// An action argument: any integer (int, numpy's, anything with __index__),
// named in the error when it is not one or is out of range.
std::size_t action_arg(py::handle h, State& st) {
  if (PyBool_Check(h.ptr()) || PyFloat_Check(h.ptr()) || PyUnicode_Check(h.ptr())) {
    throw py::type_error(std::string("action must be an integer, not ") +
                         Py_TYPE(h.ptr())->tp_name);
  }
  const py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!index) {
    PyErr_Clear();
    throw py::type_error(std::string("action must be an integer, not ") +
                         Py_TYPE(h.ptr())->tp_name);
  }
  int overflow = 0;
  const long long a = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0 || a < 0 || static_cast<unsigned long long>(a) >= st.s->num_actions()) {
    const std::size_t n = st.s->num_actions();
    throw pp::RequestError(n == 0 ? "action " + py::str(index).cast<std::string>() +
                                        ": the game is over, no action is legal"
                                  : "action " + py::str(index).cast<std::string>() +
                                        " is not legal here: actions are 0 to " +
                                        std::to_string(n - 1));
  }
  return static_cast<std::size_t>(a);
}

State new_state(const std::string& name, const std::string& options, std::uint64_t max_states,
                const std::string& position) {
  const pp::GameEntry& g = entry(name);
  pp::Params p = params(g, options, max_states);
  const auto& f = offered(g, g.new_state, "new_initial_state");
  std::unique_ptr<pp::GameState> s;
  {
    py::gil_scoped_release unlocked;
    s = f(position, p);
  }
  return State{&g, std::move(p), std::move(s)};
}

// The pyspiel constant for "no player: the game is over".
constexpr int kTerminalPlayer = -4;

std::string apply(const std::string& name, const std::string& options, std::uint64_t max_states,
                  const std::string& position, const std::string& move) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  const auto& f = offered(g, g.apply, "play");
  py::gil_scoped_release unlocked;
  return f(position, move, p);
}

std::string generate(const std::string& name, const std::string& options, pp::Seed seed) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, pp::SearchLimits{}.max_states);
  const auto& f = offered(g, g.generate, "generate");
  py::gil_scoped_release unlocked;
  return f(seed, p, pp::TextSink{});
}

std::string verify(const std::string& name, const std::string& options, std::uint64_t trials,
                   pp::Seed seed) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, pp::SearchLimits{}.max_states);
  const auto& f = offered(g, g.verify, "verify");
  py::gil_scoped_release unlocked;
  return pp::verify_document(g, p, seed, f(trials, seed, p)).dump();
}

// ---- linear_sum_assignment ------------------------------------------------

// Thrown from the solver's poll when Python has a pending KeyboardInterrupt
// (or another signal handler raised): the error is already set.
struct Interrupted {};

// Copies the r x c matrix `a` into `out` as the solver's rows <= cols
// matrix, transposed when r > c, each entry mapped through f. The transpose
// goes by 32 x 32 tiles so that both sides stay in cache.
template <class Cost, class In, class F>
void lay_out(const In* a, std::size_t r, std::size_t c, bool transpose, std::vector<Cost>& out,
             F f) {
  out.resize(r * c);
  if (!transpose) {
    for (std::size_t k = 0; k < r * c; ++k) out[k] = f(a[k]);
    return;
  }
  constexpr std::size_t kTile = 32;
  for (std::size_t i0 = 0; i0 < r; i0 += kTile) {
    for (std::size_t j0 = 0; j0 < c; j0 += kTile) {
      const std::size_t i1 = std::min(r, i0 + kTile), j1 = std::min(c, j0 + kTile);
      for (std::size_t i = i0; i < i1; ++i) {
        for (std::size_t j = j0; j < j1; ++j) out[j * r + i] = f(a[i * c + j]);
      }
    }
  }
}

using Pairs = std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>>;

// Solves the laid-out matrix (rows <= cols) and gives the pairs in the
// caller's terms, sorted by the caller's row. Called without the GIL.
template <class Cost>
Pairs solve_laid_out(const Cost* m, std::size_t rows, std::size_t cols, bool transposed) {
  // Taking the GIL costs microseconds: signals are checked at most every
  // 20 ms, so a long solve pays for a few hundred checks, not one per path.
  auto last = std::chrono::steady_clock::now();
  const asg::BasicSolver<Cost> s(m, rows, cols, [&last] {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(20)) return;
    last = now;
    const py::gil_scoped_acquire locked;
    if (PyErr_CheckSignals() != 0) throw Interrupted{};
  });
  Pairs out;
  out.first.reserve(rows);
  out.second.reserve(rows);
  if (!transposed) {
    for (std::size_t i = 0; i < rows; ++i) {
      out.first.push_back(static_cast<std::int64_t>(i));
      out.second.push_back(static_cast<std::int64_t>(s.column_of(i)));
    }
  } else {
    // The solver's columns are the caller's rows.
    for (std::size_t j = 0; j < cols; ++j) {
      if (s.row_of(j) == asg::kNone) continue;
      out.first.push_back(static_cast<std::int64_t>(j));
      out.second.push_back(static_cast<std::int64_t>(s.row_of(j)));
    }
  }
  return out;
}

py::array_t<std::int64_t> to_numpy(const std::vector<std::int64_t>& v) {
  py::array_t<std::int64_t> a(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), a.mutable_data());
  return a;
}

// Every assignment of a constant matrix costs the same; SciPy promises the
// identity then (its issue 11602: row i to column i), which is what its
// method gives, so the same here, at the cost of one pass.
Pairs identity(std::size_t r, std::size_t c) {
  Pairs out;
  for (std::size_t i = 0; i < std::min(r, c); ++i) {
    out.first.push_back(static_cast<std::int64_t>(i));
    out.second.push_back(static_cast<std::int64_t>(i));
  }
  return out;
}

// A rank-one matrix's assignment (assignment_rank_one.h), as pairs sorted
// by the caller's row, or nothing when the matrix is not of rank one.
template <class Cost>
std::optional<Pairs> rank_one(const Cost* a, std::size_t r, std::size_t c, bool maximize) {
  const auto found = asg::solve_rank_one(a, r, c, maximize);
  if (!found) return std::nullopt;
  Pairs out;
  if (r <= c) {
    for (std::size_t i = 0; i < r; ++i) {
      out.first.push_back(static_cast<std::int64_t>(i));
      out.second.push_back(static_cast<std::int64_t>((*found)[i]));
    }
    return out;
  }
  // Tall: (*found)[j] is the caller's row of column j.
  std::vector<std::int64_t> col_of_row(r, -1);
  for (std::size_t j = 0; j < c; ++j) col_of_row[(*found)[j]] = static_cast<std::int64_t>(j);
  for (std::size_t i = 0; i < r; ++i) {
    if (col_of_row[i] < 0) continue;
    out.first.push_back(static_cast<std::int64_t>(i));
    out.second.push_back(col_of_row[i]);
  }
  return out;
}

// Float costs: NaN and -inf (after the sign flip of maximize) are refused as
// SciPy refuses them; +inf marks a forbidden pair. The caller's array is
// solved in place (read only) unless it must be flipped or transposed.
Pairs assign_float(const double* a, std::size_t r, std::size_t c, bool maximize) {
  const bool transpose = r > c;
  if (std::isfinite(a[0]) &&
      std::all_of(a, a + r * c, [first = a[0]](double x) { return x == first; })) {
    return identity(r, c);
  }
  if (auto pairs = rank_one(a, r, c, maximize)) return std::move(*pairs);
  const auto invalid = [](double y) { return !(y > -std::numeric_limits<double>::infinity()); };
  if (!maximize && !transpose) {
    // One pass, AVX2 where the CPU has it (the solver's dispatch).
    if (!asg::all_above_minus_infinity(a, r * c)) {
      throw std::invalid_argument("matrix contains invalid numeric entries");
    }
    return solve_laid_out(a, r, c, false);
  }
  std::vector<double> m;
  bool bad = false;
  lay_out(a, r, c, transpose, m, [&](double x) {
    const double y = maximize ? -x : x;
    bad |= invalid(y);
    return y;
  });
  if (bad) throw std::invalid_argument("matrix contains invalid numeric entries");
  return solve_laid_out(m.data(), std::min(r, c), std::max(r, c), transpose);
}

// The exact method of assignment_exact.h on a rows x cols matrix read
// through `cost(i, j)` (transposed already when the caller's rows were more),
// costs in [0, spread]: int64 arithmetic where its bound allows, else 128-bit.
template <class CostAt>
Pairs solve_exact_wide(std::size_t rows, std::size_t cols, bool transposed, asg::Int128 spread,
                       CostAt cost) {
  auto last = std::chrono::steady_clock::now();
  const std::function<void()> poll = [&last] {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(20)) return;
    last = now;
    const py::gil_scoped_acquire locked;
    if (PyErr_CheckSignals() != 0) throw Interrupted{};
  };
  std::vector<std::size_t> column_of;
  if (static_cast<asg::Int128>(2 * rows + 2) * spread < (asg::Int128{1} << 61)) {
    column_of = asg::solve_exact<std::int64_t>(
        rows, cols,
        [&](std::size_t i, std::size_t j) { return static_cast<std::int64_t>(cost(i, j)); },
        std::int64_t{1} << 61, poll);
  } else {
    column_of = asg::solve_exact<asg::Int128>(rows, cols, cost, asg::Int128{1} << 125, poll);
  }
  Pairs out;
  if (!transposed) {
    for (std::size_t i = 0; i < rows; ++i) {
      out.first.push_back(static_cast<std::int64_t>(i));
      out.second.push_back(static_cast<std::int64_t>(column_of[i]));
    }
    return out;
  }
  std::vector<std::int64_t> row_of(cols, -1);
  for (std::size_t i = 0; i < rows; ++i) row_of[column_of[i]] = static_cast<std::int64_t>(i);
  for (std::size_t j = 0; j < cols; ++j) {
    if (row_of[j] < 0) continue;
    out.first.push_back(static_cast<std::int64_t>(j));
    out.second.push_back(row_of[j]);
  }
  return out;
}

// Integer costs stay exact: solved in place when within the solver's range
// and neither flipped nor transposed; else shifted to [0, spread] (every full
// assignment shifts by the same amount) and solved in int64 when the spread
// is within the fast solver's range, or by the exact method (128 bits where
// needed) when it is not (SciPy solves those in float64, and can miss the
// optimum by rounding).
Pairs assign_int(const std::int64_t* a, std::size_t r, std::size_t c, bool maximize) {
  const bool transpose = r > c;
  // One pass, AVX2 where the CPU has it (baseline x86-64 has no 64-bit
  // integer compare to vectorize with).
  const auto [low, high] = asg::min_max(a, r * c);
  if (low == high) return identity(r, c);
  if (auto pairs = rank_one(a, r, c, maximize)) return std::move(*pairs);
  const std::size_t rows = std::min(r, c), cols = std::max(r, c);
  // high >= low, so the difference is exact in unsigned arithmetic.
  const std::uint64_t spread = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
  if (rows > asg::kMaxN || spread > static_cast<std::uint64_t>(asg::kMaxAbsCost)) {
    const auto at = [&](std::size_t i, std::size_t j) {
      const std::int64_t x = transpose ? a[j * c + i] : a[i * c + j];
      return static_cast<asg::Int128>(maximize ? static_cast<asg::Int128>(high) - x
                                               : static_cast<asg::Int128>(x) - low);
    };
    return solve_exact_wide(rows, cols, transpose, static_cast<asg::Int128>(spread), at);
  }
  if (!maximize && !transpose && low >= -asg::kMaxAbsCost && high <= asg::kMaxAbsCost) {
    return solve_laid_out(a, r, c, false);
  }
  std::vector<std::int64_t> m;
  if (maximize) {
    lay_out(a, r, c, transpose, m, [high](std::int64_t x) { return high - x; });
  } else {
    lay_out(a, r, c, transpose, m, [low](std::int64_t x) { return x - low; });
  }
  return solve_laid_out(m.data(), rows, cols, transpose);
}

// uint64 costs with an entry past int64 (the caller sends the others as
// int64): shifted to [0, spread] and solved exactly.
Pairs assign_unsigned(const std::uint64_t* a, std::size_t r, std::size_t c, bool maximize) {
  const auto [lo, hi] = std::minmax_element(a, a + r * c);
  const std::uint64_t low = *lo, high = *hi;
  if (low == high) return identity(r, c);
  const bool transpose = r > c;
  const auto at = [&](std::size_t i, std::size_t j) {
    const std::uint64_t x = transpose ? a[j * c + i] : a[i * c + j];
    return static_cast<asg::Int128>(maximize ? high - x : x - low);
  };
  return solve_exact_wide(std::min(r, c), std::max(r, c), transpose,
                          static_cast<asg::Int128>(high - low), at);
}

// Non-negative integers below 2^100 given as their high and low 64-bit
// halves (Python integers past 64 bits, shifted and flipped by the caller).
Pairs assign_halves(const std::uint64_t* high, const std::uint64_t* low, std::size_t r,
                    std::size_t c) {
  const bool transpose = r > c;
  asg::Int128 spread = 0;
  for (std::size_t k = 0; k < r * c; ++k) {
    spread = std::max(spread, (static_cast<asg::Int128>(high[k]) << 64) | low[k]);
  }
  const auto at = [&](std::size_t i, std::size_t j) {
    const std::size_t k = transpose ? j * c + i : i * c + j;
    return (static_cast<asg::Int128>(high[k]) << 64) | low[k];
  };
  return solve_exact_wide(std::min(r, c), std::max(r, c), transpose, spread, at);
}

// Runs `solve` without the GIL and gives its pairs as two int64 arrays,
// translating the solver's interruptions and refusals.
template <class F>
py::tuple solved(std::size_t r, std::size_t c, F solve) {
  Pairs pairs;
  if (r != 0 && c != 0) {
    try {
      const py::gil_scoped_release unlocked;
      pairs = solve();
    } catch (const Interrupted&) {
      throw py::error_already_set();
    } catch (const asg::Infeasible&) {
      throw std::invalid_argument("cost matrix is infeasible");
    }
  }
  return py::make_tuple(to_numpy(pairs.first), to_numpy(pairs.second));
}

py::tuple linear_sum_assignment_unsigned(const py::array_t<std::uint64_t, py::array::c_style>& cost,
                                         bool maximize) {
  if (cost.ndim() != 2) throw std::invalid_argument("expected a 2-D array");
  const auto r = static_cast<std::size_t>(cost.shape(0));
  const auto c = static_cast<std::size_t>(cost.shape(1));
  const std::uint64_t* data = cost.data();
  return solved(r, c, [&] { return assign_unsigned(data, r, c, maximize); });
}

py::tuple linear_sum_assignment_wide(const py::array_t<std::uint64_t, py::array::c_style>& high,
                                     const py::array_t<std::uint64_t, py::array::c_style>& low) {
  if (high.ndim() != 2 || low.ndim() != 2 || high.shape(0) != low.shape(0) ||
      high.shape(1) != low.shape(1)) {
    throw std::invalid_argument("expected two 2-D arrays of one shape");
  }
  const auto r = static_cast<std::size_t>(high.shape(0));
  const auto c = static_cast<std::size_t>(high.shape(1));
  const std::uint64_t* h = high.data();
  const std::uint64_t* l = low.data();
  return solved(r, c, [&] { return assign_halves(h, l, r, c); });
}

// `cost` is a 2-D C-contiguous int64 or float64 array (perfectplay's
// linear_sum_assignment converts whatever it is given into one of them).
py::tuple linear_sum_assignment(const py::array& cost, bool maximize) {
  if (cost.ndim() != 2) throw std::invalid_argument("expected a 2-D array");
  const auto r = static_cast<std::size_t>(cost.shape(0));
  const auto c = static_cast<std::size_t>(cost.shape(1));
  const bool is_int = py::isinstance<py::array_t<std::int64_t>>(cost);
  if (!is_int && !py::isinstance<py::array_t<double>>(cost)) {
    throw std::invalid_argument("expected an int64 or float64 array");
  }
  if ((cost.flags() & py::array::c_style) == 0) {
    throw std::invalid_argument("expected a C-contiguous array");
  }
  const void* data = cost.data();
  return solved(r, c, [&] {
    return is_int ? assign_int(static_cast<const std::int64_t*>(data), r, c, maximize)
                  : assign_float(static_cast<const double*>(data), r, c, maximize);
  });
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "perfectplay's native module; use the `perfectplay` package, not this.";

  g_input_error = PyErr_NewExceptionWithDoc(
      "perfectplay.InputError",
      "Bad input (a contest input, a position): .line and .column (1-based) say where, "
      ".message what; str() gives 'LINE:COL: message' as the command line does.",
      PyExc_ValueError, nullptr);
  g_request_error = PyErr_NewExceptionWithDoc(
      "perfectplay.RequestError",
      "A request that cannot be carried out: an illegal move, an unknown option or game, an "
      "option out of range.",
      PyExc_ValueError, nullptr);
  g_search_limit = PyErr_NewExceptionWithDoc(
      "perfectplay.SearchLimitExceeded",
      "An exhaustive search passed its budget of stored positions (.limit); raise max_states.",
      PyExc_RuntimeError, nullptr);
  m.attr("InputError") = py::handle(g_input_error);
  m.attr("RequestError") = py::handle(g_request_error);
  m.attr("SearchLimitExceeded") = py::handle(g_search_limit);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const pp::InputError& e) {
      raise_with(g_input_error, python_words(e.format("")),
                 {{"line", py::int_(e.line())},
                  {"column", py::int_(e.column())},
                  {"message", py::str(python_words(e.message()))}});
    } catch (const pp::SearchLimitExceeded& e) {
      raise_with(g_search_limit, python_words(e.what()), {{"limit", py::int_(e.limit())}});
    } catch (const pp::RequestError& e) {
      raise_with(g_request_error, python_words(e.what()), {});
    } catch (const nlohmann::json::exception& e) {
      raise_with(g_request_error, std::string("bad options: ") + e.what(), {});
    }
  });

  m.attr("DEFAULT_SEED") = pp::kDefaultSeed;
  m.attr("DEFAULT_MAX_STATES") = pp::SearchLimits{}.max_states;
  m.def("games", &games);
  m.def("options", &options_of);
  m.def("solve", &solve);
  m.def("analyze", &analyze);
  m.def("explain", &explain);
  m.def("check_explanation", &check_explanation);
  m.def("move_help", &move_help);
  m.def("legal_moves", &legal_moves);
  m.def("analyze_batch", &analyze_batch);
  m.def("new_state", &new_state);
  m.def("linear_sum_assignment_unsigned", &linear_sum_assignment_unsigned);
  m.def("linear_sum_assignment_wide", &linear_sum_assignment_wide);
  m.attr("PLAYER_TERMINAL") = kTerminalPlayer;

  // State's methods: pyspiel's names where pyspiel has them.
  const auto stamped = [](const State& st, auto result) {
    result.game = st.game->name;
    result.options = pp::options_json(*st.game, st.params);
    return result;
  };
  py::class_<State>(m, "State", R"(A game in progress, played by action numbers (pyspiel's State).

Made by ``Game.new_initial_state(position)``. An action is the index of a move
in the position's list of legal moves: ``legal_actions()`` is
``[0, 1, ..., k - 1]``, and ``action_to_string(a)`` the move in ``play``
syntax. Players are 0 and 1 by turn, 0 to move in the position the state
started from; ``returns()`` gives each one's result at the end (+1 win, -1
loss, 0 draw; a scored game's final total, positive for the side that
maximizes it).)")
      .def(
          "legal_actions",
          [](State& st) {
            const std::size_t n = st.s->num_actions();
            py::list out(n);
            for (std::size_t a = 0; a < n; ++a) out[a] = py::int_(a);
            return out;
          },
          "The legal actions, 0 to k - 1 (k legal moves); [] when the game is over.")
      .def(
          "num_actions", [](State& st) { return st.s->num_actions(); },
          "How many legal moves the position has (len(legal_actions())).")
      .def(
          "action_to_string",
          [](State& st, py::handle a) { return st.s->action_to_string(action_arg(a, st)); },
          py::arg("action"), "The move of `action` here, in play syntax (Game.play takes it).")
      .def(
          "string_to_action",
          [](State& st, const std::string& move) { return st.s->string_to_action(move); },
          py::arg("move"), "The action of a move typed in play syntax; RequestError if illegal.")
      .def(
          "apply_action", [](State& st, py::handle a) { st.s->apply_action(action_arg(a, st)); },
          py::arg("action"), "Plays `action`; RequestError when it is not legal here.")
      .def(
          "undo", [](State& st) { return st.s->undo(); },
          "Takes back the last action; False when none was played.")
      .def("clone", &State::clone, "An independent copy (history included).")
      .def("__copy__", &State::clone)
      .def("__deepcopy__", [](const State& st, py::handle) { return st.clone(); })
      .def(
          "is_terminal", [](const State& st) { return st.s->is_terminal(); },
          "Whether the game is over.")
      .def(
          "current_player",
          [](const State& st) { return st.s->current_player().value_or(kTerminalPlayer); },
          "0 or 1, the player to move; PLAYER_TERMINAL (-4) when the game is over.")
      .def(
          "mover_name", [](const State& st) { return st.s->mover_name(); },
          "The game's name for the side to move ('Alice', 'the player to move').")
      .def(
          "move_number", [](const State& st) { return st.s->plies(); },
          "Actions played since the start (undo takes one back).")
      .def(
          "returns",
          [](const State& st) {
            const auto r = st.s->returns();
            return std::vector<double>{r[0], r[1]};
          },
          "Each player's result, [r0, r1]: [0.0, 0.0] before the end.")
      .def(
          "position", [](const State& st) { return st.s->position(); },
          "The position, canonical, in the game's position format.")
      .def(
          "value",
          [](const State& st) {
            pp::Value v;
            {
              py::gil_scoped_release unlocked;
              v = st.s->value();
            }
            return py::module_::import("json").attr("loads")(pp::to_json(v).dump());
          },
          "The engine's value of the position to the player to move, as a dict (kind, ...).")
      .def(
          "analyze",
          [stamped](const State& st) {
            std::string text;
            {
              py::gil_scoped_release unlocked;
              text = pp::to_json(stamped(st, st.s->analyze())).dump();
            }
            return py::module_::import("json").attr("loads")(text);
          },
          "Game.analyze of the position: the value and every legal move's.")
      .def(
          "hint",
          [stamped](const State& st) {
            std::string text;
            {
              py::gil_scoped_release unlocked;
              text = pp::to_json(stamped(st, st.s->hint())).dump();
            }
            return py::module_::import("json").attr("loads")(text);
          },
          "Game.hint of the position: the engine's move and why.")
      .def("__str__", [](const State& st) { return st.s->board(); })
      .def("__repr__", [](const State& st) {
        return "<perfectplay.State " + st.game->name + " '" + st.s->position() + "'>";
      });
  m.def("apply", &apply);
  m.def("generate", &generate);
  m.def("verify", &verify);
  m.def("linear_sum_assignment", &linear_sum_assignment);
  bind_own_game(m);
  bind_cgt(m);
}
