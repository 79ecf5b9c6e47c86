// bacteria's instances for certify: every grid of R x C <= --cells cells,
// every pattern of radioactive cells, from the start. Shapes by cells, then
// rows; a pattern is the bits of its rank (bit r * C + c: cell (r, c) is
// '#'). A grid's mirror images (rows reversed, columns reversed, and for
// R = C the transpose with H and V swapped; a C x R grid is an R x C one
// transposed) play the same game (docs/games/bacteria.md): only the least
// pattern of each class, with R <= C, is checked.
#include <fmt/format.h>

#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "games/bacteria/bacteria_entry.h"

namespace perfectplay::games::bacteria {

namespace {

struct Shape {
  int rows, cols;
};

// The pattern with cell (r, c) moved to where `to` puts it.
template <class To>
std::uint64_t image(std::uint64_t mask, Shape s, To to) {
  std::uint64_t out = 0;
  for (int r = 0; r < s.rows; ++r) {
    for (int c = 0; c < s.cols; ++c) {
      if ((mask >> (r * s.cols + c)) & 1) out |= std::uint64_t{1} << to(r, c);
    }
  }
  return out;
}

bool least_of_class(std::uint64_t mask, Shape s) {
  const int R = s.rows, C = s.cols;
  if (R > C) return false;
  for (const bool flip_r : {false, true}) {
    for (const bool flip_c : {false, true}) {
      const auto at = [&](int r, int c) {
        return std::pair{flip_r ? R - 1 - r : r, flip_c ? C - 1 - c : c};
      };
      if (image(mask, s, [&](int r, int c) { return at(r, c).first * C + at(r, c).second; }) <
          mask) {
        return false;
      }
      if (R == C && image(mask, s, [&](int r, int c) {
                      return at(r, c).second * C + at(r, c).first;
                    }) < mask) {
        return false;
      }
    }
  }
  return true;
}

Board board(Shape s, std::uint64_t mask) {
  Grid g{s.rows, s.cols, {}};
  for (int i = 0; i < s.rows * s.cols; ++i) g.cells.push_back((mask >> i) & 1 ? '#' : '.');
  return start_board(g);
}

}  // namespace

void add_certify(GameEntry& e) {
  e.certify_params = {{"cells", "the most cells, R x C", 16, 1, 62}};
  e.certify = [](const Params& params) {
    const int cells = static_cast<int>(params.get("cells"));
    auto shapes = std::make_shared<certify::Catalog<Shape>>();
    for (int n = 1; n <= cells; ++n) {
      for (int r = 1; r <= n; ++r) {
        if (n % r == 0) shapes->add({r, n / r}, std::uint64_t{1} << n);
      }
    }
    certify::Instances<Model> in;
    in.description = fmt::format("every grid of at most {} cells, from the start", cells);
    in.size = shapes->size();
    in.instance = [shapes](std::uint64_t i) {
      const auto [s, mask] = shapes->locate(i);
      return board(s, mask);
    };
    in.canonical = [shapes](std::uint64_t i) {
      const auto [s, mask] = shapes->locate(i);
      return least_of_class(mask, s);
    };
    in.shrinks = [](const Board& b) {  // a row or a column fewer, a '#' fewer
      std::vector<Board> out;
      const Grid& g = b.grid;
      const auto without = [&](int row, int col) {
        Grid h{g.rows - (row >= 0), g.cols - (col >= 0), {}};
        for (int r = 0; r < g.rows; ++r) {
          for (int c = 0; c < g.cols; ++c) {
            if (r != row && c != col) h.cells.push_back(g.radioactive(r, c) ? '#' : '.');
          }
        }
        out.push_back(start_board(h));
      };
      for (int r = 0; r < g.rows && g.rows > 1; ++r) without(r, -1);
      for (int c = 0; c < g.cols && g.cols > 1; ++c) without(-1, c);
      for (std::size_t i = 0; i < g.cells.size(); ++i) {
        if (g.cells[i] != '#') continue;
        Grid h = g;
        h.cells[i] = '.';
        out.push_back(start_board(h));
      }
      return out;
    };
    return certify::model_space(
        Model(), std::move(in), params, [](const Board& b, SearchLimits limits) {
          return WinLossReference<Rules, ToReference>(Rules(b.grid), limits);
        });
  };
}

}  // namespace perfectplay::games::bacteria
