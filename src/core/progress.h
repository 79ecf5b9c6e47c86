// Progress of long work (an exhaustive search, verify's trials, a big solve's
// cases), reported to whoever listens (from any thread: calls are serialized): the command line
// draws it on a terminal's stderr, and nothing listens anywhere else. Reporting costs a relaxed
// load when no one listens; callers report every so many steps, not every step.
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace perfectplay::progress {

// `total` is 0 when the amount of work is not known in advance.
using Listener =
    std::function<void(std::string_view what, std::uint64_t done, std::uint64_t total)>;

void listen(Listener listener);  // an empty listener stops listening
void report_slow(std::string_view what, std::uint64_t done, std::uint64_t total);
extern bool g_listening;

inline void report(std::string_view what, std::uint64_t done, std::uint64_t total) {
  if (g_listening) report_slow(what, done, total);
}

// report() on every step whose number has the bits of `mask` clear (mask
// 0xFFF: every 4096th), for loops whose steps are too short to report each.
inline void report_every(std::uint64_t mask, std::string_view what, std::uint64_t done,
                         std::uint64_t total) {
  if (g_listening && (done & mask) == 0) report_slow(what, done, total);
}

}  // namespace perfectplay::progress
