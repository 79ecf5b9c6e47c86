// bacteria's contest checks for perfectplay judge, check and validate: the
// limits of GCJ 2019 Round 1C "Bacterial Tactics" (T <= 100, R, C <= 15:
// test set 2), and shrinking.
#pragma once

#include <cstdint>
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

// Case k (1-based) of a contest input, in the position format, for `analyze
// FILE --case K`: the input is validated as solve validates it (InputError),
// and a k past the last case is a RequestError.
std::string contest_case(std::string_view input, std::uint64_t k);

}  // namespace perfectplay::games::bacteria
