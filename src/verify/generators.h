// RapidCheck generators for the shapes several games share, so that verify
// and the stress tests of games with the same position shape draw from one
// distribution (and no game copies another's generator).
#pragma once

#include <rapidcheck.h>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace perfectplay {

// 1..max_rows numbers, each in 0..max_length: nim's rows, octal's rows.
inline rc::Gen<std::vector<std::uint64_t>> row_lengths(std::int64_t max_rows,
                                                       std::int64_t max_length) {
  return rc::gen::mapcat(
      rc::gen::inRange<std::size_t>(1, static_cast<std::size_t>(max_rows) + 1),
      [max_length](std::size_t n) {
        return rc::gen::container<std::vector<std::uint64_t>>(
            n, rc::gen::inRange<std::uint64_t>(0, static_cast<std::uint64_t>(max_length) + 1));
      });
}

}  // namespace perfectplay
