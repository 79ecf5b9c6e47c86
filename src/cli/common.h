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
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "api/registry.h"
#include "api/value.h"
#include "core/input_error.h"
#include "core/text_reader.h"

namespace perfectplay::cli {

namespace pp = perfectplay;

// Exit codes (docs/cli.md).
constexpr int kExitOk = 0;
constexpr int kExitBadInput = 1;
constexpr int kExitUsage = 2;
constexpr int kExitMismatch = 3;
constexpr int kExitTooLarge = 4;

// The whole input in memory: a regular file is mapped (no copy), anything
// else (a pipe, a terminal) is read into a buffer. Hostile inputs get clear
// errors (docs/reliability.md):
//   - a file larger than `max_bytes` is refused before it is read, and so is
//     a stream once it passes the limit (by default half the machine's
//     memory, so `yes | perfectplay solve nim -` ends with a message);
//   - a stream's NUL byte is refused where it is (no contest input has one),
//     so /dev/zero and /dev/urandom are refused at once, not read forever;
//   - with a `check` (solve's own parse), a stream's first MiB of whole
//     lines is checked as it arrives, and again at 16 MiB, 256 MiB, ...
//     (work under a fifteenth of the whole's): an error inside those lines
//     is an error of the whole input too, so `yes | perfectplay solve nim -`
//     is refused at its first line instead of after gigabytes;
//   - a mapped file truncated while it is read (SIGBUS) ends the process with
//     "the input file changed while it was read" and exit 1;
//   - no thread for the page-touching helper: it reads without one.
class InputText {
 public:
  static constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};
  // Parses a prefix of whole lines; throws InputError where it is bad.
  using PrefixCheck = std::function<void(std::string_view prefix)>;
  // `rules`, where given, checks a stream's last line as it grows past
  // 256 KiB (LineRules): a line that cannot be valid is refused where it
  // goes wrong, not read on to the stream limit.
  explicit InputText(const std::string& path, std::uint64_t max_bytes = kNoLimit,
                     PrefixCheck check = {}, const pp::LineRules* rules = nullptr);
  ~InputText();
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;

  // Whether a mapped file's size differs from what was mapped: a parse error
  // in a file cut short while it was read is reported as that, not as the
  // zeros the cut left in its last page.
  bool changed() const;
  static std::string changed_message();

  std::string_view view() const {
    if (map_ != nullptr) return {static_cast<const char*>(map_), size_};
    return buffer_;
  }

  // Gives back the resident pages of a mapped file before `offset` (whole
  // pages): the parser has passed them. What view() reads does not change (a
  // page touched again is read again from the file). A stream's buffer is
  // kept: it is the only copy.
  void release_before(std::size_t offset) const;

 private:
  void read_stream(int fd, const std::string& name, std::uint64_t max_bytes,
                   const PrefixCheck& check, const pp::LineRules* rules);

  void* map_ = nullptr;
  std::size_t size_ = 0;
  int map_fd_ = -1;
  std::thread toucher_;
  std::atomic<bool> stop_{false};
  std::string buffer_;
  mutable std::size_t released_ = 0;  // bytes of the mapping given back
};

// Positions (analyze, hint, play) are at most this large: a position is a
// board, not a test file, and a 10 GB file should be refused, not copied.
inline constexpr std::uint64_t kMaxPositionBytes = std::uint64_t{1} << 30;

// A regular file read piece by piece (a TextSource), for the games that
// solve from one (GameEntry::solve_source): reading 94 MB takes about 7 ms
// where mapping it and touching its pages takes about 33 ms on these
// machines (the page tables), and memory stays at two buffers (256 KiB each,
// or the longest line). A second thread reads the next piece while the
// parser reads this one (without a thread to be had, the parser's thread
// reads). An error's line and column are found by reading the file again up
// to it. A file whose size changes while it is read is refused when its end
// is read (RequestError, InputText's message), and told by changed().
class FileSource : public pp::TextSource {
 public:
  // nullptr when `path` is not a regular file (stdin, a pipe, a terminal):
  // the caller reads it as InputText does. `rules`, where given, checks a
  // line as it grows past a piece (LineRules): a 3 GB line of NUL bytes is
  // refused at its first byte, not read whole first.
  static std::unique_ptr<FileSource> open(const std::string& path,
                                          const pp::LineRules* rules = nullptr);
  ~FileSource() override;
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  std::string_view next() override;
  std::pair<std::size_t, std::size_t> locate(std::size_t offset) override;
  void rewind() override;
  std::uint64_t size() const override { return size_; }
  // The file from `begin` on, read through a descriptor of its own (pread:
  // no file offset is shared), with its own reader thread.
  std::unique_ptr<pp::TextSource> tail(std::uint64_t begin) override;
  std::size_t peek(std::uint64_t offset, char* out, std::size_t n) override;
  bool changed() const;

