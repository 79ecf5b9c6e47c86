// The four partizan games as the builder takes them (builder/own_game.h's
// "Partizan rules"): each game's rules (domineering.h, toads_frogs.h,
// hackenbush.h, clobber.h) with what the front ends need beside them: the
// position text, move names, the web board's cells (grid and move_cells),
// every position up to a size for certify, random sums of parts and
// smaller positions for verify, and where exhaustive search reaches.
//
// Names of cells and moves (docs/games/<game>.md):
//   a grid's cell     column letter and row number from the top: "a1" is the
//                     top left cell, "b3" the second column's third row
//   Domineering       the domino's two cells, "a1-a2" (Left, vertical) or
//                     "a1-b1" (Right, horizontal)
//   Clobber           the stone's cell and the captured stone's: "b2-b3"
//   Toads and Frogs   the cells from and to, numbered from 1 at the left:
//                     "1-2" (a toad's step), "5-3" (a frog's jump)
//   Hackenbush        the stalk (from 1, as written) and the cut edge's
//                     height (1 on the ground): "2:1" cuts stalk 2 at the
//                     ground
//
// Sizes (certify --size N): a grid's cells (Domineering, Clobber: every
// board of at most N cells, every shape of rows x columns), a strip's cells
// (Toads and Frogs), the edges of all stalks together (Hackenbush).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/analysis.h"
#include "games/partizan/clobber.h"
#include "games/partizan/domineering.h"
#include "games/partizan/hackenbush.h"
#include "games/partizan/toads_frogs.h"

namespace perfectplay::games::partizan {

// "a1": the column's letter (a..z, then A..Z: at most 52 columns, and a
// board holds 64 cells) and the row's number from the top.
inline std::string cell_name(int cell, int cols) {
  const int c = cell % cols;
  const char letter = c < 26 ? static_cast<char>('a' + c) : static_cast<char>('A' + c - 26);
  return letter + std::to_string(cell / cols + 1);
}

// A grid drawn for a terminal: a header of column letters, then each row
// with its number, in the position's own characters.
inline std::string draw_grid(const Grid& g, std::string_view chars) {
  std::string out = "   ";
  for (int c = 0; c < g.cols; ++c) out += cell_name(c, g.cols)[0];
  out += '\n';
  for (int r = 0; r < g.rows; ++r) {
    std::string num = std::to_string(r + 1);
    out += std::string(3 - std::min<std::size_t>(num.size(), 2) - 1, ' ') + num + ' ';
    for (int c = 0; c < g.cols; ++c) out += chars[g.at(r, c)];
    out += '\n';
  }
  return out;
}

// Every grid of at most n cells whose cells take `codes` values each, for
// every shape rows x cols, in a fixed order (shapes by rows then columns,
// then the cells counted in base `codes`).
inline std::vector<Grid> all_grids(std::uint64_t n, int codes) {
  std::vector<Grid> out;
  for (int rows = 1; static_cast<std::uint64_t>(rows) <= n; ++rows) {
    for (int cols = 1; static_cast<std::uint64_t>(rows * cols) <= n; ++cols) {
      const int cells = rows * cols;
      std::uint64_t count = 1;
      for (int i = 0; i < cells; ++i) count *= static_cast<std::uint64_t>(codes);
      for (std::uint64_t k = 0; k < count; ++k) {
        Grid g{rows, cols, std::vector<std::uint8_t>(static_cast<std::size_t>(cells))};
        std::uint64_t rest = k;
        for (auto& cell : g.cells) {
          cell = static_cast<std::uint8_t>(rest % static_cast<std::uint64_t>(codes));
          rest /= static_cast<std::uint64_t>(codes);
        }
        out.push_back(std::move(g));
      }
    }
  }
  return out;
}

// A random board of 1..max_rows x 1..max_cols cells, each drawn by `cell`:
// blank cells cut it into parts, so it is a sum of smaller games.
template <class Cell>
Grid random_grid(std::mt19937_64& rng, int max_rows, int max_cols, Cell cell) {
  Grid g;
  g.rows = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_rows));
  g.cols = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(max_cols));
  g.cells.resize(static_cast<std::size_t>(g.rows * g.cols));
  for (auto& c : g.cells) c = cell(rng);
  return g;
}

