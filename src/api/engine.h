// The engine: what the tool says and plays in any position of any game, with
// the "reference within its cap, else theory, else a documented heuristic"
// policy written once, here.
//
// A game is a model (the concept GameModel below): its rules seen as a front
// end sees them (positions and moves as text), an estimate of what exhaustive
// search of a position would cost, its exhaustive reference, its theory and
// its fallback heuristic. From a model, Engine answers:
//
//   evaluate(p)   reference_reaches(p)  ->  the reference's value (remoteness
//                                           included, source reference)
//                 otherwise             ->  the theory's value (source theory,
//                                           or unknown where it does not reach)
//   choose(p)     reference: the best move (fastest win, slowest loss, best
//                 score; the first in move order among equals); otherwise the
//                 theory's move, else the heuristic's
//   analyze(p)    the value, every legal move with the value it leads to (or,
//                 when the moves are too many, the ones the model can list and
//                 a summary), the best, notes saying where each number comes
//                 from
//
// The decision to search is made from the model's estimate before searching,
// so an answer never waits on a search that will not finish. make_play_session
// and add_engine (below) build the play session and a GameEntry's analyze,
// hint and play from the same model, so no game writes those itself.
#pragma once

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "api/analysis.h"
#include "api/entry.h"
#include "api/game_state.h"
#include "api/play_session.h"
#include "api/value.h"
#include "core/game.h"
#include "core/input_error.h"
#include "solvers/search_limits.h"

namespace perfectplay {

// Every move is valued and listed when a position has at most this many.
inline constexpr std::size_t kListCap = 100;
// Listed moves carry their child positions only when these take at most
// this many bytes in all, counted as the parent's text once per listed move
// (a child's text is about its parent's): an analysis stays within a
// constant of its position's size, where 100 children of a 55 KB position
// took 5.5 MB (and a 2000 x 2000 grid's children 40 MB each). A front end
// gets a child from `apply` instead.
inline constexpr std::size_t kChildPositionsCap = std::size_t{1} << 20;

template <class Move>
struct ValuedMove {
  Move move;
  Value value;  // to the player making the move
  std::string note;
};

// What a model's optional theory_moves hook returns: the moves worth listing
// in a position whose moves are too many to value one by one (nim's winning
// moves out of 10^18), and what the unlisted ones amount to.
template <class Move>
struct ListedMoves {
  std::vector<ValuedMove<Move>> moves;
  std::string summary;
};

// A game model M, built from the user's options (an ending, an octal code):
//
//   M::Position, M::Move          value types
//   parse_position(text)          throws InputError with line and column
//   format_position(p)            canonical text: parse(format(p)) == p
//   draw(p)                       the board for a terminal
//   mover(p)                      who is to move; nullopt when the game is over
//                                 (no legal move, or a rule ended it)
//   move_count(p), moves(p)       the legal moves; moves(p) is called only
//                                 when move_count(p) <= kListCap or the
//                                 reference reaches p
//   play(p, m)                    the child position
//   move_text(m), parse_move(p, text) -> Move or why it is refused (a text
//                                 that is not a move may throw InputError),
//   move_syntax(p), move_help(p)  for play: the syntax, the legal moves (ranges
//                                 allowed, as `2 1 .. 2 5`)
//   reference_reaches(p)          estimated before searching: the reference's
//                                 work for p is within the game's cap
//   reference(limits)             an object r with r.value(p) -> Value (source
//                                 reference), one table shared across calls
//   theory(p)                     the theory's value, kind unknown where it
//                                 does not reach
//   theory_move(p)                a best move by the theory, where it knows one
//   heuristic_move(p)             the documented fallback, or nullopt
//   end_text(p)                   the end of the game in words (p is over)
// and, optionally:
//   maximizes(p)                  scored games: whether the mover maximizes
//   theory_moves(p, cap)          ListedMoves when move_count(p) > cap
//   notes(p)                      game notes for analyze (how a theory works)
//   grid(p)                       the position as cells (BoardGrid, api/analysis.h)
//                                 for the web board: std::optional<BoardGrid>
//   analysis_reference(limits)    where reference(limits) gives less than
//                                 a person is shown (octal's Grundy values have
//                                 no remoteness), the reference evaluate,
//                                 choose and analyze use instead; reference()
//                                 stays what the theory is checked against
//   theory_reason(p), heuristic_reason(p)   hint's words for those choices
//   theory_child(p, m)            theory(play(p, m)) without building the
//                                 child: on a large position the child is a
//                                 copy of it (octal's 10^6 rows, binim's 10^6
//                                 stacks), and the theory's sums change by
//                                 the one row or stack the move touches
template <class M>
concept GameModel = requires(const M& m, const typename M::Position& p, const typename M::Move& mv,
                             std::string_view text) {
  { m.parse_position(text) } -> std::same_as<typename M::Position>;
  { m.format_position(p) } -> std::convertible_to<std::string>;
  { m.draw(p) } -> std::convertible_to<std::string>;
  { m.mover(p) } -> std::same_as<std::optional<Mover>>;
  { m.move_count(p) } -> std::convertible_to<MoveCount>;
  { m.moves(p) } -> std::same_as<std::vector<typename M::Move>>;
  { m.play(p, mv) } -> std::same_as<typename M::Position>;
  { m.move_text(mv) } -> std::convertible_to<std::string>;
  { m.parse_move(p, text) } -> std::same_as<std::variant<typename M::Move, std::string>>;
  { m.move_syntax(p) } -> std::convertible_to<std::string>;
  { m.move_help(p) } -> std::same_as<std::vector<std::string>>;
  { m.reference_reaches(p) } -> std::same_as<bool>;
  { m.reference(SearchLimits{}).value(p) } -> std::same_as<Value>;
  { m.theory(p) } -> std::same_as<Value>;
  { m.theory_move(p) } -> std::same_as<std::optional<typename M::Move>>;
  { m.heuristic_move(p) } -> std::same_as<std::optional<typename M::Move>>;
  { m.end_text(p) } -> std::convertible_to<std::string>;
};

template <GameModel M>
class Engine {
 public:
  using Position = typename M::Position;
  using Move = typename M::Move;

