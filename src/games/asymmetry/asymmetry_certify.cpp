// asymmetry's instances for certify: every N x M grid (M even) with N <=
// --rows, M <= --cols, N x M <= --cells, values from 0 to K, K from 1 to
// --k, from the start. Shapes by cells, then N, then K; a grid is the digits
// of its rank in base K + 1, row-major.
#include <fmt/format.h>

#include "api/reference.h"
#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "games/asymmetry/asymmetry_entry.h"

namespace perfectplay::games::asymmetry {

namespace {

struct Shape {
  int rows, cols;
  std::int64_t k;
};

// The reference's view of a board: {the settled pairs' terms, the rest}.
struct Split {
  std::pair<Score, Rules::Position> operator()(const Rules&, const Board& b) const {
    return {settled_sum(b), reference_position(b)};
  }
};

Board start(Grid g) {
  const auto cols = static_cast<std::size_t>(g.cols);
  return {std::move(g), std::vector<char>(cols, 0)};
}

}  // namespace

void add_certify(GameEntry& e) {
  e.certify_params = {{"rows", "N: the most rows", 3, 1, kReferenceMaxRows},
                      {"cols", "M: the most columns (even)", 6, 2, kReferenceMaxCols},
                      {"cells", "the most cells, N x M", 12, 2, 128},
                      {"k", "the largest K (values 0 to K)", 2, 1, kReferenceMaxK}};
  e.certify = [](const Params& params) {
    const int rows = static_cast<int>(params.get("rows")),
              cols = static_cast<int>(params.get("cols"));
    const int cells = static_cast<int>(params.get("cells"));
    const std::int64_t kmax = params.get("k");
    certify::Catalog<Shape> shapes;
    for (int n = 1; n <= cells; ++n) {
      for (int r = 1; r <= std::min(rows, n); ++r) {
        if (n % r != 0 || n / r > cols || (n / r) % 2 != 0) continue;
        for (std::int64_t k = 1; k <= kmax; ++k) {
          shapes.add({r, n / r, k}, certify::checked_power(static_cast<std::uint64_t>(k) + 1,
                                                           static_cast<std::uint64_t>(n)));
        }
      }
    }
    certify::Instances<Model> in;
    in.description =
        fmt::format("every N x M grid with N <= {}, M <= {}, N x M <= {}, values 0 to K, K <= {}",
                    rows, cols, cells, kmax);
    in.size = shapes.size();
    in.instance = [shapes](std::uint64_t i) {
      const auto [s, rank] = shapes.locate(i);
      Grid g{s.rows, s.cols, s.k, {}};
      for (const std::uint64_t d : certify::digits(rank, static_cast<std::uint64_t>(s.k) + 1,
                                                   static_cast<std::size_t>(s.rows * s.cols))) {
        g.cells.push_back(static_cast<std::uint32_t>(d));
      }
      return start(std::move(g));
    };
    in.shrinks = [](const Board& b) {  // a row or a pair of columns fewer, a value or K lower
      std::vector<Board> out;
      const Grid& g = b.grid;
      const auto without = [&](int row, int col) {
        Grid h{g.rows - (row >= 0), g.cols - 2 * (col >= 0), g.k, {}};
        for (int r = 0; r < g.rows; ++r) {
          for (int c = 0; c < g.cols; ++c) {
            if (r != row && c != col && c != g.cols - 1 - col) {
              h.cells.push_back(static_cast<std::uint32_t>(g.at(r, c)));
            }
          }
        }
        out.push_back(start(std::move(h)));
      };
      for (int r = 0; r < g.rows && g.rows > 1; ++r) without(r, -1);
      for (int c = 0; c < g.cols / 2 && g.cols > 2; ++c) without(-1, c);
      for (std::size_t i = 0; i < g.cells.size(); ++i) {
        if (g.cells[i] == 0) continue;
        Grid h = g;
        --h.cells[i];
        out.push_back(start(std::move(h)));
      }
      if (g.k > 1 &&
          std::all_of(g.cells.begin(), g.cells.end(), [&](std::uint32_t v) { return v < g.k; })) {
        Grid h = g;
        --h.k;
        out.push_back(start(std::move(h)));
      }
      return out;
    };
    return certify::model_space(
        Model(), std::move(in), params, [](const Board& b, SearchLimits limits) {
          return ScoredReference<Rules, Split>(Rules(b.grid), limits, Split{});
        });
  };
}

}  // namespace perfectplay::games::asymmetry
