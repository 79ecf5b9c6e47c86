// binim's and binim2's contest checks for perfectplay judge, check and
// validate: the limits of CodeChef BINIM/BINIM2 (T <= 500, N <= 50,
// |B| <= 50), and shrinking.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::binim {

// solve's validation of the format, then the contest's limits; throws
// InputError at the first defect.
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer stacks, then each stack shorter (chunks
// of it removed, single symbols last).
std::vector<std::string> shrink_contest(std::string_view input);

}  // namespace perfectplay::games::binim
