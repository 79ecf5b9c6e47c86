// bacteria's contest checks for perfectplay judge, check and validate: the
// limits of GCJ 2019 Round 1C "Bacterial Tactics" (T <= 100, R, C <= 15:
// test set 2), and shrinking.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::bacteria {

// solve's validation of the format, then the contest's limits; throws
// InputError at the first defect.
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer rows, fewer columns, then each
// radioactive cell made empty.
std::vector<std::string> shrink_contest(std::string_view input);

}  // namespace perfectplay::games::bacteria
