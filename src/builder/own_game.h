// own_game: any rules class satisfying the concepts of core/game.h, turned
// into a GameEntry with every command (docs/own-game.md).
//
// A game states what it can give, and the builder asks only for what each
// command needs (capabilities, not kinds):
//
//   required   Position, Move, moves(p), play(p, m), hash(p) (GameRules), and
//              parse(text) -> Position (throws InputError), format(p) ->
//              std::string: the position text of --position, the web board
//              and analyze --batch, with parse(format(p)) == p
//   kind       win/loss (the default; an ending() and decided(p) as in
//              core/game.h: decided(p) may be a draw); scored (side(p) and
//              final_score(p): ScoredGame, solved by alpha-beta); impartial
//              (`static constexpr bool kImpartial = true;`: nimbers, by
//              Sprague-Grundy with components(p) when given)
//   move text  move_text(m) -> std::string, unless Move is an integer (then
//              its decimal); parse_move(p, text) -> std::optional<Move>
//              (default: the legal move whose text is `text`)
//   optional   draw(p) (the board for a terminal; default format(p)),
//              grid(p) -> std::optional<BoardGrid> (api/analysis.h: the
//              position as cells, with where each move goes, for the web board),
//              player(p) -> 0 or 1 (who is to move, where the position
//              knows: the first or the second player; scored games know by
//              side(p)), end_text(p), notes(p) -> std::vector<std::string>,
//              reference_reaches(p) (the exhaustive search's work is within
//              reach; default: always, and --max-states bounds it),
//              batch_text(p, Value) (the line analyze --batch prints)
//   theory     theory(p): bool (win/loss: the mover wins), Outcome, Score
//              (scored) or std::uint64_t (impartial: the nimber), and
//              theory_move(p) -> std::optional<Move>. With a theory, the
//              engine uses it where reference_reaches(p) is false, and
//              `verify` compares it with the exhaustive reference on random
//              playouts from the start and example positions
//   enumerator positions(n) -> std::vector<Position>: every position of
//              size at most n, in a fixed order; `certify --size N` then
//              compares theory and reference on each and every move from it
//   bench      bench_positions(size) -> std::vector<Position> (default: the
//              example positions at every size)
//   speed      the representation hooks of core/game.h (key, append_moves,
//              play_in_place, ...) and, for scored games, order_moves
//              (solvers/alpha_beta.h): they change the speed only
//
//   checks     random_position(std::mt19937_64&) -> Position: `verify` draws
//              its positions from it instead of playing out from the
//              examples; shrinks(p) -> std::vector<Position>: smaller
//              positions than p, most promising first: verify and certify
//              shrink a disagreement through them (greedily, to a position
//              none of whose shrinks disagrees)
//   names      player_name(i) -> std::string: the name of player i (0 or 1)
//              where player(p) is given (default "first", "second")
//
// The reference is the generic solver for the kind (WinLossSolver,
// AlphaBetaSolver, GrundySolver) on the rules as given: the exhaustive
// answer, remoteness included for win/loss games.
//
// Partizan rules (core/game.h's PartizanGame: left_moves(p), right_moves(p),
// play, hash, optional components(p) and key(p); no moves(p)) with
// parse(text), format(p) and move_text(m) are detected and played as a
// win/loss game whose position records the side to move (PartizanPlay
// below): "L:" or "R:" before the rules' own position text (none: Left
// moves), moves(p) that side's options. They get everything above, and:
//   theory     the combinatorial game value (src/cgt/): the outcome class of
//              the sum of the parts' canonical forms, read for the side to
//              move, and a move to an option that wins for its mover; so
//              verify and certify compare the engine with exhaustive search
//   value      GameEntry::cgt_value: `perfectplay value` and the web board's
//              value panel (canonical form, outcome, thermograph)
// and may give, on the rules' own (side-less) positions: grid(p) ->
// BoardGrid without moves plus move_cells(p, m) -> the (row, column) cells
// a move covers (the web board; the moves of the side to move are placed),
// draw(p), positions(n) (each returned twice, Left and then Right to move),
// random_position(rng), shrinks(p) (beside the options of p, which are
// always shrinks), reference_reaches(p), bench_positions(size).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "api/engine.h"
#include "api/entry.h"
#include "api/reference.h"
#include "api/value.h"
#include "certify/model_space.h"
#include "cgt/canonical.h"
#include "cgt/partizan.h"
#include "cgt/report.h"
#include "core/game.h"
#include "core/input_error.h"

