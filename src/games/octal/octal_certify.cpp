// octal's instances for certify: every single row of 1 to --max-heap pins
// (by default the code's proven pre-period plus two periods), and so every
// value of the Grundy sequence the period does not repeat, with every move's
// nimber (one row left, or a split into two).
#include <fmt/format.h>

#include "certify/model_space.h"
#include "games/octal/octal_entry.h"

namespace perfectplay::games::octal {

void add_certify(GameEntry& e, Code (*code_of)(const Params&)) {
  e.certify_params = {
      {"max-heap", "the longest row (0: the proven pre-period plus two periods)", 0, 0, 100'000}};
  e.certify = [code_of](const Params& params) {
    const Model model(code_of(params));
    const Theory& t = model.grundy_theory();
    std::uint64_t heaps = static_cast<std::uint64_t>(params.get("max-heap"));
    std::string why = "";
    if (heaps == 0) {
      if (!t.periodic()) {
        throw RequestError(fmt::format(
            "certify octal --code {}: no period is proven for this code; give --max-heap",
            params.text("code")));
      }
      heaps = t.preperiod() + 2 * t.period();
      why = fmt::format(" (pre-period {} plus two periods of {})", t.preperiod(), t.period());
    }
    if (!t.reaches(heaps)) throw RequestError(t.refusal(heaps));
    certify::Instances<Model> in;
    in.description = fmt::format("every row of 1 to {} pins{}", heaps, why);
    in.size = heaps;
    in.instance = [](std::uint64_t i) { return Position{{i + 1}}; };
    in.shrinks = [](const Position& p) {
      return p.rows[0] > 1 ? std::vector<Position>{Position{{p.rows[0] - 1}}}
                           : std::vector<Position>{};
    };
    return certify::model_space(model, std::move(in), params);
  };
}

}  // namespace perfectplay::games::octal
