// asymmetry's contest checks for perfectplay judge, check and validate: the
// limits of CCO 2026 Day 2 Problem 1 (N, M <= 2000, K <= 10^9), and
// shrinking.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::asymmetry {

// solve's validation of the format, then the contest's limits; throws
// InputError at the first defect.
void validate_contest(std::string_view input);

// Fewer rows, then fewer mirrored column pairs (a pair j, M+1-j goes as a
// whole, so M stays even and the other pairs keep their partners), then a
// smaller K (the cells clamped to it), then each cell nearer to 0 (grids of
// at most 64 cells).
std::vector<std::string> shrink_contest(std::string_view input);

// Case k (1-based) of a contest input, in the position format, for `analyze
// FILE --case K`: the input is validated as solve validates it (InputError),
// and a k past the last case is a RequestError.
// `passed` hears how far the input has been read (Params::release_input).
std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed = {});

}  // namespace perfectplay::games::asymmetry