namespace perfectplay {

// What the builder cannot read off the rules: names and texts for the front
// ends, and the positions worth a look.
struct OwnGameInfo {
  std::string name;                   // a word: the command line's and the web API's name
  std::string summary;                // one line of rules, for `list`
  std::string position_format;        // one line: how --position reads a position
  std::string start;                  // the start position's text (play's default)
  std::vector<std::string> examples;  // example positions (the web board offers them)
};

namespace own {

template <class G>
concept Impartial = requires {
  requires G::kImpartial;
};

template <class G>
concept Scored = ScoredGame<G> && !Impartial<G>;

template <class G>
concept HasTheory = requires(const G& g, const typename G::Position& p) {
  g.theory(p);
  { g.theory_move(p) } -> std::same_as<std::optional<typename G::Move>>;
};

template <class G>
concept HasPositions = requires(const G& g, std::uint64_t n) {
  { g.positions(n) } -> std::convertible_to<std::vector<typename G::Position>>;
};

template <class G>
concept HasBench = requires(const G& g, int size) {
  { g.bench_positions(size) } -> std::convertible_to<std::vector<typename G::Position>>;
};

template <class G>
concept HasRandomPosition = requires(const G& g, std::mt19937_64& rng) {
  { g.random_position(rng) } -> std::convertible_to<typename G::Position>;
};

template <class G>
concept HasShrinks = requires(const G& g, const typename G::Position& p) {
  { g.shrinks(p) } -> std::convertible_to<std::vector<typename G::Position>>;
};

// A rules class the builder accepts (see the header's list).
template <class G>
concept Rules = GameRules<G> && requires(const G& g, const typename G::Position& p,
                                         const typename G::Move& m, std::string_view text) {
  { g.parse(text) } -> std::convertible_to<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  requires std::is_integral_v<typename G::Move> || requires {
    { g.move_text(m) } -> std::convertible_to<std::string>;
  };
};

}  // namespace own

// The GameModel (api/engine.h) of a rules class.
template <own::Rules G>
class OwnModel {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit OwnModel(G rules) : g_(std::move(rules)) {}
  const G& rules() const { return g_; }

