// The standard notation of canonical.h: printing and parsing.
//
//   number part   0, 3, -2, 1/2, -3/4 (dyadic)
//   ups part      ^ (up), v (down), ^2 or ^^ (double up), v3, ...
//   star part     * (star), *2, *3, ...
//   x + k.^ + *m  the parts in that order, each optional: 1/2^*, v*2, -1^
//   ±G            {G | -G} (parsed also as +-G), G any game: ±1, ±^
//   (G)           G: ±(3/2±1/2) is ±{2|1}
//   a±G           a + ±G for a number a: 2±1 is {3 | 1}
//   {L | R}       options separated by commas, each any of the above
//   {L || M | R}  bars of several strokes, by the standard precedence: the
//                 most strokes split first, so {1||0|-1} is {1 | {0 | -1}}
//                 and {2|1||0} is {{2 | 1} | 0}; two splits of the same
//                 strokes side by side ({a|b|c}) are ambiguous and refused
//
// A value infinitesimally close to a number x (equal stops) is printed as
// x + k.^ + *m when it is one (tried for |k|, m up to its birthday). A value
// S = -S with one Left option (a switch {S^L | -S^L}) is printed ±S^L, as
// CGSuite prints switches: ±1, ±^, ±(3/2±1/2). A value a + S with a its
// mean, a number, and S such a switch of a number b, that is {a+b | a-b}, is
// printed a±b, as CGSuite's mean-zero display prints it (the mean split
// off): {3|1} is 2±1, {1|0} is 1/2±1/2, {2|-1} is 1/2±3/2. Every other value
// is {L | R} of its canonical options (CGSuite writes nested ones with more
// bars, {3||2|1}; we print braces and parse both).
#include <algorithm>
#include <charconv>
#include <string>

#include "cgt/canonical.h"
#include "core/input_error.h"

namespace perfectplay::cgt {

namespace {

std::string ups_text(std::int64_t k) {
  if (k == 0) return "";
  std::string out = k > 0 ? "^" : "v";
  const std::int64_t n = k > 0 ? k : -k;
  if (n > 1) out += std::to_string(n);
  return out;
}

std::string star_text(std::uint32_t m) {
  if (m == 0) return "";
  std::string out = "*";
  if (m > 1) out += std::to_string(m);
  return out;
}

}  // namespace

std::string Universe::text(GameId g) {
  if (nodes_[g].is_number) return nodes_[g].value.text();
  const Rational ls = left_stop(g);
  if (ls == right_stop(g)) {
    const GameId h = sub(g, number(ls));  // infinitesimal
    const std::string x = ls == Rational(0) ? "" : ls.text();
    const std::int64_t b = birthday(h);
    for (std::int64_t k = 0; k <= b; ++k) {
      for (const std::int64_t sk : {k, -k}) {
        if (k == 0 && sk != 0) continue;
        for (std::uint32_t m = 0; m <= static_cast<std::uint32_t>(b); ++m) {
          if (sk == 0 && m == 0) continue;
          if (add(ups(sk), nimber(m)) == h) return x + ups_text(sk) + star_text(m);
        }
      }
    }
  }
  const std::vector<GameId> gl = nodes_[g].left;  // copies: neg() and text() may intern
  const std::vector<GameId> gr = nodes_[g].right;
  {
    // a ± S^L: the mean a split off, and what is left a switch S = -S.
    const Rational a = mean(g);
    const GameId sw = a == Rational(0) ? g : sub(g, number(a));
    if (neg(sw) == sw && nodes_[sw].left.size() == 1 &&
        (a == Rational(0) || nodes_[nodes_[sw].left[0]].is_number)) {
      const GameId sl = nodes_[sw].left[0];
      std::string out = a == Rational(0) ? "" : a.text();
      out += "±";
      const std::string t = text(sl);
      // ±(3/2±1/2): a compound after ± is put in parentheses, as CGSuite
      // does, so that the reader sees what the sign covers.
      const bool compound = t.find("±") != std::string::npos;
      out += compound ? "(" + t + ")" : t;
      return out;
    }
  }
  // Options in the order of their texts, not of their ids: ids depend on the
  // order a universe met its games, and the text must not.
  const auto side = [&](const std::vector<GameId>& options) {
    std::vector<std::string> texts;
    for (const GameId x : options) texts.push_back(text(x));
    std::sort(texts.begin(), texts.end());
    std::string joined;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (i > 0) joined += ',';
      joined += texts[i];
    }
    return joined;
  };
  std::string out = "{";
  out += side(gl);
  out += '|';
  out += side(gr);
  out += '}';
  return out;
}

