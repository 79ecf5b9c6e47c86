#include "cgt/canonical.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>

#include "core/game.h"
#include "core/input_error.h"

namespace perfectplay::cgt {

namespace {

constexpr GameId kNone = UINT32_MAX;

std::uint64_t pair_key(GameId a, GameId b) {
  return (static_cast<std::uint64_t>(a) << 32) | b;
}

void sort_unique(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// The simplest number strictly between lo and hi (an absent bound is
// infinite): 0 if allowed, else the integer nearest 0, else the dyadic of
// smallest denominator (the Simplicity Theorem; Siegel, Theorem II.3.?).
Rational simplest_between(const std::optional<Rational>& lo, const std::optional<Rational>& hi) {
  assert(!lo || !hi || *lo < *hi);
  if ((!lo || *lo < Rational(0)) && (!hi || *hi > Rational(0))) return Rational(0);
  if (lo && *lo >= Rational(0)) {
    const Rational n(lo->floor() + 1);
    if (!hi || n < *hi) return n;
  } else {
    const Rational n(hi->ceil() - 1);
    if (!lo || n > *lo) return n;
  }
  // No integer strictly between: the dyadic m / 2^k with k least.
  for (int k = 1; k < 62; ++k) {
    const std::int64_t scale = std::int64_t{1} << k;
    const Rational m((*lo * Rational(scale)).floor() + 1);
    const Rational x = m / scale;
    if (x < *hi) return x;
  }
  throw RequestError("a number in this game needs more than 62 bits after the point");
}

}  // namespace

std::string_view outcome_name(OutcomeClass c) {
  switch (c) {
    case OutcomeClass::kL:
      return "L";
    case OutcomeClass::kR:
      return "R";
    case OutcomeClass::kP:
      return "P";
    case OutcomeClass::kN:
      return "N";
  }
  return "?";
}

std::size_t Universe::OptionsHash::operator()(
    const std::pair<std::vector<GameId>, std::vector<GameId>>& k) const {
  std::uint64_t h = mix64(k.first.size());
  for (const GameId g : k.first) h = mix64(h ^ g);
  h = mix64(h ^ 0x5bd1e995u);
  for (const GameId g : k.second) h = mix64(h ^ g);
  return static_cast<std::size_t>(h);
}

Universe::Universe() {
  intern({}, {});
  nimbers_.push_back(kZero);
}

std::optional<Rational> Universe::simplest_number(const std::vector<GameId>& left,
                                                  const std::vector<GameId>& right) const {
  std::optional<Rational> lo;
  std::optional<Rational> hi;
  for (const GameId g : left) {
    if (!nodes_[g].is_number) return std::nullopt;
    if (!lo || nodes_[g].value > *lo) lo = nodes_[g].value;
  }
  for (const GameId g : right) {
    if (!nodes_[g].is_number) return std::nullopt;
    if (!hi || nodes_[g].value < *hi) hi = nodes_[g].value;
  }
  if (lo && hi && *lo >= *hi) return std::nullopt;
  return simplest_between(lo, hi);
}

GameId Universe::intern(std::vector<GameId> left, std::vector<GameId> right) {
  sort_unique(left);
  sort_unique(right);
  auto key = std::make_pair(std::move(left), std::move(right));
  if (const auto it = intern_.find(key); it != intern_.end()) return it->second;
  Node n;
  n.left = key.first;
  n.right = key.second;
  for (const GameId g : n.left) n.birthday = std::max(n.birthday, nodes_[g].birthday + 1);
  for (const GameId g : n.right) n.birthday = std::max(n.birthday, nodes_[g].birthday + 1);
  // A canonical form whose options are numbers, every Left one below every
  // Right one, is the canonical form of the simplest number between them.
  if (const std::optional<Rational> x = simplest_number(n.left, n.right)) {
    n.is_number = true;
    n.value = *x;
  }
  const auto id = static_cast<GameId>(nodes_.size());
  nodes_.push_back(std::move(n));
  neg_memo_.push_back(kNone);
  intern_.emplace(std::move(key), id);
  return id;
}

GameId Universe::number(const Rational& x) {
  const std::uint64_t key =
      mix64(static_cast<std::uint64_t>(x.num())) ^ static_cast<std::uint64_t>(x.den());
  const auto [first, last] = numbers_.equal_range(key);
  for (auto it = first; it != last; ++it) {
    if (nodes_[it->second].value == x) return it->second;
  }
  const GameId g = build_number(x);
  numbers_.emplace(key, g);
  return g;
}

GameId Universe::build_number(const Rational& x) {
  if (x.is_integer()) {
    // n = {n - 1 | } and -n = { | -n + 1}, built upwards from 0 (no
    // recursion as deep as n).
    const std::int64_t n = x.num();
    GameId g = kZero;
    for (std::int64_t i = 1; i <= (n < 0 ? -n : n); ++i) {
      g = n > 0 ? intern({g}, {}) : intern({}, {g});
    }
    return g;
  }
  if (!std::has_single_bit(static_cast<std::uint64_t>(x.den()))) {
    throw RequestError("not a dyadic number: " + x.text() + " (a short game's numbers are m/2^k)");
  }
  // m / 2^k = {(m - 1) / 2^k | (m + 1) / 2^k}, both of smaller denominator.
  const Rational step(1, x.den());
  return intern({number(x - step)}, {number(x + step)});
}

GameId Universe::integer(std::int64_t n) {
  return number(Rational(n));
}

GameId Universe::nimber(std::uint32_t n) {
  // *n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}: canonical as it stands.
  while (nimbers_.size() <= n) {
    const std::vector<GameId> opts = nimbers_;
    nimbers_.push_back(intern(opts, opts));
  }
  return nimbers_[n];
}

GameId Universe::ups(std::int64_t k) {
  if (k == 0) return kZero;
  if (const auto it = ups_.find(k); it != ups_.end()) return it->second;
  GameId g;
  if (k < 0) {
    g = neg(ups(-k));
  } else if (k == 1) {
    g = intern({kZero}, {star()});  // ^ = {0 | *}, canonical
  } else {
    g = add(ups(k - 1), ups(1));
  }
  ups_.emplace(k, g);
  return g;
}

GameId Universe::neg(GameId g) {
  if (neg_memo_[g] != kNone) return neg_memo_[g];
  // -{L | R} = {-R | -L}; the negative of a canonical form is canonical.
  std::vector<GameId> l;
  std::vector<GameId> r;
  for (const GameId x : nodes_[g].right) l.push_back(neg(x));
  for (const GameId x : nodes_[g].left) r.push_back(neg(x));
  const GameId n = intern(std::move(l), std::move(r));
  neg_memo_[g] = n;
  neg_memo_[n] = g;
  return n;
}

GameId Universe::add(GameId g, GameId h) {
  if (g == kZero) return h;
  if (h == kZero) return g;
  if (nodes_[g].is_number && nodes_[h].is_number) {
    return number(nodes_[g].value + nodes_[h].value);
  }
  if (g > h) std::swap(g, h);
  const std::uint64_t key = pair_key(g, h);
  if (const auto it = add_memo_.find(key); it != add_memo_.end()) return it->second;
  if (nodes_[g].is_number) std::swap(g, h);  // h is the number, if one is
  std::vector<GameId> l;
  std::vector<GameId> r;
  // Copies: add() below may grow nodes_ and move the vectors.
  const std::vector<GameId> gl = nodes_[g].left;
  const std::vector<GameId> gr = nodes_[g].right;
  for (const GameId x : gl) l.push_back(add(x, h));
  for (const GameId x : gr) r.push_back(add(x, h));
  if (!nodes_[h].is_number) {
    // With a number h, {G^L + h | G^R + h} is already G + h (Number
    // Translation): h's own options are never needed.
    const std::vector<GameId> hl = nodes_[h].left;
    const std::vector<GameId> hr = nodes_[h].right;
    for (const GameId x : hl) l.push_back(add(g, x));
    for (const GameId x : hr) r.push_back(add(g, x));
  }
  const GameId s = make(std::move(l), std::move(r));
  add_memo_.emplace(key, s);
  return s;
}

bool Universe::le(GameId g, GameId h) {
  if (g == h) return true;
  if (nodes_[g].is_number && nodes_[h].is_number) return nodes_[g].value <= nodes_[h].value;
  const std::uint64_t key = pair_key(g, h);
  if (const auto it = le_memo_.find(key); it != le_memo_.end()) return it->second;
  // G <= H iff no G^L >= H and no H^R <= G.
  bool result = true;
  // References: le() never interns, so nodes_ does not move under them.
  const std::vector<GameId>& gl = nodes_[g].left;
  const std::vector<GameId>& hr = nodes_[h].right;
  for (const GameId x : gl) {
    if (le(h, x)) {
      result = false;
      break;
    }
  }
  if (result) {
    for (const GameId x : hr) {
      if (le(x, g)) {
        result = false;
        break;
      }
    }
  }
  le_memo_.emplace(key, result);
  return result;
}

// Comparisons of one game G = {gl | gr} that is not interned (make()'s form
// being simplified) with interned games h, memoized on h for this G.
class RawCompare {
 public:
  RawCompare(Universe& u, const std::vector<GameId>& gl, const std::vector<GameId>& gr)
      : u_(u), gl_(gl), gr_(gr) {}

