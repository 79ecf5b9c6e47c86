// perfectplay._program: a user's Python rules as a GameEntry (the builder,
// src/builder/own_game.h), so that the same code as the built-in games'
// serves the web board (perfectplay.serve), runs the command line
// (python -m perfectplay) and writes certify's reports (perfectplay.check's
// report=). A module of its own, imported only by those: it links the web
// server (cpp-httplib with OpenSSL, zlib and brotli), which `import
// perfectplay` should not load.
//
// The rules class the builder gets, PyRules<Kind>, is a handle onto the
// adapter of python/adapter.h, shared by every copy of the rules (the
// builder copies its model per request):
//
//   Position  {id}: the adapter's interned position (equal keys, equal ids)
//   Move      {parent id, k}: the k-th move moves(p) listed; its text is
//             str(m), its child the adapter's k-th child of the parent
//
// Threads: the web board solves on worker threads that Python does not know.
// Every use of the adapter holds one mutex (the adapter's tables are not
// thread-safe), then the GIL, by PyGILState, only while the user's methods
// run (lock order: the mutex, then the GIL; nothing holding the GIL waits for
// the mutex). The thread that serves waits with the GIL released, taking it
// every 0.1 s to let Python's Ctrl-C through; Ctrl-C stops the server (its
// searches are cancelled), joins its threads and returns.
//
// A user method that raises during a request: the request gets 500 with the
// exception's type, message and the method and position named (its traceback
// goes to the server's stderr), and the server goes on.
#include <Python.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "adapter.h"
#include "api/analysis.h"
#include "api/registry.h"
#include "api/value.h"
#include "builder/own_game.h"
#include "certify/driver.h"
#include "certify/report.h"
#include "cli/cli.h"
#include "cli/serve_options.h"
#include "core/input_error.h"
#include "solvers/grundy.h"
#include "web/handler.h"
#include "web/http_server.h"

namespace py = pybind11;
namespace pp = perfectplay;
using namespace perfectplay::pyown;

namespace {

// The user's code raised (or broke a contract) while a C++ front end was
// asking: its message names the exception, the method and the position.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A serve's stop flag, shared by the rules of the games it serves: once set,
// they refuse to expand another position (SearchCancelled), so a search in
// slow Python rules ends at its next expansion, not at the solvers' next look
// at their own stop flag (every 4096 positions: seconds, in rules that take a
// millisecond each).
// `cli`: the entries serve run_cli (python -m perfectplay), where the user's
// failure is a RequestError (the command line's "perfectplay: MESSAGE", exit
// 1) rather than an internal error; the web board answers it 500.
struct Control {
  std::atomic<bool> stop{false};
  bool cli = false;
};
using StopFlag = std::shared_ptr<Control>;

// The stop flag of the request this thread is answering (the web board's
// SearchLimits::stop, set when the client stops waiting, past --time-limit):
// the rules refuse to expand once it is set, as for a serve's own flag. The
// builder hands the rules no Params, so the entry's functions set this
// around each call (with_request_stop), on the worker thread that runs it.
thread_local const std::atomic<bool>* t_request_stop = nullptr;

class RequestStop {
 public:
  explicit RequestStop(const pp::Params& p) : saved_(t_request_stop) {
    t_request_stop = p.limits.stop;
  }
  ~RequestStop() { t_request_stop = saved_; }
  RequestStop(const RequestStop&) = delete;
  RequestStop& operator=(const RequestStop&) = delete;

 private:
  const std::atomic<bool>* saved_;
};

// An entry's function (a std::function whose last argument is the Params)
// with t_request_stop set to the Params' stop flag while it runs.
template <class F>
F with_request_stop(F f) {
  if (!f) return f;
  return F([f](auto&&... args) {
    const auto& params = std::get<sizeof...(args) - 1>(std::forward_as_tuple(args...));
    const RequestStop scope(params);
    return f(std::forward<decltype(args)>(args)...);
  });
}

// The GIL, from any thread (PyGILState).
class Gil {
 public:
  Gil() : state_(PyGILState_Ensure()) {}
  ~Gil() { PyGILState_Release(state_); }
  Gil(const Gil&) = delete;
  Gil& operator=(const Gil&) = delete;

