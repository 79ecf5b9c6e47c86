// Octal games' contest checks for perfectplay judge, check and validate.
// There is no original contest: the limits are those of the format in
// octal_io.h (and of each code's theory).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::octal {

// Throws InputError at the first defect (solve's own validation).
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer rows, then each row shorter (0, half,
// one less). The codes are kept.
std::vector<std::string> shrink_contest(std::string_view input);

}  // namespace perfectplay::games::octal