  struct Choice {
    std::optional<Move> move;  // none when the game is over
    Value value;               // what the move is worth to the mover
    std::string reason;
  };

  Engine(const M& model, SearchLimits limits) : m_(model), limits_(limits) {}

  Value evaluate(const Position& p) const {
    if (m_.reference_reaches(p)) return shown_reference().value(p);
    return m_.theory(p);
  }

  Choice choose(const Position& p) const {
    if (!m_.mover(p)) return {};
    if (m_.reference_reaches(p)) {
      auto ref = shown_reference();
      const std::vector<ValuedMove<Move>> all = reference_moves(ref, p);
      const std::size_t i = best_index(p, all);
      return {all[i].move, all[i].value, reference_reason(all[i].value)};
    }
    return theory_choice(p);
  }

  Analysis analyze(const Position& p) const {
    Analysis a;
    a.position = m_.format_position(p);
    a.to_move = m_.mover(p);
    a.board = m_.draw(p);
    if constexpr (requires { m_.grid(p); }) a.grid = m_.grid(p);
    if (!a.to_move) {
      a.value = evaluate(p);
      a.notes.push_back(fmt::format("the game is over: {}", m_.end_text(p)));
      add_model_notes(a, p);
      return a;
    }
    a.moves_total = m_.move_count(p);
    std::vector<ValuedMove<Move>> listed;
    std::optional<Move> choice;
    if (m_.reference_reaches(p)) {
      auto ref = shown_reference();
      a.value = ref.value(p);
      listed = reference_moves(ref, p);
      choice = listed[best_index(p, listed)].move;
      if (listed.size() > kListCap) {
        std::stable_sort(listed.begin(), listed.end(), [&](const auto& x, const auto& y) {
          return key(p, x.value) > key(p, y.value);
        });
        listed.resize(kListCap);
        a.moves_summary = fmt::format("{} legal moves in all; the {} best are listed",
                                      count_text(a.moves_total), kListCap);
      }
      a.notes.push_back(a.value.remoteness
                            ? "values are exact, by exhaustive search (remoteness included)"
                        : a.value.nimber ? "values are exact, by exhaustive search (Grundy values)"
                                         : "values are exact, by exhaustive search");
    } else {
      a.value = m_.theory(p);
      const Choice c = theory_choice(p);
      choice = c.move;
      if constexpr (requires { m_.theory_moves(p, kListCap); }) {
        if (a.moves_total > kListCap) {
          ListedMoves<Move> l = m_.theory_moves(p, kListCap);
          listed = std::move(l.moves);
          a.moves_summary = std::move(l.summary);
        }
      }
      if (a.moves_total <= kListCap) {
        for (const Move& mv : m_.moves(p)) {
          listed.push_back({mv, theory_after(p, mv), ""});
        }
      } else if (a.moves_summary.empty()) {
        a.moves_summary = fmt::format(
            "{} legal moves in all: too many to value one by one; the engine's choice is listed",
            count_text(a.moves_total));
      }
      if (c.move && std::none_of(listed.begin(), listed.end(),
                                 [&](const auto& x) { return same_move(x.move, *c.move); })) {
        listed.push_back({*c.move, c.value, ""});
      }
      if (a.value.known()) {
        a.notes.push_back(scored(p) ? "the value is exact, by the theory; the position is too "
                                      "large for exhaustive search"
                                    : "win/loss is exact, by the theory; the position is too "
                                      "large for exhaustive search, so remoteness is not given");
      }
      if (c.move && c.value.source == ValueSource::kHeuristic) {
        a.notes.push_back(fmt::format("the engine's move is a heuristic: {}", c.reason));
      } else if (c.move && a.value.known() && !scored(p) && !is_winning(a.value)) {
        a.notes.push_back(fmt::format("every move loses; the engine's move: {}", c.reason));
      }
    }
    std::optional<std::int64_t> best_key;
    for (const auto& x : listed) {
      if (x.value.known()) best_key = std::max(best_key.value_or(INT64_MIN), key(p, x.value));
    }
    const bool parent_small = a.position.size() * listed.size() <= kChildPositionsCap;
    for (auto& x : listed) {
      MoveInfo info;
      info.move = m_.move_text(x.move);
      if (parent_small) info.position = m_.format_position(m_.play(p, x.move));
      info.value = x.value;
      info.best = (x.value.known() && best_key && key(p, x.value) == *best_key) ||
                  (choice && same_move(x.move, *choice));
      info.note = std::move(x.note);
      a.moves.push_back(std::move(info));
    }
    if (!parent_small) {
      a.notes.push_back(fmt::format(
          "listed moves do not carry their child positions: {} of them, of a position of {} "
          "bytes, would pass {} bytes",
          listed.size(), a.position.size(), kChildPositionsCap));
    }
    if (choice) a.best_move = m_.move_text(*choice);
    add_model_notes(a, p);
    return a;
  }

