#include "cli/common.h"

#include <cassert>

#include <new>

#include <signal.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <streambuf>
#include <system_error>
#include <tuple>

#include "core/progress.h"

namespace perfectplay::cli {

namespace {

// The mapping a SIGBUS may hit: an address inside it means the file shrank
// after it was mapped. Only async-signal-safe calls in the handler.
std::atomic<const char*> g_mapped{nullptr};
std::atomic<std::size_t> g_mapped_size{0};

void on_sigbus(int sig, siginfo_t* info, void* /*context*/) {
  const char* begin = g_mapped.load();
  const auto* at = static_cast<const char*>(info->si_addr);
  if (begin != nullptr && at >= begin && at < begin + g_mapped_size.load()) {
    static const char kMessage[] =
        "perfectplay: the input file changed while it was read (it was truncated); nothing "
        "was answered from it\n";  // as changed_message()
    [[maybe_unused]] const auto n = ::write(2, kMessage, sizeof kMessage - 1);
    ::_exit(kExitBadInput);
  }
  ::signal(sig, SIG_DFL);  // a real fault elsewhere: crash as before
  ::raise(sig);
}

void guard_mapping(const void* p, std::size_t size) {
  g_mapped_size = size;
  g_mapped = static_cast<const char*>(p);
  struct sigaction sa {};
  sa.sa_sigaction = on_sigbus;
  sa.sa_flags = SA_SIGINFO;
  ::sigemptyset(&sa.sa_mask);
  ::sigaction(SIGBUS, &sa, nullptr);
}

std::uint64_t default_stream_limit() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::uint64_t{8} << 30;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 2;
}

// Runs `check` on the whole lines of `text` read so far and rethrows only an
// error that the rest of the input cannot change: one before the last line
// read, not about the input's end (the end of a prefix is not the input's).
// Other failures (a search limit, a refused request) are left to the whole.
void check_prefix(std::string_view text, const InputText::PrefixCheck& check) {
  const std::size_t last_newline = text.rfind('\n');
  if (last_newline == std::string_view::npos) return;
  const std::string_view prefix = text.substr(0, last_newline + 1);
  try {
    check(prefix);
  } catch (const pp::InputError& e) {
    const auto lines = static_cast<std::size_t>(std::count(prefix.begin(), prefix.end(), '\n'));
    if (e.line() <= lines && e.message().find("end of input") == std::string::npos) throw;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception&) {
  }
}

// A line longer than this is checked as it arrives (LineRules): shorter ones
// are parsed soon enough.
constexpr std::size_t kLongLine = std::size_t{256} << 10;

// After a stream read: where the last line
// (from its last newline on) has passed kLongLine, checks its bytes not
// checked yet and throws the first fault with its line and column. `line`
// and `line_start` (the line number and first byte of a line at or before
// the last one) move forward as newlines are counted.
void check_long_line(pp::LineGuard& guard, std::string_view buffer, std::size_t& line_start,
                     std::size_t& line, std::size_t& checked) {
  const std::size_t last = buffer.rfind('\n');
  const std::size_t begin = last == std::string_view::npos ? 0 : last + 1;
  if (buffer.size() - begin <= kLongLine) return;
  if (checked < begin) {
    checked = begin;
    guard.start(begin);
  }
  const auto fault = guard.check(buffer.substr(checked), checked);
  checked = buffer.size();
  if (!fault) return;
  for (std::size_t i = line_start; i < fault->offset; ++i) {
    if (buffer[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  throw pp::InputError(line, fault->offset - line_start + 1, fault->message);
}

std::string byte_size(std::uint64_t n) {
  if (n >= (std::uint64_t{1} << 30)) return fmt::format("{:.1f} GiB", n / 1073741824.0);
  if (n >= (std::uint64_t{1} << 20)) return fmt::format("{:.1f} MiB", n / 1048576.0);
  return fmt::format("{} bytes", n);
}

}  // namespace

InputText::InputText(const std::string& path, std::uint64_t max_bytes, PrefixCheck check,
                     const pp::LineRules* rules) {
  const bool use_stdin = path.empty() || path == "-";
  const std::string name = use_stdin ? "<stdin>" : path;
  const int fd = use_stdin ? 0 : ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    throw pp::RequestError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > max_bytes) {
      if (!use_stdin) ::close(fd);
      throw pp::RequestError(fmt::format("{} is {}; a position is at most {}", name,
                                         byte_size(size), byte_size(max_bytes)));
    }
    // Small files: map and fault everything in at once. Large files: map
    // lazily and let a second thread touch the pages ahead of the parser, so
    // the kernel's page-table work (about a sixth of the time of a
    // parse-bound solve) overlaps the parsing instead of preceding it.
    const bool large = size >= (std::size_t{16} << 20);
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | (large ? 0 : MAP_POPULATE), fd, 0);
    if (p != MAP_FAILED) {
      map_ = p;
      size_ = size;
      guard_mapping(p, size);
      map_fd_ = fd;  // kept open to tell later whether the file changed
      if (large) {
        ::madvise(p, size, MADV_SEQUENTIAL);
        try {
          toucher_ = std::thread([this] {
            const auto* bytes = static_cast<const volatile char*>(map_);
            for (std::size_t i = 0; i < size_ && !stop_.load(std::memory_order_relaxed);
                 i += 4096) {
              (void)bytes[i];
            }
          });
        } catch (const std::system_error&) {
          // No thread to be had (a pids limit): the parser faults the pages in.
        }
      }
      return;
    }
  }
  try {
    read_stream(fd, name, max_bytes, check, rules);
  } catch (...) {
    if (!use_stdin) ::close(fd);
    throw;
  }
  if (!use_stdin) ::close(fd);
}

