// gridgame's instances for certify: every n x n matrix, n = 1 .. --n, with
// entries from --low to --high, from the start. Shapes by n; a matrix is the
// digits of its rank in base high - low + 1, row-major.
#include <fmt/format.h>

#include <memory>

#include "api/reference.h"
#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "games/gridgame/gridgame_entry.h"

namespace perfectplay::games::gridgame {

namespace {

// The reference's view of a position: {Alice's total so far, what is left}.
struct Split {
  std::pair<Score, Rules::Position> operator()(const Rules&, const Position& p) const {
    const Progress g = progress_of(p);
    Rules::Position rest{0, 0, g.pending};
    for (const int r : g.rows) rest.rows_left |= r != g.pending ? 1u << r : 0u;
    for (const int c : g.cols) rest.cols_left |= 1u << c;
    return {g.score, rest};
  }
};

Position start(int n, std::vector<std::int64_t> values) {
  return {std::make_shared<const GridMatrix>(
              CostMatrix(static_cast<std::size_t>(n), std::move(values))),
          {}};
}

}  // namespace

void add_certify(GameEntry& e) {
  e.certify_params = {{"n", "the largest matrix", 3, 1, 8},
                      {"low", "the least entry", -2, -kMaxValue, kMaxValue},
                      {"high", "the greatest entry", 2, -kMaxValue, kMaxValue}};
  e.certify = [](const Params& params) {
    const int n = static_cast<int>(params.get("n"));
    const std::int64_t low = params.get("low"), high = params.get("high");
    if (low > high) throw RequestError("certify gridgame: --low must be at most --high");
    const auto base = static_cast<std::uint64_t>(high - low) + 1;
    certify::Catalog<int> shapes;
    for (int k = 1; k <= n; ++k) {
      shapes.add(k, certify::checked_power(base, static_cast<std::uint64_t>(k * k)));
    }
    certify::Instances<Model> in;
    in.description =
        fmt::format("every n x n matrix with n <= {} and entries from {} to {}", n, low, high);
    in.size = shapes.size();
    in.instance = [shapes, low, base](std::uint64_t i) {
      const auto [k, rank] = shapes.locate(i);
      std::vector<std::int64_t> values;
      for (const std::uint64_t d : certify::digits(rank, base, static_cast<std::size_t>(k * k))) {
        values.push_back(low + static_cast<std::int64_t>(d));
      }
      return start(k, std::move(values));
    };
    in.shrinks = [](const Position& p) {  // a row and a column fewer, an entry nearer 0
      std::vector<Position> out;
      const GridMatrix& m = *p.matrix;
      const std::vector<std::int64_t> all = m.values();
      const int k = m.size();
      for (int dr = 0; dr < k && k > 1; ++dr) {
        for (int dc = 0; dc < k; ++dc) {
          std::vector<std::int64_t> values;
          for (int r = 0; r < k; ++r) {
            for (int c = 0; c < k; ++c) {
              if (r != dr && c != dc) values.push_back(m(r, c));
            }
          }
          out.push_back(start(k - 1, std::move(values)));
        }
      }
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i] == 0) continue;
        std::vector<std::int64_t> values = all;
        values[i] -= values[i] > 0 ? 1 : -1;
        out.push_back(start(k, std::move(values)));
      }
      return out;
    };
    return certify::model_space(
        Model(), std::move(in), params, [](const Position& p, SearchLimits limits) {
          return ScoredReference<Rules, Split>(Rules(*p.matrix), limits, Split{});
        });
  };
}

}  // namespace perfectplay::games::gridgame