  Hint hint(const Position& p) const {
    Hint h;
    h.position = m_.format_position(p);
    h.to_move = m_.mover(p);
    if (!h.to_move) {
      h.value = evaluate(p);
      h.reason = fmt::format("the game is over: {}", m_.end_text(p));
      return h;
    }
    Choice c = choose(p);
    h.move = m_.move_text(*c.move);
    h.value = c.value;
    h.reason = std::move(c.reason);
    return h;
  }

 private:
  bool scored(const Position& p) const {
    if constexpr (requires { m_.maximizes(p); }) {
      return true;
    } else {
      return false;
    }
  }
  std::int64_t key(const Position& p, const Value& v) const {
    if constexpr (requires { m_.maximizes(p); }) {
      return preference(v, m_.maximizes(p));
    } else {
      return preference(v);
    }
  }
  // The reference whose values a person is shown (see analysis_reference).
  auto shown_reference() const {
    if constexpr (requires { m_.analysis_reference(limits_); }) {
      return m_.analysis_reference(limits_);
    } else {
      return m_.reference(limits_);
    }
  }
  bool same_move(const Move& x, const Move& y) const { return m_.move_text(x) == m_.move_text(y); }

  template <class Ref>
  std::vector<ValuedMove<Move>> reference_moves(Ref& ref, const Position& p) const {
    std::vector<ValuedMove<Move>> out;
    for (const Move& mv : m_.moves(p)) {
      out.push_back({mv, ref.value(m_.play(p, mv)).after_move(), ""});
    }
    return out;
  }
  // The first best in move order (a mover always has a move here).
  std::size_t best_index(const Position& p, const std::vector<ValuedMove<Move>>& all) const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < all.size(); ++i) {
      if (key(p, all[i].value) > key(p, all[best].value)) best = i;
    }
    return best;
  }
  std::string reference_reason(const Value& v) const {
    switch (v.kind) {
      case ValueKind::kWin:
        return v.remoteness ? "the fastest win, by exhaustive search"
                            : "a winning move, by exhaustive search";
      case ValueKind::kLoss:
        return v.remoteness ? "the longest resistance, by exhaustive search"
                            : "every move loses, by exhaustive search";
      default:
        return "the best value, by exhaustive search";
    }
  }
  Choice theory_choice(const Position& p) const {
    if (auto mv = m_.theory_move(p)) {
      // The theory's move keeps the position's value, even where the theory
      // does not value the child on its own. An exact score is that value
      // as it stands (a scored game's value is the same to both players), so
      // the child is not built: on a large board it is a copy of the board.
      const Value here = m_.theory(p);
      Value v = here.kind == ValueKind::kScore && here.source == ValueSource::kTheory
                    ? here
                    : theory_after(p, *mv);
      if (!v.known()) v = here;
      std::string reason = "the theory's best move";
      if constexpr (requires { m_.theory_reason(p); }) reason = m_.theory_reason(p);
      return {mv, v, std::move(reason)};
    }
    if (auto mv = m_.heuristic_move(p)) {
      const Value v = theory_after(p, *mv);
      std::string reason = "a heuristic: no exact value is known at this size";
      if constexpr (requires { m_.heuristic_reason(p); }) reason = m_.heuristic_reason(p);
      return {mv, v, std::move(reason)};
    }
    // A model always names a move for a position with a mover; if neither
    // its theory nor its heuristic does, fall back to the first legal move.
    const std::vector<Move> all = m_.moves(p);
    return {all.front(), Value::unknown(), "the first legal move (no theory or heuristic here)"};
  }
  // The theory's value of p's child by `mv`, to the player making the move.
  Value theory_after(const Position& p, const Move& mv) const {
    if constexpr (requires { m_.theory_child(p, mv); }) {
      return m_.theory_child(p, mv).after_move();
    } else {
      return m_.theory(m_.play(p, mv)).after_move();
    }
  }
  void add_model_notes(Analysis& a, const Position& p) const {
    if constexpr (requires { m_.notes(p); }) {
      for (std::string& n : m_.notes(p)) a.notes.push_back(std::move(n));
    }
  }

  const M& m_;
  SearchLimits limits_;
};