void InputText::read_stream(int fd, const std::string& name, std::uint64_t max_bytes,
                            const PrefixCheck& check, const pp::LineRules* rules) {
  const std::uint64_t stream_limit = default_stream_limit();
  std::size_t next_check = std::size_t{1} << 20;
  std::size_t chunk = 1 << 16;
  std::size_t line = 1;
  std::size_t line_start = 0;
  std::optional<pp::LineGuard> guard;
  if (rules != nullptr) guard.emplace(*rules);
  std::size_t guard_from = 0;  // the long line's bytes checked up to here
  for (;;) {
    const std::size_t old = buffer_.size();
    buffer_.resize(old + chunk);
    const ssize_t n = ::read(fd, buffer_.data() + old, chunk);
    buffer_.resize(old + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      throw pp::RequestError(fmt::format("cannot read {}: {}", name, std::strerror(errno)));
    }
    if (n == 0) break;
    // A NUL byte is in no text input: refuse at once (it is where /dev/zero
    // or a binary file shows itself), naming its place.
    const char* fresh = buffer_.data() + old;
    if (const void* nul = std::memchr(fresh, '\0', static_cast<std::size_t>(n))) {
      const auto at = static_cast<std::size_t>(static_cast<const char*>(nul) - buffer_.data());
      for (std::size_t i = line_start; i < at; ++i) {
        if (buffer_[i] == '\n') {
          ++line;
          line_start = i + 1;
        }
      }
      throw pp::InputError(line, at - line_start + 1,
                           "a NUL byte: this is not a text input (binary data?)");
    }
    if (guard) check_long_line(*guard, buffer_, line_start, line, guard_from);
    if (max_bytes != kNoLimit && buffer_.size() > max_bytes) {
      throw pp::RequestError(fmt::format("{} is larger than {}; a position is at most {}", name,
                                         byte_size(max_bytes), byte_size(max_bytes)));
    }
    if (buffer_.size() > stream_limit) {
      throw pp::RequestError(fmt::format(
          "{} is larger than {}, the most read from a stream (half this machine's memory); "
          "give a regular file instead",
          name, byte_size(stream_limit)));
    }
    if (check && buffer_.size() >= next_check) {
      next_check *= 16;
      check_prefix(buffer_, check);
    }
    if (chunk < (std::size_t{16} << 20)) chunk *= 2;
  }
}

InputText::~InputText() {
  stop_ = true;
  if (toucher_.joinable()) toucher_.join();
  if (map_ != nullptr) {
    g_mapped = nullptr;
    ::munmap(map_, size_);
  }
  if (map_fd_ > 0) ::close(map_fd_);
}