// Recursive descent over the grammar above. Sizes are bounded so that a
// short text cannot ask for millions of nodes: integers up to 2^16 in
// absolute value, denominators up to 2^32, *n and k.^ up to 1024.
class Parser {
 public:
  Parser(Universe& u, std::string_view s) : u_(u), s_(s) {}

  GameId whole() {
    const GameId g = expr(0);
    skip();
    if (i_ < s_.size()) fail(quoted("unexpected ", s_[i_], " after a game"));
    return g;
  }

 private:
  static std::string quoted(std::string before, char c, const char* after) {
    before += '\'';
    before += c;
    before += '\'';
    before += after;
    return before;
  }
  [[noreturn]] void fail(const std::string& message) const { throw InputError(1, i_ + 1, message); }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  bool at(std::string_view t) const { return s_.substr(i_, t.size()) == t; }
  bool digit() const { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; }
  std::uint64_t digits(std::uint64_t max, const char* what) {
    const std::size_t start = i_;
    std::uint64_t v = 0;
    while (digit()) {
      v = v * 10 + static_cast<std::uint64_t>(s_[i_] - '0');
      if (v > max) {
        i_ = start;
        fail(std::string(what) + " is too large (at most " + std::to_string(max) + ")");
      }
      ++i_;
    }
    return v;
  }

  GameId expr(int depth) {
    if (depth > 200) fail("games nested more than 200 deep");
    skip();
    if (i_ >= s_.size()) fail("expected a game, found the end of the text");
    if (s_[i_] == '{') {
      ++i_;
      return braced(depth);
    }
    if (at("±") || at("+-")) {
      i_ += 2;
      const GameId x = expr(depth + 1);
      return u_.make({x}, {u_.neg(x)});
    }
    if (s_[i_] == '(') {
      ++i_;
      const GameId g = expr(depth + 1);
      skip();
      if (i_ >= s_.size() || s_[i_] != ')') fail("expected ')' closing the '('");
      ++i_;
      return g;
    }
    return simple(depth);
  }

  // After '{': lists of options separated by runs of bars, to the '}'; the
  // game they make by the precedence of the header.
  GameId braced(int depth) {
    const std::size_t open = i_ - 1;
    std::vector<std::vector<GameId>> lists;
    std::vector<std::size_t> strokes;
    std::vector<std::size_t> bar_at;
    for (;;) {
      lists.push_back(options(depth));
      if (s_[i_] == '}') {
        ++i_;
        break;
      }
      bar_at.push_back(i_);
      std::size_t n = 0;
      while (i_ < s_.size() && s_[i_] == '|') {
        ++n;
        ++i_;
      }
      strokes.push_back(n);
    }
    if (strokes.empty()) {
      i_ = open;
      fail("a game in braces has Left's options, '|', then Right's: {L|R}");
    }
    return split(lists, strokes, bar_at, 0, lists.size() - 1)[0];
  }