 private:
  PyGILState_STATE state_;
};

// A new reference or nullptr, owned.
struct Ref {
  PyObject* p = nullptr;
  explicit Ref(PyObject* o = nullptr) : p(o) {}
  ~Ref() { Py_XDECREF(p); }
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  explicit operator bool() const { return p != nullptr; }
};

// What every copy of a game's rules shares: the adapter and the Python
// callables, under one mutex. Destroyed with the GIL taken (it holds Python
// objects), from whichever thread drops the last copy.
struct Shared {
  Shared(py::object game_, Mode mode, std::uint64_t max_states, StopFlag stop_)
      : stop(std::move(stop_)) {
    adapter = std::make_unique<Adapter>(game_, mode, max_states);
    adapter->set_served();
    game = game_.release().ptr();
    py::module_ own = py::module_::import("perfectplay.own");
    board = py::object(own.attr("_board")).release().ptr();
    theory = py::object(own.attr("_theory_claim")).release().ptr();
    theory_move = py::object(own.attr("_theory_move_index")).release().ptr();
    parse = py::getattr(py::handle(game), "parse", py::none()).release().ptr();
    if (parse == Py_None) Py_CLEAR(parse);
    literal = py::object(py::module_::import("ast").attr("literal_eval")).release().ptr();
    has_theory = py::hasattr(py::handle(game), "theory");
  }
  ~Shared() {
    const Gil gil;
    adapter.reset();
    for (PyObject* o : {game, board, theory, theory_move, parse, literal}) Py_XDECREF(o);
  }
  Shared(const Shared&) = delete;
  Shared& operator=(const Shared&) = delete;

  // Runs f with the mutex held; the user's failure becomes a UserError.
  template <class F>
  auto locked(F f) {
    const std::lock_guard<std::mutex> lock(mu);
    if (stop->stop.load(std::memory_order_relaxed) ||
        (t_request_stop != nullptr && t_request_stop->load(std::memory_order_relaxed))) {
      throw pp::SearchCancelled();
    }
    try {
      return f();
    } catch (const UserCodeFailed&) {
      std::string text;
      {
        const Gil gil;
        if (adapter->pending_interrupt()) {
          adapter->discard_pending();
          text = "interrupted (Ctrl-C)";
        } else {
          text = "the game's rules raised " + adapter->pending_text();
        }
      }
      if (stop->cli) throw pp::RequestError(text);
      throw UserError(text);
    } catch (const UserError& e) {
      if (stop->cli) throw pp::RequestError(e.what());
      throw;
    } catch (const Adapter::TooDeep&) {
      throw pp::RequestError(adapter->name() +
                             ": a line of play is too long for the search's stack (the solvers "
                             "recurse once per move; about 10^4 to 10^5 moves deep at most)");
    } catch (const py::error_already_set& e) {
      // (pybind11 takes the GIL to drop the error it holds.)
      const std::string text = std::string("the game's rules raised ") + e.what();
      if (stop->cli) throw pp::RequestError(text);
      throw UserError(text);
    }
  }
  // The same with the GIL taken as well (Python calls of our own).
  template <class F>
  auto python(F f) {
    return locked([&] {
      const Gil gil;
      return f();
    });
  }
  // The Python error pending now, as a UserError (GIL held).
  [[noreturn]] static void raise_pending(const std::string& what) {
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    std::string text = what;
    if (v != nullptr) {
      Ref name(PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(v)), "__name__"));
      Ref s(PyObject_Str(v));
      if (name && PyUnicode_Check(name.p)) text += std::string(": ") + PyUnicode_AsUTF8(name.p);
      if (s && PyUnicode_Check(s.p)) text += std::string(": ") + PyUnicode_AsUTF8(s.p);
      if (tb != nullptr) PyException_SetTraceback(v, tb);
      PyErr_Display(t, v, tb);
    }
    PyErr_Clear();
    Py_XDECREF(t);
    Py_XDECREF(v);
    Py_XDECREF(tb);
    throw UserError(text);
  }

  // The position's text, remembered so that parse() finds it again (mutex
  // and GIL held).
  const std::string& text(std::uint64_t id) {
    auto it = texts.find(id);
    if (it != texts.end()) return it->second;
    std::string t = adapter->text_of(adapter->object(id));
    by_text.emplace(t, id);
    return texts.emplace(id, std::move(t)).first->second;
  }

  StopFlag stop;
  std::unique_ptr<Adapter> adapter;
  std::mutex mu;
  PyObject* game = nullptr;
  PyObject* board = nullptr;        // perfectplay.own._board(game, p)
  PyObject* theory = nullptr;       // perfectplay.own._theory_claim(game, p)
  PyObject* theory_move = nullptr;  // perfectplay.own._theory_move_index(game, p)
  PyObject* parse = nullptr;        // the user's parse(text), if any
  PyObject* literal = nullptr;      // ast.literal_eval
  bool has_theory = false;
  std::unordered_map<std::uint64_t, std::string> texts;
  std::unordered_map<std::string, std::uint64_t> by_text;
  std::unordered_map<std::uint64_t, std::vector<std::string>> move_texts;
};

