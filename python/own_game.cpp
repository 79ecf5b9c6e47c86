// OwnSearch: a user's rules, written in Python, solved by the C++ solvers
// (python/adapter.h holds the adapter between the two and its design).
#include "own_game.h"

#include <Python.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "adapter.h"
#include "api/analysis.h"
#include "api/value.h"
#include "core/game.h"
#include "core/outcome.h"
#include "core/score.h"
#include "solvers/alpha_beta.h"
#include "solvers/grundy.h"
#include "solvers/search_limits.h"
#include "solvers/win_loss.h"

namespace py = pybind11;
namespace pp = perfectplay;

using namespace perfectplay::pyown;

namespace {

// The rules class the generic solvers search (core/game.h's concepts).
class OwnRules {
 public:
  using Position = Pos;
  using Move = std::uint64_t;  // the child's id

  explicit OwnRules(Adapter* a) : a_(a) {}

  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void append_moves(const Position& p, std::vector<Move>& out) const {
    a_->ensure_expanded(p.id);
    const auto& nd = a_->node(p.id);
    for (std::uint32_t k = 0; k < nd.n; ++k) out.push_back(a_->child(p.id, k));
  }
  Position play(const Position&, const Move& m) const { return {m}; }
  void play_in_place(Position& p, const Move& m) const { p.id = m; }
  std::size_t hash(const Position& p) const { return pp::mix64(p.id); }
  std::uint64_t key(const Position& p) const { return p.id; }

  pp::Ending ending() const { return a_->misere() ? pp::Ending::kMisere : pp::Ending::kNormal; }
  std::optional<pp::Outcome> decided(const Position& p) const {
    a_->ensure_expanded(p.id);
    const auto d = a_->node(p.id).decided;
    if (d < 0) return std::nullopt;
    return pp::Outcome{static_cast<pp::Result>(d), 0};
  }
  pp::Side side(const Position& p) const {
    a_->ensure_expanded(p.id);
    return a_->node(p.id).maximizer ? pp::Side::kMax : pp::Side::kMin;
  }
  pp::Score final_score(const Position& p) const {
    a_->ensure_expanded(p.id);
    return a_->node(p.id).final_score;
  }
  void components(const Position& p, pp::PartBuffer<Position>& parts) const {
    a_->ensure_parts(p.id);
    const auto& nd = a_->node(p.id);
    for (std::uint32_t k = 0; k < nd.nparts; ++k) parts.add() = Position{a_->part(p.id, k)};
  }

 private:
  Adapter* a_;
};

// Retrograde analysis of a loopy game: every position reachable from the
// roots seen so far is explored, then labelled from the terminal positions
// back. Positions are labelled in order of remoteness (a FIFO queue: every
// label pushed is one more than the label being processed), so a win takes
// its fastest winning move and a loss its slowest; a position never labelled
// is a draw (neither side can force an end in its favour).
class Retrograde {
 public:
  explicit Retrograde(Adapter& a) : a_(a) {}

  pp::Outcome solve(std::uint64_t root) {
    if (root < known_.size() && known_[root]) return value_[root];
    explore(root);
    label();
    return value_[root];
  }

 private:
  void explore(std::uint64_t root) {
    std::vector<std::uint64_t> todo{root};
    std::vector<std::uint8_t> seen(a_.positions() + 1, 0);
    seen[root] = 1;
    while (!todo.empty()) {
      const std::uint64_t v = todo.back();
      todo.pop_back();
      a_.ensure_expanded(v);
      const auto& nd = a_.node(v);
      for (std::uint32_t k = 0; k < nd.n; ++k) {
        const std::uint64_t c = a_.child(v, k);
        if (c >= seen.size()) seen.resize(a_.positions() + 1, 0);
        if (!seen[c]) {
          seen[c] = 1;
          todo.push_back(c);
        }
      }
    }
  }

