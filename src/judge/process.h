// Running a contestant's program once: input from a file, output and errors
// captured to files, under a wall-clock limit and an address-space limit.
//
// The program is started with fork and execv (the path resolved beforehand,
// so the child does nothing but async-signal-safe calls between the two) in a
// process group of its own, so a timed-out run is killed with everything it
// started (`bash sol.sh` running python). The memory limit is RLIMIT_AS,
// inherited by the program's children; the kernel then refuses allocations
// past it, and the program dies in its own way (C++ std::bad_alloc, Python
// MemoryError, a null malloc dereferenced), which classify() in judge.h reads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::judge {

struct RunLimits {
  double time_s = 2.0;             // wall clock; the process group is killed past it
  std::uint64_t memory_bytes = 0;  // RLIMIT_AS; 0: no limit
};

struct RunResult {
  bool timed_out = false;
  bool signaled = false;
  int exit_code = 0;  // when neither timed out nor signaled
  int signal = 0;     // when signaled
  double seconds = 0;
  std::uint64_t max_rss_bytes = 0;  // the program's peak resident set (getrusage)
  std::string out;                  // stdout, whole up to kMaxOutput bytes
  std::string err;                  // the last kMaxErr bytes of stderr
  bool out_truncated = false;
};

// The most output a run may write: past it the program is killed (RLIMIT_FSIZE,
// SIGXFSZ) and the run is RE.
inline constexpr std::size_t kMaxOutput = std::size_t{64} << 20;
inline constexpr std::size_t kMaxErr = 4096;

// The absolute path of `program`: as given when it holds a '/', else found on
// PATH. Throws RequestError when there is no such executable file.
std::string resolve_program(const std::string& program);

// A scratch folder (under $TMPDIR or /tmp) holding the input and output files
// of runs; removed with everything in it on destruction.
class Scratch {
 public:
  Scratch();
  ~Scratch();
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Runs `argv` (argv[0] resolved) on `input`, using files `slot`.in/.out/.err
// in `scratch`: one slot per concurrent runner.
RunResult run_program(const std::vector<std::string>& argv, std::string_view input,
                      const RunLimits& limits, const Scratch& scratch, int slot);

}  // namespace perfectplay::judge