void InputText::release_before(std::size_t offset) const {
  if (map_ == nullptr) return;
  static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  const std::size_t end = std::min(offset, size_) / page * page;
  // An offset below the last one: a second pass over the text (a validating
  // pass, then the solving one) has touched the pages again from the start.
  const std::size_t from = end < released_ ? 0 : released_;
  if (end == from) return;
  // MADV_DONTNEED on a private, read-only file mapping drops the pages from
  // this process; the page cache keeps them, so a later read costs a fault.
  ::madvise(static_cast<char*>(map_) + from, end - from, MADV_DONTNEED);
  released_ = end;
}

bool InputText::changed() const {
  struct stat st {};
  return map_ != nullptr &&
         (::fstat(map_fd_, &st) != 0 || static_cast<std::size_t>(st.st_size) != size_);
}

std::string InputText::changed_message() {
  return "the input file changed while it was read (its size is not what it was); nothing was "
         "answered from it";
}

namespace {
// read(2) asks for 128 KiB at a time (1 MiB reads took 1.5x as long, 4 MiB
// 3.7x: the copy lands in cache); a piece is at least twice that.
constexpr std::size_t kReadSize = std::size_t{128} << 10;
constexpr std::size_t kPieceSize = 2 * kReadSize;
}  // namespace

std::unique_ptr<FileSource> FileSource::open(const std::string& path, const pp::LineRules* rules) {
  if (path.empty() || path == "-") return nullptr;
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    throw pp::RequestError(fmt::format("cannot open {}: {}", path, std::strerror(errno)));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return nullptr;
  }
  try {
    return std::unique_ptr<FileSource>(
        new FileSource(fd, path, 0, static_cast<std::uint64_t>(st.st_size), rules));
  } catch (...) {
    ::close(fd);  // the buffers could not be had: the destructor, which closes it, never runs
    throw;
  }
}

FileSource::Bytes::~Bytes() {
  if (data_ != nullptr) ::munmap(data_, size_);
}

void FileSource::Bytes::resize(std::size_t n) {
  static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  n = (std::max<std::size_t>(n, 1) + page - 1) / page * page;
  void* block = data_ == nullptr
                    ? ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                    : ::mremap(data_, size_, n, MREMAP_MAYMOVE);
  if (block == MAP_FAILED) throw std::bad_alloc();
  data_ = static_cast<char*>(block);
  size_ = n;
  // A long line's megabytes faulted in 2 MB at a time. The advice covers the
  // whole block: on part of it, it would split the mapping in two, and
  // mremap refuses a range over two mappings (EFAULT).
  ::madvise(data_, size_, MADV_HUGEPAGE);
}

FileSource::FileSource(int fd, std::string path, std::uint64_t begin, std::uint64_t size,
                       const pp::LineRules* rules)
    : fd_(fd), path_(std::move(path)), begin_(begin), size_(size), rules_(rules) {
  if (rules_ != nullptr) guard_.emplace(*rules_);
  ::posix_fadvise(fd_, static_cast<off_t>(begin_), 0, POSIX_FADV_SEQUENTIAL);
  for (Buffer& b : buffers_) b.bytes.resize(kPieceSize + kReadSize);
}

FileSource::~FileSource() {
  stop_reader();
  ::close(fd_);
}