  Position parse_position(std::string_view text) const { return g_.parse(text); }
  std::string format_position(const Position& p) const { return g_.format(p); }
  std::string draw(const Position& p) const {
    if constexpr (requires { g_.draw(p); }) {
      return g_.draw(p);
    } else {
      return format_position(p) + "\n";
    }
  }
  std::optional<BoardGrid> grid(const Position& p) const {
    if constexpr (requires { g_.grid(p); }) {
      return g_.grid(p);
    } else {
      return std::nullopt;
    }
  }
  std::optional<Mover> mover(const Position& p) const {
    if constexpr (!own::Impartial<G> && !own::Scored<G>) {
      if (detail::decided(g_, p)) return std::nullopt;
    }
    if (g_.moves(p).empty()) return std::nullopt;
    if constexpr (requires { g_.player(p); }) {
      const int i = static_cast<int>(g_.player(p));
      if constexpr (requires { g_.player_name(i); }) {
        return Mover{i, std::string(g_.player_name(i))};
      } else {
        return Mover{i, i == 0 ? "first" : "second"};
      }
    } else if constexpr (own::Scored<G>) {
      const bool max = g_.side(p) == Side::kMax;
      return Mover{max ? 0 : 1, max ? "first (maximizes)" : "second (minimizes)"};
    } else {
      return Mover{0, "the player to move"};
    }
  }
  MoveCount move_count(const Position& p) const { return g_.moves(p).size(); }
  std::vector<Move> moves(const Position& p) const { return g_.moves(p); }
  Position play(const Position& p, const Move& m) const { return g_.play(p, m); }
  std::string move_text(const Move& m) const {
    if constexpr (requires { g_.move_text(m); }) {
      return g_.move_text(m);
    } else {
      return std::to_string(m);
    }
  }
  std::variant<Move, std::string> parse_move(const Position& p, std::string_view text) const {
    const std::size_t b = text.find_first_not_of(" \t\r\n");
    const std::size_t e = text.find_last_not_of(" \t\r\n");
    text = b == std::string_view::npos ? std::string_view{} : text.substr(b, e - b + 1);
    if constexpr (requires { g_.parse_move(p, text); }) {
      if (std::optional<Move> m = g_.parse_move(p, text)) {
        for (const Move& x : g_.moves(p)) {
          if (move_text(x) == move_text(*m)) return *m;
        }
      }
    } else {
      for (const Move& x : g_.moves(p)) {
        if (move_text(x) == text) return x;
      }
    }
    return fmt::format("'{}' is not a legal move here (legal: {})", text,
                       fmt::join(move_help(p), " "));
  }
  std::string move_syntax(const Position&) const { return "a move as the legal moves list it"; }
  std::vector<std::string> move_help(const Position& p) const {
    std::vector<std::string> out;
    for (const Move& m : g_.moves(p)) out.push_back(move_text(m));
    return out;
  }
  bool reference_reaches(const Position& p) const {
    if constexpr (requires { g_.reference_reaches(p); }) {
      return g_.reference_reaches(p);
    } else {
      return true;
    }
  }
  auto reference(SearchLimits limits) const {
    if constexpr (own::Impartial<G>) {
      return GrundyReference<G>(g_, limits);
    } else if constexpr (own::Scored<G>) {
      return ScoredReference(g_, limits, [](const G&, const Position& p) {
        return std::pair<Score, const Position&>(0, p);
      });
    } else {
      return WinLossReference<G>(g_, limits);
    }
  }
  Value theory(const Position& p) const {
    if constexpr (own::HasTheory<G>) {
      const auto t = g_.theory(p);
      using T = std::decay_t<decltype(t)>;
      if constexpr (std::is_same_v<T, Value>) {
        return t;
      } else if constexpr (std::is_same_v<T, bool>) {
        return Value::wins(t, ValueSource::kTheory);
      } else if constexpr (std::is_same_v<T, Outcome>) {
        Value v = Value::of(t, ValueSource::kTheory);
        v.remoteness.reset();  // a theory vouches for the outcome, not its length
        return v;
      } else if constexpr (own::Impartial<G>) {
        return Value::of_nimber(static_cast<std::uint64_t>(t), ValueSource::kTheory);
      } else {
        static_assert(own::Scored<G>, "theory(p): bool or Outcome (win/loss), Score, or nimber");
        return Value::of_score(static_cast<Score>(t), ValueSource::kTheory);
      }
    } else {
      (void)p;
      return Value::unknown();
    }
  }
  std::optional<Move> theory_move(const Position& p) const {
    if constexpr (own::HasTheory<G>) {
      return g_.theory_move(p);
    } else {
      (void)p;
      return std::nullopt;
    }
  }
  std::optional<Move> heuristic_move(const Position&) const { return std::nullopt; }
  std::string end_text(const Position& p) const {
    if constexpr (requires { g_.end_text(p); }) {
      return g_.end_text(p);
    } else if constexpr (own::Scored<G>) {
      (void)p;
      return "no move is left.";
    } else {
      if constexpr (!own::Impartial<G>) {
        if (const std::optional<Outcome> o = detail::decided(g_, p)) {
          return o->is_draw()  ? "the game is drawn."
                 : o->is_win() ? "the rules end the game: the player to move has won."
                               : "the rules end the game: the player to move has lost.";
        }
        if (detail::ending_of(g_) == Ending::kMisere) {
          return "no move is left: the player to move wins.";
        }
      }
      return "no move is left: the player to move loses.";
    }
  }
  bool maximizes(const Position& p) const requires own::Scored<G> {
    return g_.side(p) == Side::kMax;
  }
  std::vector<std::string> notes(const Position& p) const {
    if constexpr (requires { g_.notes(p); }) {
      return g_.notes(p);
    } else {
      (void)p;
      return {};
    }
  }