  void label() {
    const std::uint64_t n = a_.positions() + 1;
    value_.assign(n, pp::Outcome::draw());
    known_.assign(n, 0);
    std::vector<std::uint32_t> left(n, 0);
    std::vector<std::uint64_t> start(n + 1, 0), parents;
    for (std::uint64_t v = 1; v < n; ++v) {
      const auto& nd = a_.node(v);
      if (nd.n == Adapter::kNotExpanded) continue;
      for (std::uint32_t k = 0; k < nd.n; ++k) ++start[a_.child(v, k) + 1];
    }
    for (std::uint64_t v = 0; v < n; ++v) start[v + 1] += start[v];
    parents.resize(start[n]);
    std::vector<std::uint64_t> fill(start.begin(), start.end() - 1);
    std::deque<std::uint64_t> queue;
    for (std::uint64_t v = 1; v < n; ++v) {
      const auto& nd = a_.node(v);
      if (nd.n == Adapter::kNotExpanded) continue;
      for (std::uint32_t k = 0; k < nd.n; ++k) parents[fill[a_.child(v, k)]++] = v;
      left[v] = nd.n;
      if (nd.decided >= 0) {
        value_[v] = {static_cast<pp::Result>(nd.decided), 0};
        known_[v] = 1;
        if (!value_[v].is_draw()) queue.push_back(v);
      } else if (nd.n == 0) {
        value_[v] = a_.misere() ? pp::Outcome::win(0) : pp::Outcome::loss(0);
        known_[v] = 1;
        queue.push_back(v);
      }
    }
    while (!queue.empty()) {
      const std::uint64_t v = queue.front();
      queue.pop_front();
      const pp::Outcome o = value_[v];
      for (std::uint64_t i = start[v]; i < start[v + 1]; ++i) {
        const std::uint64_t u = parents[i];
        if (known_[u]) continue;
        if (o.is_loss()) {
          value_[u] = pp::Outcome::win(o.remoteness + 1);
        } else if (--left[u] == 0) {
          value_[u] = pp::Outcome::loss(o.remoteness + 1);
        } else {
          continue;
        }
        known_[u] = 1;
        queue.push_back(u);
      }
    }
    // Unlabelled expanded positions are draws: known too.
    for (std::uint64_t v = 1; v < n; ++v) {
      if (a_.node(v).n != Adapter::kNotExpanded) known_[v] = 1;
    }
  }

  Adapter& a_;
  std::vector<pp::Outcome> value_;
  std::vector<std::uint8_t> known_;
};

// One search over a user's game: its positions and solver memo kept from one
// call to the next (a table's rows share them).
class OwnSearch {
 public:
  OwnSearch(py::object game, const std::string& mode, std::uint64_t max_states)
      : adapter_(std::move(game), mode_of(mode), max_states), rules_(&adapter_) {
    pp::SearchLimits limits;
    limits.max_states = max_states;
    switch (adapter_.mode()) {
      case Mode::kWinLoss:
        winloss_ = std::make_unique<pp::WinLossSolver<OwnRules>>(rules_, limits);
        break;
      case Mode::kNimber:
        grundy_ = std::make_unique<pp::GrundySolver<OwnRules>>(rules_, limits);
        break;
      case Mode::kScore:
        alphabeta_ = std::make_unique<pp::AlphaBetaSolver<OwnRules>>(rules_, limits);
        break;
      case Mode::kLoopy:
        retro_ = std::make_unique<Retrograde>(adapter_);
        break;
    }
  }

  // The value of p as the JSON text of api/value.h's to_json.
  std::string value(py::handle p) {
    const std::uint64_t id = adapter_.intern_root(p);
    return pp::to_json(value_of(id)).dump();
  }

  // Whether the player to move in p wins (nimbers: non-zero), or the score,
  // or the nimber, as a plain Python value: for tables and checks.
  py::object plain(py::handle p) {
    const pp::Value v = value_of(adapter_.intern_root(p));
    switch (v.kind) {
      case pp::ValueKind::kNimber:
        return py::int_(*v.nimber);
      case pp::ValueKind::kScore:
        return py::int_(*v.score);
      default:
        return py::str(std::string(pp::kind_name(v.kind)));
    }
  }

  // plain() of each position of a sequence, in one call (a table's rows:
  // no Python call per row beyond the rules').
  py::list plain_many(py::iterable positions) {
    py::list out;
    for (py::handle p : positions) out.append(plain(p));
    return out;
  }

