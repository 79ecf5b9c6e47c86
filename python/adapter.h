// The adapter between a user's rules, written in Python, and the C++
// solvers: shared by perfectplay._core (own_game.cpp: solve, analyze, tables)
// and perfectplay._program (program.cpp: the rules as a GameEntry for the web
// board, the command line and certify). Each extension module compiles its
// own copy (everything here is inline).
//
//
// The solvers (src/solvers) are templates over a rules class. OwnRules is
// that class for Python rules, and it keeps Python out of the solvers' inner
// loops:
//
//   Position  {id}: a handle, the index of the position in the adapter's
//             arena (objects_[id] holds the Python object). Two positions
//             have the same id iff the user's key(p) of them are equal: the
//             key is interned once, in a dict, when play() first returns the
//             position. So the memo tables store and compare 64-bit ids (the
//             game's packed key, core/game.h) and never call back into
//             Python to compare or hash.
//   Move      the child's id. A position's moves are expanded once, the
//             first time a solver asks for them: moves(p), then play(p, m)
//             and key() of every child, under one hold of the GIL; the child
//             ids are kept (edges_), so a second search of the same position
//             (alpha-beta's re-search, a table's next row, an analysis) calls
//             no Python at all.
//
//   arena:  objects_ [-, p1, p2, p3, ...]   nodes_ [-, n1, n2, n3, ...]
//           ids_ (dict)  key(p2) -> 2
//           edges_  [ 2 3 | 3 | ... ]       n1 = {edges at 0, 2 children}
//
// The GIL is held only while user code runs: the entry points release it
// around the search, and each expansion takes it for its Python calls. Every
// expansion checks for signals first, so Ctrl-C stops a search within one
// position's expansion. An exception raised by the user's code is kept
// (with its traceback, and a note naming the method and the position) and
// re-raised when the search has unwound; rule violations the adapter finds
// (duplicate moves, an unhashable key, a cycle where the game must end, a
// result or score of the wrong type) are RulesError with the same naming.
//
// Draws by repetition ("loopy" rules): the generic solvers require a finite
// acyclic game, so a game that declares loopy = True is solved by retrograde
// analysis over its whole reachable graph (explored once, bounded by
// max_states): positions labelled from the terminals back, in order of
// remoteness, and the ones never labelled are draws.
#pragma once

#include <Python.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/outcome.h"
#include "core/score.h"
#include "solvers/search_limits.h"

namespace perfectplay::pyown {

namespace py = pybind11;
namespace pp = perfectplay;

// perfectplay.RulesError (each module holds it: _core makes it, _program
// takes _core's).
inline PyObject* g_rules_error = nullptr;

// Thrown through the solvers when the user's code raised (or Ctrl-C): the
// Python exception waits in the adapter until the GIL is held again.
struct UserCodeFailed {};

struct Pos {
  std::uint64_t id = 0;
  friend bool operator==(const Pos&, const Pos&) = default;
};

enum class Mode { kWinLoss, kNimber, kScore, kLoopy };

inline Mode mode_of(const std::string& s) {
  if (s == "winloss") return Mode::kWinLoss;
  if (s == "nimber") return Mode::kNimber;
  if (s == "score") return Mode::kScore;
  if (s == "loopy") return Mode::kLoopy;
  throw std::invalid_argument("unknown mode " + s);
}

// The largest score accepted from score(p): room for the solver's sentinels.
inline constexpr pp::Score kMaxUserScore = pp::Score{1} << 60;

class Adapter {
 public:
  static constexpr std::uint32_t kNotExpanded = ~std::uint32_t{0};
  struct Node {
    std::uint64_t edges = 0;         // first child in edges_
    std::uint32_t n = kNotExpanded;  // children, once expanded
    std::int8_t decided = -1;        // a pp::Result fixed by result(p), or -1
    bool maximizer = true;           // scored games: who chooses here
    pp::Score final_score = 0;       // scored games, no move left
    std::uint64_t parts = 0;         // first part in parts_
    std::uint32_t nparts = kNotExpanded;
  };