// Whether two values say the same: the same kind, and the same remoteness,
// score and nimber wherever both give one.
inline bool agree(const Value& a, const Value& b) {
  const auto same = [](const auto& x, const auto& y) { return !x || !y || *x == *y; };
  return a.kind == b.kind && same(a.remoteness, b.remoteness) && same(a.score, b.score) &&
         same(a.nimber, b.nimber);
}

// The theory against the exhaustive reference on one position, the check
// verify and the stress tests run for every game: the theory's value must
// agree with the reference's, and the theory's move must reach the
// reference's value. Returns nullopt when they agree, else what went wrong.
// Precondition: the reference reaches p.
template <GameModel M>
std::optional<std::string> check_theory(const M& m, const typename M::Position& p,
                                        SearchLimits limits = {}) {
  auto ref = m.reference(limits);
  const Value truth = ref.value(p);
  const Value theory = m.theory(p);
  const auto says = [&](const Value& v) {
    return fmt::format("{} ({})", text(v), source_name(v.source));
  };
  if (!agree(theory, truth)) {
    return fmt::format("theory says {}, reference says {}", says(theory), says(truth));
  }
  if (!m.mover(p)) return std::nullopt;
  const auto mv = m.theory_move(p);
  // What the best move is worth to its player: the position's value, or for
  // a nimber a win exactly when it is not 0.
  const Value best = truth.kind == ValueKind::kNimber
                         ? Value::wins(*truth.nimber != 0, truth.source)
                         : Value{truth.kind, std::nullopt, truth.score, std::nullopt, truth.source};
  if (!mv) {
    if (best.is_loss()) return std::nullopt;  // no good move to name
    return fmt::format("theory names no move, reference says {}", says(truth));
  }
  const std::vector<typename M::Move> legal = m.moves(p);
  if (std::none_of(legal.begin(), legal.end(),
                   [&](const auto& x) { return m.move_text(x) == m.move_text(*mv); })) {
    return fmt::format("theory's move {} is not legal", m.move_text(*mv));
  }
  const Value after = ref.value(m.play(p, *mv)).after_move();
  if (!agree(after, best)) {
    return fmt::format("theory's move {} is worth {}, reference says the position is {}",
                       m.move_text(*mv), says(after), says(truth));
  }
  return std::nullopt;
}

