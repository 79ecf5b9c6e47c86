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
// The reference is the generic solver for the kind (WinLossSolver,
// AlphaBetaSolver, GrundySolver) on the rules as given: the exhaustive
// answer, remoteness included for win/loss games. A partizan game (Left's
// and Right's moves) is played here as a win/loss game whose position records
// the side to move: moves(p) are that side's options.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
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
      return Mover{i, i == 0 ? "first" : "second"};
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

// verify for a game with a theory: `trials` positions drawn by random
// playouts (from the start and the example positions in turn, a random
// number of random moves), each checked with check_theory against the
// exhaustive reference. A playout has no smaller instance to shrink to that
// is also a position of the game's own making, so the first mismatch is
// reported as found.
template <own::Rules G>
VerifyReport verify_by_playouts(const OwnModel<G>& m, const std::vector<std::string>& starts,
                                std::uint64_t trials, Seed seed, SearchLimits limits) {
  VerifyReport r;
  std::mt19937_64 rng(seed);
  for (std::uint64_t t = 0; t < trials; ++t) {
    auto p = m.parse_position(starts[t % starts.size()]);
    for (std::uint64_t plies = rng() % 64; plies > 0 && m.mover(p); --plies) {
      const auto moves = m.moves(p);
      p = m.play(p, moves[rng() % moves.size()]);
    }
    ++r.trials;
    if (!m.reference_reaches(p)) {
      ++r.agreed;  // out of the reference's reach: nothing to compare (counted as agreed)
      continue;
    }
    if (auto why = check_theory(m, p, limits)) {
      r.first_failure = t;
      r.counterexample = m.format_position(p);
      r.detail = std::move(*why);
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
      in.shrinks = [](const Position&) { return std::vector<Position>{}; };
      return certify::model_space(*model, std::move(in), params);
    };
  }
  return e;
}

}  // namespace perfectplay