  Adapter(py::object game, Mode mode, std::uint64_t max_states)
      : game_(std::move(game)), mode_(mode), max_states_(max_states) {
    name_ = py::str(py::getattr(game_, "name", py::str(py::type::of(game_).attr("__name__"))));
    moves_ = game_.attr("moves");
    play_ = game_.attr("play");
    key_ = optional_method("key");
    result_ = optional_method("result");
    format_ = optional_method("format");
    if (mode_ == Mode::kScore) {
      score_ = game_.attr("score");
      maximizer_ = game_.attr("maximizer");
    }
    if (mode_ == Mode::kNimber) components_ = optional_method("components");
    const std::string ending = py::str(py::getattr(game_, "ending", py::str("normal")));
    if (ending != "normal" && ending != "misere") {
      throw py::value_error(name_ + ".ending is '" + ending + "': it must be 'normal' or 'misere'");
    }
    misere_ = ending == "misere";
    objects_.push_back(nullptr);  // ids start at 1
    nodes_.emplace_back();
  }
  ~Adapter() {
    for (PyObject* o : objects_) Py_XDECREF(o);
  }
  Adapter(const Adapter&) = delete;
  Adapter& operator=(const Adapter&) = delete;

  bool misere() const { return misere_; }
  Mode mode() const { return mode_; }
  std::uint64_t positions() const { return objects_.size() - 1; }
  std::uint64_t max_states() const { return max_states_; }
  const Node& node(std::uint64_t id) const { return nodes_[id]; }
  std::uint64_t child(std::uint64_t id, std::uint32_t k) const {
    return edges_[nodes_[id].edges + k];
  }
  PyObject* object(std::uint64_t id) const { return objects_[id]; }

  // The id of a position handed in by the caller (GIL held).
  std::uint64_t intern_root(py::handle p) {
    try {
      return intern(p.ptr(), nullptr, nullptr);
    } catch (const UserCodeFailed&) {
      reraise();
    }
  }

  // The GIL, released for a search and taken back for each expansion by
  // the thread state saved here (PyEval_SaveThread/RestoreThread directly:
  // pybind11's scoped classes look the thread state up each time, which
  // showed as a tenth of the time of a game with cheap rules).
  class Unlocked {
   public:
    explicit Unlocked(Adapter& a) : a_(a) { a_.saved_ = PyEval_SaveThread(); }
    ~Unlocked() { PyEval_RestoreThread(a_.saved_); }
    Unlocked(const Unlocked&) = delete;
    Unlocked& operator=(const Unlocked&) = delete;

   private:
    Adapter& a_;
  };
  // A threaded adapter (served: the web board's workers, which Python does
  // not know) takes the GIL by PyGILState instead, which works from any
  // thread; its caller serializes the adapter's use (program.cpp's lock).
  class Locked {
   public:
    explicit Locked(Adapter& a) : a_(a) {
      if (a_.threaded_) {
        state_ = PyGILState_Ensure();
      } else {
        PyEval_RestoreThread(a_.saved_);
      }
    }
    ~Locked() {
      if (a_.threaded_) {
        PyGILState_Release(state_);
      } else {
        a_.saved_ = PyEval_SaveThread();
      }
    }
    Locked(const Locked&) = delete;
    Locked& operator=(const Locked&) = delete;

   private:
    Adapter& a_;
    PyGILState_STATE state_{};
  };
  // Served use: the GIL taken by PyGILState, and every child kept as a
  // position of its own (the board shows each move's child, so a sum of
  // components is not folded into its parts).
  void set_served() {
    threaded_ = true;
    keep_children_ = true;
  }