// A move typed in `play` syntax, or why it is refused: the model's reason
// for an illegal move, or where the text stops being a move at all. play and
// apply refuse alike through this.
template <GameModel M>
std::variant<typename M::Move, std::string> legal_move(const M& m, const typename M::Position& p,
                                                       std::string_view text) {
  try {
    return m.parse_move(p, text);
  } catch (const InputError& e) {  // the text is not a move at all
    return fmt::format("character {}: {}", e.column(), e.message());
  }
}

// One game between people and the engine, from any model. Players
// alternate in every game here, so the engine moves on the plies of its side.
template <GameModel M>
class ModelSession : public PlaySession {
 public:
  ModelSession(M model, typename M::Position p, int engine_side, SearchLimits limits)
      : m_(std::move(model)), p_(std::move(p)), engine_side_(engine_side), limits_(limits) {}

  std::string board() const override { return m_.draw(p_); }
  bool over() const override { return !m_.mover(p_).has_value(); }
  std::string result() const override {
    std::string out = m_.end_text(p_);
    // The value is the player-to-move's: they won or lost (a nimber of a
    // finished impartial game is 0: the mover lost).
    const Value v = Engine<M>(m_, limits_).evaluate(p_);
    if (v.is_win() || v.is_loss() || v.kind == ValueKind::kNimber) {
      const bool mover_won = v.kind == ValueKind::kNimber ? *v.nimber != 0 : v.is_win();
      if (engine_side_ == kEngineBoth || engine_side_ == kEngineNeither) {
        // The side to move at the end, by the plies played (names of the
        // sides are the game's: the position may not record whose turn).
        const bool first_to_move = plies_ % 2 == 0;
        out += fmt::format(" The {} player wins.", first_to_move == mover_won ? "first" : "second");
      } else {
        const bool engine_won = mover_won == engine_to_move();
        out += engine_won ? " The engine wins." : " You win.";
      }
    }
    return out;
  }
  std::string mover() const override {
    const auto m = m_.mover(p_);
    return m ? m->name : "nobody";
  }
  bool engine_to_move() const override { return engine_plays(plies_); }
  std::vector<std::string> legal_moves() const override { return m_.move_help(p_); }
  std::string move_syntax() const override { return m_.move_syntax(p_); }
  std::optional<std::string> try_move(std::string_view text) override {
    auto parsed = legal_move(m_, p_, text);
    if (auto* why = std::get_if<std::string>(&parsed)) return std::move(*why);
    advance(m_.play(p_, std::get<typename M::Move>(parsed)));
    return std::nullopt;
  }
  std::string engine_move() override {
    const auto c = Engine<M>(m_, limits_).choose(p_);
    advance(m_.play(p_, *c.move));
    return fmt::format("{} ({}; engine's outlook: {})", m_.move_text(*c.move), c.reason,
                       text(c.value));
  }
  std::string position() const override { return m_.format_position(p_); }
  bool undo() override {
    if (past_.empty() || engine_side_ == kEngineBoth) return false;
    do {
      future_.push_back(std::move(p_));
      p_ = std::move(past_.back());
      past_.pop_back();
      --plies_;
    } while (!past_.empty() && engine_plays(plies_));
    return true;
  }
  bool redo() override {
    if (future_.empty()) return false;
    do {
      past_.push_back(std::move(p_));
      p_ = std::move(future_.back());
      future_.pop_back();
      ++plies_;
    } while (!future_.empty() && engine_plays(plies_));
    return true;
  }
  Hint hint() const override { return Engine<M>(m_, limits_).hint(p_); }
  int plies() const override { return plies_; }
  Analysis analysis() const override { return Engine<M>(m_, limits_).analyze(p_); }