// The grid's cells for the web board; kinds[code] is each code's kind word,
// texts[code] its text.
inline BoardGrid board_cells(const Grid& g, const std::vector<std::string>& kinds,
                             const std::vector<std::string>& texts) {
  BoardGrid out;
  out.rows = g.rows;
  out.cols = g.cols;
  for (const std::uint8_t c : g.cells) out.cells.push_back({texts[c], kinds[c]});
  return out;
}

inline int count_cells(const Grid& g, std::uint8_t code) {
  int n = 0;
  for (const std::uint8_t c : g.cells) n += c == code ? 1 : 0;
  return n;
}

// The grids with one cell of code `from` set to `to`, in cell order.
inline std::vector<Grid> with_one_cell(const Grid& g, std::uint8_t to, bool (*from)(std::uint8_t)) {
  std::vector<Grid> out;
  for (std::size_t i = 0; i < g.cells.size(); ++i) {
    if (!from(g.cells[i])) continue;
    Grid h = g;
    h.cells[i] = to;
    out.push_back(std::move(h));
  }
  return out;
}

// Domineering: a free cell is empty, a filled one blocked; a move covers its
// domino's two cells. Exhaustive search reaches boards of 20 free cells
// (a 4 x 5 board: about 10^5 positions with the side to move).
struct DomineeringBoard : domineering::Rules {
  static Position parse(std::string_view text) { return domineering::parse(text); }
  static std::string format(const Position& p) { return domineering::format(p); }
  static std::string move_text(const Move& m, int cols) {
    return cell_name(m.a, cols) + "-" + cell_name(m.b, cols);
  }
  std::string move_text(const Move& m) const { return move_text(m, m.cols); }
  std::string draw(const Position& p) const { return draw_grid(p, "#."); }
  BoardGrid grid(const Position& p) const { return board_cells(p, {"blocked", "empty"}, {"", ""}); }
  std::vector<std::pair<int, int>> move_cells(const Position& p, const Move& m) const {
    return {{m.a / p.cols, m.a % p.cols}, {m.b / p.cols, m.b % p.cols}};
  }
  std::vector<Position> positions(std::uint64_t n) const { return all_grids(n, 2); }
  Position random_position(std::mt19937_64& rng) const {
    return random_grid(rng, 4, 5, [](std::mt19937_64& r) {
      return static_cast<std::uint8_t>(r() % 3 != 0 ? 1 : 0);
    });
  }
  std::vector<Position> shrinks(const Position& p) const {
    return with_one_cell(p, 0, [](std::uint8_t c) { return c == 1; });
  }
  bool reference_reaches(const Position& p) const { return count_cells(p, 1) <= 20; }
};

// Clobber: Left's stones 'x' (kind "left"), Right's 'o' ("right"), empty
// cells; a move covers the stone and the stone it captures. Exhaustive
// search reaches boards of 16 stones.
struct ClobberBoard : clobber::Rules {
  static Position parse(std::string_view text) { return clobber::parse(text); }
  static std::string format(const Position& p) { return clobber::format(p); }
  std::string move_text(const Move& m) const {
    return cell_name(m.from, m.cols) + "-" + cell_name(m.to, m.cols);
  }
  std::string draw(const Position& p) const { return draw_grid(p, ".xo"); }
  BoardGrid grid(const Position& p) const {
    return board_cells(p, {"empty", "left", "right"}, {"", "x", "o"});
  }
  std::vector<std::pair<int, int>> move_cells(const Position& p, const Move& m) const {
    return {{m.from / p.cols, m.from % p.cols}, {m.to / p.cols, m.to % p.cols}};
  }
  std::vector<Position> positions(std::uint64_t n) const { return all_grids(n, 3); }
  Position random_position(std::mt19937_64& rng) const {
    return random_grid(rng, 3, 5, [](std::mt19937_64& r) {
      const std::uint64_t k = r() % 5;  // empty 1/5, each stone 2/5
      return static_cast<std::uint8_t>(k == 0 ? 0 : k <= 2 ? 1 : 2);
    });
  }
  std::vector<Position> shrinks(const Position& p) const {
    return with_one_cell(p, 0, [](std::uint8_t c) { return c != 0; });
  }
  bool reference_reaches(const Position& p) const {
    return count_cells(p, 1) + count_cells(p, 2) <= 16;
  }
};

