// nim's contest checks for perfectplay judge, check and validate. nim has no
// contest of its own: its limits are those of the format in nim_io.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::nim {

// Throws InputError at the first defect (solve's own validation).
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer rows, then each row shorter (0, half,
// one less). Every candidate is a valid input.
std::vector<std::string> shrink_contest(std::string_view input);

}  // namespace perfectplay::games::nim