  // analyze --json's document for p (hint: hint --json's).
  std::string analyze(py::handle p, bool hint) {
    const std::uint64_t id = adapter_.intern_root(p);
    adapter_.expand_held(id);
    pp::Analysis a;
    a.game = adapter_.name();
    a.position = adapter_.describe(adapter_.object(id));
    a.value = value_of(id);
    const auto& nd = adapter_.node(id);
    const bool maximize = adapter_.mode() != Mode::kScore || nd.maximizer;
    if (nd.n > 0) {
      a.to_move = adapter_.mode() == Mode::kScore
                      ? pp::Mover{nd.maximizer ? 0 : 1, nd.maximizer ? "Max" : "Min"}
                      : pp::Mover{0, "the player to move"};
    }
    // The moves again, for their text (the children are interned already).
    const py::list moves = adapter_.move_list(id);
    std::int64_t best = INT64_MIN;
    const std::uint32_t n = adapter_.node(id).n;
    for (std::uint32_t k = 0; k < n && k < py::len(moves); ++k) {
      pp::MoveInfo mi;
      mi.move = py::str(moves[k]);
      const std::uint64_t c = adapter_.child(id, k);
      mi.position = adapter_.object(c) != nullptr ? adapter_.describe(adapter_.object(c))
                                                  : adapter_.describe_played(id, moves[k]);
      const pp::Value cv = value_of(c);
      mi.value = adapter_.mode() == Mode::kScore ? cv : cv.after_move();
      best = std::max(best, pp::preference(mi.value, maximize));
      a.moves.push_back(std::move(mi));
    }
    for (pp::MoveInfo& mi : a.moves) {
      mi.best = pp::preference(mi.value, maximize) == best;
      if (mi.best && !a.best_move) a.best_move = mi.move;
    }
    a.moves_total = a.moves.size();
    if (!hint) return pp::to_json(std::move(a)).dump();
    pp::Hint h;
    h.game = a.game;
    h.position = a.position;
    h.to_move = a.to_move;
    h.move = a.best_move;
    h.value = a.value;
    for (const pp::MoveInfo& mi : a.moves) {
      if (mi.best) {
        h.value = mi.value;
        break;
      }
    }
    h.reason = a.best_move ? "the best move by exhaustive search: " + pp::text(h.value)
                           : "the game is over: " + pp::text(a.value);
    return pp::to_json(std::move(h)).dump();
  }

  std::uint64_t positions() const { return adapter_.positions(); }
  std::uint64_t expanded() const {
    if (winloss_) return winloss_->expanded_positions();
    if (grundy_) return grundy_->expanded_positions();
    if (alphabeta_) return alphabeta_->expanded_positions();
    return adapter_.positions();
  }

 private:
  // The value of id, searched without the GIL.
  pp::Value value_of(std::uint64_t id) {
    const char base = 0;
    adapter_.set_stack_base(&base);
    try {
      const Adapter::Unlocked unlocked(adapter_);
      switch (adapter_.mode()) {
        case Mode::kWinLoss:
          return pp::Value::of(winloss_->solve(Pos{id}), pp::ValueSource::kReference);
        case Mode::kNimber:
          return pp::Value::of_nimber(grundy_->grundy(Pos{id}).value, pp::ValueSource::kReference);
        case Mode::kScore:
          return pp::Value::of_score(alphabeta_->value(Pos{id}), pp::ValueSource::kReference);
        case Mode::kLoopy:
          return pp::Value::of(retro_->solve(id), pp::ValueSource::kReference);
      }
    } catch (const UserCodeFailed&) {
      adapter_.reraise();
    } catch (const Adapter::TooDeep&) {
      PyErr_SetString(PyExc_RecursionError,
                      (adapter_.name() + ": a line of play is too long for the search's stack "
                                         "(the solvers recurse once per move; about 10^4 to 10^5 "
                                         "moves deep at most)")
                          .c_str());
      throw py::error_already_set();
    } catch (const std::logic_error& e) {
      if (std::string(e.what()).find("cycle") == std::string::npos) throw;
      const std::vector<std::string> cycle = adapter_.find_cycle(id);
      std::string path;
      for (const std::string& s : cycle) path += (path.empty() ? "" : " -> ") + s;
      const std::string text =
          adapter_.name() + " has a cycle" + (path.empty() ? "" : ": " + path) +
          " (play must make progress: every game must end. A game with draws by repetition "
          "declares loopy = True)";
      PyErr_SetString(g_rules_error, text.c_str());
      throw py::error_already_set();
    }
    return pp::Value::unknown();
  }

  Adapter adapter_;
  OwnRules rules_;
  std::unique_ptr<pp::WinLossSolver<OwnRules>> winloss_;
  std::unique_ptr<pp::GrundySolver<OwnRules>> grundy_;
  std::unique_ptr<pp::AlphaBetaSolver<OwnRules>> alphabeta_;
  std::unique_ptr<Retrograde> retro_;
};

}  // namespace

void bind_own_game(py::module_& m) {
  g_rules_error = PyErr_NewExceptionWithDoc(
      "perfectplay.RulesError",
      "A user's game broke a contract of its rules: a move listed twice, an unhashable key, a "
      "cycle in a game that must end, a result or score of the wrong type. The message names "
      "the method and the position.",
      PyExc_ValueError, nullptr);
  m.attr("RulesError") = py::handle(g_rules_error);
  py::class_<OwnSearch>(m, "OwnSearch")
      .def(py::init<py::object, const std::string&, std::uint64_t>(), py::arg("game"),
           py::arg("mode"), py::arg("max_states"))
      .def("value", &OwnSearch::value)
      .def("plain", &OwnSearch::plain)
      .def("plain_many", &OwnSearch::plain_many)
      .def("analyze", &OwnSearch::analyze)
      .def_property_readonly("positions", &OwnSearch::positions)
      .def_property_readonly("expanded", &OwnSearch::expanded);
}