struct PyMove {
  std::uint64_t parent = 0;
  std::uint32_t k = 0;
  friend bool operator==(const PyMove&, const PyMove&) = default;
};

enum class Kind { kWinLoss, kImpartial, kScored };

// The rules class of builder/own_game.h over a user's Python rules.
template <Kind K>
class PyRules {
 public:
  using Position = Pos;
  using Move = PyMove;
  static constexpr bool kImpartial = K == Kind::kImpartial;

  explicit PyRules(std::shared_ptr<Shared> s) : s_(std::move(s)) {}
  const std::shared_ptr<Shared>& shared() const { return s_; }

  std::vector<Move> moves(const Position& p) const {
    return s_->locked([&] {
      s_->adapter->ensure_expanded(p.id);
      std::vector<Move> out;
      const std::uint32_t n = s_->adapter->node(p.id).n;
      out.reserve(n);
      for (std::uint32_t k = 0; k < n; ++k) out.push_back({p.id, k});
      return out;
    });
  }
  Position play(const Position& p, const Move& m) const {
    return s_->locked([&] {
      s_->adapter->ensure_expanded(m.parent);
      (void)p;  // m names its parent: p (the builder plays moves of p only)
      return Position{s_->adapter->child(m.parent, m.k)};
    });
  }
  std::size_t hash(const Position& p) const { return pp::mix64(p.id); }
  std::uint64_t key(const Position& p) const { return p.id; }

  pp::Ending ending() const {
    return s_->adapter->misere() ? pp::Ending::kMisere : pp::Ending::kNormal;
  }
  std::optional<pp::Outcome> decided(const Position& p) const requires(K == Kind::kWinLoss) {
    return s_->locked([&]() -> std::optional<pp::Outcome> {
      s_->adapter->ensure_expanded(p.id);
      const auto d = s_->adapter->node(p.id).decided;
      if (d < 0) return std::nullopt;
      return pp::Outcome{static_cast<pp::Result>(d), 0};
    });
  }
  pp::Side side(const Position& p) const requires(K == Kind::kScored) {
    return s_->locked([&] {
      s_->adapter->ensure_expanded(p.id);
      return s_->adapter->node(p.id).maximizer ? pp::Side::kMax : pp::Side::kMin;
    });
  }
  pp::Score final_score(const Position& p) const requires(K == Kind::kScored) {
    return s_->locked([&] {
      s_->adapter->ensure_expanded(p.id);
      return s_->adapter->node(p.id).final_score;
    });
  }
  void components(const Position& p, pp::PartBuffer<Position>& parts) const
      requires(K == Kind::kImpartial) {
    s_->locked([&] {
      s_->adapter->ensure_parts(p.id);
      const std::uint32_t n = s_->adapter->node(p.id).nparts;
      for (std::uint32_t k = 0; k < n; ++k) parts.add() = Position{s_->adapter->part(p.id, k)};
      return 0;
    });
  }

