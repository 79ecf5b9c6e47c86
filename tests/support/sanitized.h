// Test helper: how many random cases a sweep runs. The sanitizer build runs
// several times slower, so its sweeps are shorter (same seed, a prefix of the
// same cases).
#pragma once

namespace perfectplay::testing {

// GCC defines __SANITIZE_ADDRESS__; clang (the asan preset's compiler) says
// it through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define PERFECTPLAY_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PERFECTPLAY_TEST_SANITIZED 1
#endif
#endif

#ifdef PERFECTPLAY_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `release` cases in a normal build, `sanitized` under ASan.
constexpr int sweep_size(int release, int sanitized) {
  return kSanitized ? sanitized : release;
}

}  // namespace perfectplay::testing