 private:
  G g_;
};

// The smallest disagreement reachable from `p` through the rules'
// shrinks(p) (none: p itself): greedily, the first shrink that still
// disagrees is taken, until none does. Returns the position and why.
template <own::Rules G>
std::pair<typename G::Position, std::string> shrink_disagreement(const OwnModel<G>& m,
                                                                 typename G::Position p,
                                                                 std::string why,
                                                                 SearchLimits limits,
                                                                 std::uint64_t& steps) {
  if constexpr (own::HasShrinks<G>) {
    for (bool smaller = true; smaller;) {
      smaller = false;
      for (auto& q : m.rules().shrinks(p)) {
        if (!m.reference_reaches(q)) continue;
        if (auto w = check_theory(m, q, limits)) {
          p = std::move(q);
          why = std::move(*w);
          ++steps;
          smaller = true;
          break;
        }
      }
    }
  } else {
    (void)m;
    (void)limits;
    (void)steps;
  }
  return {std::move(p), std::move(why)};
}

// verify for a game with a theory: `trials` positions, each checked with
// check_theory against the exhaustive reference. The positions are the
// rules' random_position(rng) where given, else random playouts (from the
// start and the example positions in turn, a random number of random
// moves). A mismatch is shrunk through the rules' shrinks(p) where given
// (shrink_disagreement); without them it is reported as found.
template <own::Rules G>
VerifyReport verify_by_playouts(const OwnModel<G>& m, const std::vector<std::string>& starts,
                                std::uint64_t trials, Seed seed, SearchLimits limits) {
  VerifyReport r;
  std::mt19937_64 rng(seed);
  for (std::uint64_t t = 0; t < trials; ++t) {
    typename G::Position p = [&] {
      if constexpr (own::HasRandomPosition<G>) {
        (void)starts;
        return typename G::Position(m.rules().random_position(rng));
      } else {
        auto q = m.parse_position(starts[t % starts.size()]);
        for (std::uint64_t plies = rng() % 64; plies > 0 && m.mover(q); --plies) {
          const auto moves = m.moves(q);
          q = m.play(q, moves[rng() % moves.size()]);
        }
        return q;
      }
    }();
    ++r.trials;
    if (!m.reference_reaches(p)) {
      ++r.agreed;  // out of the reference's reach: nothing to compare (counted as agreed)
      continue;
    }
    if (auto why = check_theory(m, p, limits)) {
      r.first_failure = t;
      r.original = m.format_position(p);
      auto [q, w] = shrink_disagreement(m, std::move(p), std::move(*why), limits, r.shrink_steps);
      r.counterexample = m.format_position(q);
      r.detail = std::move(w);
      return r;
    }
    ++r.agreed;
  }
  return r;
}

// The GameEntry of a rules class: analyze, hint, play, evaluate (analyze
// --batch), apply and moves (the web board), bench; verify when the rules
// have a theory, certify when they enumerate their positions. No solve or
// generate: an own game has no contest format. certify needs the theory as
// well as the enumerator (it compares the two solvers).
template <own::Rules G>
GameEntry own_game(G rules, OwnGameInfo info) {
  using Model = OwnModel<G>;
  using Position = typename G::Position;
  const auto model = std::make_shared<const Model>(std::move(rules));
  GameEntry e;
  e.name = std::move(info.name);
  e.summary = std::move(info.summary);
  e.position_format = std::move(info.position_format);
  e.default_position = info.start;
  e.example_positions = info.examples;
  if (e.example_positions.empty()) e.example_positions.push_back(info.start);
  add_engine<Model>(e, [model](const Params&) { return *model; });
  if constexpr (requires(const Position& p, const Value& v) { model->rules().batch_text(p, v); }) {
    e.batch_text = [model](std::string_view text, const Value& v, const Params&) {
      return std::string(model->rules().batch_text(model->parse_position(text), v));
    };
  }
  const std::vector<std::string> starts = e.example_positions;
  // (Each lambda names every capture in both branches: a capture unused in
  // one instantiation is a warning under clang.)
  add_bench<Model>(
      e,
      [n = starts.size()](int size) {
        return own::HasBench<G> ? fmt::format("the game's bench positions of size {}", size)
                                : fmt::format("the {} example positions", n);
      },
      [model, starts](int size) {
        std::vector<std::pair<Model, Position>> out;
        if constexpr (own::HasBench<G>) {
          for (const Position& p : model->rules().bench_positions(size))
            out.emplace_back(*model, p);
          (void)starts;
        } else {
          (void)size;
          for (const std::string& s : starts) out.emplace_back(*model, model->parse_position(s));
        }
        return out;
      });
  if constexpr (own::HasTheory<G>) {
    e.verify = [model, starts](std::uint64_t trials, Seed seed, const Params& params) {
      return verify_by_playouts(*model, starts, trials, seed, params.limits);
    };
  }
  if constexpr (own::HasTheory<G> && own::HasPositions<G>) {
    e.certify_params = {
        {"size", "every position of at most this size (the game's own measure)", 2, 0, 1'000'000}};
    e.certify = [model](const Params& params) {
      const auto n = static_cast<std::uint64_t>(params.get("size"));
      auto all = std::make_shared<const std::vector<Position>>(model->rules().positions(n));
      certify::Instances<Model> in;
      in.description = fmt::format("every position of size at most {}", n);
      in.size = all->size();
      in.instance = [all](std::uint64_t i) { return (*all)[i]; };
      in.shrinks = [model](const Position& p) {
        if constexpr (own::HasShrinks<G>) {
          return std::vector<Position>(model->rules().shrinks(p));
        } else {
          (void)model;
          (void)p;
          return std::vector<Position>{};
        }
      };
      return certify::model_space(*model, std::move(in), params);
    };
  }
  return e;
}

namespace own {

// Partizan rules the builder accepts (the header's "Partizan rules").
template <class G>
concept PartizanRules =
    PartizanGame<G> && !GameRules<G> && requires(const G& g, const typename G::Position& p,
                                                 const typename G::Move& m, std::string_view text) {
  { g.parse(text) } -> std::convertible_to<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.move_text(m) } -> std::convertible_to<std::string>;
};

// The theory's value grew past its limit of parts (a SearchLimitExceeded:
// exit code 4 on the command line, 422 on the web board), said in its own
// words: --max-states bounds the exhaustive search, not this.
class ValueLimitExceeded : public SearchLimitExceeded {
 public:
  explicit ValueLimitExceeded(std::uint64_t limit)
      : SearchLimitExceeded(limit),
        message_(fmt::format(
            "the position is past exhaustive search's reach, and its combinatorial value "
            "passed the theory's limit of {} parts ('value' takes --max-states)",
            limit)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

// The combinatorial values of one partizan game's positions, shared by the
// copies of a PartizanPlay (the engine copies its model per request, certify
// per thread): one Universe, its parts memoized across calls, behind a mutex
// (a Universe grows its tables on reads). Past kKeepParts parts it starts
// afresh before the next call, so a long-running server's memory stays
// bounded; one call may value up to kMaxParts parts (about 200 MB and ten
// seconds of CPU: Domineering's 5 x 5 board takes 74,034), then
// ValueLimitExceeded, the universe dropped. The valuer reads no stop flag, so
// this bound is also what a web request past exhaustive search may cost.
template <PartizanGame G>
class SharedValues {
 public:
  static constexpr std::size_t kKeepParts = 100'000;
  static constexpr std::size_t kMaxParts = 200'000;

  explicit SharedValues(std::shared_ptr<const G> g) : g_(std::move(g)) {}

  // f(universe, valuer) under the lock.
  template <class F>
  auto with(F&& f) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!valuer_ || valuer_->parts() > kKeepParts) {
      valuer_.reset();
      universe_ = std::make_unique<cgt::Universe>();
      valuer_ = std::make_unique<cgt::PartizanValuer<G>>(*g_, *universe_, kMaxParts);
    }
    try {
      return f(*universe_, *valuer_);
    } catch (const SearchLimitExceeded&) {
      valuer_.reset();
      universe_.reset();
      throw ValueLimitExceeded(kMaxParts);
    }
  }

