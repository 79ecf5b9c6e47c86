// Advice for large buffers written once, front to back: on these virtual
// machines a page fault costs microseconds, so a buffer of many megabytes
// spends real time faulting in 4 KB pages. Transparent huge pages turn each
// 512 of those faults into one. Advice only (the kernel may ignore it); the
// range is trimmed to whole 2 MB pages, so small buffers are left alone.
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <system_error>
#include <thread>

namespace perfectplay {

inline void advise_huge_pages(const void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto at = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (at + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (at + bytes) & ~(kHuge - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

// Faults in [data, data + bytes) on a thread of its own, front to back in
// steps of 4 MB, while the owner writes the buffer from the front: the
// kernel's zeroing of fresh pages (on these machines a fifth of a large
// asymmetry solve) then runs beside the parse instead of inside it. The
// pages are populated by the kernel (MADV_POPULATE_WRITE), never written
// here, so the owner's writes do not race with anything; a page the owner
// reached first is left as it is. Where the kernel lacks the advice (before
// Linux 5.14), or no thread can be had, nothing happens. Stops at
// destruction.
class Prefault {
 public:
  Prefault(void* data, std::size_t bytes) {
    if (bytes < kStep) return;
    try {
      thread_ = std::thread([this, data, bytes] {
        const auto at = reinterpret_cast<std::uintptr_t>(data);
        const std::uintptr_t begin = (at + kPage - 1) & ~(kPage - 1);
        const std::uintptr_t end = (at + bytes) & ~(kPage - 1);
        for (std::uintptr_t p = begin; p < end && !stop_.load(std::memory_order_relaxed);
             p += kStep) {
          const std::size_t n = std::min<std::uintptr_t>(kStep, end - p);
          if (::madvise(reinterpret_cast<void*>(p), n, kPopulateWrite) != 0) return;
        }
      });
    } catch (const std::system_error&) {
    }
  }
  ~Prefault() {
    stop_.store(true, std::memory_order_relaxed);
    if (thread_.joinable()) thread_.join();
  }
  Prefault(const Prefault&) = delete;
  Prefault& operator=(const Prefault&) = delete;

 private:
  static constexpr std::uintptr_t kPage = 4096;
  static constexpr std::size_t kStep = std::size_t{4} << 20;
  static constexpr int kPopulateWrite = 23;  // MADV_POPULATE_WRITE, Linux 5.14
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace perfectplay
