// What the command line's commands share: exit codes, reading an input,
// writing the output, number validation and "did you mean".
#pragma once

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/input_error.h"

namespace perfectplay::cli {

namespace pp = perfectplay;

// Exit codes (docs/cli.md).
constexpr int kExitOk = 0;
constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitMismatch = 3;
constexpr int kExitTooLarge = 4;

// The whole input in memory: a regular file is mapped (no copy), anything
// else (a pipe, a terminal) is read into a buffer.
class InputText {
 public:
  explicit InputText(const std::string& path) {
    const bool use_stdin = path.empty() || path == "-";
    const int fd = use_stdin ? 0 : ::open(path.c_str(), O_RDONLY);
    if (fd < 0) {
      throw pp::RequestError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
    }
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
      // Small files: map and fault everything in at once. Large files: map
      // lazily and let a second thread touch the pages ahead of the parser, so
      // the kernel's page-table work (about a sixth of the time of a
      // parse-bound solve) overlaps the parsing instead of preceding it.
      const auto size = static_cast<std::size_t>(st.st_size);
      const bool large = size >= (std::size_t{16} << 20);
      void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | (large ? 0 : MAP_POPULATE), fd, 0);
      if (p != MAP_FAILED) {
        map_ = p;
        size_ = size;
        if (!use_stdin) ::close(fd);
        if (large) {
          ::madvise(p, size, MADV_SEQUENTIAL);
          toucher_ = std::thread([this] {
            const auto* bytes = static_cast<const volatile char*>(map_);
            for (std::size_t i = 0; i < size_ && !stop_.load(std::memory_order_relaxed);
                 i += 4096) {
              (void)bytes[i];
            }
          });
        }
        return;
      }
    }
    std::size_t chunk = 1 << 16;
    for (;;) {
      const std::size_t old = buffer_.size();
      buffer_.resize(old + chunk);
      const ssize_t n = ::read(fd, buffer_.data() + old, chunk);
      buffer_.resize(old + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        if (!use_stdin) ::close(fd);
        throw pp::RequestError(
            fmt::format("cannot read {}: {}", use_stdin ? "<stdin>" : path, std::strerror(err)));
      }
      if (n == 0) break;
      if (chunk < (std::size_t{16} << 20)) chunk *= 2;
    }
    if (!use_stdin) ::close(fd);
  }
  ~InputText() {
    stop_ = true;
    if (toucher_.joinable()) toucher_.join();
    if (map_ != nullptr) ::munmap(map_, size_);
  }
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;

  std::string_view view() const {
    if (map_ != nullptr) return {static_cast<const char*>(map_), size_};
    return buffer_;
  }

 private:
  void* map_ = nullptr;
  std::size_t size_ = 0;
  std::thread toucher_;
  std::atomic<bool> stop_{false};
  std::string buffer_;
};

std::string read_all(const std::string& path);

// Writes to stdout; a failed write or flush throws RequestError.
void write_out(std::string_view s);

// Whole numbers from 0 to 2^64 - 1, refused (not wrapped, not clamped)
// otherwise: CLI11 would read `-1` as 2^64 - 1 and clamp what overflows.
extern const CLI::Validator kWholeNumber;

// The closest name to `word` by edit distance, if it is close enough to be a
// likely typo; did_you_mean renders it as "; did you mean X?" or "".
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names);
std::string did_you_mean(const std::string& word, const std::vector<std::string>& names);

// The registered games' names.
std::vector<std::string> game_names();

// A request the command line cannot take as given: exit code 2, as CLI11's
// own usage errors.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace perfectplay::cli