 private:
  // Bytes in a block of their own, grown by remapping its pages (mremap), so
  // growing copies nothing and zeroes nothing. A line of 100 MB read into a
  // std::vector took 1.0 s and 155 MB (zeroing, copying at each doubling,
  // the old block beside the new), 7x the mapped read of the same file.
  // (ThreadSanitizer does not follow mremap: where a moved block's old
  // addresses are mapped again for another source's buffer, it reports the
  // two sources' reader threads as racing. A false report: with mmap, copy
  // and munmap in place of mremap it reports nothing.)
  class Bytes {
   public:
    Bytes() = default;
    ~Bytes();
    Bytes(const Bytes&) = delete;
    Bytes& operator=(const Bytes&) = delete;
    char* data() const { return data_; }
    std::size_t size() const { return size_; }
    // Keeps the first min(n, size()) bytes; rounds n up to whole pages.
    void resize(std::size_t n);

   private:
    char* data_ = nullptr;
    std::size_t size_ = 0;
  };
  // A buffer: bytes [0, given) are the piece (whole lines), [given, filled)
  // the start of the next line, read already.
  struct Buffer {
    Bytes bytes;
    std::size_t filled = 0, given = 0;
  };

  // The file's bytes [begin, begin + size).
  FileSource(int fd, std::string path, std::uint64_t begin, std::uint64_t size,
             const pp::LineRules* rules);
  // Fills buffers_[k] with the next piece: the previous buffer's line begun,
  // then reads until a newline arrives or the file ends. False at the end
  // (the buffer then holds the last line without its newline, or nothing).
  // A piece ends at the last newline of a read that brings it to kPieceSize
  // bytes or more; `first`: at the last newline of the first read that has
  // one (the file's first lines, without reading on through a long line).
  bool fill(int k, bool first = false);
  // The reader thread: fills the buffers in turn, each once the parser has
  // given it back.
  void read_ahead();
  void stop_reader();

  int fd_;
  std::string path_;
  std::uint64_t begin_;                 // where the text starts in the file (a tail's)
  std::uint64_t size_;                  // the text's bytes: the file's from begin_
  const pp::LineRules* rules_;          // nullptr: no check of long lines
  std::optional<pp::LineGuard> guard_;  // used by fill, on the thread that fills
  // Two: four measured no faster (the parser then reads buffers written
  // further back, out of the caches).
  static constexpr int kBuffers = 2;
  Buffer buffers_[kBuffers];
  std::uint64_t read_total_ = 0;  // bytes read from the file so far
  int held_ = -1;                 // the buffer whose piece the parser holds
  int filling_ = 0;               // the buffer to fill next
  int want_ = 0;                  // the buffer whose piece the parser takes next
  bool ended_ = false;            // the last piece was filled
  bool delivered_ = false;        // ... and handed out
  // The first piece is read on the parser's thread, short, and the reader
  // thread starts at the second: a game that declines a source after its
  // first line (asymmetry's shapes other than the stored one) has then read
  // 128 KiB of the file, not a line of 95 MB into a buffer of its size.
  bool first_ = true;
  bool reader_tried_ = false;  // the reader thread was started, or could not be

  // Between the threads, under mutex_: which buffers hold a piece not yet
  // handed out, and what the reader met.
  std::mutex mutex_;
  std::condition_variable changed_;
  bool ready_[kBuffers] = {};
  bool reader_ended_ = false;
  bool stopping_ = false;
  std::exception_ptr error_;
  std::thread reader_;
  bool threaded_ = false;
};

std::string read_all(const std::string& path, std::uint64_t max_bytes = InputText::kNoLimit);

// How an input is named in messages: `-` (or nothing) is <stdin>.
inline std::string input_name(const std::string& path) {
  return path.empty() || path == "-" ? "<stdin>" : path;
}

// Writes to stdout; a failed write or flush throws RequestError.
void write_out(std::string_view s);
// Writes `j` as j.dump(2) and a newline, through write_out in pieces: a large
// document (a big board's position) is not built as one more string first.
void write_json(const nlohmann::json& j);

// Whole numbers from 0 to 2^64 - 1, refused (not wrapped, not clamped)
// otherwise: CLI11 would read `-1` as 2^64 - 1 and clamp what overflows.
extern const CLI::Validator kWholeNumber;

// The closest name to `word` by edit distance, if it is close enough to be a
// likely typo; did_you_mean renders it as "; did you mean X?" or "".
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names);
std::string did_you_mean(const std::string& word, const std::vector<std::string>& names);

// Colour on a terminal (docs/cli.md): win green, loss red, the best move
// bold. main decides once from --color (auto, always, never), NO_COLOR and
// whether stdout is a terminal.
enum class Paint { kWin, kLoss, kBest, kDim };
void set_color(bool on);
std::string paint(std::string_view text, Paint how);
// A value's text coloured by its kind (win green, loss red, others plain).
std::string paint_value(const pp::Value& v, std::string_view text);

// Progress of long work on stderr, when stderr is a terminal: what the
// library reports (core/progress.h), drawn on one line that is redrawn at
// most ten times a second, only after the work has run half a second, and
// cleared before any output is written.
void start_progress();
void clear_progress();

// The registered games' names.
// The games this run of the command line offers: the registry run_cli was
// given (cli/cli.h). Every command reads the games from here, never from the
// built-in list, so a program with games of its own gets every command.
const Registry& registry();
void set_registry(const Registry& games);

std::vector<std::string> game_names();

// A request the command line cannot take as given: exit code 2, as CLI11's
// own usage errors.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace perfectplay::cli
