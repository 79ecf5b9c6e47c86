// Running a contestant's program once: input from a file, output and errors
// captured to files, under a wall-clock (or CPU) limit and an address-space
// limit, and nothing it started left running afterwards.
//
// Each run has a supervisor: a process forked by judge that makes itself a
// child subreaper (PR_SET_CHILD_SUBREAPER, Linux 3.4) and forks the program,
// in a process group of its own, with execv (the path resolved beforehand).
// Whatever the program starts stays below the supervisor however it detaches
// (`setsid sleep 1000 &`, a double fork: an orphan is re-parented to the
// nearest subreaper, not to init), so once the program has exited, timed out
// or been stopped, the supervisor kills every process re-parented to it
// until it has no child left, and only then reports. A process group alone
// misses what calls setsid; a cgroup would hold everything too, but a user's
// judge can rarely create one (cgroup v2 delegation), and the subreaper works
// everywhere. The supervisor and the program's child side make only
// async-signal-safe calls between fork and exec (judge runs -j threads, and
// another may hold malloc's lock): raw reads of /proc, kill, wait4.
//
// Judge's own SIGINT, SIGTERM and SIGHUP (install_stop_handlers) are
// forwarded: the supervisor sends the signal to the program's group (a
// terminal's Ctrl-C does not reach a group of its own), waits up to
// kStopGrace for it to exit, then kills everything; run_program throws
// Interrupted, so the scratch folder is removed as the stack unwinds and the
// CLI exits 128 + the signal. The supervisor also dies with judge
// (PR_SET_PDEATHSIG), killing the program first.
//
// The memory limit is RLIMIT_AS, inherited by the program's children; the
// kernel then refuses allocations past it, and the program dies in its own
// way (C++ std::bad_alloc, Python MemoryError, a null malloc dereferenced),
// which classify() in judge.h reads.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace perfectplay::judge {

struct RunLimits {
  double time_s = 2.0;             // wall clock; the program is killed past it
  double cpu_s = 0;                // CPU time (user + system, the program and the
                                   // children it waited for); 0: no CPU limit
  std::uint64_t memory_bytes = 0;  // RLIMIT_AS; 0: no limit
};

struct RunResult {
  bool timed_out = false;
  bool cpu_timed_out = false;  // timed_out by the CPU limit (cpu_s)
  bool signaled = false;
  int exit_code = 0;                // when neither timed out nor signaled
  int signal = 0;                   // when signaled
  double seconds = 0;               // wall clock
  double cpu_seconds = 0;           // user + system, the program and the children it waited for
  int strays = 0;                   // processes it left running after it ended (killed)
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

// How long a stopped program has to exit on the forwarded signal before it
// and everything it started are killed.
inline constexpr double kStopGrace = 0.5;

// Thrown by run_program (and judge's loop) once judge has been asked to stop
// by a signal (install_stop_handlers): every program it ran is dead by then.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal)
      : std::runtime_error("interrupted by a signal"), signal_(signal) {}
  int signal() const { return signal_; }

 private:
  int signal_;
};

// Handlers for SIGINT, SIGTERM and SIGHUP that ask judge to stop (the first
// signal is kept); the default action is left to every other signal.
void install_stop_handlers();
// The signal judge was asked to stop by, or 0.
int stop_signal();
// Throws Interrupted when a stop was asked for.
void throw_if_stopped();

// Runs `argv` (argv[0] resolved) on `input`, using files `slot`.in/.out/.err
// in `scratch`: one slot per concurrent runner.
RunResult run_program(const std::vector<std::string>& argv, std::string_view input,
                      const RunLimits& limits, const Scratch& scratch, int slot);

}  // namespace perfectplay::judge