 private:
  std::shared_ptr<const G> g_;
  std::mutex mutex_;
  std::unique_ptr<cgt::Universe> universe_;
  std::unique_ptr<cgt::PartizanValuer<G>> valuer_;
};

// Partizan rules G as a win/loss rules class for own_game: the position is
// G's with the side to move ("L:" / "R:" in the text), moves(p) that side's
// options, the theory the combinatorial value's outcome class for that side
// (cgt/to_move.h's table: L, Left wins whoever starts; R, Right does; P,
// the mover loses; N, the mover wins).
template <PartizanRules G>
class PartizanPlay {
 public:
  struct Position {
    typename G::Position board;
    bool left = true;  // Left is to move
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = typename G::Move;

  explicit PartizanPlay(G rules)
      : g_(std::make_shared<const G>(std::move(rules))),
        values_(std::make_shared<SharedValues<G>>(g_)) {}
  const G& partizan() const { return *g_; }

  std::vector<Move> moves(const Position& p) const {
    return p.left ? g_->left_moves(p.board) : g_->right_moves(p.board);
  }
  Position play(const Position& p, const Move& m) const {
    return Position{g_->play(p.board, m), !p.left};
  }
  std::size_t hash(const Position& p) const {
    return static_cast<std::size_t>(mix64(g_->hash(p.board) * 2 + (p.left ? 1 : 0)));
  }
  int player(const Position& p) const { return p.left ? 0 : 1; }
  std::string player_name(int i) const { return i == 0 ? "Left" : "Right"; }