bool FileSource::fill(int k, bool first) {
  Buffer& b = buffers_[k];
  Buffer& previous = buffers_[(k + kBuffers - 1) % kBuffers];
  // The parser may be reading the previous piece: only the bytes after it
  // are read here.
  const std::size_t carry = previous.filled - previous.given;
  // A buffer grown for a long line goes back to its first size (its memory
  // back to the system) when what it must hold now fits in that.
  constexpr std::size_t kFirstSize = kPieceSize + kReadSize;
  if (carry > b.bytes.size() ||
      (b.bytes.size() > 4 * kFirstSize && carry + kReadSize <= kFirstSize)) {
    b.bytes.resize(std::max(carry + kPieceSize, kFirstSize));
  }
  std::memcpy(b.bytes.data(), previous.bytes.data() + previous.given, carry);
  b.filled = carry;
  b.given = 0;
  // The line being read starts at line_begin (the carry starts one); once
  // it is longer than a piece, its bytes are checked up to `checked` as they
  // arrive.
  std::size_t line_begin = 0;
  std::size_t checked = 0;
  for (;;) {
    if (b.bytes.size() - b.filled < kReadSize) b.bytes.resize(b.bytes.size() * 2);
    ssize_t n;
    do {
      n = ::pread(fd_, b.bytes.data() + b.filled, kReadSize,
                  static_cast<off_t>(begin_ + read_total_));
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
      throw pp::RequestError(fmt::format("cannot read {}: {}", path_, std::strerror(errno)));
    }
    read_total_ += static_cast<std::uint64_t>(n);
    if (n == 0 || read_total_ > size_) {
      // A file cut or grown while it is read: said before the parser sees
      // its last piece (a number cut short could still parse).
      if (read_total_ != size_) throw pp::RequestError(InputText::changed_message());
      b.given = b.filled;  // the last line, without its newline (or nothing)
      return false;
    }
    const void* newline = ::memrchr(b.bytes.data() + b.filled, '\n', static_cast<std::size_t>(n));
    b.filled += static_cast<std::size_t>(n);
    if (newline != nullptr) {
      b.given = static_cast<std::size_t>(static_cast<const char*>(newline) - b.bytes.data()) + 1;
      if (first || b.given >= kPieceSize) return true;  // a piece of at least kPieceSize
      line_begin = checked = b.given;
    } else if (guard_ && b.filled - line_begin > kPieceSize) {
      // The text offset of b's byte i is read_total_ - b.filled + i.
      const std::uint64_t base = read_total_ - b.filled;
      if (checked == line_begin) guard_->start(base + line_begin);
      const auto fault = guard_->check(
          std::string_view(b.bytes.data() + checked, b.filled - checked), base + checked);
      checked = b.filled;
      if (fault) {
        const auto [line, column] = locate(fault->offset);
        throw pp::InputError(line, column, fault->message);
      }
    }
  }
}

void FileSource::read_ahead() {
  try {
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return stopping_ || (!ready_[filling_] && held_ != filling_); });
        if (stopping_) return;
      }
      const bool more = fill(filling_);
      std::lock_guard lock(mutex_);
      ready_[filling_] = true;
      filling_ = (filling_ + 1) % kBuffers;
      if (!more) reader_ended_ = true;
      changed_.notify_all();
      if (!more) return;
    }
  } catch (...) {
    std::lock_guard lock(mutex_);
    error_ = std::current_exception();
    reader_ended_ = true;
    changed_.notify_all();
  }
}

std::string_view FileSource::next() {
  if (delivered_) return {};
  if (first_) {
    first_ = false;
    ended_ = !fill(filling_, true);
    held_ = filling_;
    filling_ = want_ = (filling_ + 1) % kBuffers;
    if (ended_) delivered_ = true;
    const Buffer& b = buffers_[held_];
    return {b.bytes.data(), b.given};
  }
  if (!threaded_ && !ended_ && !reader_tried_) {
    // The second piece: start the reader, or read here without one.
    reader_tried_ = true;
    try {
      reader_ = std::thread([this] { read_ahead(); });
      threaded_ = true;
    } catch (const std::system_error&) {
      threaded_ = false;
    }
  }
  if (!threaded_) {
    if (ended_) {
      delivered_ = true;
      return {};
    }
    ended_ = !fill(filling_);
    held_ = filling_;
    filling_ = (filling_ + 1) % kBuffers;
    Buffer& b = buffers_[held_];
    if (ended_) delivered_ = true;
    return {b.bytes.data(), b.given};
  }
  std::unique_lock lock(mutex_);
  const int want = want_;
  want_ = (want_ + 1) % kBuffers;
  held_ = -1;  // the piece read is given back
  changed_.notify_all();
  changed_.wait(lock, [&] { return ready_[want] || (reader_ended_ && error_ != nullptr); });
  if (error_ != nullptr && !ready_[want]) std::rethrow_exception(error_);
  ready_[want] = false;
  held_ = want;
  // The reader's last piece: none after it.
  if (reader_ended_ &&
      std::none_of(std::begin(ready_), std::end(ready_), [](bool r) { return r; })) {
    delivered_ = true;
  }
  const Buffer& b = buffers_[want];
  return {b.bytes.data(), b.given};
}

void FileSource::stop_reader() {
  if (!threaded_) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  reader_.join();
  threaded_ = false;
}

void FileSource::rewind() {
  stop_reader();
  for (Buffer& b : buffers_) b.filled = b.given = 0;
  read_total_ = 0;
  held_ = -1;
  filling_ = 0;
  ended_ = delivered_ = false;
  first_ = true;
  reader_tried_ = false;
  std::fill(std::begin(ready_), std::end(ready_), false);
  want_ = 0;
  reader_ended_ = stopping_ = false;
  error_ = nullptr;
}