  // The user's parse(text); else a text this game printed; else the text
  // read as a Python literal (repr's texts of tuples, ints, strings, ...).
  Position parse(std::string_view text) const {
    return s_->python([&] {
      if (s_->parse == nullptr) {
        const auto it = s_->by_text.find(std::string(text));
        if (it != s_->by_text.end()) return Position{it->second};
      }
      Ref t(PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size())));
      if (!t) throw pp::InputError(1, 1, "the position is not valid UTF-8");
      Ref p(PyObject_CallOneArg(s_->parse != nullptr ? s_->parse : s_->literal, t.p));
      if (!p) {
        PyObject *et, *ev, *etb;
        PyErr_Fetch(&et, &ev, &etb);
        PyErr_NormalizeException(&et, &ev, &etb);
        Ref type(et), value(ev), tb(etb);
        Ref s(value ? PyObject_Str(value.p) : nullptr);
        PyErr_Clear();
        const std::string why = s && PyUnicode_Check(s.p) ? PyUnicode_AsUTF8(s.p) : "";
        throw pp::InputError(
            1, 1,
            s_->parse != nullptr
                ? s_->adapter->name() + ".parse refused it" + (why.empty() ? "" : ": " + why)
                : "not a position this game printed, nor a Python literal (define parse(text) "
                  "to read positions typed in)");
      }
      return Position{s_->adapter->intern_object(p.p)};
    });
  }
  std::string format(const Position& p) const {
    return s_->python([&] { return s_->text(p.id); });
  }
  std::string move_text(const Move& m) const {
    return s_->python([&] {
      auto it = s_->move_texts.find(m.parent);
      if (it == s_->move_texts.end()) {
        const py::list moves = s_->adapter->move_list(m.parent);
        std::vector<std::string> texts;
        for (py::handle x : moves) {
          Ref s(PyObject_Str(x.ptr()));
          if (!s) Shared::raise_pending("str(move)");
          texts.emplace_back(PyUnicode_AsUTF8(s.p));
        }
        it = s_->move_texts.emplace(m.parent, std::move(texts)).first;
      }
      if (m.k >= it->second.size()) {
        throw UserError(s_->adapter->name() +
                        ".moves(p) listed fewer moves than before (the moves must not change)");
      }
      return it->second[m.k];
    });
  }
  // The position the Python object o is (GIL held or not).
  Position of(py::handle o) const {
    return s_->python([&] { return Position{s_->adapter->intern_object(o.ptr())}; });
  }
  // shrink(p): smaller positions, for a disagreement certify found.
  std::vector<Position> shrinks(const Position& p) const {
    return s_->python([&] {
      std::vector<Position> out;
      Ref ps(PyObject_CallMethod(s_->game, "shrink", "(O)", s_->adapter->object(p.id)));
      if (!ps) Shared::raise_pending(s_->adapter->name() + ".shrink(p)");
      Ref it(PyObject_GetIter(ps.p));
      if (!it) Shared::raise_pending(s_->adapter->name() + ".shrink(p)");
      while (PyObject* q = PyIter_Next(it.p)) {
        Ref owned(q);
        out.push_back(Position{s_->adapter->intern_object(q)});
      }
      if (PyErr_Occurred() != nullptr) Shared::raise_pending(s_->adapter->name() + ".shrink(p)");
      return out;
    });
  }
  std::string draw(const Position& p) const { return board(p).first; }
  std::optional<pp::BoardGrid> grid(const Position& p) const { return board(p).second; }

  // A theory: the user's theory(p) read as a Value (where the game has one;
  // a game without is given neither verify nor certify).
  pp::Value theory(const Position& p) const {
    return s_->python([&] {
      Ref r(PyObject_CallFunctionObjArgs(s_->theory, s_->game, s_->adapter->object(p.id), nullptr));
      if (!r) Shared::raise_pending(s_->adapter->name() + ".theory(p)");
      Ref kind(PyTuple_GetItem(r.p, 0));
      Py_XINCREF(kind.p);
      const std::string k = PyUnicode_AsUTF8(kind.p);
      const long long v = PyLong_AsLongLong(PyTuple_GetItem(r.p, 1));
      if (k == "win") return pp::Value::win(pp::ValueSource::kTheory);
      if (k == "loss") return pp::Value::loss(pp::ValueSource::kTheory);
      if (k == "draw")
        return pp::Value{pp::ValueKind::kDraw, std::nullopt, std::nullopt, std::nullopt,
                         pp::ValueSource::kTheory};
      if (k == "nimber")
        return pp::Value::of_nimber(static_cast<std::uint64_t>(v), pp::ValueSource::kTheory);
      return pp::Value::of_score(v, pp::ValueSource::kTheory);
    });
  }
  std::optional<Move> theory_move(const Position& p) const {
    const std::vector<Move> legal = moves(p);
    return s_->python([&]() -> std::optional<Move> {
      Ref r(PyObject_CallFunctionObjArgs(s_->theory_move, s_->game, s_->adapter->object(p.id),
                                         nullptr));
      if (!r) Shared::raise_pending(s_->adapter->name() + ".theory_move(p)");
      if (r.p == Py_None) return std::nullopt;
      const long k = PyLong_AsLong(r.p);
      if (k < 0 || static_cast<std::size_t>(k) >= legal.size()) return std::nullopt;
      return legal[static_cast<std::size_t>(k)];
    });
  }
  std::vector<Position> positions(std::uint64_t n) const {
    return s_->python([&] {
      std::vector<Position> out;
      for (std::uint64_t size = 0; size <= n; ++size) {
        Ref ps(
            PyObject_CallMethod(s_->game, "positions", "K", static_cast<unsigned long long>(size)));
        if (!ps) Shared::raise_pending(s_->adapter->name() + ".positions(size)");
        Ref it(PyObject_GetIter(ps.p));
        if (!it) Shared::raise_pending(s_->adapter->name() + ".positions(size)");
        while (PyObject* q = PyIter_Next(it.p)) {
          Ref owned(q);
          out.push_back(Position{s_->adapter->intern_object(q)});
        }
        if (PyErr_Occurred() != nullptr)
          Shared::raise_pending(s_->adapter->name() + ".positions(size)");
      }
      return out;
    });
  }

 private:
  // draw(p) through perfectplay.own._board: the terminal's text and the web
  // board's grid (its JSON, analyze's "grid", read back).
  std::pair<std::string, std::optional<pp::BoardGrid>> board(const Position& p) const {
    return s_->python([&] {
      Ref r(PyObject_CallFunctionObjArgs(s_->board, s_->game, s_->adapter->object(p.id), nullptr));
      if (!r) Shared::raise_pending(s_->adapter->name() + ".draw(p)");
      std::pair<std::string, std::optional<pp::BoardGrid>> out;
      out.first = PyUnicode_AsUTF8(PyTuple_GetItem(r.p, 0));
      PyObject* g = PyTuple_GetItem(r.p, 1);
      if (g == Py_None) return out;
      const nlohmann::json j = nlohmann::json::parse(PyUnicode_AsUTF8(g));
      pp::BoardGrid grid;
      grid.rows = j.at("rows").get<int>();
      grid.cols = j.at("cols").get<int>();
      for (const auto& row : j.at("cells")) {
        for (const auto& c : row) grid.cells.push_back({c.at("text"), c.at("kind")});
      }
      for (const auto& m : j.at("moves")) {
        pp::GridMove gm;
        gm.move = m.at("move").get<std::string>();
        for (const auto& rc : m.at("cells")) gm.cells.emplace_back(rc.at(0), rc.at(1));
        grid.moves.push_back(std::move(gm));
      }
      out.second = std::move(grid);
      return out;
    });
  }

  std::shared_ptr<Shared> s_;
};