// Toads and Frogs: a strip of one row; toads "left", frogs "right"; a move
// covers the cell it leaves and the cell it reaches. Exhaustive search
// reaches strips of 24 cells.
struct ToadsFrogsBoard : toads_frogs::Rules {
  static Position parse(std::string_view text) { return toads_frogs::parse(text); }
  static std::string format(const Position& p) { return toads_frogs::format(p); }
  std::string move_text(const Move& m) const {
    return std::to_string(m.from + 1) + "-" + std::to_string(m.to + 1);
  }
  std::string draw(const Position& p) const {
    std::string out;
    for (std::size_t i = 0; i < p.size(); ++i) out += std::to_string((i + 1) % 10);
    return out + "\n" + p + "\n";
  }
  BoardGrid grid(const Position& p) const {
    BoardGrid out;
    out.rows = 1;
    out.cols = static_cast<int>(p.size());
    for (const char c : p) {
      out.cells.push_back(c == 'T'   ? GridCell{"T", "left"}
                          : c == 'F' ? GridCell{"F", "right"}
                                     : GridCell{"", "empty"});
    }
    return out;
  }
  std::vector<std::pair<int, int>> move_cells(const Position&, const Move& m) const {
    return {{0, m.from}, {0, m.to}};
  }
  std::vector<Position> positions(std::uint64_t n) const {
    std::vector<Position> out;
    for (std::uint64_t len = 1; len <= n && len <= 63; ++len) {
      std::uint64_t count = 1;
      for (std::uint64_t i = 0; i < len; ++i) count *= 3;
      for (std::uint64_t k = 0; k < count; ++k) {
        Position p;
        for (std::uint64_t rest = k, i = 0; i < len; ++i, rest /= 3) p += ".TF"[rest % 3];
        out.push_back(std::move(p));
      }
    }
    return out;
  }
  Position random_position(std::mt19937_64& rng) const {
    const std::uint64_t len = 3 + rng() % 10;
    Position p;
    for (std::uint64_t i = 0; i < len; ++i) {
      const std::uint64_t k = rng() % 5;  // empty 2/5, toad and frog 3/10 each
      p += k < 2 ? '.' : (rng() % 2 != 0 ? 'T' : 'F');
    }
    return p;
  }
  // A piece taken off, then the strip without its first or last cell.
  std::vector<Position> shrinks(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == '.') continue;
      Position q = p;
      q[i] = '.';
      out.push_back(std::move(q));
    }
    if (p.size() > 1) {
      out.push_back(p.substr(1));
      out.push_back(p.substr(0, p.size() - 1));
    }
    return out;
  }
  bool reference_reaches(const Position& p) const { return p.size() <= 24; }
};

