// Tic-tac-toe in one file: every command of perfectplay for it (docs/own-game.md).
// A position is 9 cells, row by row: X, O or '.'; X moves first.
#include <perfectplay/builder/own_game.h>
#include <perfectplay/cli/program.h>

#include <algorithm>
#include <string>

namespace pp = perfectplay;

struct TicTacToe {
  using Position = std::string;  // "X.O......"
  using Move = int;              // the cell, 0..8, printed as 1..9 by move_text

  static bool line(const Position& p, char c) {
    static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    return std::any_of(std::begin(kLines), std::end(kLines),
                       [&](const auto& l) { return p[l[0]] == c && p[l[1]] == c && p[l[2]] == c; });
  }
  static char to_move(const Position& p) {
    return std::count(p.begin(), p.end(), '.') % 2 == 1 ? 'X' : 'O';
  }
  std::vector<Move> moves(const Position& p) const {
    std::vector<Move> out;
    if (decided(p)) return out;
    for (int i = 0; i < 9; ++i)
      if (p[i] == '.') out.push_back(i);
    return out;
  }
  Position play(Position p, Move m) const { return p[m] = to_move(p), p; }
  std::size_t hash(const Position& p) const { return std::hash<std::string>()(p); }
  // The player who just moved made a line: the player to move has lost.
  std::optional<pp::Outcome> decided(const Position& p) const {
    if (line(p, to_move(p) == 'X' ? 'O' : 'X')) return pp::Outcome::loss(0);
    if (p.find('.') == std::string::npos) return pp::Outcome::draw();
    return std::nullopt;
  }
  int player(const Position& p) const { return to_move(p) == 'X' ? 0 : 1; }
  std::string move_text(Move m) const { return std::to_string(m + 1); }
  std::string format(const Position& p) const { return p; }
  std::string draw(const Position& p) const {
    return p.substr(0, 3) + "\n" + p.substr(3, 3) + "\n" + p.substr(6, 3) + "\n";
  }
  Position parse(std::string_view t) const {
    const auto bad =
        std::find_if(t.begin(), t.end(), [](char c) { return c != 'X' && c != 'O' && c != '.'; });
    if (bad != t.end()) throw pp::InputError(1, 1 + (bad - t.begin()), "a cell is X, O or .");
    const auto xs = std::count(t.begin(), t.end(), 'X'), os = std::count(t.begin(), t.end(), 'O');
    if (t.size() != 9 || xs < os || xs > os + 1) throw pp::InputError(1, 1, "9 cells, X first");
    return Position(t);
  }
};

int main(int argc, char** argv) {
  const pp::OwnGameInfo info{"tictactoe", "three in a row wins", "9 cells: X O .", ".........", {}};
  return pp::run_program(argc, argv, pp::own_game(TicTacToe{}, info));
}
