// VerifyReport: what `verify` found, as data (the driver that fills it, with
// RapidCheck's shrinking, is verify/verify.h, kept out of the core so that an
// embedder needs no property-testing library).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace perfectplay {

struct VerifyReport {
  std::uint64_t trials = 0;         // instances checked
  std::uint64_t agreed = 0;         // of which theory == reference
  std::uint64_t first_failure = 0;  // trial index of the first mismatch, if any
  std::uint64_t shrink_steps = 0;
  // Set on a mismatch: the shrunk instance (in the game's own format) and
  // what the two solvers said about it.
  std::optional<std::string> counterexample;
  std::optional<std::string> original;  // the instance as first drawn
  std::string detail;

  bool ok() const { return !counterexample.has_value(); }
};

}  // namespace perfectplay
