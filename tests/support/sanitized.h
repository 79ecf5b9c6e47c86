// Test helper: how many random cases a sweep runs. The sanitizer build runs
// several times slower, so its sweeps are shorter (same seed, a prefix of the
// same cases).
#pragma once

namespace perfectplay::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `release` cases in a normal build, `sanitized` under ASan.
constexpr int sweep_size(int release, int sanitized) {
  return kSanitized ? sanitized : release;
}

}  // namespace perfectplay::testing