// What the builder cannot read off the rules, from perfectplay.own._info.
pp::OwnGameInfo info_of(const py::dict& d) {
  pp::OwnGameInfo info;
  info.name = d["name"].cast<std::string>();
  info.summary = d["summary"].cast<std::string>();
  info.position_format = d["position_format"].cast<std::string>();
  return info;
}

template <Kind K>
pp::GameEntry entry_of(py::object game, Mode mode, const py::dict& d, std::uint64_t max_states,
                       const StopFlag& stop) {
  auto shared = std::make_shared<Shared>(game, mode, max_states, stop);
  pp::OwnGameInfo info = info_of(d);
  const bool theory = shared->has_theory;
  const bool positions = py::hasattr(game, "positions");
  PyRules<K> rules(shared);
  // The start and example positions as this game prints them (and so
  // parses them back).
  info.start = rules.format(rules.of(d["start"]));
  for (py::handle x : py::list(d["examples"])) info.examples.push_back(rules.format(rules.of(x)));
  const bool shrink = py::hasattr(game, "shrink");
  // The rules' identity (their source's hash, and this module's), in the
  // certify report's description: shards of other rules do not merge.
  const std::string identity = d["identity"].cast<std::string>();
  pp::GameEntry e = pp::own_game(rules, std::move(info));
  e.analyze = with_request_stop(std::move(e.analyze));
  e.hint = with_request_stop(std::move(e.hint));
  e.evaluate = with_request_stop(std::move(e.evaluate));
  e.apply = with_request_stop(std::move(e.apply));
  e.moves = with_request_stop(std::move(e.moves));
  if (!theory) e.verify = nullptr;
  e.certify = nullptr;
  e.certify_params.clear();
  if (theory && positions) {
    // The builder's certify, with the user's shrink(p) for the
    // disagreements (the builder has no shrink hook yet).
    using Model = pp::OwnModel<PyRules<K>>;
    e.certify_params = {{"size",
                         "every position of positions(size) for each size from 0 to this one", 2, 0,
                         1'000'000}};
    e.certify = [rules, shrink, identity](const pp::Params& params) {
      const auto n = static_cast<std::uint64_t>(params.get("size"));
      auto all = std::make_shared<const std::vector<Pos>>(rules.positions(n));
      pp::certify::Instances<Model> in;
      in.description =
          fmt::format("every position of positions(size) for sizes 0 to {} ({})", n, identity);
      in.size = all->size();
      in.instance = [all](std::uint64_t i) { return (*all)[i]; };
      in.shrinks = [rules, shrink](const Pos& p) {
        return shrink ? rules.shrinks(p) : std::vector<Pos>{};
      };
      return pp::certify::model_space(Model(rules), std::move(in), params);
    };
  }
  return e;
}

}  // namespace