  // "L:" or "R:" (either case, blanks around allowed), then the rules' text;
  // no prefix: Left moves. The rules' errors keep their columns in the
  // whole text.
  Position parse(std::string_view text) const {
    std::size_t i = text.find_first_not_of(" \t\r\n");
    Position p;
    if (i != std::string_view::npos && i + 1 < text.size() && text[i + 1] == ':' &&
        (text[i] == 'L' || text[i] == 'R' || text[i] == 'l' || text[i] == 'r')) {
      p.left = text[i] == 'L' || text[i] == 'l';
      i += 2;
    } else if (i != std::string_view::npos && i + 1 < text.size() && text[i + 1] == ':') {
      throw InputError(
          1, i + 1, fmt::format("who moves is 'L:' (Left) or 'R:' (Right), found '{}:'", text[i]));
    } else {
      i = 0;
    }
    try {
      p.board = g_->parse(text.substr(i));
    } catch (const InputError& e) {
      if (e.line() != 1) throw;
      throw InputError(e.line(), e.column() + i, e.message());
    }
    return p;
  }
  std::string format(const Position& p) const {
    return (p.left ? "L:" : "R:") + std::string(g_->format(p.board));
  }
  std::string move_text(const Move& m) const { return g_->move_text(m); }
  std::string draw(const Position& p) const {
    std::string out = p.left ? "Left to move\n" : "Right to move\n";
    if constexpr (requires { g_->draw(p.board); }) {
      out += g_->draw(p.board);
    } else {
      out += g_->format(p.board);
      out += '\n';
    }
    return out;
  }
  std::optional<BoardGrid> grid(const Position& p) const requires
      requires(const G& g, const typename G::Position& b, const Move& m) {
    { g.grid(b) } -> std::convertible_to<BoardGrid>;
    { g.move_cells(b, m) } -> std::convertible_to<std::vector<std::pair<int, int>>>;
  }
  {
    BoardGrid out = g_->grid(p.board);
    for (const Move& m : moves(p)) out.moves.push_back({move_text(m), g_->move_cells(p.board, m)});
    return out;
  }
  std::string end_text(const Position& p) const {
    return p.left ? "Left, to move, has no move: Right wins."
                  : "Right, to move, has no move: Left wins.";
  }

