// A sum of subtraction games in one file: the hooks an impartial game can
// give (docs/own-game.md). Heaps of counters; a move takes 1, 2 or 3 counters
// from one heap; a player with no move loses.
//
//   kImpartial           values are nimbers (Sprague-Grundy)
//   components(p)        each heap is a game of its own: the reference values
//                        heaps, not boards (a board of 8 heaps of 20 is 8
//                        small searches, not one over 21^8 boards)
//   reference_reaches    the exhaustive search only where it is cheap
//   theory, theory_move  the nimber of a heap of n is n mod 4; a board's is
//                        their nim-sum: `verify` checks it on random
//                        playouts against the exhaustive reference
//   positions(n)         every board of up to 3 heaps of up to n counters:
//                        `certify --size N` checks the theory on each
#include <perfectplay/builder/own_game.h>
#include <perfectplay/cli/program.h>

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

namespace pp = perfectplay;

struct Subtraction {
  static constexpr bool kImpartial = true;
  using Position = std::vector<std::uint32_t>;  // the heaps
  struct Move {
    std::uint32_t heap;
    std::uint32_t take;
  };

  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    for (std::uint32_t h = 0; h < p.size(); ++h) {
      for (std::uint32_t t = 1; t <= 3 && t <= p[h]; ++t) out.push_back({h, t});
    }
    return out;
  }
  Position play(Position p, const Move& m) const {
    p[m.heap] -= m.take;
    return p;
  }
  std::size_t hash(const Position& p) const {
    std::uint64_t h = p.size();
    for (const std::uint32_t x : p) h = pp::mix64(h ^ x);
    return h;
  }
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> parts;
    for (const std::uint32_t x : p) {
      if (x > 0) parts.push_back({x});
    }
    return parts;
  }

  // The exhaustive search goes one heap at a time, as deep as the heap: it
  // is used up to heaps of 10,000 counters; the theory answers beyond.
  bool reference_reaches(const Position& p) const {
    for (const std::uint32_t x : p) {
      if (x > 10'000) return false;
    }
    return true;
  }

  std::uint64_t theory(const Position& p) const {
    std::uint64_t g = 0;
    for (const std::uint32_t x : p) g ^= x % 4;
    return g;
  }
  // A move to nimber 0: from a heap whose value, nim-summed with the
  // board's, is smaller (it can be reached: any smaller value is).
  std::optional<Move> theory_move(const Position& p) const {
    const std::uint64_t g = theory(p);
    if (g == 0) return std::nullopt;
    for (std::uint32_t h = 0; h < p.size(); ++h) {
      const std::uint64_t to = (p[h] % 4) ^ g;
      if (to < p[h] % 4) return Move{h, static_cast<std::uint32_t>(p[h] % 4 - to)};
    }
    return std::nullopt;  // unreachable when g != 0
  }
  std::vector<Position> positions(std::uint64_t n) const {
    std::vector<Position> out;
    const auto m = static_cast<std::uint32_t>(n);
    for (std::uint32_t a = 0; a <= m; ++a) {
      out.push_back({a});
      for (std::uint32_t b = 0; b <= m; ++b) {
        out.push_back({a, b});
        for (std::uint32_t c = 0; c <= m; ++c) out.push_back({a, b, c});
      }
    }
    return out;
  }

  std::string move_text(const Move& m) const {
    return std::to_string(m.heap + 1) + ":" + std::to_string(m.take);
  }
  std::string format(const Position& p) const {
    std::string out;
    for (const std::uint32_t x : p) out += (out.empty() ? "" : " ") + std::to_string(x);
    return out;
  }
  // Heap sizes separated by spaces, at most 64 heaps of at most 10^6.
  Position parse(std::string_view t) const {
    Position p;
    std::size_t i = 0;
    while (i < t.size()) {
      if (t[i] == ' ') {
        ++i;
        continue;
      }
      std::uint32_t x = 0;
      const auto [end, ec] = std::from_chars(t.data() + i, t.data() + t.size(), x);
      if (ec != std::errc() || x > 1'000'000 || (end != t.data() + t.size() && *end != ' ')) {
        throw pp::InputError(1, i + 1, "a heap is a number from 0 to 1000000");
      }
      if (p.size() == 64) throw pp::InputError(1, i + 1, "at most 64 heaps");
      p.push_back(x);
      i = static_cast<std::size_t>(end - t.data());
    }
    return p;
  }
};

int main(int argc, char** argv) {
  return pp::run_program(
      argc, argv,
      pp::own_game(Subtraction{},
                   {.name = "subtraction",
                    .summary = "heaps; take 1 to 3 counters from one heap; no move loses",
                    .position_format = "heap sizes separated by spaces",
                    .start = "5 7 9",
                    .examples = {"5 7 9", "1 2 3", "20 20 20 20"}}));
}
