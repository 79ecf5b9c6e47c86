#include "api/drawing.h"

#include <fmt/format.h>
#include <algorithm>

namespace perfectplay {

std::string draw_lines(std::size_t count, const std::function<std::string(std::size_t)>& line,
                       std::string_view what) {
  std::string out;
  const std::size_t shown = std::min(count, kDrawLines);
  for (std::size_t i = 0; i < shown; ++i) {
    out += line(i);
    out += '\n';
  }
  if (shown < count) out += fmt::format("  ... and {} more {}\n", count - shown, what);
  return out;
}

std::string draw_heaps(const std::vector<std::uint64_t>& rows, std::string_view unit,
                       int long_units) {
  if (rows.empty()) return "  (no rows)\n";
  std::size_t width = 3;
  for (const std::uint64_t r : rows) width = std::max(width, fmt::formatted_size("{}", r));
  std::string side;
  for (int k = 0; k < long_units; ++k) side += unit;
  const std::string long_form = side + " ... " + side;
  return draw_lines(
      rows.size(),
      [&](std::size_t i) {
        const std::uint64_t r = rows[i];
        std::string counters;
        if (r <= 40) {
          for (std::uint64_t j = 0; j < r; ++j) counters += unit;
        } else {
          counters = long_form;
        }
        std::string line = fmt::format("  row {:>2}  {:>{}}  {}", i + 1, r, width, counters);
        while (line.back() == ' ') line.pop_back();
        return line;
      },
      "rows");
}

}  // namespace perfectplay
