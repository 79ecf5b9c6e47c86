#include "games/bacteria/bacteria_theory.h"

#include <fmt/format.h>
#include <algorithm>
#include <cassert>

namespace perfectplay::games::bacteria {

namespace {

constexpr std::uint8_t kUnknown = 255;  // values are at most R + C <= 254

// The options' values, as a set of bytes in four words, and its mex.
struct ByteSet {
  std::uint64_t w[4] = {0, 0, 0, 0};
  void add(unsigned v) { w[v >> 6] |= std::uint64_t{1} << (v & 63); }
  std::uint8_t mex() const {
    for (unsigned i = 0; i < 4; ++i) {
      if (~w[i] != 0)
        return static_cast<std::uint8_t>(i * 64 + static_cast<unsigned>(__builtin_ctzll(~w[i])));
    }
    return kUnknown;
  }
};

}  // namespace

GrundyTable::GrundyTable(const Grid& grid) : grid_(grid) {
  const int R = grid.rows, C = grid.cols;
  assert(R >= 1 && C >= 1 && R <= kMaxSide && C <= kMaxSide);
  const auto uR = static_cast<std::size_t>(R), uC = static_cast<std::size_t>(C);
  row_pairs_ = uR * (uR + 1) / 2;
  col_pairs_ = uC * (uC + 1) / 2;
  row_hash_.assign(uR * (uC + 1), 0);
  col_hash_.assign(uC * (uR + 1), 0);
  prefix2d_.assign((uR + 1) * (uC + 1), 0);
  for (std::size_t r = 0; r < uR; ++r) {
    for (std::size_t c = 0; c < uC; ++c) {
      const std::uint16_t bad = grid.radioactive(static_cast<int>(r), static_cast<int>(c)) ? 1 : 0;
      row_hash_[r * (uC + 1) + c + 1] = row_hash_[r * (uC + 1) + c] + bad;
      col_hash_[c * (uR + 1) + r + 1] = col_hash_[c * (uR + 1) + r] + bad;
      prefix2d_[(r + 1) * (uC + 1) + c + 1] = prefix2d_[r * (uC + 1) + c + 1] +
                                              prefix2d_[(r + 1) * (uC + 1) + c] -
                                              prefix2d_[r * (uC + 1) + c] + bad;
    }
  }
  // Rectangles without '#' depend only on their height and width, and every
  // line of them is a legal cut: one small table serves them all.
  clear_.assign((uR + 1) * (uC + 1), 0);
  for (std::size_t h = 1; h <= uR; ++h) {
    for (std::size_t w = 1; w <= uC; ++w) {
      ByteSet seen;
      for (std::size_t i = 0; i < h; ++i)
        seen.add(clear_[i * (uC + 1) + w] ^ clear_[(h - 1 - i) * (uC + 1) + w]);
      for (std::size_t j = 0; j < w; ++j)
        seen.add(clear_[h * (uC + 1) + j] ^ clear_[h * (uC + 1) + (w - 1 - j)]);
      clear_[h * (uC + 1) + w] = seen.mex();
    }
  }
  // Others on demand: only rectangles some sequence of cuts reaches from the
  // rectangles asked about are ever computed.
  memo_.assign(row_pairs_ * col_pairs_, kUnknown);
}

bool GrundyTable::has_radioactive(int r1, int r2, int c1, int c2) const {
  const auto C1 = static_cast<std::size_t>(grid_.cols + 1);
  const auto a = static_cast<std::size_t>(r1), b = static_cast<std::size_t>(r2) + 1;
  const auto c = static_cast<std::size_t>(c1), d = static_cast<std::size_t>(c2) + 1;
  return prefix2d_[b * C1 + d] + prefix2d_[a * C1 + c] !=
         prefix2d_[a * C1 + d] + prefix2d_[b * C1 + c];
}

std::uint8_t GrundyTable::grundy(int r1, int r2, int c1, int c2) const {
  if (r1 > r2 || c1 > c2) return 0;
  std::uint8_t& slot_value = memo_[slot(r1, r2, c1, c2)];
  if (slot_value != kUnknown) return slot_value;
  std::uint8_t v;
  if (!has_radioactive(r1, r2, c1, c2)) {
    v = clear_[static_cast<std::size_t>(r2 - r1 + 1) * static_cast<std::size_t>(grid_.cols + 1) +
               static_cast<std::size_t>(c2 - c1 + 1)];
  } else {
    ByteSet seen;
    for (int r = r1; r <= r2; ++r) {
      if (row_clear(r, c1, c2)) seen.add(grundy(r1, r - 1, c1, c2) ^ grundy(r + 1, r2, c1, c2));
    }
    for (int c = c1; c <= c2; ++c) {
      if (col_clear(c, r1, r2)) seen.add(grundy(r1, r2, c1, c - 1) ^ grundy(r1, r2, c + 1, c2));
    }
    v = seen.mex();
  }
  ++computed_;
  memo_[slot(r1, r2, c1, c2)] = v;  // re-indexed: the recursion may not move it, but be plain
  return v;
}

Nimber GrundyTable::value(const Rect& r) const {
  if (r.empty()) return Nimber(0);
  return Nimber(grundy(r.r1, r.r2, r.c1, r.c2));
}

std::pair<Rect, Rect> GrundyTable::split(const Rect& rect, const Move& m) {
  if (m.colony == Colony::kH) {
    return {Rect{rect.r1, m.row - 1, rect.c1, rect.c2}, Rect{m.row + 1, rect.r2, rect.c1, rect.c2}};
  }
  return {Rect{rect.r1, rect.r2, rect.c1, m.col - 1}, Rect{rect.r1, rect.r2, m.col + 1, rect.c2}};
}

std::uint64_t winning_openings(const GrundyTable& t) {
  const Grid& g = t.grid();
  const Rect whole{0, g.rows - 1, 0, g.cols - 1};
  if (t.value(whole) == Nimber(0)) return 0;
  std::uint64_t count = 0;
  for (int r = 0; r < g.rows; ++r) {
    if (!t.row_clear(r, 0, g.cols - 1)) continue;
    const auto [a, b] = GrundyTable::split(whole, Move{r, 0, Colony::kH});
    if ((t.value(a) ^ t.value(b)) == Nimber(0)) count += static_cast<std::uint64_t>(g.cols);
  }
  for (int c = 0; c < g.cols; ++c) {
    if (!t.col_clear(c, 0, g.rows - 1)) continue;
    const auto [a, b] = GrundyTable::split(whole, Move{0, c, Colony::kV});
    if ((t.value(a) ^ t.value(b)) == Nimber(0)) count += static_cast<std::uint64_t>(g.rows);
  }
  return count;
}

const Rect* Board::part_of(int r, int c) const {
  for (const Rect& p : parts) {
    if (p.contains(r, c)) return &p;
  }
  return nullptr;
}

Board start_board(const Grid& grid) {
  Board b;
  b.grid = grid;
  b.marks = grid.cells;
  b.parts = {Rect{0, grid.rows - 1, 0, grid.cols - 1}};
  return b;
}

namespace {

bool infected(const Board& b, int r, int c) {
  const char m = b.mark(r, c);
  return m == 'H' || m == 'V';
}

}  // namespace

std::optional<Unreachable> decompose(Board& b) {
  b.parts.clear();
  std::vector<Rect> todo = {Rect{0, b.grid.rows - 1, 0, b.grid.cols - 1}};
  while (!todo.empty()) {
    const Rect rect = todo.back();
    todo.pop_back();
    if (rect.empty()) continue;
    bool any = false;
    std::optional<Move> cut;
    for (int r = rect.r1; r <= rect.r2 && !cut; ++r) {
      int n = 0;
      for (int c = rect.c1; c <= rect.c2; ++c) n += infected(b, r, c);
      any = any || n > 0;
      if (n == rect.width()) cut = Move{r, rect.c1, Colony::kH};
    }
    for (int c = rect.c1; c <= rect.c2 && !cut && any; ++c) {
      int n = 0;
      for (int r = rect.r1; r <= rect.r2; ++r) n += infected(b, r, c);
      if (n == rect.height()) cut = Move{rect.r1, c, Colony::kV};
    }
    if (!any) {
      b.parts.push_back(rect);
      continue;
    }
    if (!cut) {
      int fr = rect.r1, fc = rect.c1;
      for (int r = rect.r1; r <= rect.r2; ++r) {
        for (int c = rect.c1; c <= rect.c2; ++c) {
          if (infected(b, r, c)) {
            fr = r;
            fc = c;
            r = rect.r2 + 1;
            break;
          }
        }
      }
      return Unreachable{
          fmt::format(
              "this position cannot arise in play: in rows {}..{}, columns {}..{} the infected "
              "cells (the first at row {}, column {}) fill no whole row or column, but a colony "
              "always crosses the whole region it is placed in",
              rect.r1 + 1, rect.r2 + 1, rect.c1 + 1, rect.c2 + 1, fr + 1, fc + 1),
          fr, fc};
    }
    const auto [a, c2] = GrundyTable::split(rect, *cut);
    todo.push_back(a);
    todo.push_back(c2);
  }
  std::sort(b.parts.begin(), b.parts.end(),
            [](const Rect& x, const Rect& y) { return x.r1 != y.r1 ? x.r1 < y.r1 : x.c1 < y.c1; });
  return std::nullopt;
}

MoveEffect effect_of(const GrundyTable& t, const Board& b, const Move& m) {
  MoveEffect e;
  const Rect* part = b.part_of(m.row, m.col);
  assert(part != nullptr);
  e.part = *part;
  e.mutates = m.colony == Colony::kH ? !t.row_clear(m.row, part->c1, part->c2)
                                     : !t.col_clear(m.col, part->r1, part->r2);
  std::tie(e.first, e.second) = GrundyTable::split(*part, m);
  return e;
}

void apply(Board& b, const MoveEffect& e, const Move& m) {
  const char mark = m.colony == Colony::kH ? 'H' : 'V';
  const std::size_t cols = static_cast<std::size_t>(b.grid.cols);
  if (m.colony == Colony::kH) {
    for (int c = e.part.c1; c <= e.part.c2; ++c) b.marks[m.row * cols + c] = mark;
  } else {
    for (int r = e.part.r1; r <= e.part.r2; ++r) b.marks[r * cols + m.col] = mark;
  }
  auto it = std::find(b.parts.begin(), b.parts.end(), e.part);
  assert(it != b.parts.end());
  b.parts.erase(it);
  for (const Rect& r : {e.first, e.second}) {
    if (!r.empty()) b.parts.push_back(r);
  }
  std::sort(b.parts.begin(), b.parts.end(),
            [](const Rect& x, const Rect& y) { return x.r1 != y.r1 ? x.r1 < y.r1 : x.c1 < y.c1; });
}

Nimber board_value(const GrundyTable& t, const Board& b) {
  Nimber v(0);
  for (const Rect& r : b.parts) v ^= t.value(r);
  return v;
}

std::vector<Move> legal_moves(const Board& b) {
  std::vector<Move> out;
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      if (b.mark(r, c) != '.') continue;
      out.push_back({r, c, Colony::kH});
      out.push_back({r, c, Colony::kV});
    }
  }
  return out;
}

bool is_winning_move(const GrundyTable& t, const Board& b, Nimber total, const Move& m) {
  const MoveEffect e = effect_of(t, b, m);
  return !e.mutates && (total ^ t.value(e.part) ^ t.value(e.first) ^ t.value(e.second)).is_zero();
}

std::optional<Move> delaying_move(const GrundyTable& t, const Board& b) {
  const std::vector<Move> all = legal_moves(b);
  if (all.empty()) return std::nullopt;
  std::optional<Move> pick;
  int fewest = 0;
  for (const Move& m : all) {
    const MoveEffect e = effect_of(t, b, m);
    if (e.mutates) continue;
    const int cells = m.colony == Colony::kH ? e.part.width() : e.part.height();
    if (!pick || cells < fewest) {
      pick = m;
      fewest = cells;
    }
  }
  return pick ? pick : all.front();
}

}  // namespace perfectplay::games::bacteria
