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
#include <chrono>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "api/entry.h"
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

std::string options_of(const std::string& name, const std::string& options) {
  const pp::GameEntry& g = entry(name);
  return pp::options_json(g, params(g, options, pp::SearchLimits{}.max_states)).dump();
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

std::vector<std::string> moves(const std::string& name, const std::string& options,
                               std::uint64_t max_states, const std::string& position) {
  const pp::GameEntry& g = entry(name);
  const pp::Params p = params(g, options, max_states);
  const auto& f = offered(g, g.moves, "moves");
  py::gil_scoped_release unlocked;
  return f(position, p);
}

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

// Float costs: NaN and -inf (after the sign flip of maximize) are refused as
// SciPy refuses them; +inf marks a forbidden pair. The caller's array is
// solved in place (read only) unless it must be flipped or transposed.
Pairs assign_float(const double* a, std::size_t r, std::size_t c, bool maximize) {
  const bool transpose = r > c;
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

// Integer costs stay exact: solved in place when within the solver's range
// and neither flipped nor transposed; else shifted to [0, spread] (every full
// assignment shifts by the same amount) and solved in int64 when the spread
// is within range, or in double, as SciPy would, when it is not.
Pairs assign_int(const std::int64_t* a, std::size_t r, std::size_t c, bool maximize) {
  const bool transpose = r > c;
  // One pass, AVX2 where the CPU has it (baseline x86-64 has no 64-bit
  // integer compare to vectorize with).
  const auto [low, high] = asg::min_max(a, r * c);
  const std::size_t rows = std::min(r, c), cols = std::max(r, c);
  // high >= low, so the difference is exact in unsigned arithmetic.
  const std::uint64_t spread = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
  if (rows > asg::kMaxN || spread > static_cast<std::uint64_t>(asg::kMaxAbsCost)) {
    std::vector<double> m;
    lay_out(a, r, c, transpose, m, [maximize](std::int64_t x) {
      return maximize ? -static_cast<double>(x) : static_cast<double>(x);
    });
    return solve_laid_out(m.data(), rows, cols, transpose);
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
  Pairs pairs;
  if (r != 0 && c != 0) {
    const void* data = cost.data();
    try {
      const py::gil_scoped_release unlocked;
      pairs = is_int ? assign_int(static_cast<const std::int64_t*>(data), r, c, maximize)
                     : assign_float(static_cast<const double*>(data), r, c, maximize);
    } catch (const Interrupted&) {
      throw py::error_already_set();
    } catch (const asg::Infeasible&) {
      throw std::invalid_argument("cost matrix is infeasible");
    }
  }
  return py::make_tuple(to_numpy(pairs.first), to_numpy(pairs.second));
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
      raise_with(g_input_error, e.format(""),
                 {{"line", py::int_(e.line())},
                  {"column", py::int_(e.column())},
                  {"message", py::str(e.message())}});
    } catch (const pp::SearchLimitExceeded& e) {
      raise_with(g_search_limit, e.what(), {{"limit", py::int_(e.limit())}});
    } catch (const pp::RequestError& e) {
      raise_with(g_request_error, e.what(), {});
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
  m.def("moves", &moves);
  m.def("apply", &apply);
  m.def("generate", &generate);
  m.def("verify", &verify);
  m.def("linear_sum_assignment", &linear_sum_assignment);
  bind_own_game(m);
}