std::unique_ptr<pp::TextSource> FileSource::tail(std::uint64_t begin) {
  if (begin > size_) return nullptr;
  const int fd = ::dup(fd_);
  if (fd < 0) return nullptr;
  try {
    return std::unique_ptr<FileSource>(
        new FileSource(fd, path_, begin_ + begin, size_ - begin, rules_));
  } catch (...) {
    ::close(fd);
    return nullptr;  // no buffers to be had: the caller reads the file whole
  }
}

std::size_t FileSource::peek(std::uint64_t offset, char* out, std::size_t n) {
  std::size_t got = 0;
  while (got < n && offset + got < size_) {
    const ssize_t k =
        ::pread(fd_, out + got, std::min<std::uint64_t>(n - got, size_ - offset - got),
                static_cast<off_t>(begin_ + offset + got));
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got += static_cast<std::size_t>(k);
  }
  return got;
}

std::pair<std::size_t, std::size_t> FileSource::locate(std::size_t offset) {
  // Counted in a buffer of its own with pread (no file offset moves): the
  // pieces and the reader stay as they are. A tail's offset is the whole
  // file's from its start.
  offset += begin_;
  std::vector<char> chunk(std::size_t{1} << 16);
  std::size_t line = 1, line_start = 0, at = 0;
  while (at < offset) {
    const ssize_t n =
        ::pread(fd_, chunk.data(), std::min(chunk.size(), offset - at), static_cast<off_t>(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the file shrank: say where it now ends
    for (ssize_t k = 0; k < n; ++k) {
      if (chunk[static_cast<std::size_t>(k)] == '\n') {
        ++line;
        line_start = at + static_cast<std::size_t>(k) + 1;
      }
    }
    at += static_cast<std::size_t>(n);
  }
  return {line, std::min(offset, at) - line_start + 1};
}

bool FileSource::changed() const {
  struct stat st {};
  return ::fstat(fd_, &st) != 0 || static_cast<std::uint64_t>(st.st_size) != begin_ + size_;
}

std::string read_all(const std::string& path, std::uint64_t max_bytes) {
  return std::string(InputText(path, max_bytes).view());
}

// A failed write is an error (a full disk, a closed pipe's reader gone):
// never exit 0 with the answer lost.
void write_out(std::string_view s) {
  // The progress line is erased before output that goes to the terminal it
  // is drawn on; output to a file or a pipe leaves it be, so `generate >
  // file` and a streamed `solve --json > file` keep theirs until the end.
  static const bool to_terminal = ::isatty(1) != 0;
  if (to_terminal) clear_progress();
  if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fflush(stdout) != 0) {
    throw pp::RequestError(fmt::format("cannot write the output: {}", std::strerror(errno)));
  }
}

namespace {

// An output stream's buffer that hands each 64 KiB to write_out.
class WriteOutBuffer : public std::streambuf {
 public:
  WriteOutBuffer() : buffer_(std::size_t{1} << 16) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }

 protected:
  int_type overflow(int_type c) override {
    flush_buffer();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    flush_buffer();
    return 0;
  }

 private:
  void flush_buffer() {
    write_out(std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
    setp(buffer_.data(), buffer_.data() + buffer_.size());
  }
  std::vector<char> buffer_;
};

}  // namespace

void write_json(const nlohmann::json& j) {
  WriteOutBuffer buffer;
  std::ostream out(&buffer);
  out.exceptions(std::ios::badbit);  // write_out's RequestError comes through
  out << std::setw(2) << j << '\n';
  out.flush();
}

// The closest name to `word` by edit distance, if it is close enough to be a
// likely typo.
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& n : names) {
    std::vector<std::size_t> row(n.size() + 1);
    for (std::size_t j = 0; j <= n.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= n.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (word[i - 1] != n[j - 1])});
        diag = up;
      }
    }
    if (row[n.size()] < best_d) {
      best_d = row[n.size()];
      best = n;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& names) {
  const auto n = nearest(word, names);
  return n ? fmt::format("; did you mean {}?", *n) : "";
}

namespace {
bool g_color = false;
}  // namespace

void set_color(bool on) {
  g_color = on;
}

