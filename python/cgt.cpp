// perfectplay.CgtValue and cgt_value (docs/python.md, docs/cgt.md): the
// combinatorial game values of src/cgt as Python objects, for the built-in
// partizan games (their ValueGames, registry/values.h) and for a user's
// partizan rules written in Python (left_moves(p), right_moves(p), play(p, m),
// optional components(p) and key(p)).
//
// One Universe for the process (src/cgt/canonical.h: canonical forms
// interned, so equal values are one id and == is an id compare). It is not
// thread-safe; the GIL is its lock: every call here holds the GIL throughout,
// the user's methods included (a value is built from the user's rules call
// by call, with no search to run apart from them). A built-in game's value
// is computed in the game's own Universe (ValueGame) and read into this one
// through its canonical text, the notation's round trip.
#include "cgt.h"

#include <Python.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cgt/canonical.h"
#include "cgt/partizan.h"
#include "cgt/report.h"
#include "core/game.h"
#include "core/input_error.h"
#include "registry/registry.h"
#include "registry/values.h"
#include "solvers/search_limits.h"

namespace py = pybind11;
namespace cgt = perfectplay::cgt;

namespace {

// The process's universe, never destroyed (values may outlive the module's
// teardown in reference cycles; a leak at exit is harmless).
cgt::Universe& universe() {
  static auto* u = new cgt::Universe();
  return *u;
}

struct CgtValue {
  cgt::GameId id = cgt::Universe::kZero;
};

py::object fraction(const cgt::Rational& r) {
  static py::object cls = py::module_::import("fractions").attr("Fraction");
  return cls(r.num(), r.den());
}

py::dict wall(const cgt::Wall& w) {
  py::list corners;
  for (const auto& [t, v] : w.corners) corners.append(py::make_tuple(fraction(t), fraction(v)));
  py::dict d;
  d["corners"] = corners;
  d["last_slope"] = fraction(w.last_slope);
  return d;
}

// A user's partizan rules in Python as core/game.h's PartizanGame. Positions
// are ids of the Python objects, interned by key(p) (default p itself) as
// the own-game adapter does, so that the valuer's memo never calls Python.
class PyPartizan {
 public:
  using Position = std::uint64_t;
  using Move = std::uint64_t;  // the child's id

  explicit PyPartizan(py::object game) : game_(std::move(game)) {
    left_ = game_.attr("left_moves");
    right_ = game_.attr("right_moves");
    play_ = game_.attr("play");
    key_ = py::getattr(game_, "key", py::none());
    components_ = py::getattr(game_, "components", py::none());
    name_ = py::str(py::getattr(game_, "name", py::type::of(game_).attr("__name__")));
  }

  Position intern(py::handle p) {
    py::object k = key_.is_none() ? py::reinterpret_borrow<py::object>(p) : key_(p);
    PyObject* found = PyDict_GetItemWithError(ids_.ptr(), k.ptr());
    if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
    if (PyErr_Occurred() != nullptr) {
      PyErr_Clear();
      throw py::type_error(name_ + ": the position " + py::repr(p).cast<std::string>() +
                           " has an unhashable key (positions must be hashable, or define key(p))");
    }
    const std::uint64_t id = objects_.size();
    ids_[k] = py::int_(id);
    objects_.push_back(py::reinterpret_borrow<py::object>(p));
    return id;
  }

  std::vector<Move> left_moves(const Position& p) const { return children(left_, p); }
  std::vector<Move> right_moves(const Position& p) const { return children(right_, p); }
  Position play(const Position&, const Move& m) const { return m; }
  std::size_t hash(const Position& p) const { return perfectplay::mix64(p); }
  std::uint64_t key(const Position& p) const { return p; }
  std::vector<Position> components(const Position& p) const {
    if (components_.is_none()) return {p};
    std::vector<Position> out;
    for (py::handle part : components_(objects_[p])) out.push_back(self().intern(part));
    return out;
  }

  // The valuer recurses once per move of the longest line: a cycle (or a
  // line too long for the stack) is refused before the stack overflows.
  void set_stack_base(const void* base) { base_ = static_cast<const char*>(base); }

 private:
  PyPartizan& self() const { return const_cast<PyPartizan&>(*this); }
  std::vector<Move> children(const py::object& side, const Position& p) const {
    const char here = 0;
    if (base_ != nullptr && base_ - &here > (std::ptrdiff_t{4} << 20)) {
      throw perfectplay::RequestError(
          name_ +
          ": a line of play too long for the stack, or a cycle (a partizan game's "
          "positions must not repeat: every game ends)");
    }
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    std::vector<Move> out;
    const py::object obj = objects_[p];  // a copy: interning children may move objects_
    for (py::handle m : side(obj)) out.push_back(self().intern(play_(obj, m)));
    return out;
  }