  // The id of a Python position (GIL held); UserCodeFailed if its key() raised.
  std::uint64_t intern_object(PyObject* p) { return intern(p, nullptr, nullptr); }
  // The position's whole text, format(p) or repr(p) (GIL held):
  // UserCodeFailed if format raised or returned no str.
  std::string text_of(PyObject* p) {
    py::object s = py::reinterpret_steal<py::object>(format_ ? PyObject_CallOneArg(format_.ptr(), p)
                                                             : PyObject_Repr(p));
    if (!s) fail(format_ ? "format(p)" : "repr(p)", p);
    if (!PyUnicode_Check(s.ptr())) {
      rules_error(name_ + ".format(p) returned " + describe_move(s.ptr()) + " on " + describe(p) +
                  ": it must return a str");
    }
    Py_ssize_t n = 0;
    const char* c = PyUnicode_AsUTF8AndSize(s.ptr(), &n);
    if (c == nullptr) fail("format(p)", p);
    return std::string(c, static_cast<std::size_t>(n));
  }
  // Whether the pending exception is a KeyboardInterrupt (GIL held).
  bool pending_interrupt() const {
    return pending_type_ != nullptr &&
           PyErr_GivenExceptionMatches(pending_type_, PyExc_KeyboardInterrupt) != 0;
  }
  // Drops the pending exception (GIL held).
  void discard_pending() { keep(nullptr, nullptr, nullptr); }

