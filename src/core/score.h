// Score: the value of a position in a scored zero-sum game.
//
// Scores are signed 64-bit integers, always from the point of view of the
// maximizing player (the solver is minimax, not negamax, because the games we
// serve name a fixed maximizer: Bob in asymmetry, Alice in gridgame). The
// sentinels kScoreMin / kScoreMax bound every real score with room for one
// increment either way, so `alpha - 1` and `beta + 1` never overflow.
#pragma once

#include <cstdint>
#include <limits>

namespace perfectplay {

using Score = std::int64_t;

inline constexpr Score kScoreMax = std::numeric_limits<Score>::max() / 2;
inline constexpr Score kScoreMin = -kScoreMax;

// Who chooses at a node of a scored game.
enum class Side : std::uint8_t { kMax, kMin };

}  // namespace perfectplay
