// nim's contest checks for perfectplay judge, check and validate. nim has no
// contest of its own: its limits are those of the format in nim_io.h.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::nim {

// Throws InputError at the first defect (solve's own validation).
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer rows, then each row shorter (0, half,
// one less). Every candidate is a valid input.
std::vector<std::string> shrink_contest(std::string_view input);

// Case k (1-based) of a contest input, in the position format, for `analyze
// FILE --case K`: the input is validated as solve validates it (InputError),
// and a k past the last case is a RequestError.
std::string contest_case(std::string_view input, std::uint64_t k);

}  // namespace perfectplay::games::nim