  // The pending exception (kept by fail or rules_error) as one line,
  // "ValueError: boom (perfectplay: raised by wythoff.moves(p) on the
  // position (3, 5))", its traceback written to sys.stderr, and cleared (GIL
  // held): what a request that failed in the user's code is told.
  std::string pending_text() {
    PyErr_Restore(pending_type_, pending_value_, pending_tb_);
    pending_type_ = pending_value_ = pending_tb_ = nullptr;
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    if (tb != nullptr && v != nullptr) PyException_SetTraceback(v, tb);
    std::string out = "an error";
    if (t != nullptr) {
      PyObject* n = PyObject_GetAttrString(t, "__name__");
      if (n != nullptr && PyUnicode_Check(n)) out = PyUnicode_AsUTF8(n);
      Py_XDECREF(n);
    }
    if (v != nullptr) {
      PyObject* s = PyObject_Str(v);
      if (s != nullptr && PyUnicode_AsUTF8(s) != nullptr && *PyUnicode_AsUTF8(s) != 0) {
        out += std::string(": ") + PyUnicode_AsUTF8(s);
      }
      Py_XDECREF(s);
      PyObject* notes = PyObject_GetAttrString(v, "__notes__");
      if (notes != nullptr && PyList_Check(notes)) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(notes); ++i) {
          if (const char* c = PyUnicode_AsUTF8(PyList_GET_ITEM(notes, i))) {
            out += std::string(" (") + c + ")";
          }
        }
      }
      Py_XDECREF(notes);
    }
    PyErr_Clear();
    // The traceback, on the terminal of whoever runs the server
    // (PyErr_Display, not PyErr_Print, which would exit on a SystemExit).
    if (v != nullptr) PyErr_Display(t, v, tb);
    Py_XDECREF(t);
    Py_XDECREF(v);
    Py_XDECREF(tb);
    return out;
  }

  // The solvers recurse once per move of the line searched: a game whose
  // lines are too long for the C stack is refused before it overflows.
  // `base` is an address at the top of the search.
  void set_stack_base(const void* base) { stack_base_ = static_cast<const char*>(base); }
  void check_stack() const {
    const char here = 0;
    if (threaded_) {
      // Served: each worker thread's first expansion is near the top of its
      // first search, and its later searches start at the same depth.
      thread_local const char* base = nullptr;
      if (base == nullptr) base = &here;
      if (base - &here > kMaxStack) throw TooDeep{};
      return;
    }
    if (stack_base_ != nullptr && stack_base_ - &here > kMaxStack) throw TooDeep{};
  }
  struct TooDeep {};
  static constexpr std::ptrdiff_t kMaxStack = std::ptrdiff_t{4} << 20;

  // Expands id if needed; called by the solvers without the GIL.
  void ensure_expanded(std::uint64_t id) {
    if (nodes_[id].n != kNotExpanded) return;
    check_stack();
    const Locked gil(*this);
    expand(id);
  }
  void ensure_parts(std::uint64_t id) {
    if (nodes_[id].nparts != kNotExpanded) return;
    const Locked gil(*this);
    split(id);
  }
  // With the GIL held (the analysis's own calls).
  void expand_held(std::uint64_t id) {
    if (nodes_[id].n != kNotExpanded) return;
    try {
      expand(id);
    } catch (const UserCodeFailed&) {
      reraise();
    }
  }
  // The text of play(p, m) (GIL held): a child not kept (a sum of parts).
  std::string describe_played(std::uint64_t id, py::handle m) {
    py::object c = py::reinterpret_steal<py::object>(
        PyObject_CallFunctionObjArgs(play_.ptr(), objects_[id], m.ptr(), nullptr));
    if (!c) throw py::error_already_set();
    return describe(c.ptr());
  }
  // moves(p) of an expanded position, as a list (GIL held): their text.
  py::list move_list(std::uint64_t id) {
    py::object moves =
        py::reinterpret_steal<py::object>(PyObject_CallOneArg(moves_.ptr(), objects_[id]));
    if (moves) moves = py::reinterpret_steal<py::object>(PySequence_List(moves.ptr()));
    if (!moves) throw py::error_already_set();
    return moves;
  }
  std::uint64_t part(std::uint64_t id, std::uint32_t k) const {
    return parts_[nodes_[id].parts + k];
  }

  // Re-raises the user's exception kept by fail() (GIL held).
  [[noreturn]] void reraise() {
    PyErr_Restore(pending_type_, pending_value_, pending_tb_);
    pending_type_ = pending_value_ = pending_tb_ = nullptr;
    throw py::error_already_set();
  }

  // The position as the user's format(p) writes it, else repr(p) (GIL held).
  std::string describe(PyObject* p) {
    if (p == nullptr) return "<a sum of components>";
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);  // describing must not lose a pending error
    std::string out = "<unprintable position>";
    PyObject* s = format_ ? PyObject_CallOneArg(format_.ptr(), p) : PyObject_Repr(p);
    if (s != nullptr && !PyUnicode_Check(s)) Py_SETREF(s, PyObject_Str(s));
    if (s != nullptr) {
      if (const char* c = PyUnicode_AsUTF8(s)) out = c;
    }
    Py_XDECREF(s);
    PyErr_Clear();
    PyErr_Restore(t, v, tb);
    if (out.size() > 200) out = out.substr(0, 200) + "...";
    return out;
  }

  // A cycle through the expanded positions reachable from `root`, as the
  // positions' texts (empty if none): what a solver's "the game has a cycle"
  // is about, for the user's message. Iterative DFS with three colours.
  std::vector<std::string> find_cycle(std::uint64_t root) {
    std::vector<std::uint8_t> colour(nodes_.size(), 0);  // 0 new, 1 on stack, 2 done
    std::vector<std::pair<std::uint64_t, std::uint32_t>> stack{{root, 0}};
    colour[root] = 1;
    while (!stack.empty()) {
      auto& [v, k] = stack.back();
      const Node& nd = nodes_[v];
      const std::uint32_t n = nd.n == kNotExpanded ? 0 : nd.n;
      if (k == n) {
        colour[v] = 2;
        stack.pop_back();
        continue;
      }
      const std::uint64_t c = edges_[nd.edges + k++];
      if (colour[c] == 1) {
        std::vector<std::string> cycle;
        bool in = false;
        for (const auto& [u, unused] : stack) {
          in = in || u == c;
          if (in) cycle.push_back(describe(objects_[u]));
        }
        cycle.push_back(describe(objects_[c]));
        return cycle;
      }
      if (colour[c] == 0) {
        colour[c] = 1;
        stack.emplace_back(c, 0);
      }
    }
    return {};
  }

  const std::string& name() const { return name_; }

 private:
  py::object optional_method(const char* name) {
    py::object f = py::getattr(game_, name, py::none());
    return f.is_none() ? py::object() : f;
  }

  // Keeps the pending Python exception, with a note naming the method and
  // the position, and unwinds the search (GIL held).
  [[noreturn]] void fail(const std::string& method, PyObject* p) {
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    if (tb != nullptr && v != nullptr) PyException_SetTraceback(v, tb);
    if (v != nullptr && !PyErr_GivenExceptionMatches(t, PyExc_KeyboardInterrupt)) {
      const std::string note = "perfectplay: raised by " + name_ + "." + method +
                               (p != nullptr ? " on the position " + describe(p) : "");
      PyObject* r = PyObject_CallMethod(v, "add_note", "s", note.c_str());
      if (r == nullptr) PyErr_Clear();
      Py_XDECREF(r);
    }
    keep(t, v, tb);
    throw UserCodeFailed{};
  }

  // A RulesError (the user's rules broke a contract), the pending Python
  // exception, if any, as its cause.
  [[noreturn]] void rules_error(const std::string& text) {
    PyObject *t = nullptr, *v = nullptr, *tb = nullptr;
    if (PyErr_Occurred() != nullptr) {
      PyErr_Fetch(&t, &v, &tb);
      PyErr_NormalizeException(&t, &v, &tb);
      if (tb != nullptr && v != nullptr) PyException_SetTraceback(v, tb);
    }
    PyObject* e = PyObject_CallFunction(g_rules_error, "s", text.c_str());
    if (e != nullptr && v != nullptr)
      PyException_SetCause(e, v);  // steals v
    else
      Py_XDECREF(v);
    Py_XDECREF(t);
    Py_XDECREF(tb);
    if (e == nullptr) {
      PyErr_Fetch(&t, &v, &tb);
      keep(t, v, tb);
    } else {
      keep(Py_NewRef(g_rules_error), e, nullptr);
    }
    throw UserCodeFailed{};
  }

  void keep(PyObject* t, PyObject* v, PyObject* tb) {
    Py_XDECREF(pending_type_);
    Py_XDECREF(pending_value_);
    Py_XDECREF(pending_tb_);
    pending_type_ = t;
    pending_value_ = v;
    pending_tb_ = tb;
  }

  // The id of position p (a borrowed reference): its key looked up, or a new
  // id. `parent`, `move`: where p came from, for the messages.
  std::uint64_t intern(PyObject* p, PyObject* parent, PyObject* move) {
    PyObject* key = p;
    py::object owned;
    if (key_) {
      key = PyObject_CallOneArg(key_.ptr(), p);
      if (key == nullptr) fail("key(p)", p);
      owned = py::reinterpret_steal<py::object>(key);
    }
    PyObject* found = PyDict_GetItemWithError(ids_.ptr(), key);
    if (found == nullptr && PyErr_Occurred() != nullptr) {
      std::string text = "the key of the position " + describe(p);
      if (parent != nullptr) {
        text += " (returned by " + name_ + ".play on " + describe(parent) + " with the move " +
                describe_move(move) + ")";
      }
      text += key_ ? " is unhashable: " + name_ + ".key(p) must return a hashable value"
                   : " is unhashable: positions must be hashable (tuples, frozensets, ...), or "
                     "define key(p) returning a hashable canonical key";
      rules_error(text);
    }
    if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
    if (positions() >= max_states_) {
      throw pp::SearchLimitExceeded(max_states_);
    }
    const std::uint64_t id = objects_.size();
    py::object v = py::int_(id);
    if (PyDict_SetItem(ids_.ptr(), key, v.ptr()) != 0) fail("key(p)", p);
    objects_.push_back(Py_NewRef(p));
    nodes_.emplace_back();
    return id;
  }

  // repr(m), keeping a pending error (fail() describes the move first).
  std::string describe_move(PyObject* m) {
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    PyObject* s = PyObject_Repr(m);
    std::string out = "<unprintable move>";
    if (s != nullptr) {
      if (const char* c = PyUnicode_AsUTF8(s)) out = c;
    }
    Py_XDECREF(s);
    PyErr_Clear();
    PyErr_Restore(t, v, tb);
    return out;
  }

  // Calls the user's rules on position id once (GIL held).
  void expand(std::uint64_t id) {
    if (PyErr_CheckSignals() != 0) fail("(interrupted)", nullptr);
    PyObject* p = objects_[id];
    if (result_) {
      py::object r = py::reinterpret_steal<py::object>(PyObject_CallOneArg(result_.ptr(), p));
      if (!r) fail("result(p)", p);
      if (!r.is_none()) {
        const std::string s = PyUnicode_Check(r.ptr()) ? std::string(py::str(r)) : "";
        int result = -1;
        if (s == "win") result = static_cast<int>(pp::Result::kWin);
        if (s == "loss") result = static_cast<int>(pp::Result::kLoss);
        if (s == "draw") result = static_cast<int>(pp::Result::kDraw);
        if (result < 0) {
          rules_error(name_ + ".result(p) returned " + describe_move(r.ptr()) +
                      " on the position " + describe(p) +
                      ": it must return None (play goes on) or 'win', 'loss' or 'draw' (for the "
                      "player to move)");
        }
        nodes_[id].decided = static_cast<std::int8_t>(result);
        nodes_[id].edges = edges_.size();
        nodes_[id].n = 0;
        return;
      }
    }
    py::object moves = py::reinterpret_steal<py::object>(PyObject_CallOneArg(moves_.ptr(), p));
    if (!moves) fail("moves(p)", p);
    // A list or tuple as it is (no copy), anything else made a list.
    py::object list = py::reinterpret_steal<py::object>(
        PySequence_Fast(moves.ptr(), "moves(p) must return an iterable"));
    if (!list) fail("moves(p)", p);
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(list.ptr());
    const std::uint64_t first = edges_.size();
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* m = PySequence_Fast_GET_ITEM(list.ptr(), i);
      PyObject* args[] = {p, m};
      PyObject* c = PyObject_Vectorcall(play_.ptr(), args, 2, nullptr);
      if (c == nullptr) fail("play(p, " + describe_move(m) + ")", p);
      const py::object child = py::reinterpret_steal<py::object>(c);
      if (c == Py_None) {
        rules_error(name_ + ".play returned None on the position " + describe(p) +
                    " with the move " + describe_move(m) + ": it must return the new position");
      }
      edges_.push_back(composites() ? composite(c) : intern(c, p, m));
    }
    // A move listed twice leads to the same child twice: the moves are
    // compared only when two children are equal (two different moves may
    // lead to the same position), so the check costs no Python call on
    // most positions.
    if (n > 1 && has_equal_children(first)) check_duplicates(p, list.ptr());
    Node& nd = nodes_[id];
    nd.edges = first;
    nd.n = static_cast<std::uint32_t>(n);
    if (mode_ == Mode::kScore) {
      if (n == 0) {
        py::object s = py::reinterpret_steal<py::object>(PyObject_CallOneArg(score_.ptr(), p));
        if (!s) fail("score(p)", p);
        if (!PyLong_Check(s.ptr())) {
          rules_error(name_ + ".score(p) returned " + describe_move(s.ptr()) + " on " +
                      describe(p) + ": it must return an int");
        }
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(s.ptr(), &overflow);
        if (overflow != 0 || v > kMaxUserScore || v < -kMaxUserScore) {
          rules_error(name_ + ".score(p) on " + describe(p) + " is out of range (|score| <= 2^60)");
        }
        nodes_[id].final_score = v;
      } else {
        py::object s = py::reinterpret_steal<py::object>(PyObject_CallOneArg(maximizer_.ptr(), p));
        if (!s) fail("maximizer(p)", p);
        const int t = PyObject_IsTrue(s.ptr());
        if (t < 0) fail("maximizer(p)", p);
        nodes_[id].maximizer = t != 0;
      }
    }
  }

  // Whether two children from edges_[first] on are equal (or, for sums of
  // components, have equal parts). Pairwise for a few children, the usual
  // case, which needs no copy (the copy and sort were 1.3% of a search of
  // cheap rules, bench/own_game_profile.py); sorted beyond.
  bool has_equal_children(std::uint64_t first) {
    const std::size_t n = edges_.size() - first;
    const std::uint64_t* c = edges_.data() + first;
    if (n <= 16 && !composites()) {
      for (std::size_t i = 1; i < n; ++i) {
        for (std::size_t j = 0; j < i; ++j) {
          if (c[i] == c[j]) return true;
        }
      }
      return false;
    }
    scratch_.assign(c, c + n);
    if (composites()) {
      for (std::uint64_t& x : scratch_) x = signature(x);
    }
    std::sort(scratch_.begin(), scratch_.end());
    return std::adjacent_find(scratch_.begin(), scratch_.end()) != scratch_.end();
  }

  // Moves compared by a set when they are hashable, else pairwise.
  void check_duplicates(PyObject* p, PyObject* list) {
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(list);
    py::object set = py::reinterpret_steal<py::object>(PySet_New(list));
    if (set) {
      if (PySet_GET_SIZE(set.ptr()) != n) duplicate(p, list);
      return;
    }
    PyErr_Clear();
    for (Py_ssize_t i = 0; i < n; ++i) {
      for (Py_ssize_t j = 0; j < i; ++j) {
        const int eq = PyObject_RichCompareBool(PySequence_Fast_GET_ITEM(list, i),
                                                PySequence_Fast_GET_ITEM(list, j), Py_EQ);
        if (eq < 0) PyErr_Clear();
        if (eq > 0) duplicate(p, list);
      }
    }
  }

  [[noreturn]] void duplicate(PyObject* p, PyObject* list) {
    rules_error(name_ + ".moves(p) listed a move twice on the position " + describe(p) + ": " +
                describe_move(list) + " (each legal move must be listed once)");
  }

  // Calls components(p) once (GIL held).
  void split(std::uint64_t id) {
    if (PyErr_CheckSignals() != 0) fail("(interrupted)", nullptr);
    if (!components_) {
      nodes_[id].parts = parts_.size();
      parts_.push_back(id);
      nodes_[id].nparts = 1;
      return;
    }
    split_into(id, objects_[id]);
  }

  void split_into(std::uint64_t id, PyObject* p) {
    const std::uint64_t first = parts_.size();
    py::object parts = py::reinterpret_steal<py::object>(PyObject_CallOneArg(components_.ptr(), p));
    if (!parts) fail("components(p)", p);
    py::object list = py::reinterpret_steal<py::object>(PySequence_List(parts.ptr()));
    if (!list) fail("components(p)", p);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list.ptr()); ++i) {
      const std::uint64_t c = intern(PyList_GET_ITEM(list.ptr(), i), nullptr, nullptr);
      parts_.push_back(c);
    }
    nodes_[id].parts = first;
    nodes_[id].nparts = static_cast<std::uint32_t>(parts_.size() - first);
  }

  // Impartial games with components: the Grundy solver memoizes parts, never
  // the sums that moves lead to, so a child is not interned (no key, no
  // dict): it gets an id of its own holding only its parts, interned. This
  // halves the Python work per move of a game whose moves split a part.
  bool composites() const { return mode_ == Mode::kNimber && components_ && !keep_children_; }
  std::uint64_t composite(PyObject* c) {
    if (positions() >= max_states_) throw pp::SearchLimitExceeded(max_states_);
    const std::uint64_t id = objects_.size();
    objects_.push_back(nullptr);  // not kept: only its parts are searched
    nodes_.emplace_back();
    split_into(id, c);
    return id;
  }
  // The same for equal sums of parts, in any order (a duplicate move's mark).
  std::uint64_t signature(std::uint64_t id) const {
    std::uint64_t h = 0;
    for (std::uint32_t k = 0; k < nodes_[id].nparts; ++k) h += pp::mix64(part(id, k));
    return h;
  }

  py::object game_;
  Mode mode_;
  std::uint64_t max_states_;
  std::string name_;
  bool misere_ = false;
  py::object moves_, play_, key_, result_, format_, score_, maximizer_, components_;
  py::dict ids_;
  std::vector<PyObject*> objects_;
  std::vector<Node> nodes_;
  std::vector<std::uint64_t> edges_;
  std::vector<std::uint64_t> parts_;
  std::vector<std::uint64_t> scratch_;  // a position's children, sorted
  PyObject* pending_type_ = nullptr;
  PyObject* pending_value_ = nullptr;
  PyObject* pending_tb_ = nullptr;
  const char* stack_base_ = nullptr;
  PyThreadState* saved_ = nullptr;
  bool threaded_ = false;
  bool keep_children_ = false;
};

}  // namespace perfectplay::pyown
