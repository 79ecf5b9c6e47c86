#include "games/bacteria/bacteria_theory.h"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cassert>

namespace perfectplay::games::bacteria {

GrundyTable::GrundyTable(const Grid& grid) : grid_(grid) {
  const int R = grid.rows, C = grid.cols;
  assert(R >= 1 && C >= 1 && R <= kMaxSide && C <= kMaxSide);
  row_pairs_ = static_cast<std::size_t>(R) * (R + 1) / 2;
  col_pairs_ = static_cast<std::size_t>(C) * (C + 1) / 2;
  table_.assign(row_pairs_ * col_pairs_, 0);
  by_rows_.assign(row_pairs_ * col_pairs_, 0);
  row_hash_.assign(static_cast<std::size_t>(R) * (C + 1), 0);
  col_hash_.assign(static_cast<std::size_t>(C) * (R + 1), 0);
  for (int r = 0; r < R; ++r) {
    for (int c = 0; c < C; ++c) {
      const std::uint16_t bad = grid.radioactive(r, c) ? 1 : 0;
      row_hash_[index(r, c + 1, C + 1)] = row_hash_[index(r, c, C + 1)] + bad;
    }
  }
  for (int c = 0; c < C; ++c) {
    for (int r = 0; r < R; ++r) {
      const std::uint16_t bad = grid.radioactive(r, c) ? 1 : 0;
      col_hash_[index(c, r + 1, R + 1)] = col_hash_[index(c, r, R + 1)] + bad;
    }
  }
  // tri[i] = i (i + 1) / 2: the pair (a, b), a <= b, has index tri[b] + a.
  std::vector<std::size_t> tri(static_cast<std::size_t>(std::max(R, C)) + 1);
  for (std::size_t i = 0; i < tri.size(); ++i) tri[i] = i * (i + 1) / 2;
  // Which rows are clear across each column range, and which columns across
  // each row range, as bit masks (sides are at most 127: two words).
  using Mask = std::array<std::uint64_t, 2>;
  auto bit = [](const Mask& m, int i) {
    return (m[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1;
  };
  std::vector<Mask> clear_rows(col_pairs_), clear_cols(row_pairs_);
  for (int c1 = 0; c1 < C; ++c1) {
    Mask m{~std::uint64_t{0}, ~std::uint64_t{0}};
    for (int c2 = c1; c2 < C; ++c2) {
      for (int r = 0; r < R; ++r) {
        if (grid.radioactive(r, c2))
          m[static_cast<std::size_t>(r) >> 6] &= ~(std::uint64_t{1} << (r & 63));
      }
      clear_rows[tri[static_cast<std::size_t>(c2)] + static_cast<std::size_t>(c1)] = m;
    }
  }
  for (int r1 = 0; r1 < R; ++r1) {
    Mask m{~std::uint64_t{0}, ~std::uint64_t{0}};
    for (int r2 = r1; r2 < R; ++r2) {
      for (int c = 0; c < C; ++c) {
        if (grid.radioactive(r2, c))
          m[static_cast<std::size_t>(c) >> 6] &= ~(std::uint64_t{1} << (c & 63));
      }
      clear_cols[tri[static_cast<std::size_t>(r2)] + static_cast<std::size_t>(r1)] = m;
    }
  }
  // Two copies of the values: `table_` grouped by column range (a row move's
  // two parts share the columns, so they sit together) and `by_rows_` grouped
  // by row range (the same for column moves). Width outermost: a rectangle's
  // parts have fewer columns (done in an earlier width) or the same columns
  // and fewer rows (done earlier in this column range's inner loops).
  std::uint64_t seen_storage[4];
  // One column range, every row range: what one thread does at a time.
  auto fill = [&](int w, int c1, std::uint64_t* seen) {
    const int c2 = c1 + w - 1;
    const std::size_t cp = tri[static_cast<std::size_t>(c2)] + static_cast<std::size_t>(c1);
    const Mask& rows_ok = clear_rows[cp];
    const std::uint8_t* col_block = &table_[cp * row_pairs_];
    for (int h = 1; h <= R; ++h) {
      for (int r1 = 0; r1 + h <= R; ++r1) {
        const int r2 = r1 + h - 1;
        const std::size_t rp = tri[static_cast<std::size_t>(r2)] + static_cast<std::size_t>(r1);
        const std::uint8_t* row_block = &by_rows_[rp * col_pairs_];
        const Mask& cols_ok = clear_cols[rp];
        // Values below 64 (nearly all) are noted in a register without a
        // branch; larger ones, rare, in the rest of the set.
        std::uint64_t low = 0;
        seen[1] = seen[2] = seen[3] = 0;
        auto note = [&](std::uint64_t ok, unsigned v) {
          if (v < 64) {
            low |= ok << v;
          } else if (ok) {
            seen[v >> 6] |= std::uint64_t{1} << (v & 63);
          }
        };
        const auto ur1 = static_cast<std::size_t>(r1), ur2 = static_cast<std::size_t>(r2);
        const auto uc1 = static_cast<std::size_t>(c1), uc2 = static_cast<std::size_t>(c2);
        for (std::size_t r = ur1; r <= ur2; ++r) {
          const unsigned above = r > ur1 ? col_block[tri[r - 1] + ur1] : 0;
          const unsigned below = r < ur2 ? col_block[tri[ur2] + r + 1] : 0;
          note(bit(rows_ok, static_cast<int>(r)), above ^ below);
        }
        for (std::size_t c = uc1; c <= uc2; ++c) {
          const unsigned left = c > uc1 ? row_block[tri[c - 1] + uc1] : 0;
          const unsigned right = c < uc2 ? row_block[tri[uc2] + c + 1] : 0;
          note(bit(cols_ok, static_cast<int>(c)), left ^ right);
        }
        seen[0] = low;
        unsigned mex = 0;
        for (int word = 0; word < 4; ++word) {
          if (~seen[word] != 0) {
            mex = static_cast<unsigned>(word * 64 + __builtin_ctzll(~seen[word]));
            break;
          }
        }
        assert(mex < 256);
        table_[cp * row_pairs_ + rp] = static_cast<std::uint8_t>(mex);
        by_rows_[rp * col_pairs_ + cp] = static_cast<std::uint8_t>(mex);
      }
    }
  };
  // (Splitting the column ranges of one width between two threads was tried
  // and measured slower on the 2-vCPU development machine: total CPU time
  // doubled, so the two vCPUs gave no second core's worth of this loop.)
  for (int w = 1; w <= C; ++w) {
    for (int c1 = 0; c1 + w <= C; ++c1) fill(w, c1, seen_storage);
  }
}

Nimber GrundyTable::value(const Rect& r) const {
  if (r.empty()) return Nimber(0);
  return Nimber(table_[slot(r.r1, r.r2, r.c1, r.c2)]);
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

std::optional<std::string> decompose(Board& b) {
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
      return fmt::format(
          "this position cannot arise in play: in rows {}..{}, columns {}..{} the infected cells "
          "(the first at row {}, column {}) fill no whole row or column, but a colony always "
          "crosses the whole region it is placed in",
          rect.r1 + 1, rect.r2 + 1, rect.c1 + 1, rect.c2 + 1, fr + 1, fc + 1);
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

}  // namespace perfectplay::games::bacteria
