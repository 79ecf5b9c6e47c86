// Octal games' contest checks for perfectplay judge, check and validate.
// There is no original contest: the limits are those of the format in
// octal_io.h (and of each code's theory).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::games::octal {

// Throws InputError at the first defect (solve's own validation).
void validate_contest(std::string_view input);

// Fewer cases, then per case: fewer rows, then each row shorter (0, half,
// one less). The codes are kept.
std::vector<std::string> shrink_contest(std::string_view input);

// Case k (1-based) of a contest input for `analyze FILE --case K`: its rows
// in the position format and its code (the case's own --code). Validated as
// solve validates (InputError); a k past the last case is a RequestError.
// `passed` hears how far the input has been copied (Params::release_input).
struct ContestCase {
  std::string position;
  std::string code;
};
ContestCase contest_case(std::string_view input, std::uint64_t k,
                         const std::function<void(std::size_t)>& passed = {});

}  // namespace perfectplay::games::octal
