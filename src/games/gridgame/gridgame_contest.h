// gridgame's contest checks for perfectplay judge, check and validate: the
// limits of UVa 11553 (t <= 20, n <= 8, |M(i, j)| <= 1000), and shrinking.
#pragma once

#include <cstdint>
#include <functional>
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

// Case k (1-based) of a contest input, in the position format, for `analyze
// FILE --case K`: the input is validated as solve validates it (InputError),
// and a k past the last case is a RequestError.
// `passed` hears how far the input has been read (Params::release_input).
std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed = {});

}  // namespace perfectplay::games::gridgame