  // The options lists lo..hi joined by their bars: split at the bar of most
  // strokes (which must be the only one of its count there), each side
  // built the same way; a lone list is itself.
  std::vector<GameId> split(const std::vector<std::vector<GameId>>& lists,
                            const std::vector<std::size_t>& strokes,
                            const std::vector<std::size_t>& bar_at, std::size_t lo,
                            std::size_t hi) {
    if (lo == hi) return lists[lo];
    std::size_t k = lo;
    for (std::size_t j = lo + 1; j < hi; ++j) {
      if (strokes[j] > strokes[k]) k = j;
    }
    for (std::size_t j = lo; j < hi; ++j) {
      if (j != k && strokes[j] == strokes[k]) {
        i_ = bar_at[std::max(j, k)];
        fail(std::string("two bars of ") + std::to_string(strokes[k]) +
             (strokes[k] == 1 ? " stroke" : " strokes") +
             " split one game: write which splits first with more strokes, as {a||b|c} or "
             "{a|b||c}");
      }
    }
    std::vector<GameId> left = split(lists, strokes, bar_at, lo, k);
    std::vector<GameId> right = split(lists, strokes, bar_at, k + 1, hi);
    return {u_.make(std::move(left), std::move(right))};
  }

  // Options separated by commas, up to a '|' or the closing '}' (left
  // there).
  std::vector<GameId> options(int depth) {
    std::vector<GameId> out;
    skip();
    if (i_ < s_.size() && (s_[i_] == '|' || s_[i_] == '}')) return out;
    for (;;) {
      out.push_back(expr(depth + 1));
      skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && (s_[i_] == '|' || s_[i_] == '}')) return out;
      if (i_ >= s_.size()) fail("expected ',', '|' or '}', found the end of the text");
      fail(quoted("expected ',', '|' or '}', found ", s_[i_], ""));
    }
  }

  GameId simple(int depth) {
    const std::size_t start = i_;
    GameId g = Universe::kZero;
    bool any = false;
    // Number part.
    bool negative = false;
    if (i_ < s_.size() && s_[i_] == '-') {
      negative = true;
      ++i_;
      if (!digit()) fail("expected a digit after '-'");
    }
    if (digit()) {
      const auto n = static_cast<std::int64_t>(digits(1 << 16, "an integer"));
      std::int64_t d = 1;
      if (i_ < s_.size() && s_[i_] == '/') {
        ++i_;
        if (!digit()) fail("expected a denominator after '/'");
        const std::size_t at_den = i_;
        d = static_cast<std::int64_t>(digits(std::uint64_t{1} << 32, "a denominator"));
        if (d == 0 || (d & (d - 1)) != 0) {
          i_ = at_den;
          fail("a denominator is a power of 2 (numbers in short games are dyadic)");
        }
      }
      g = u_.number(Rational(negative ? -n : n, d));
      any = true;
    }
    // Ups part.
    if (i_ < s_.size() && (s_[i_] == '^' || s_[i_] == 'v')) {
      const char arrow = s_[i_];
      std::int64_t k = 0;
      while (i_ < s_.size() && s_[i_] == arrow) {
        ++k;
        ++i_;
      }
      if (k == 1 && digit()) {
        k = static_cast<std::int64_t>(digits(1024, "a multiple of up"));
      }
      if (k > 1024) fail("a multiple of up is too large (at most 1024)");
      g = u_.add(g, u_.ups(arrow == '^' ? k : -k));
      any = true;
    }
    // Star part.
    if (i_ < s_.size() && s_[i_] == '*') {
      ++i_;
      std::uint32_t m = 1;
      if (digit()) m = static_cast<std::uint32_t>(digits(1024, "a nimber"));
      g = u_.add(g, u_.nimber(m));
      any = true;
    }
    if (!any) {
      i_ = start;
      fail(quoted("expected a game ({L|R}, a number, ^, v, *, ±), found ", s_[i_], ""));
    }
    // a±G: the number a plus ±G.
    if (at("±") || at("+-")) {
      i_ += 2;
      const GameId x = expr(depth + 1);
      g = u_.add(g, u_.make({x}, {u_.neg(x)}));
    }
    return g;
  }

  Universe& u_;
  std::string_view s_;
  std::size_t i_ = 0;
};

GameId Universe::parse(std::string_view text) {
  return Parser(*this, text).whole();
}

}  // namespace perfectplay::cgt