  // The theory: the mover wins, read from the value's outcome class.
  bool theory(const Position& p) const {
    return values_->with([&](cgt::Universe& u, cgt::PartizanValuer<G>& v) {
      return mover_wins(u.outcome(v.value(p.board)), p.left);
    });
  }
  // A move to an option that the mover wins moving second: G^L >= 0 for
  // Left, G^R <= 0 for Right. Where the mover loses every move loses, and
  // the first is named (so that the engine says its move is the theory's,
  // not a heuristic's); none where there is no move.
  std::optional<Move> theory_move(const Position& p) const {
    const std::vector<Move> all = moves(p);
    if (all.empty()) return std::nullopt;
    return values_->with([&](cgt::Universe& u, cgt::PartizanValuer<G>& v) -> std::optional<Move> {
      for (const Move& m : all) {
        const cgt::GameId c = v.value(g_->play(p.board, m));
        if (p.left ? u.ge(c, cgt::Universe::kZero) : u.le(c, cgt::Universe::kZero)) return m;
      }
      return all.front();
    });
  }

  std::vector<Position> positions(std::uint64_t n) const requires requires(const G& g) {
    g.positions(n);
  }
  {
    std::vector<Position> out;
    for (auto& b : g_->positions(n)) {
      out.push_back({b, true});
      out.push_back({std::move(b), false});
    }
    return out;
  }
  Position random_position(std::mt19937_64& rng) const requires requires(const G& g) {
    g.random_position(rng);
  }
  {
    const bool left = rng() % 2 == 0;
    return {g_->random_position(rng), left};
  }
  // The options of p's board by either player (each a smaller game), then
  // the rules' own shrinks; the side to move kept.
  std::vector<Position> shrinks(const Position& p) const {
    std::vector<Position> out;
    if constexpr (requires { g_->shrinks(p.board); }) {
      for (auto& b : g_->shrinks(p.board)) out.push_back({std::move(b), p.left});
    }
    for (const Move& m : g_->left_moves(p.board)) out.push_back({g_->play(p.board, m), p.left});
    for (const Move& m : g_->right_moves(p.board)) out.push_back({g_->play(p.board, m), p.left});
    return out;
  }
  bool reference_reaches(const Position& p) const requires requires(const G& g) {
    g.reference_reaches(p.board);
  }
  { return g_->reference_reaches(p.board); }
  std::vector<Position> bench_positions(int size) const requires requires(const G& g) {
    g.bench_positions(size);
  }
  {
    std::vector<Position> out;
    for (auto& b : g_->bench_positions(size)) out.push_back({std::move(b), true});
    return out;
  }

  // The report of `perfectplay value` for a position's text (the side to
  // move plays no part in a value), in a Universe of its own.
  cgt::CgtReport report(std::string_view text, std::size_t max_parts) const {
    const Position p = parse(text);
    cgt::Universe u;
    cgt::PartizanValuer<G> valuer(*g_, u, max_parts);
    cgt::CgtReport r = cgt::report_of(u, valuer.value(p.board));
    r.position = format(p);
    r.parts = valuer.parts();
    return r;
  }

  static bool mover_wins(cgt::OutcomeClass c, bool left) {
    switch (c) {
      case cgt::OutcomeClass::kL:
        return left;
      case cgt::OutcomeClass::kR:
        return !left;
      case cgt::OutcomeClass::kP:
        return false;
      case cgt::OutcomeClass::kN:
        return true;
    }
    return false;
  }

 private:
  std::shared_ptr<const G> g_;
  std::shared_ptr<SharedValues<G>> values_;
};

}  // namespace own

// own_game for partizan rules (the header's "Partizan rules"): the rules
// played with a side to move (own::PartizanPlay), with the combinatorial
// value as their theory and as GameEntry::cgt_value.
template <own::PartizanRules G>
GameEntry own_game(G rules, OwnGameInfo info) {
  own::PartizanPlay<G> play(std::move(rules));
  GameEntry e = own_game(play, std::move(info));
  e.cgt_value = [play](std::string_view text, std::size_t max_parts) {
    return play.report(text, max_parts);
  };
  return e;
}

}  // namespace perfectplay