  // G <= h: no G^L >= h, no h^R <= G.
  bool g_le(GameId h) {
    if (const auto it = le_.find(h); it != le_.end()) return it->second;
    bool r = true;
    for (const GameId x : gl_) {
      if (u_.le(h, x)) {
        r = false;
        break;
      }
    }
    if (r) {
      const std::vector<GameId>& hr = u_.nodes_[h].right;  // comparisons never intern
      for (const GameId x : hr) {
        if (g_ge(x)) {
          r = false;
          break;
        }
      }
    }
    le_.emplace(h, r);
    return r;
  }
  // h <= G: no h^L >= G, no G^R <= h.
  bool g_ge(GameId h) {
    if (const auto it = ge_.find(h); it != ge_.end()) return it->second;
    bool r = true;
    for (const GameId x : gr_) {
      if (u_.le(x, h)) {
        r = false;
        break;
      }
    }
    if (r) {
      const std::vector<GameId>& hl = u_.nodes_[h].left;
      for (const GameId x : hl) {
        if (g_le(x)) {
          r = false;
          break;
        }
      }
    }
    ge_.emplace(h, r);
    return r;
  }

 private:
  Universe& u_;
  const std::vector<GameId>& gl_;
  const std::vector<GameId>& gr_;
  std::unordered_map<GameId, bool> le_;
  std::unordered_map<GameId, bool> ge_;
};

GameId Universe::make(std::vector<GameId> left, std::vector<GameId> right) {
  sort_unique(left);
  sort_unique(right);
  if (const std::optional<Rational> x = simplest_number(left, right)) return number(*x);
  for (;;) {
    // Dominated options: distinct ids are distinct values, so le() between
    // two of them is strict.
    const auto drop_dominated = [&](std::vector<GameId>& side, bool for_left) {
      std::vector<GameId> kept;
      for (const GameId a : side) {
        bool dominated = false;
        for (const GameId b : side) {
          if (b != a && (for_left ? le(a, b) : le(b, a))) {
            dominated = true;
            break;
          }
        }
        if (!dominated) kept.push_back(a);
      }
      side = std::move(kept);
    };
    drop_dominated(left, true);
    drop_dominated(right, false);
    bool changed = false;
    RawCompare g(*this, left, right);
    // A Left option A is reversible through A^R <= G: A is replaced by A^R's
    // Left options (bypassing it). One replacement per round: G changed.
    for (std::size_t i = 0; i < left.size() && !changed; ++i) {
      const std::vector<GameId> ar = nodes_[left[i]].right;
      for (const GameId x : ar) {
        if (g.g_ge(x)) {
          std::vector<GameId> next(left.begin(), left.end());
          next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), nodes_[x].left.begin(), nodes_[x].left.end());
          left = std::move(next);
          changed = true;
          break;
        }
      }
    }
    for (std::size_t i = 0; i < right.size() && !changed; ++i) {
      const std::vector<GameId> bl = nodes_[right[i]].left;
      for (const GameId x : bl) {
        if (g.g_le(x)) {
          std::vector<GameId> next(right.begin(), right.end());
          next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
          next.insert(next.end(), nodes_[x].right.begin(), nodes_[x].right.end());
          right = std::move(next);
          changed = true;
          break;
        }
      }
    }
    if (!changed) break;
    sort_unique(left);
    sort_unique(right);
  }
  return intern(std::move(left), std::move(right));
}

