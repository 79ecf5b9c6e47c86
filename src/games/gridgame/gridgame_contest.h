// gridgame's contest checks for perfectplay judge, check and validate: the
// limits of UVa 11553 (t <= 20, n <= 8, |M(i, j)| <= 1000), and shrinking.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::gridgame {

// solve's validation of the format, then the contest's limits; throws
// InputError at the first defect.
void validate_contest(std::string_view input);

// Fewer cases, then per case: one row and one column crossed out of the
// matrix (every pair), then each entry nearer to 0 (0, half, one step).
std::vector<std::string> shrink_contest(std::string_view input);

}  // namespace perfectplay::games::gridgame
