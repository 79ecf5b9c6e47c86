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
  e.solve = [](std::string_view input, const Params&) {
    const CostMatrix m = parse_assignment(input);
    const Solver a(m);
    std::string out = fmt::format("{}\n", a.cost());
    for (int i = 0; i < m.size(); ++i)
      fmt::format_to(std::back_inserter(out), "{}{}", i ? " " : "",
                     a.column_of(static_cast<std::size_t>(i)) + 1);
    out += '\n';
    return out;
  };
  e.solve_json = [](std::string_view input, const Params&, const JsonSink& each) {
    const CostMatrix m = parse_assignment(input);
    const Solver a(m);
    std::vector<int> cols;
    for (int i = 0; i < m.size(); ++i)
      cols.push_back(static_cast<int>(a.column_of(static_cast<std::size_t>(i))) + 1);
    // One element per case, as every entry's solve_json (the input holds one).
    each({{"cost", a.cost()}, {"columns", cols}});
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