OutcomeClass Universe::outcome(GameId g) {
  bool left_first = false;   // some G^L >= 0
  bool right_first = false;  // some G^R <= 0
  const std::vector<GameId> gl = nodes_[g].left;
  const std::vector<GameId> gr = nodes_[g].right;
  for (const GameId x : gl) left_first = left_first || le(kZero, x);
  for (const GameId x : gr) right_first = right_first || le(x, kZero);
  if (left_first) return right_first ? OutcomeClass::kN : OutcomeClass::kL;
  return right_first ? OutcomeClass::kR : OutcomeClass::kP;
}

Rational Universe::left_stop(GameId g) {
  if (nodes_[g].is_number) return nodes_[g].value;
  if (const auto it = stops_.find(g); it != stops_.end()) return it->second.first;
  // A canonical form that is not a number has options on both sides (one
  // with no Left option is an integer).
  assert(!nodes_[g].left.empty() && !nodes_[g].right.empty());
  const std::vector<GameId> gl = nodes_[g].left;
  const std::vector<GameId> gr = nodes_[g].right;
  Rational ls = right_stop(gl[0]);
  for (const GameId x : gl) ls = std::max(ls, right_stop(x));
  Rational rs = left_stop(gr[0]);
  for (const GameId x : gr) rs = std::min(rs, left_stop(x));
  stops_.emplace(g, std::make_pair(ls, rs));
  return ls;
}