 private:
  bool engine_plays(int plies) const {
    if (engine_side_ == kEngineBoth) return true;
    if (engine_side_ == kEngineNeither) return false;
    return plies % 2 == engine_side_;
  }
  void advance(typename M::Position next) {
    past_.push_back(std::move(p_));
    future_.clear();
    p_ = std::move(next);
    ++plies_;
  }

  M m_;
  typename M::Position p_;
  std::vector<typename M::Position> past_;    // the positions before each ply, oldest first
  std::vector<typename M::Position> future_;  // what undo took back, next first at the back
  int engine_side_;
  int plies_ = 0;
  SearchLimits limits_;
};

// A GameState (api/game_state.h) over any model: the position itself, the
// positions before each move (for undo), and the current position's moves,
// listed once per position when first asked for.
template <GameModel M>
class ModelState : public GameState {
 public:
  ModelState(std::shared_ptr<const M> model, typename M::Position p, SearchLimits limits)
      : m_(std::move(model)), p_(std::move(p)), limits_(limits) {}

  std::unique_ptr<GameState> clone() const override { return std::make_unique<ModelState>(*this); }
  std::string position() const override { return m_->format_position(p_); }
  std::string board() const override { return m_->draw(p_); }
  bool is_terminal() const override { return !m_->mover(p_).has_value(); }
  std::optional<int> current_player() const override {
    if (is_terminal()) return std::nullopt;
    return static_cast<int>(past_.size() % 2);
  }
  std::string mover_name() const override {
    const auto m = m_->mover(p_);
    return m ? m->name : "nobody";
  }
  std::size_t num_actions() override { return listed().size(); }
  std::string action_to_string(std::size_t a) override {
    return m_->move_text(listed()[checked(a)]);
  }
  std::size_t string_to_action(std::string_view text) override {
    auto parsed = legal_move(*m_, p_, text);
    if (auto* why = std::get_if<std::string>(&parsed)) throw RequestError("illegal move: " + *why);
    const std::string canonical = m_->move_text(std::get<typename M::Move>(parsed));
    const std::vector<typename M::Move>& all = listed();
    for (std::size_t a = 0; a < all.size(); ++a) {
      if (m_->move_text(all[a]) == canonical) return a;
    }
    throw RequestError(fmt::format("'{}' is legal but not among the listed moves", text));
  }
  void apply_action(std::size_t a) override {
    typename M::Position next = m_->play(p_, listed()[checked(a)]);
    past_.push_back(std::move(p_));
    p_ = std::move(next);
    moves_valid_ = false;
  }
  bool undo() override {
    if (past_.empty()) return false;
    p_ = std::move(past_.back());
    past_.pop_back();
    moves_valid_ = false;
    return true;
  }
  int plies() const override { return static_cast<int>(past_.size()); }
  std::array<double, 2> returns() const override {
    if (!is_terminal()) return {0, 0};
    // The value is the player's whose turn it would be (api/value.h).
    const int mover = static_cast<int>(past_.size() % 2);
    const Value v = Engine<M>(*m_, limits_).evaluate(p_);
    double r = 0;  // to `mover`
    if (v.kind == ValueKind::kScore) {
      // The final total, to the side that maximizes it: the side that made
      // the last move maximizes or not, and the mover is the other side.
      bool mover_maximizes = false;
      if constexpr (requires { m_->maximizes(p_); }) {
        mover_maximizes = past_.empty() ? m_->maximizes(p_) : !m_->maximizes(past_.back());
      }
      r = static_cast<double>(*v.score) * (mover_maximizes ? 1 : -1);
    } else if (v.is_win() || v.is_loss() || v.kind == ValueKind::kNimber) {
      r = is_winning(v) ? 1 : -1;
    }
    std::array<double, 2> out{};
    out[static_cast<std::size_t>(mover)] = r;
    out[static_cast<std::size_t>(1 - mover)] = r == 0 ? 0 : -r;
    return out;
  }
  Value value() const override { return Engine<M>(*m_, limits_).evaluate(p_); }
  Analysis analyze() const override { return Engine<M>(*m_, limits_).analyze(p_); }
  Hint hint() const override { return Engine<M>(*m_, limits_).hint(p_); }