std::string paint(std::string_view text, Paint how) {
  if (!g_color || text.empty()) return std::string(text);
  const char* code = how == Paint::kWin    ? "32"
                     : how == Paint::kLoss ? "31"
                     : how == Paint::kBest ? "1"
                                           : "2";
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

std::string paint_value(const pp::Value& v, std::string_view text) {
  if (pp::is_winning(v)) return paint(text, Paint::kWin);
  if (v.is_loss() || (v.kind == pp::ValueKind::kNimber && v.nimber && *v.nimber == 0)) {
    return paint(text, Paint::kLoss);
  }
  return std::string(text);
}

namespace {

struct ProgressLine {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  Clock::time_point last_draw{};
  // Each item in first-seen order: its name, done, total, and when it was
  // first seen with how much done (its rate counts from there: a resumed
  // certify starts part way).
  struct Item {
    std::string name;
    std::uint64_t done, total, first_done;
    Clock::time_point first_seen;
  };
  std::vector<Item> items;
  bool drawn = false;

  void update(std::string_view what, std::uint64_t done, std::uint64_t total) {
    auto it = std::find_if(items.begin(), items.end(),
                           [&](const Item& item) { return item.name == what; });
    if (it == items.end()) {
      items.push_back({std::string(what), done, total, done, Clock::now()});
    } else {
      it->done = done;
      it->total = total;
    }
    const auto now = Clock::now();
    if (now - start < std::chrono::milliseconds(500) ||
        now - last_draw < std::chrono::milliseconds(100)) {
      return;
    }
    last_draw = now;
    const double seconds = std::chrono::duration<double>(now - start).count();
    std::string line = "\r";
    for (const auto& [name, n, of, n0, since] : items) {
      const double rate = static_cast<double>(n - std::min(n, n0)) /
                          std::max(1e-9, std::chrono::duration<double>(now - since).count());
      if (of != 0 && rate > 0 && n < of) {
        fmt::format_to(std::back_inserter(line), "{} {}/{} ({:.0f}%, {:.3g}/s, {:.0f} s left), ",
                       name, n, of, 100.0 * static_cast<double>(n) / static_cast<double>(of), rate,
                       static_cast<double>(of - n) / rate);
      } else if (of != 0) {
        fmt::format_to(std::back_inserter(line), "{} {}/{} ({:.0f}%), ", name, n, of,
                       100.0 * static_cast<double>(n) / static_cast<double>(of));
      } else {
        fmt::format_to(std::back_inserter(line), "{} {} ({:.2g}/s), ", name, n,
                       static_cast<double>(n) / seconds);
      }
    }
    fmt::format_to(std::back_inserter(line), "{:.1f} s\x1b[K", seconds);
    std::fputs(line.c_str(), stderr);
    drawn = true;
  }
  void clear() {
    if (drawn) std::fputs("\r\x1b[K", stderr);
    drawn = false;
    items.clear();
    start = Clock::now();
  }
};

ProgressLine* g_progress = nullptr;

}  // namespace

void start_progress() {
  if (::isatty(2) == 0) return;
  static ProgressLine line;
  g_progress = &line;
  // Only the main thread's reports are drawn: work spread over threads
  // (certify's) reports its total from the main thread, and the searches
  // inside its workers stay quiet instead of racing on the line.
  pp::progress::listen([main = std::this_thread::get_id()](
                           std::string_view what, std::uint64_t done, std::uint64_t total) {
    if (std::this_thread::get_id() == main) g_progress->update(what, done, total);
  });
}

void clear_progress() {
  if (g_progress != nullptr) g_progress->clear();
}

namespace {
const Registry* g_registry = nullptr;
}  // namespace

const Registry& registry() {
  assert(g_registry != nullptr && "run_cli sets the registry before any command runs");
  return *g_registry;
}

void set_registry(const Registry& games) {
  g_registry = &games;
}

std::vector<std::string> game_names() {
  std::vector<std::string> out;
  for (const pp::GameEntry& g : registry().games()) out.push_back(g.name);
  return out;
}

const CLI::Validator kWholeNumber(
    [](std::string& s) -> std::string {
      const std::string max = "18446744073709551615";
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos ||
          s.size() > max.size() || (s.size() == max.size() && s > max)) {
        return "must be a whole number from 0 to " + max + ", found '" + s + "'";
      }
      return "";
    },
    "0..2^64-1");

}  // namespace perfectplay::cli
