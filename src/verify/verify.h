// Verification driver: a fast theory against an exhaustive reference on
// random instances, with shrinking.
//
// Instances come from a RapidCheck generator (rc::Gen<T>), the same one the
// property tests use, so `perfectplay verify` and the test suite draw from one
// distribution. Trial i is generated from rc::Random(mix64(seed) + i): a run is
// a pure function of (seed, bounds, trials), and any single trial can be
// replayed. On the first disagreement the driver walks RapidCheck's shrink
// tree: it moves to the first shrink that still disagrees, until none does, and
// reports that smallest failing instance.
#pragma once

#include <rapidcheck.h>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "api/verify_report.h"
#include "core/game.h"
#include "core/progress.h"
#include "core/seed.h"

namespace perfectplay {

// `check` returns nullopt when theory and reference agree on the instance, or
// a description of the disagreement. `show` renders an instance in the game's
// input format. Stops at the first mismatch.
template <class T>
VerifyReport run_verify(const rc::Gen<T>& gen, std::uint64_t trials, Seed seed,
                        const std::function<std::optional<std::string>(const T&)>& check,
                        const std::function<std::string(const T&)>& show) {
  VerifyReport report;
  const std::uint64_t base = mix64(seed);
  for (std::uint64_t i = 0; i < trials; ++i) {
    progress::report("trials", i, trials);
    rc::Shrinkable<T> current = gen(rc::Random(base + i), rc::kNominalSize);
    std::optional<std::string> failure = check(current.value());
    ++report.trials;
    if (!failure) {
      ++report.agreed;
      continue;
    }
    report.first_failure = i;
    report.original = show(current.value());
    // Greedy descent through the shrink tree.
    bool progressed = true;
    while (progressed && report.shrink_steps < 10'000) {
      progressed = false;
      auto shrinks = current.shrinks();
      while (auto candidate = shrinks.next()) {
        if (auto f = check(candidate->value())) {
          current = std::move(*candidate);
          failure = std::move(f);
          ++report.shrink_steps;
          progressed = true;
          break;
        }
      }
    }
    report.counterexample = show(current.value());
    report.detail = *failure;
    return report;
  }
  return report;
}

}  // namespace perfectplay