 private:
  const std::vector<typename M::Move>& listed() {
    if (!moves_valid_) {
      if (!is_terminal()) {
        const MoveCount n = m_->move_count(p_);
        if (n > kMaxActions) {
          throw RequestError(fmt::format(
              "this position has {} legal moves, more than a state lists ({}); play it by "
              "move text (Game.play, Game.moves with ranges=True)",
              count_text(n), kMaxActions));
        }
        moves_ = m_->moves(p_);
      } else {
        moves_.clear();
      }
      moves_valid_ = true;
    }
    return moves_;
  }
  std::size_t checked(std::size_t a) {
    const std::size_t n = listed().size();
    if (a >= n) {
      throw RequestError(
          n == 0 ? fmt::format("action {}: the game is over, no action is legal", a)
                 : fmt::format("action {} is not legal here: actions are 0 to {}", a, n - 1));
    }
    return a;
  }

  std::shared_ptr<const M> m_;
  typename M::Position p_;
  std::vector<typename M::Position> past_;  // the positions before each move, oldest first
  std::vector<typename M::Move> moves_;     // p_'s, when moves_valid_
  bool moves_valid_ = false;
  SearchLimits limits_;
};

// Fills a GameEntry's analyze, evaluate, hint and play from a model built
// from the user's options. Call it after the entry's name, flags and text options are
// set.
template <GameModel M>
void add_engine(GameEntry& e, std::function<M(const Params&)> model_of) {
  // The JSON envelope of analyze and hint: the game's name and its options.
  const auto stamp = [spec = std::make_shared<const GameEntry>(e)](auto result,
                                                                   const Params& params) {
    result.game = spec->name;
    result.options = options_json(*spec, params);
    return result;
  };
  // A position, parsed, no longer needs its text (Params::release_input):
  // a large one's analysis then holds the board and its canonical text, not
  // the input's pages as well.
  const auto parse = [](const M& m, std::string_view text, const Params& params) {
    typename M::Position p = m.parse_position(text);
    params.release(text.size());
    return p;
  };
  e.analyze = [stamp, model_of, parse](std::string_view text, const Params& params) {
    const M m = model_of(params);
    return stamp(Engine<M>(m, params.limits).analyze(parse(m, text, params)), params);
  };
  e.hint = [stamp, model_of, parse](std::string_view text, const Params& params) {
    const M m = model_of(params);
    return stamp(Engine<M>(m, params.limits).hint(parse(m, text, params)), params);
  };
  e.evaluate = [model_of, parse](std::string_view text, const Params& params) {
    const M m = model_of(params);
    const typename M::Position p = parse(m, text, params);
    Evaluation out;
    if (!m.reference_reaches(p)) {  // as Engine::evaluate decides
      out.value = m.theory(p);
      return out;
    }
    auto ref = m.reference(params.limits);
    const BenchTimer timer;
    out.value = ref.value(p);
    out.seconds = timer.seconds();
    if constexpr (requires { ref.solver().expanded_positions(); }) {
      out.nodes = ref.solver().expanded_positions();
      out.visited = ref.solver().visited_positions();
    }
    return out;
  };
  e.check_position = [model_of](std::string_view text, const Params& params) {
    (void)model_of(params).parse_position(text);
  };
  e.apply = [model_of](std::string_view text, std::string_view move, const Params& params) {
    const M m = model_of(params);
    const typename M::Position p = m.parse_position(text);
    if (!m.mover(p)) throw RequestError("the game is over: no move can be played");
    auto parsed = legal_move(m, p, move);
    if (auto* why = std::get_if<std::string>(&parsed)) {
      throw RequestError("illegal move: " + *why);
    }
    return m.format_position(m.play(p, std::get<typename M::Move>(parsed)));
  };
  e.moves = [model_of](std::string_view text, const Params& params) {
    const M m = model_of(params);
    const typename M::Position p = m.parse_position(text);
    return m.mover(p) ? m.move_help(p) : std::vector<std::string>{};
  };
  e.new_state = [model_of, parse](std::string_view text, const Params& params) {
    auto m = std::make_shared<const M>(model_of(params));
    typename M::Position p = parse(*m, text, params);
    return std::unique_ptr<GameState>(new ModelState<M>(std::move(m), std::move(p), params.limits));
  };
  e.play = [model_of, parse](std::string_view text, int engine_side, Seed, const Params& params) {
    M m = model_of(params);
    typename M::Position p = parse(m, text, params);
    return std::unique_ptr<PlaySession>(
        new ModelSession<M>(std::move(m), std::move(p), engine_side, params.limits));
  };
}