// Blue-Red Hackenbush strings: the stalks stand side by side, one column
// each, the ground at the bottom row; a blue edge is "left", a red one
// "right"; a move covers the edge it cuts. Exhaustive search reaches 30
// edges in all.
struct HackenbushBoard : hackenbush::Rules {
  static Position parse(std::string_view text) { return hackenbush::parse(text); }
  static std::string format(const Position& p) { return hackenbush::format(p); }
  std::string move_text(const Move& m) const {
    return std::to_string(m.stalk + 1) + ":" + std::to_string(m.height + 1);
  }
  static std::size_t height(const Position& p) {
    std::size_t h = 0;
    for (const std::string& s : p.stalks) h = std::max(h, s.size());
    return h;
  }
  std::string draw(const Position& p) const {
    std::string out;
    for (std::size_t row = height(p); row-- > 0;) {
      for (const std::string& s : p.stalks) {
        out += row < s.size() ? s[row] : ' ';
        out += ' ';
      }
      out.back() = '\n';
    }
    for (std::size_t i = 0; i < p.stalks.size(); ++i) out += std::to_string((i + 1) % 10) + " ";
    out.back() = '\n';
    return out;
  }
  BoardGrid grid(const Position& p) const {
    BoardGrid out;
    out.rows = static_cast<int>(std::max<std::size_t>(height(p), 1));
    out.cols = static_cast<int>(p.stalks.size());
    for (int r = 0; r < out.rows; ++r) {
      const auto level = static_cast<std::size_t>(out.rows - 1 - r);
      for (const std::string& s : p.stalks) {
        out.cells.push_back(level >= s.size() ? GridCell{"", "empty"}
                            : s[level] == 'B' ? GridCell{"B", "left"}
                                              : GridCell{"R", "right"});
      }
    }
    return out;
  }
  std::vector<std::pair<int, int>> move_cells(const Position& p, const Move& m) const {
    const int rows = static_cast<int>(std::max<std::size_t>(height(p), 1));
    return {{rows - 1 - static_cast<int>(m.height), static_cast<int>(m.stalk)}};
  }
  // Every row of stalks (nondecreasing in a fixed order of strings, so each
  // sum once) of at most n edges in all.
  std::vector<Position> positions(std::uint64_t n) const {
    std::vector<std::string> stalks;
    for (std::uint64_t len = 1; len <= n && len <= 62; ++len) {
      for (std::uint64_t k = 0; k < (std::uint64_t{1} << len); ++k) {
        std::string s;
        for (std::uint64_t i = 0; i < len; ++i) s += (k >> i & 1) != 0 ? 'B' : 'R';
        stalks.push_back(std::move(s));
      }
    }
    std::vector<Position> out;
    Position cur;
    const auto grow = [&](const auto& self, std::size_t from, std::uint64_t left) -> void {
      if (!cur.stalks.empty()) out.push_back(cur);
      for (std::size_t i = from; i < stalks.size(); ++i) {
        if (stalks[i].size() > left) continue;
        cur.stalks.push_back(stalks[i]);
        self(self, i, left - stalks[i].size());
        cur.stalks.pop_back();
      }
    };
    grow(grow, 0, n);
    return out;
  }
  Position random_position(std::mt19937_64& rng) const {
    Position p;
    for (std::uint64_t i = 0, n = 1 + rng() % 4; i < n; ++i) {
      std::string s;
      for (std::uint64_t j = 0, len = 1 + rng() % 5; j < len; ++j) s += rng() % 2 != 0 ? 'B' : 'R';
      p.stalks.push_back(std::move(s));
    }
    return p;
  }
  // A stalk taken away, then a stalk without its top edge.
  std::vector<Position> shrinks(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; p.stalks.size() > 1 && i < p.stalks.size(); ++i) {
      Position q = p;
      q.stalks.erase(q.stalks.begin() + static_cast<std::ptrdiff_t>(i));
      out.push_back(std::move(q));
    }
    for (std::size_t i = 0; i < p.stalks.size(); ++i) {
      if (p.stalks[i].size() < 2) continue;
      Position q = p;
      q.stalks[i].pop_back();
      out.push_back(std::move(q));
    }
    return out;
  }
  bool reference_reaches(const Position& p) const {
    std::size_t edges = 0;
    for (const std::string& s : p.stalks) edges += s.size();
    return edges <= 30;
  }
};

}  // namespace perfectplay::games::partizan
