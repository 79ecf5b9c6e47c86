// Boards drawn for a terminal, in pieces the games share. A drawing is for a
// person: past kDrawLines lines it stops and says how many more there are
// (the position's text, `position` in play and in analyze --json, has them
// all), so that a board of a million rows is not drawn a million lines long.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay {

inline constexpr std::size_t kDrawLines = 100;

// line(0) to line(count - 1), one a line (each without its '\n'), at most
// kDrawLines of them, then "  ... and N more WHAT" if some are left out.
std::string draw_lines(std::size_t count, const std::function<std::string(std::size_t)>& line,
                       std::string_view what);

// Heaps as nim and the octal games draw them, one a line:
// "  row  3   5  [][][][][]", with `unit` once per counter up to 40 and `long_units`
// units on each side of " ... " past that; "  (no rows)" when there are none.
std::string draw_heaps(const std::vector<std::uint64_t>& rows, std::string_view unit,
                       int long_units);

}  // namespace perfectplay
