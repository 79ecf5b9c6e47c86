// A game model's CertifySpace (api/certify.h): what a game writes to be
// certified is an Instances, below; the comparison is written once, here.
//
// A game gives:
//   description, size     the instances up to the bounds, in words, and how many
//   instance(i)           the i-th start position in the canonical order
//                         (certify/enumerate.h helps number them)
//   canonical(i)          optional: false for an instance skipped as the
//                         mirror image of another (only symmetries the game
//                         page proves; --no-symmetry checks them all)
//   shrinks(p)            smaller instances than p, most promising first,
//                         for shrinking a disagreement
// and, to model_space(), optionally `make(p, limits)`: the exhaustive
// reference of instance p, fresh for each instance (games whose reference is
// built for one grid, and whose model's reference does not count its nodes);
// by default the model's own, one per block of instances, so that positions
// the instances of a block share are searched once.
//
// compare() is the check: the theory's value of the start position against
// the reference's, then the value of every position one move away (so the
// set of winning first moves, every move's score, every move's nimber), and
// the theory's own move must be as good as the reference's best. It is
// check_theory (api/engine.h) made exhaustive over the first move.
#pragma once

#include <fmt/format.h>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "api/certify.h"
#include "api/engine.h"
#include "api/entry.h"
#include "api/value.h"

namespace perfectplay::certify {

template <GameModel M>
struct Instances {
  using Position = typename M::Position;
  std::string description;
  std::uint64_t size = 0;
  std::function<Position(std::uint64_t)> instance;
  std::function<bool(std::uint64_t)> canonical;  // empty: every instance is checked
  std::function<std::vector<Position>(const Position&)> shrinks;
};

// A value's outcome for its player with the remoteness left out: what a
// best move must reach (a nimber counts as the win or loss it is).
inline std::int64_t outcome_key(Value v, bool maximize) {
  if (v.kind == ValueKind::kNimber) v = Value::wins(*v.nimber != 0, v.source);
  v.remoteness.reset();
  return preference(v, maximize);
}

// The positions the reference expanded, where it says.
template <class Ref>
std::uint64_t expanded(Ref& ref) {
  if constexpr (requires { ref.solver().expanded_positions(); }) {
    return ref.solver().expanded_positions();
  } else {
    return 0;
  }
}

// Theory against reference on p and on every position one move from p;
// nullopt when they agree. Precondition: the reference reaches p.
template <GameModel M, class Ref>
std::optional<std::string> compare(const M& m, Ref& ref, const typename M::Position& p) {
  const auto says = [](const Value& t, const Value& r) {
    return fmt::format("theory says {}, reference says {}", text(t), text(r));
  };
  const Value truth = ref.value(p);
  const Value theory = m.theory(p);
  if (!agree(theory, truth)) return says(theory, truth);
  if (!m.mover(p)) return std::nullopt;
  bool maximize = true;
  if constexpr (requires { m.maximizes(p); }) maximize = m.maximizes(p);
  for (const auto& mv : m.moves(p)) {
    const auto child = m.play(p, mv);
    const Value r = ref.value(child);
    const Value t = m.theory(child);
    if (!agree(t, r)) {
      return fmt::format("after move {}: {}", m.move_text(mv), says(t, r));
    }
  }
  const std::int64_t best = outcome_key(truth, maximize);
  const auto mv = m.theory_move(p);
  if (!mv) {
    // Naming no move is right only where every move loses.
    if (truth.kind == ValueKind::kLoss ||
        (truth.kind == ValueKind::kNimber && *truth.nimber == 0)) {
      return std::nullopt;
    }
    return fmt::format("theory names no move, reference says {}", text(truth));
  }
  const auto legal = m.moves(p);
  if (std::none_of(legal.begin(), legal.end(),
                   [&](const auto& x) { return m.move_text(x) == m.move_text(*mv); })) {
    return fmt::format("theory's move {} is not legal", m.move_text(*mv));
  }
  const Value after = ref.value(m.play(p, *mv)).after_move();
  if (truth.kind != ValueKind::kNimber && outcome_key(after, maximize) != best) {
    return fmt::format("theory's move {} is worth {}, reference says the position is {}",
                       m.move_text(*mv), text(after), text(truth));
  }
  if (truth.kind == ValueKind::kNimber && *truth.nimber != 0 && !after.is_win()) {
    return fmt::format("theory's move {} leaves {}, not *0", m.move_text(*mv),
                       text(ref.value(m.play(p, *mv))));
  }
  return std::nullopt;
}

// Whether a space skips any instance as a mirror image: the driver re-counts
// a report's skipped instances (check_against_space) and, for a space that
// skips none, knows the count is 0 without visiting 10^11 instances. A space
// without this interface is counted instance by instance.
class Skipping {
 public:
  virtual ~Skipping() = default;
  virtual bool skips_any() const = 0;
};

// Uses the model's own reference, one for a whole run of instances.
struct ModelReference {};

template <GameModel M, class Make = ModelReference>
class ModelSpace : public CertifySpace, public Skipping {
 public:
  using Position = typename M::Position;
  static constexpr bool kPerInstance = !std::is_same_v<Make, ModelReference>;

