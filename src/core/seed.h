// Seed: what makes a random instance reproducible. Every random instance in
// perfectplay (verify, generate, tests) is a pure function of a Seed and the
// size bounds, so a reported counterexample can be regenerated exactly.
#pragma once

#include <cstdint>

namespace perfectplay {

using Seed = std::uint64_t;

inline constexpr Seed kDefaultSeed = 20261123;

}  // namespace perfectplay