namespace {

// The GameEntry of a user's rules: the kind chosen by perfectplay.own
// (_mode: "winloss", "nimber" or "score"; "loopy" games are refused there).
pp::GameEntry entry(py::object game, const std::string& mode, const py::dict& info,
                    std::uint64_t max_states, const StopFlag& stop) {
  const Mode m = mode_of(mode);
  switch (m) {
    case Mode::kWinLoss:
      return entry_of<Kind::kWinLoss>(std::move(game), m, info, max_states, stop);
    case Mode::kNimber:
      return entry_of<Kind::kImpartial>(std::move(game), m, info, max_states, stop);
    case Mode::kScore:
      return entry_of<Kind::kScored>(std::move(game), m, info, max_states, stop);
    case Mode::kLoopy:
      break;
  }
  throw py::value_error("a loopy game has no GameEntry");
}

// A registry of the user's games, each given as (rules, mode, info, max_states).
// Built with the GIL held; dropped with it released (the entries take it to
// release their Python objects).
std::unique_ptr<pp::Registry> registry_of(const py::list& games,
                                          const StopFlag& stop = std::make_shared<Control>()) {
  auto r = std::make_unique<pp::Registry>();
  for (py::handle g : games) {
    const py::tuple t = py::reinterpret_borrow<py::tuple>(g);
    try {
      r->add(entry(t[0], t[1].cast<std::string>(), t[2].cast<py::dict>(),
                   t[3].cast<std::uint64_t>(), stop));
    } catch (const std::invalid_argument& e) {
      throw py::value_error(e.what());
    } catch (const UserError& e) {
      throw py::value_error(e.what());
    } catch (const pp::InputError& e) {
      throw py::value_error(e.format("<position>"));
    }
  }
  return r;
}

// Calls the Python callable f(args...) with the GIL taken (the result is
// dropped with it held); an exception it raises is printed and counts as
// false (the server goes on). Returns whether the result is true.
template <class... A>
bool call_python(const py::object& f, A&&... args) {
  const Gil gil;
  try {
    const py::object r = f(std::forward<A>(args)...);
    return PyObject_IsTrue(r.ptr()) == 1;
  } catch (py::error_already_set& e) {
    e.restore();
    PyErr_Print();
    return false;
  }
}

// How a serve is told where it is and when to stop: `announce(url)` once
// bound (perfectplay.own._announce prints it, from Python so that its stdout
// is Python's); `should_stop()` every 0.1 s (None: only Ctrl-C stops it).
struct ServeHooks {
  py::object announce;
  py::object should_stop;
  StopFlag stop;
};

// The web board over `games` (the same Handler and HttpServer as `perfectplay
// serve`), on this thread, without the GIL, until Ctrl-C (checked every
// 0.1 s with the GIL taken: Python's SIGINT handler only sets a flag) or
// until the server stops. Returns the exit code: 0 after a clean stop, 1 when
// the address cannot be bound.
int serve_registry(const pp::cli::ServeOptions& o, const pp::Registry& games,
                   const ServeHooks& hooks) {
  pp::web::Limits limits = o.limits;
  limits.time_limit = std::chrono::milliseconds(o.time_limit_ms);
  limits.loopback_hosts_only = pp::web::loopback_address(o.host);
  limits.own_host = o.host;
  if (!limits.loopback_hosts_only) {
    std::fprintf(stderr,
                 "perfectplay: warning: listening on %s, not loopback: other machines can reach "
                 "the board, and it has no authentication\n",
                 o.host.c_str());
  }
  auto handler = std::make_unique<pp::web::Handler>(limits, games);
  auto server = std::make_unique<pp::web::HttpServer>(*handler, o.server);
  const int port = server->bind(o.host, o.port);
  const bool v6 = o.host.find(':') != std::string::npos;
  if (port == 0) {
    std::fprintf(stderr,
                 "perfectplay: cannot listen on %s%s%s:%d: the port is taken (is another serve "
                 "running?) or the address is not this machine's; try another port\n",
                 v6 ? "[" : "", o.host.c_str(), v6 ? "]" : "", o.port);
    return 1;
  }
  (void)call_python(hooks.announce,
                    fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", o.host, v6 ? "]" : "", port));

  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  bool ok = false;
  std::thread listener([&] {
    const bool r = server->listen();
    const std::lock_guard<std::mutex> lock(mu);
    ok = r;
    done = true;
    cv.notify_all();
  });
  for (bool stopping = false;;) {
    {
      std::unique_lock<std::mutex> lock(mu);
      if (cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; })) break;
    }
    if (stopping) continue;
    bool stop = false;
    {
      const Gil gil;
      if (PyErr_CheckSignals() != 0) {
        PyErr_Clear();  // Ctrl-C (main thread only): the server's clean stop is the answer
        stop = true;
      }
    }
    if (!stop && !hooks.should_stop.is_none()) {
      stop = call_python(hooks.should_stop);
    }
    if (stop) {
      stopping = true;
      hooks.stop->stop = true;
      handler->shutdown();
      server->stop();
    }
  }
  listener.join();
  hooks.stop->stop = true;
  server.reset();
  handler.reset();  // joins the workers (their searches were cancelled)
  std::fprintf(stderr, "perfectplay: server stopped\n");
  std::fflush(stderr);
  return ok ? 0 : 1;
}

