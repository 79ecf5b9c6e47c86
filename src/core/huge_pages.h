// Advice for large buffers written once, front to back: on these virtual
// machines a page fault costs microseconds, so a buffer of many megabytes
// spends real time faulting in 4 KB pages. Transparent huge pages turn each
// 512 of those faults into one. Advice only (the kernel may ignore it); the
// range is trimmed to whole 2 MB pages, so small buffers are left alone.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace perfectplay {

inline void advise_huge_pages(const void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto at = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (at + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (at + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace perfectplay
