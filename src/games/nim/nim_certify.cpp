// nim's instances for certify: every board of 1 to --rows rows of 1 to
// --max-length squares, as multisets of row lengths (the order of the rows
// does not change the game, docs/games/nim.md), in order of the number of
// rows, then lexicographically.
#include <fmt/format.h>

#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "games/nim/nim_entry.h"

namespace perfectplay::games::nim {

void add_certify(GameEntry& e) {
  e.certify_params = {{"rows", "the most rows", 4, 1, 64},
                      {"max-length", "the longest row", 7, 1, 1'000'000}};
  e.certify = [](const Params& params) {
    const auto rows = static_cast<std::uint64_t>(params.get("rows"));
    const auto len = static_cast<std::uint64_t>(params.get("max-length"));
    certify::Catalog<std::uint64_t> shapes;  // the number of rows
    for (std::uint64_t k = 1; k <= rows; ++k) shapes.add(k, certify::multisets(len, k));
    const bool misere = params.flag("misere");
    certify::Instances<Model> in;
    in.description = fmt::format("every board of up to {} rows of up to {} squares, {} play", rows,
                                 len, misere ? "misere" : "normal");
    in.size = shapes.size();
    in.instance = [shapes, len](std::uint64_t i) {
      const auto [k, rank] = shapes.locate(i);
      Position p;
      for (const std::uint64_t v : certify::unrank_multiset(len, k, rank)) p.rows.push_back(v + 1);
      return p;
    };
    in.shrinks = [](const Position& p) {  // a row fewer, then a square fewer
      std::vector<Position> out;
      for (std::size_t i = 0; i < p.rows.size() && p.rows.size() > 1; ++i) {
        out.emplace_back(p).rows.erase(out.back().rows.begin() + static_cast<std::ptrdiff_t>(i));
      }
      for (std::size_t i = 0; i < p.rows.size(); ++i) {
        if (p.rows[i] > 1) --out.emplace_back(p).rows[i];
      }
      return out;
    };
    return certify::model_space(Model(misere ? Ending::kMisere : Ending::kNormal), std::move(in),
                                params);
  };
}

}  // namespace perfectplay::games::nim
