// Connect Four (7 columns x 6 rows) in one file, on bitboards, solved by the
// generic alpha-beta solver (docs/own-game.md; against Pascal Pons' solver:
// docs/performance.md).
//
// Scores follow Pons' convention, seen by the first player (the maximizer):
// a win with the winner's k-th stone scores 22 - k (the earlier the higher),
// a loss the opposite, a full board 0. `analyze --batch` prints the score seen
// by the player to move as well, as in his test files.
//
// Bitboard (Pons): bit 7 * column + row, row 0 at the bottom; the 7th bit of
// each column stays empty, so that shifts find alignments without wrapping.
//   `mask`: every stone; `mine`: the stones of the player to move.
#include <perfectplay/builder/own_game.h>
#include <perfectplay/cli/program.h>

#include <array>
#include <bit>
#include <cstdint>
#include <string>

namespace pp = perfectplay;

namespace {

constexpr int kWidth = 7, kHeight = 6, kCells = kWidth * kHeight;
constexpr std::uint64_t bottom_row() {
  std::uint64_t b = 0;
  for (int c = 0; c < kWidth; ++c) b |= std::uint64_t{1} << (c * (kHeight + 1));
  return b;
}
constexpr std::uint64_t kBottom = bottom_row();
constexpr std::uint64_t kBoard = kBottom * ((std::uint64_t{1} << kHeight) - 1);
constexpr std::uint64_t column_bits(int c) {
  return ((std::uint64_t{1} << kHeight) - 1) << (c * (kHeight + 1));
}
constexpr std::uint64_t top_cell(int c) {
  return std::uint64_t{1} << (kHeight - 1 + c * (kHeight + 1));
}

// The empty cells that would complete an alignment of four of `stones`.
std::uint64_t winning_cells(std::uint64_t stones, std::uint64_t mask) {
  std::uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);  // vertical
  for (const int d : {kHeight + 1, kHeight, kHeight + 2}) {         // horizontal, diagonals
    std::uint64_t p = (stones << d) & (stones << 2 * d);
    r |= p & (stones << 3 * d);
    r |= p & (stones >> d);
    p = (stones >> d) & (stones >> 2 * d);
    r |= p & (stones << d);
    r |= p & (stones >> 3 * d);
  }
  return r & (kBoard ^ mask);
}
bool aligned(std::uint64_t s) {
  for (const int d : {1, kHeight + 1, kHeight, kHeight + 2}) {
    const std::uint64_t m = s & (s >> d);
    if (m & (m >> 2 * d)) return true;
  }
  return false;
}

}  // namespace

struct ConnectFour {
  struct Position {
    std::uint64_t mine = 0;
    std::uint64_t mask = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  using Move = int;  // the column, 0..6 (written 1..7)

  static int stones(const Position& p) { return std::popcount(p.mask); }
  static std::uint64_t playable(const Position& p) { return (p.mask + kBottom) & kBoard; }
  static bool over(const Position& p) { return aligned(p.mine ^ p.mask) || p.mask == kBoard; }

  // Centre columns first, then by how many winning cells the move makes for
  // its player (Pons' ordering): the solver searches moves in this order.
  void append_moves(const Position& p, std::vector<Move>& out) const {
    if (over(p)) return;
    static constexpr std::array<int, kWidth> kCentreFirst = {3, 2, 4, 1, 5, 0, 6};
    const std::size_t first = out.size();
    std::array<int, kWidth> rank{};
    for (const int c : kCentreFirst) {
      const std::uint64_t cell = playable(p) & column_bits(c);
      if (cell == 0) continue;
      rank[c] = std::popcount(winning_cells(p.mine | cell, p.mask));
      std::size_t i = out.size();
      out.push_back(c);
      for (; i > first && rank[out[i - 1]] < rank[c]; --i) out[i] = out[i - 1];
      out[i] = c;
    }
  }
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    append_moves(p, out);
    return out;
  }
  void play_in_place(Position& p, Move c) const {
    p.mine ^= p.mask;  // the other player moves next
    p.mask |= p.mask + (std::uint64_t{1} << (c * (kHeight + 1)));
  }
  Position play(Position p, Move c) const {
    play_in_place(p, c);
    return p;
  }
  std::uint64_t key(const Position& p) const { return p.mine + p.mask; }  // Pons: exact
  std::size_t hash(const Position& p) const { return pp::mix64(key(p)); }