  py::object game_, left_, right_, play_, key_, components_;
  std::string name_;
  py::dict ids_;
  std::vector<py::object> objects_;
  const char* base_ = nullptr;
};

CgtValue of_rules(py::object game, py::object position, std::uint64_t max_parts) {
  PyPartizan rules(std::move(game));
  const char base = 0;
  rules.set_stack_base(&base);
  const std::uint64_t p = rules.intern(position);
  cgt::PartizanValuer<PyPartizan> valuer(rules, universe(), max_parts);
  return {valuer.value(p)};
}

// A built-in game's value (registry/values.h's list, then the registry's
// partizan games, GameEntry::cgt_value, as `perfectplay value` looks them
// up): its report's canonical text read into the process's universe.
CgtValue of_builtin(const std::string& name, const std::string& position, std::uint64_t max_parts) {
  std::vector<cgt::ValueGame> games = perfectplay::value_games();
  for (const perfectplay::GameEntry& e : perfectplay::all_games()) {
    if (!e.cgt_value) continue;
    bool listed = false;
    for (const cgt::ValueGame& g : games) listed = listed || g.name == e.name;
    if (!listed) games.push_back({e.name, e.summary, e.position_format, e.cgt_value});
  }
  for (const cgt::ValueGame& g : games) {
    if (g.name != name) continue;
    std::string text;
    {
      const py::gil_scoped_release nogil;  // the game's own universe, not ours
      text = g.value(position, max_parts).canonical;
    }
    return {universe().parse(text)};
  }
  std::string known;
  for (const cgt::ValueGame& g : games) known += " " + g.name;
  throw py::value_error("no built-in game '" + name + "' has values (those that do:" + known + ")");
}

py::object value(cgt::GameId g) {
  return py::cast(CgtValue{g});
}

// A binary operator of CgtValue: the other side a CgtValue or an int (the
// integer's value), else NotImplemented (Python then tries the other side).
template <class F>
auto binary(F f) {
  return [f](const CgtValue& a, py::handle b) -> py::object {
    if (py::isinstance<CgtValue>(b)) return f(a.id, b.cast<CgtValue>().id);
    if (PyLong_Check(b.ptr()) && !PyBool_Check(b.ptr())) {
      return f(a.id, universe().integer(b.cast<std::int64_t>()));
    }
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  };
}

}  // namespace

void bind_cgt(py::module_& m) {
  py::class_<CgtValue>(m, "CgtValue",
                       "A short partizan game's value in canonical form (docs/cgt.md): +, - and "
                       "the order of games (<=, <, ==, confused_with) with other values and ints; "
                       "str is the standard notation, and CgtValue(text) reads it back.")
      .def(py::init([](const std::string& text) { return CgtValue{universe().parse(text)}; }),
           py::arg("text"))
      .def(py::init([](std::int64_t n) { return CgtValue{universe().integer(n)}; }), py::arg("n"))
      .def("__str__", [](const CgtValue& g) { return universe().text(g.id); })
      .def("__repr__",
           [](const CgtValue& g) { return "CgtValue('" + universe().text(g.id) + "')"; })
      .def("__add__",
           binary([](cgt::GameId a, cgt::GameId b) { return value(universe().add(a, b)); }))
      .def("__radd__",
           binary([](cgt::GameId a, cgt::GameId b) { return value(universe().add(b, a)); }))
      .def("__sub__",
           binary([](cgt::GameId a, cgt::GameId b) { return value(universe().sub(a, b)); }))
      .def("__rsub__",
           binary([](cgt::GameId a, cgt::GameId b) { return value(universe().sub(b, a)); }))
      .def("__neg__", [](const CgtValue& a) { return CgtValue{universe().neg(a.id)}; })
      .def("__pos__", [](const CgtValue& a) { return a; })
      .def("__eq__", binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(a == b); }))
      .def("__ne__", binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(a != b); }))
      .def("__le__",
           binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(universe().le(a, b)); }))
      .def("__lt__",
           binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(universe().lt(a, b)); }))
      .def("__ge__",
           binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(universe().ge(a, b)); }))
      .def("__gt__",
           binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(universe().gt(a, b)); }))
      .def("__hash__", [](const CgtValue& a) { return std::hash<std::uint32_t>{}(a.id); })
      // G || H: neither G <= H nor H <= G (Python has no || operator).
      .def("confused_with",
           binary([](cgt::GameId a, cgt::GameId b) { return py::bool_(universe().fuzzy(a, b)); }))
      .def_property_readonly("outcome",
                             [](const CgtValue& a) {
                               return std::string(cgt::outcome_name(universe().outcome(a.id)));
                             })
      .def_property_readonly("is_number",
                             [](const CgtValue& a) { return universe().is_number(a.id); })
      .def_property_readonly("mean",
                             [](const CgtValue& a) { return fraction(universe().mean(a.id)); })
      .def_property_readonly(
          "temperature", [](const CgtValue& a) { return fraction(universe().temperature(a.id)); })
      .def_property_readonly("stops",
                             [](const CgtValue& a) {
                               return py::make_tuple(fraction(universe().left_stop(a.id)),
                                                     fraction(universe().right_stop(a.id)));
                             })
      .def_property_readonly("birthday",
                             [](const CgtValue& a) { return universe().birthday(a.id); })
      .def_property_readonly("atomic_weight",
                             [](const CgtValue& a) -> py::object {
                               const auto w = universe().atomic_weight(a.id);
                               if (!w) return py::none();
                               return py::cast(CgtValue{*w});
                             })
      .def_property_readonly("thermograph",
                             [](const CgtValue& a) {
                               const cgt::Thermograph& t = universe().thermograph(a.id);
                               py::dict d;
                               d["left_wall"] = wall(t.left);
                               d["right_wall"] = wall(t.right);
                               d["temperature"] = fraction(t.temperature);
                               d["mean"] = fraction(t.mean);
                               return d;
                             })
      .def_property_readonly("left_options",
                             [](const CgtValue& a) {
                               std::vector<CgtValue> out;
                               for (cgt::GameId g : universe().left(a.id)) out.push_back({g});
                               return out;
                             })
      .def_property_readonly("right_options", [](const CgtValue& a) {
        std::vector<CgtValue> out;
        for (cgt::GameId g : universe().right(a.id)) out.push_back({g});
        return out;
      });
  m.def("cgt_of_rules", &of_rules, py::arg("game"), py::arg("position"), py::arg("max_parts"));
  m.def("cgt_of_builtin", &of_builtin, py::arg("name"), py::arg("position"), py::arg("max_parts"));
}