// Fills a GameEntry's bench from fixed positions of each size (see
// BenchResult), each solved by a fresh reference so that the counts do not
// depend on order: the nodes expanded are the signature, the checksum folds
// each value (win/loss: the result and the remoteness; a score; a nimber),
// the largest table and its bytes per position are reported. `description`
// says what the positions of a size are.
template <GameModel M>
void add_bench(GameEntry& e, std::function<std::string(int size)> description,
               std::function<std::vector<std::pair<M, typename M::Position>>(int size)> positions) {
  e.bench = [description, positions](int size) {
    BenchResult r;
    r.positions = description(size);
    for (const auto& [model, p] : positions(size)) {
      auto ref = model.reference(SearchLimits{});
      const BenchTimer timer;
      const Value v = ref.value(p);
      const double seconds = timer.seconds();
      std::uint64_t fold = 0;
      if (v.kind == ValueKind::kScore) {
        fold = static_cast<std::uint64_t>(*v.score);
      } else if (v.kind == ValueKind::kNimber) {
        fold = 3u ^ (*v.nimber << 16);
      } else {
        fold = (v.is_win() ? 1u : 2u) ^ (std::uint64_t{v.remoteness.value_or(0)} << 8);
      }
      r.record(ref.solver(), seconds, fold);
    }
    return r;
  };
}

}  // namespace perfectplay