  ModelSpace(M model, Instances<M> instances, SearchLimits limits, Make make = {})
      : m_(std::move(model)), in_(std::move(instances)), limits_(limits), make_(std::move(make)) {}

  std::string description() const override { return in_.description; }
  std::uint64_t size() const override { return in_.size; }
  std::string show(std::uint64_t i) const override { return m_.format_position(in_.instance(i)); }
  bool checked(std::uint64_t i) const override { return !in_.canonical || in_.canonical(i); }
  bool skips_any() const override { return static_cast<bool>(in_.canonical); }

  CertifyBlock check(std::uint64_t begin, std::uint64_t end) override {
    CertifyBlock out;
    if constexpr (kPerInstance) {
      for (std::uint64_t i = begin; i < end; ++i) {
        if (!count(i, out)) continue;
        const Position p = in_.instance(i);
        auto ref = make_(p, limits_);
        if (auto f = compare(m_, ref, p)) out.failures.push_back({i, std::move(*f)});
        out.nodes += expanded(ref);
      }
    } else {
      auto ref = m_.reference(limits_);
      for (std::uint64_t i = begin; i < end; ++i) {
        if (!count(i, out)) continue;
        if (auto f = compare(m_, ref, in_.instance(i))) out.failures.push_back({i, std::move(*f)});
      }
      out.nodes = expanded(ref);
    }
    return out;
  }

  std::optional<CertifyShrunk> shrink(std::uint64_t index) override {
    Position p = in_.instance(index);
    std::optional<std::string> failure = check_one(p);
    if (!failure) return std::nullopt;
    CertifyShrunk s;
    bool progressed = true;
    while (progressed && s.steps < 10'000) {
      progressed = false;
      for (Position& smaller : in_.shrinks(p)) {
        if (auto f = check_one(smaller)) {
          p = std::move(smaller);
          failure = std::move(f);
          ++s.steps;
          progressed = true;
          break;
        }
      }
    }
    s.instance = m_.format_position(p);
    s.detail = std::move(*failure);
    return s;
  }

 private:
  bool count(std::uint64_t i, CertifyBlock& out) const {
    const bool yes = checked(i);
    ++(yes ? out.checked : out.skipped);
    return yes;
  }
  std::optional<std::string> check_one(const Position& p) {
    if constexpr (kPerInstance) {
      auto ref = make_(p, limits_);
      return compare(m_, ref, p);
    } else {
      auto ref = m_.reference(limits_);
      return compare(m_, ref, p);
    }
  }

  M m_;
  Instances<M> in_;
  SearchLimits limits_;
  Make make_;
};

// Checks mirror images too, where a game skips them (`certify --no-symmetry`).
inline constexpr const char* kNoSymmetry = "no-symmetry";

// The space of a game's certify entry, with the search limits of `params`
// and its symmetries unless params has kNoSymmetry; `make(p, limits)`, when
// given, builds the reference of one instance.
template <GameModel M, class Make = ModelReference>
std::unique_ptr<CertifySpace> model_space(M model, Instances<M> instances, const Params& params,
                                          Make make = {}) {
  if (params.flag(kNoSymmetry)) instances.canonical = nullptr;
  return std::make_unique<ModelSpace<M, Make>>(std::move(model), std::move(instances),
                                               params.limits, std::move(make));
}

}  // namespace perfectplay::certify
