#include "algorithms/assignment/assignment_entry.h"

#include <fmt/format.h>
#include <iterator>
#include <vector>

#include "algorithms/assignment/assignment.h"
#include "algorithms/assignment/assignment_io.h"

namespace perfectplay::algorithms::assignment {

GameEntry entry() {
  GameEntry e;
  e.name = "assignment";
  e.summary =
      "Not a game: minimum-cost perfect matching of an n x n matrix (solve only), the solver "
      "under gridgame.";
  // The matrix is read with 32-bit entries where they fit (assignment_io.h),
  // giving back the text read as it goes (Params::release_input).
  e.solve = [](std::string_view input, const Params& params) {
    const Result r = solve(parse_compact_assignment(input, params.release_input));
    std::string out = fmt::format("{}\n", r.cost);
    for (std::size_t i = 0; i < r.column_of_row.size(); ++i)
      fmt::format_to(std::back_inserter(out), "{}{}", i ? " " : "", r.column_of_row[i] + 1);
    out += '\n';
    return out;
  };
  e.solve_json = [](std::string_view input, const Params& params, const JsonSink& each) {
    const Result r = solve(parse_compact_assignment(input, params.release_input));
    std::vector<std::size_t> cols;
    for (const std::size_t c : r.column_of_row) cols.push_back(c + 1);
    // One element per case, as every entry's solve_json (the input holds one).
    each({{"cost", r.cost}, {"columns", cols}});
  };
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    // One case, without the count line.
    return generate_matrices(seed, 1, params.get("n"), params.get("max-abs"), false, sink,
                             params.get("exact") != 0);
  };
  e.params = {
      {"n", "the largest matrix (exactly n x n with --exact)", 6, 1, kMaxInputN},
      {"max-abs", "entries are drawn from [-max-abs, max-abs]", 1000, 0, kMaxInputValue},
      exact_sizes_param(),
  };
  return e;
}

}  // namespace perfectplay::algorithms::assignment
