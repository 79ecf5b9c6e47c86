// Small grids for the partizan board games (Domineering, Clobber): up to 64
// cells, each cell a small code, read from text and split into parts.
//
// Text: rows separated by '/' (or newlines), each row a string of cell
// characters; all rows the same length. "..#/.../..." is a 3 x 3 board.
//
// The parts of a board are its groups of non-blank cells connected through
// sides (4-neighbourhood), each cropped to its bounding box and put in a
// normal orientation: the least, as (rows, cols, cells), of the images under
// the symmetries the game allows (both games keep their values under the
// mirror images; Clobber also under transposition, which Domineering turns
// into the negative). Parts in normal orientation are equal exactly when
// they are images of each other, so the engine values each shape once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_error.h"

namespace perfectplay::games::partizan {

struct Grid {
  int rows = 0;
  int cols = 0;
  std::vector<std::uint8_t> cells;  // row-major, 0 = blank (not on the board or empty)
  friend bool operator==(const Grid&, const Grid&) = default;
  friend auto operator<=>(const Grid& a, const Grid& b) {
    if (a.rows != b.rows) return a.rows <=> b.rows;
    if (a.cols != b.cols) return a.cols <=> b.cols;
    return a.cells <=> b.cells;
  }
  std::uint8_t at(int r, int c) const { return cells[static_cast<std::size_t>(r * cols + c)]; }
  std::uint8_t& at(int r, int c) { return cells[static_cast<std::size_t>(r * cols + c)]; }
};

constexpr int kMaxCells = 64;

// Reads a grid; `code` maps a character to its cell code (0 blank), or -1
// for a character that is not a cell. Errors name the column in the text.
template <class Code>
Grid parse_grid(std::string_view text, Code code, std::string_view alphabet) {
  Grid g;
  int col = 0;
  std::size_t row_start = 0;
  const auto end_row = [&](std::size_t at) {
    if (col == 0) throw InputError(1, at + 1, "an empty row");
    if (g.rows == 0) {
      g.cols = col;
    } else if (col != g.cols) {
      std::string message = "row ";
      message += std::to_string(g.rows + 1);
      message += " has ";
      message += std::to_string(col);
      message += col == 1 ? " cell, row 1 has " : " cells, row 1 has ";
      message += std::to_string(g.cols);
      throw InputError(1, row_start + 1, message);
    }
    ++g.rows;
    col = 0;
  };
  std::size_t i = 0;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r')) ++i;
  std::size_t end = text.size();
  while (end > i && (text[end - 1] == ' ' || text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  if (i == end) throw InputError(1, 1, "an empty board");
  row_start = i;
  for (; i < end; ++i) {
    const char ch = text[i];
    if (ch == '/' || ch == '\n') {
      end_row(i);
      row_start = i + 1;
      continue;
    }
    if (ch == '\r') continue;
    const int c = code(ch);
    if (c < 0) {
      throw InputError(
          1, i + 1,
          std::string("a cell is one of ") + std::string(alphabet) + ", found '" + ch + "'");
    }
    g.cells.push_back(static_cast<std::uint8_t>(c));
    ++col;
    if (g.cells.size() > kMaxCells) throw InputError(1, i + 1, "more than 64 cells");
  }
  end_row(end);
  return g;
}

inline std::string format_grid(const Grid& g, std::string_view chars) {
  std::string out;
  for (int r = 0; r < g.rows; ++r) {
    if (r > 0) out += '/';
    for (int c = 0; c < g.cols; ++c) out += chars[g.at(r, c)];
  }
  return out;
}

// The images of g under the mirrors (and the transposition when allowed).
inline Grid transformed(const Grid& g, int symmetry) {
  const bool flip_r = symmetry & 1;
  const bool flip_c = symmetry & 2;
  const bool transpose = symmetry & 4;
  Grid out;
  out.rows = transpose ? g.cols : g.rows;
  out.cols = transpose ? g.rows : g.cols;
  out.cells.assign(g.cells.size(), 0);
  for (int r = 0; r < g.rows; ++r) {
    for (int c = 0; c < g.cols; ++c) {
      const int rr = flip_r ? g.rows - 1 - r : r;
      const int cc = flip_c ? g.cols - 1 - c : c;
      if (transpose) {
        out.at(cc, rr) = g.at(r, c);
      } else {
        out.at(rr, cc) = g.at(r, c);
      }
    }
  }
  return out;
}

// The groups of non-blank cells connected through sides, each cropped and
// in normal orientation (symmetries 0..3, or 0..7 with the transposition).
inline std::vector<Grid> grid_parts(const Grid& g, bool allow_transpose) {
  std::vector<Grid> parts;
  std::vector<int> group(g.cells.size(), -1);
  std::vector<int> stack;
  for (int start = 0; start < static_cast<int>(g.cells.size()); ++start) {
    if (g.cells[static_cast<std::size_t>(start)] == 0 ||
        group[static_cast<std::size_t>(start)] >= 0)
      continue;
    const int id = static_cast<int>(parts.size());
    std::vector<int> members;
    stack.push_back(start);
    group[static_cast<std::size_t>(start)] = id;
    while (!stack.empty()) {
      const int at = stack.back();
      stack.pop_back();
      members.push_back(at);
      const int r = at / g.cols;
      const int c = at % g.cols;
      const int nr[4] = {r - 1, r + 1, r, r};
      const int nc[4] = {c, c, c - 1, c + 1};
      for (int k = 0; k < 4; ++k) {
        if (nr[k] < 0 || nr[k] >= g.rows || nc[k] < 0 || nc[k] >= g.cols) continue;
        const int n = nr[k] * g.cols + nc[k];
        if (g.cells[static_cast<std::size_t>(n)] == 0 || group[static_cast<std::size_t>(n)] >= 0)
          continue;
        group[static_cast<std::size_t>(n)] = id;
        stack.push_back(n);
      }
    }
    int r0 = g.rows, r1 = -1, c0 = g.cols, c1 = -1;
    for (const int at : members) {
      r0 = std::min(r0, at / g.cols);
      r1 = std::max(r1, at / g.cols);
      c0 = std::min(c0, at % g.cols);
      c1 = std::max(c1, at % g.cols);
    }
    Grid part;
    part.rows = r1 - r0 + 1;
    part.cols = c1 - c0 + 1;
    part.cells.assign(static_cast<std::size_t>(part.rows * part.cols), 0);
    for (const int at : members)
      part.at(at / g.cols - r0, at % g.cols - c0) = g.cells[static_cast<std::size_t>(at)];
    Grid best = part;
    for (int s = 1; s < (allow_transpose ? 8 : 4); ++s) best = std::min(best, transformed(part, s));
    parts.push_back(std::move(best));
  }
  return parts;
}

inline std::size_t grid_hash(const Grid& g) {
  std::uint64_t h = static_cast<std::uint64_t>(g.rows * 131 + g.cols);
  for (const std::uint8_t c : g.cells) h = h * 0x100000001b3ULL ^ c;
  return static_cast<std::size_t>(h ^ (h >> 29));
}

}  // namespace perfectplay::games::partizan
