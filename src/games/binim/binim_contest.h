// binim's and binim2's contest checks for perfectplay judge, check and
// validate: the limits of CodeChef BINIM/BINIM2 (T <= 500, N <= 50,
// |B| <= 50), and shrinking.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace perfectplay::games::binim {

// solve's validation of the format, then the contest's limits; throws
// InputError at the first defect, naming BINIM or BINIM2 by the ending.
void validate_contest(std::string_view input, Ending ending);

// Fewer cases, then per case: fewer stacks, then each stack shorter (chunks
// of it removed, single symbols last).
std::vector<std::string> shrink_contest(std::string_view input);

// Case k (1-based) of a contest input, in the position format, for `analyze
// FILE --case K`: the input is validated as solve validates it (InputError),
// and a k past the last case is a RequestError.
// `passed` hears how far the input has been copied (Params::release_input).
std::string contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed = {});

}  // namespace perfectplay::games::binim