// Drops a registry with the GIL released (its entries take it themselves).
void drop(std::unique_ptr<pp::Registry>& r) {
  const py::gil_scoped_release nogil;
  r.reset();
}

int serve(const py::list& games, const std::string& host, int port, std::uint64_t max_states,
          std::uint64_t time_limit_ms, unsigned workers, py::object announce,
          py::object should_stop) {
  ServeHooks hooks{std::move(announce), std::move(should_stop), std::make_shared<Control>()};
  auto registry = registry_of(games, hooks.stop);
  pp::cli::ServeOptions o;
  o.host = host;
  o.port = port;
  o.limits.max_states = max_states;
  o.limits.workers = workers;
  o.time_limit_ms = time_limit_ms;
  int code = 0;
  {
    const py::gil_scoped_release nogil;
    code = serve_registry(o, *registry, hooks);
    registry.reset();
  }
  return code;
}

// run_cli's serve (a plain function, cli.h's ServeRunner): the hooks of the
// run_cli call in progress.
ServeHooks* g_cli_hooks = nullptr;
int serve_for_cli(const pp::cli::ServeOptions& o, const pp::Registry& games) {
  g_cli_hooks->stop->cli = false;  // the board's requests: the user's failure is a 500
  {
    const Gil gil;
    g_cli_hooks->announce = py::module_::import("perfectplay.own").attr("_announcer")(o.open);
  }
  return serve_registry(o, games, *g_cli_hooks);
}