  pp::Side side(const Position& p) const {
    return stones(p) % 2 == 0 ? pp::Side::kMax : pp::Side::kMin;
  }
  // For the first player: the player who just moved won, or a full board.
  pp::Score final_score(const Position& p) const {
    if (!aligned(p.mine ^ p.mask)) return 0;
    const int s = stones(p);
    return s % 2 == 1 ? 22 - (s + 1) / 2 : -(22 - s / 2);
  }
  // What is known without search (alpha-beta's bounds hook), for the mover
  // first, then as the first player sees it: a win at once; a loss at the
  // next move when every move leaves the opponent a win; otherwise neither.
  std::pair<pp::Score, pp::Score> bounds(const Position& p) const {
    const int n = stones(p);
    pp::Score lo = -(kCells - n) / 2, hi = (kCells + 1 - n) / 2;
    if (over(p)) {
      lo = hi = final_score(p) * (n % 2 == 0 ? 1 : -1);
    } else if (winning_cells(p.mine, p.mask) & playable(p)) {
      lo = hi;
    } else {
      hi = (kCells - 1 - n) / 2;
      const std::uint64_t theirs = winning_cells(p.mine ^ p.mask, p.mask);
      std::uint64_t safe = playable(p) & ~(theirs >> 1);  // not under their winning cell
      const std::uint64_t forced = playable(p) & theirs;
      if (forced & (forced - 1)) safe = 0;  // two threats at once
      if (forced) safe &= forced;
      if (safe == 0)
        hi = lo;
      else
        lo = -(kCells - 2 - n) / 2;
    }
    if (n % 2 == 1) return {-hi, -lo};
    return {lo, hi};
  }

  // Without an opening book, positions of fewer than 12 stones are beyond
  // an interactive search: the engine then plays the first move in order.
  bool reference_reaches(const Position& p) const { return stones(p) >= 12; }

  std::string move_text(Move c) const { return std::to_string(c + 1); }
  // Rows top to bottom, '/' between them: X (first player), O, '.'.
  std::string format(const Position& p) const {
    const std::uint64_t first = stones(p) % 2 == 0 ? p.mine : p.mine ^ p.mask;
    std::string out;
    for (int r = kHeight - 1; r >= 0; --r) {
      for (int c = 0; c < kWidth; ++c) {
        const std::uint64_t b = std::uint64_t{1} << (c * (kHeight + 1) + r);
        out += (p.mask & b) == 0 ? '.' : (first & b) != 0 ? 'X' : 'O';
      }
      if (r > 0) out += '/';
    }
    return out;
  }
  std::string draw(const Position& p) const {
    std::string out = format(p);
    for (char& ch : out) ch = ch == '/' ? '\n' : ch;
    return out + "\n1234567\n";
  }
  // Pons' sequences of columns (1-7), or format's board; "" is the start.
  Position parse(std::string_view t) const {
    Position p;
    if (t.find('/') == std::string_view::npos) {
      for (std::size_t i = 0; i < t.size(); ++i) {
        const int c = t[i] - '1';
        const auto col = static_cast<std::size_t>(i + 1);
        if (c < 0 || c >= kWidth) throw pp::InputError(1, col, "a column is 1 to 7");
        if (over(p)) throw pp::InputError(1, col, "the game is over before this move");
        if (p.mask & top_cell(c)) throw pp::InputError(1, col, "this column is full");
        play_in_place(p, c);
      }
      return p;
    }
    std::uint64_t first = 0;
    if (t.size() != kHeight * (kWidth + 1) - 1) {
      throw pp::InputError(1, 1, "6 rows of 7 cells (X, O or .), top first, '/' between rows");
    }
    for (int r = kHeight - 1, i = 0; r >= 0; --r, ++i) {
      for (int c = 0; c < kWidth; ++c) {
        const char ch = t[static_cast<std::size_t>(i * (kWidth + 1) + c)];
        const std::uint64_t b = std::uint64_t{1} << (c * (kHeight + 1) + r);
        if (ch != 'X' && ch != 'O' && ch != '.') {
          throw pp::InputError(1, static_cast<std::size_t>(i * (kWidth + 1) + c + 1),
                               "a cell is X, O or .");
        }
        if (ch != '.') p.mask |= b;
        if (ch == 'X') first |= b;
      }
    }
    const int x = std::popcount(first), o = std::popcount(p.mask) - x;
    if ((p.mask & ((p.mask << 1) | kBottom)) != p.mask) {
      throw pp::InputError(1, 1, "a stone floats above an empty cell");
    }
    if (x - o != 0 && x - o != 1)
      throw pp::InputError(1, 1, "X moves first: as many X as O, or one more");
    p.mine = x == o ? first : p.mask ^ first;
    return p;
  }
  std::string end_text(const Position& p) const {
    return aligned(p.mine ^ p.mask) ? "four in a row." : "the board is full: a draw.";
  }
  // Pons' score (the player to move's), beside the value.
  std::string batch_text(const Position& p, const pp::Value& v) const {
    if (!v.score) return pp::text(v);
    return std::to_string(stones(p) % 2 == 0 ? *v.score : -*v.score);
  }
};

int main(int argc, char** argv) {
  return pp::run_program(
      argc, argv,
      pp::own_game(
          ConnectFour{},
          {.name = "connect4",
           .summary = "Connect Four, 7 x 6: four in a row wins; scores as Pascal Pons'",
           .position_format = "columns played (1-7, as Pons' test files), or 6 rows "
                              "of X O . top first, separated by /",
           .start = "",
           .examples = {"5554224333234511764415115", "2252576253462244111563365343671351441"}}));
}