Rational Universe::right_stop(GameId g) {
  if (nodes_[g].is_number) return nodes_[g].value;
  left_stop(g);
  return stops_.at(g).second;
}

const Thermograph& Universe::thermograph(GameId g) {
  if (const auto it = thermographs_.find(g); it != thermographs_.end()) return it->second;
  Thermograph th;
  if (nodes_[g].is_number) {
    const Rational& x = nodes_[g].value;
    th.left = th.right = Wall::constant(x);
    th.mean = x;
    // An integer's temperature is -1, m/2^k's is -1/2^k.
    th.temperature = Rational(-1, x.den());
  } else {
    std::vector<Wall> lw;
    std::vector<Wall> rw;
    const std::vector<GameId> gl = nodes_[g].left;
    const std::vector<GameId> gr = nodes_[g].right;
    for (const GameId x : gl) lw.push_back(thermograph(x).right.tilted(Rational(-1)));
    for (const GameId x : gr) rw.push_back(thermograph(x).left.tilted(Rational(1)));
    th = thermograph_from_scaffolds(Wall::max_of(lw), Wall::min_of(rw));
  }
  return thermographs_.emplace(g, std::move(th)).first->second;
}

bool Universe::is_all_small(GameId g) {
  if (g == kZero) return true;
  if (const auto it = all_small_.find(g); it != all_small_.end()) return it->second;
  bool r = !nodes_[g].left.empty() && !nodes_[g].right.empty();
  const std::vector<GameId> gl = nodes_[g].left;
  const std::vector<GameId> gr = nodes_[g].right;
  for (const GameId x : gl) r = r && is_all_small(x);
  for (const GameId x : gr) r = r && is_all_small(x);
  all_small_.emplace(g, r);
  return r;
}

GameId Universe::far_star(GameId g) {
  // Every nimber in G's subpositions (and nim sums of them) is below
  // bit_ceil(birthday + 1); twice that is remote for G.
  const auto m = static_cast<std::uint32_t>(std::bit_ceil(birthday(g) + 1u) * 2);
  return nimber(m);
}

std::optional<GameId> Universe::atomic_weight(GameId g) {
  if (!is_all_small(g)) return std::nullopt;
  if (g == kZero) return kZero;
  if (const auto it = atomic_weights_.find(g); it != atomic_weights_.end()) return it->second;
  std::vector<GameId> l;
  std::vector<GameId> r;
  const std::vector<GameId> gl = nodes_[g].left;
  const std::vector<GameId> gr = nodes_[g].right;
  const GameId two = integer(2);
  for (const GameId x : gl) l.push_back(sub(*atomic_weight(x), two));
  for (const GameId x : gr) r.push_back(add(*atomic_weight(x), two));
  GameId w = make(l, r);
  if (nodes_[w].is_number && nodes_[w].value.is_integer()) {
    // Eccentric cases: against a far star, G > ☆ takes the largest integer
    // n with n ◁ every Right entry (n not >= it), G < ☆ the smallest with n
    // ▷ every Left entry.
    const GameId fs = far_star(g);
    std::int64_t n = nodes_[w].value.num();
    const auto below_all = [&](std::int64_t v) {
      const GameId c = integer(v);
      return std::all_of(r.begin(), r.end(), [&](GameId x) { return !le(x, c); });
    };
    const auto above_all = [&](std::int64_t v) {
      const GameId c = integer(v);
      return std::all_of(l.begin(), l.end(), [&](GameId x) { return !le(c, x); });
    };
    if (gt(g, fs)) {
      while (below_all(n + 1)) ++n;
      w = integer(n);
    } else if (lt(g, fs)) {
      while (above_all(n - 1)) --n;
      w = integer(n);
    }
  }
  atomic_weights_.emplace(g, w);
  return w;
}

}  // namespace perfectplay::cgt