// The command line (cli/cli.h's run_cli) over the user's games: what
// `python -m perfectplay COMMAND ...` runs; `serve` is serve_registry.
int run_cli(const py::list& games, const std::vector<std::string>& args) {
  ServeHooks hooks{py::none(), py::none(), std::make_shared<Control>()};
  hooks.stop->cli = true;
  auto registry = registry_of(games, hooks.stop);
  g_cli_hooks = &hooks;
  std::vector<std::string> argv_text = args;
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  int code = 0;
  {
    const py::gil_scoped_release nogil;
    std::fflush(stdout);
    code = pp::cli::run_cli(*registry, static_cast<int>(argv_text.size()), argv.data(),
                            &serve_for_cli);
    std::fflush(stdout);
    std::fflush(stderr);
    registry.reset();
  }
  return code;
}

// certify (docs/certify.md) of the one game in `games`: shard `index`/`count`
// of every position of positions(size) for sizes 0 to `size`, on `threads`,
// with a checkpoint file if named. The report's JSON text (certify --json's
// document): the same driver, format and digest as `perfectplay certify`.
// What binds the report to the user's rules (their source's hash) is in its
// description, which merging and --recheck compare with the space's.
std::string certify(const py::list& games, std::uint64_t size, std::uint64_t index,
                    std::uint64_t count, unsigned threads, const std::string& checkpoint) {
  auto registry = registry_of(games);
  const pp::GameEntry& g = registry->games().front();
  if (!g.certify) {
    const std::string name = g.name;
    drop(registry);
    throw py::value_error(name + " has no theory(p) or no positions(size): nothing to certify");
  }
  std::string out;
  std::string error;
  {
    const py::gil_scoped_release nogil;
    try {
      pp::Params params;
      params.values["size"] = static_cast<std::int64_t>(size);
      pp::certify::RunOptions o;
      o.shard = {index, count};
      o.threads = threads;
      o.checkpoint = checkpoint;
      pp::certify::Report header;
      header.game = g.name;
      header.bounds = pp::certify::bounds_json(g, params);
      const pp::certify::Report r =
          pp::certify::run([&g, params] { return g.certify(params); }, header, o);
      out = pp::certify::to_json(r).dump(2);
    } catch (const std::exception& e) {
      error = e.what();
    }
    registry.reset();
  }
  if (!error.empty()) throw py::value_error(error);
  return out;
}

// certify-merge of report files (their JSON texts) for the one game in
// `games`: the driver's merge, each report checked against the game's space.
std::string certify_merge(const py::list& games, const std::vector<std::string>& texts,
                          const std::vector<std::string>& names, unsigned threads) {
  auto registry = registry_of(games);
  const pp::GameEntry& g = registry->games().front();
  std::string out;
  std::string error;
  {
    const py::gil_scoped_release nogil;
    try {
      std::vector<pp::certify::Report> reports;
      for (std::size_t i = 0; i < texts.size(); ++i) {
        try {
          pp::certify::Report r = pp::certify::parse_report(nlohmann::json::parse(texts[i]));
          pp::certify::check_counts(r);
          reports.push_back(std::move(r));
        } catch (const nlohmann::json::exception&) {
          throw pp::RequestError(names[i] + ": not a certify report (not JSON)");
        } catch (const pp::RequestError& e) {
          throw pp::RequestError(names[i] + ": " + e.what());
        }
      }
      out = pp::certify::to_json(pp::certify::merge(g, reports, names, threads)).dump(2);
    } catch (const std::exception& e) {
      error = e.what();
    }
    registry.reset();
  }
  if (!error.empty()) throw py::value_error(error);
  return out;
}

}  // namespace

PYBIND11_MODULE(_program, m) {
  m.doc() = "perfectplay's own games as GameEntries: serve, the command line, certify";
  // RulesError is _core's (one class for both modules).
  g_rules_error = py::module_::import("perfectplay._core").attr("RulesError").ptr();
  m.def("serve", &serve, py::arg("games"), py::arg("host"), py::arg("port"), py::arg("max_states"),
        py::arg("time_limit_ms"), py::arg("workers"), py::arg("announce"), py::arg("should_stop"));
  m.def("run_cli", &run_cli, py::arg("games"), py::arg("argv"));
  m.def("certify", &certify, py::arg("games"), py::arg("size"), py::arg("index"), py::arg("count"),
        py::arg("threads"), py::arg("checkpoint"));
  m.def("certify_merge", &certify_merge, py::arg("games"), py::arg("texts"), py::arg("names"),
        py::arg("threads"));
}
