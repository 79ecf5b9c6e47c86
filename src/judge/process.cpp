#include "judge/process.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/input_error.h"

namespace perfectplay::judge {

namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

void write_file(const std::string& path, std::string_view data) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw RequestError(fmt::format("cannot write {}: {}", path, std::strerror(errno)));
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      throw RequestError(fmt::format("cannot write {}: {}", path, std::strerror(err)));
    }
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
}

// The file's first `cap` bytes (or, with tail, its last `cap`); `truncated`
// says whether there was more.
std::string read_file(const std::string& path, std::size_t cap, bool tail, bool* truncated) {
  std::string out;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return out;
  struct stat st {};
  std::size_t size = ::fstat(fd, &st) == 0 ? static_cast<std::size_t>(st.st_size) : 0;
  if (truncated != nullptr) *truncated = size > cap;
  if (tail && size > cap) ::lseek(fd, static_cast<off_t>(size - cap), SEEK_SET);
  out.resize(std::min(size, cap));
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  out.resize(done);
  ::close(fd);
  return out;
}

}  // namespace

std::string resolve_program(const std::string& program) {
  if (program.empty()) throw RequestError("no command given to run");
  if (program.find('/') != std::string::npos) {
    if (!executable(program)) {
      throw RequestError(fmt::format("cannot run {}: not an executable file", program));
    }
    return program;
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    const std::size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    if (dir.empty()) dir.push_back('.');  // an empty PATH entry: the current folder
    const std::string candidate = dir + "/" + program;
    if (executable(candidate)) return candidate;
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  throw RequestError(fmt::format("cannot run {}: not found on PATH", program));
}

Scratch::Scratch() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/perfectplay-judge-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw RequestError(fmt::format("cannot make a scratch folder: {}", std::strerror(errno)));
  }
  path_ = pattern;
}

Scratch::~Scratch() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

namespace {

std::atomic<int> g_stop{0};

extern "C" void on_stop_signal(int sig) {
  int none = 0;
  g_stop.compare_exchange_strong(none, sig);
}

// What the supervisor reports through its pipe: plain data, written once.
struct SupervisorReport {
  int status = 0;  // the program's wait status (valid when reaped)
  int reaped = 0;
  int timed_out = 0;
  int cpu_timed_out = 0;
  int stopped = 0;  // a stop signal arrived
  int strays = 0;
  std::int64_t wall_ns = 0;
  struct rusage usage {};
};

std::int64_t now_ns() {
  struct timespec ts {};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

void sleep_ns(std::int64_t ns) {
  struct timespec ts {};
  ts.tv_sec = static_cast<time_t>(ns / 1000000000);
  ts.tv_nsec = static_cast<long>(ns % 1000000000);
  ::nanosleep(&ts, nullptr);
}

// /proc/PID/stat into `buf` (async-signal-safe: open, read, close); its
// length, or 0.
std::size_t read_stat(const char* path, char* buf, std::size_t cap) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  std::size_t done = 0;
  while (done + 1 < cap) {
    const ssize_t n = ::read(fd, buf + done, cap - 1 - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  buf[done] = '\0';
  return done;
}

// The fields of a /proc/PID/stat line after "PID (comm) ": field 3 (the
// state) is fields[0]. The command name may hold ')' and blanks, so the
// fields start after the last ')'.
int stat_fields(char* buf, std::size_t len, const char** fields, int max) {
  std::size_t i = len;
  while (i > 0 && buf[i - 1] != ')') --i;
  if (i == 0) return 0;
  int n = 0;
  while (i < len && n < max) {
    while (i < len && buf[i] == ' ') ++i;
    if (i >= len) break;
    fields[n++] = buf + i;
    while (i < len && buf[i] != ' ') ++i;
  }
  return n;
}

std::int64_t to_int(const char* s) {
  std::int64_t v = 0;
  bool neg = *s == '-';
  if (neg) ++s;
  while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  return neg ? -v : v;
}

void pid_path(char* out, long pid, const char* tail) {
  char digits[24];
  int n = 0;
  do {
    digits[n++] = static_cast<char>('0' + pid % 10);
    pid /= 10;
  } while (pid > 0);
  const char* head = "/proc/";
  while (*head != '\0') *out++ = *head++;
  while (n > 0) *out++ = digits[--n];
  while (*tail != '\0') *out++ = *tail++;
  *out = '\0';
}

// CPU ticks of `pid` and of the children it waited for (utime, stime,
// cutime, cstime); -1 when it cannot be read.
std::int64_t cpu_ticks(pid_t pid) {
  char path[64], buf[1024];
  pid_path(path, pid, "/stat");
  const std::size_t len = read_stat(path, buf, sizeof buf);
  const char* f[16];
  if (stat_fields(buf, len, f, 16) < 15) return -1;
  return to_int(f[11]) + to_int(f[12]) + to_int(f[13]) + to_int(f[14]);
}

// The kernel's struct linux_dirent64: an 8-byte inode, an 8-byte offset, a
// 2-byte record length, a 1-byte type, then the name (no glibc wrapper is
// async-signal-safe: opendir allocates).
constexpr std::size_t kDirentReclen = 16;
constexpr std::size_t kDirentName = 19;

// The processes already counted as left behind (no allocation after fork:
// a fixed array; past it a process may be counted twice).
struct Seen {
  pid_t pids[1024];
  int count = 0;
  bool add(pid_t pid) {
    for (int i = 0; i < count; ++i) {
      if (pids[i] == pid) return false;
    }
    if (count < 1024) pids[count++] = pid;
    return true;
  }
};

// Sends SIGKILL to every child of this process (those re-parented to it
// included), found by a scan of /proc; returns how many were alive (not
// zombies), and adds those not seen before to `strays`.
int kill_children(Seen& seen, int& strays) {
  const int dir = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 0;
  const pid_t self = ::getpid();
  int alive = 0;
  alignas(8) char buf[8192];
  for (;;) {
    const long n = ::syscall(SYS_getdents64, dir, buf, sizeof buf);
    if (n <= 0) break;
    for (long off = 0; off < n;) {
      const char* rec = buf + off;
      unsigned short reclen = 0;
      std::memcpy(&reclen, rec + kDirentReclen, sizeof reclen);
      off += reclen;
      const char* name = rec + kDirentName;
      if (name[0] < '1' || name[0] > '9') continue;
      const std::int64_t pid = to_int(name);
      char path[64], stat[1024];
      pid_path(path, static_cast<long>(pid), "/stat");
      const std::size_t len = read_stat(path, stat, sizeof stat);
      const char* f[2];
      if (stat_fields(stat, len, f, 2) < 2 || to_int(f[1]) != self) continue;
      if (f[0][0] != 'Z') {
        ++alive;
        if (seen.add(static_cast<pid_t>(pid))) ++strays;
      }
      ::kill(static_cast<pid_t>(pid), SIGKILL);
    }
  }
  ::close(dir);
  return alive;
}

// Kills what is left below this process once the program has been reaped,
// until it has no child. A process the program left is a child of ours by
// then (re-parented as its parent died: we are the subreaper), so with no
// child there is nothing to do and /proc is not read (the common case);
// otherwise each scan kills the children it finds and waits for one to die,
// whose own children are then ours for the next scan. Bounded (5 s) in case
// /proc cannot be read.
int kill_descendants() {
  Seen seen;
  int strays = 0;
  const std::int64_t give_up = now_ns() + 5'000'000'000;
  for (;;) {
    int status = 0;
    pid_t w = ::wait4(-1, &status, WNOHANG, nullptr);
    if (w < 0 && errno == ECHILD) break;
    if (w > 0) continue;
    if (kill_children(seen, strays) > 0) {
      // Every child is killed: one of them will end, and wake this wait.
      while ((w = ::wait4(-1, &status, 0, nullptr)) < 0 && errno == EINTR) {
      }
      continue;
    }
    if (now_ns() > give_up) break;
    sleep_ns(1'000'000);
  }
  return strays;
}

struct ChildSetup {
  char** args;
  int in_fd, out_fd, err_fd;
  std::uint64_t memory_bytes;
  std::int64_t time_ns;
  std::int64_t cpu_ticks;  // 0: no CPU limit
  int report_fd;
};

[[noreturn]] void supervise(const ChildSetup& s) {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
  // A child's end and the stop signals are taken by sigtimedwait, blocked
  // meanwhile: the supervisor wakes at once when the program ends (no
  // polling delay), at a deadline, or on SIGINT, SIGTERM, SIGHUP. The
  // kernel sends SIGTERM when judge (the thread that forked it) dies: the
  // same path as a forwarded stop.
  sigset_t watched;
  ::sigemptyset(&watched);
  for (const int sig : {SIGCHLD, SIGINT, SIGTERM, SIGHUP}) ::sigaddset(&watched, sig);
  ::sigprocmask(SIG_SETMASK, &watched, nullptr);
  ::prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0);
  int stop = g_stop.load();  // asked before the fork
  SupervisorReport r;
  const std::int64_t start = now_ns();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    // The program starts with no signal blocked and judge's handlers reset
    // (exec resets a caught signal to its default).
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::dup2(s.in_fd, 0);
    ::dup2(s.out_fd, 1);
    ::dup2(s.err_fd, 2);
    // Output past kMaxOutput kills the program (SIGXFSZ) instead of filling the disk.
    const struct rlimit fsize = {kMaxOutput + 1, kMaxOutput + 1};
    ::setrlimit(RLIMIT_FSIZE, &fsize);
    if (s.memory_bytes != 0) {
      const struct rlimit lim = {s.memory_bytes, s.memory_bytes};
      ::setrlimit(RLIMIT_AS, &lim);
    }
    ::execv(s.args[0], s.args);
    static const char kMsg[] = "perfectplay judge: exec failed\n";
    (void)!::write(2, kMsg, sizeof kMsg - 1);
    ::_exit(127);
  }
  if (pid < 0) ::_exit(120);
  ::setpgid(pid, pid);  // also here, so a kill of the group cannot race the child's own call
  ::close(s.in_fd);
  ::close(s.out_fd);
  ::close(s.err_fd);
  std::int64_t stop_deadline = 0;
  for (;;) {
    int status = 0;
    struct rusage usage {};
    pid_t w = 0;
    // Every child that ended, the program or a detached one (reaped here,
    // so no zombie is left for the scan).
    while ((w = ::wait4(-1, &status, WNOHANG, &usage)) > 0) {
      if (w == pid) {
        r.status = status;
        r.usage = usage;
        r.reaped = 1;
      }
    }
    if (r.reaped != 0 || (w < 0 && errno == ECHILD)) break;
    const std::int64_t now = now_ns();
    if (stop != 0 && stop_deadline == 0) {
      r.stopped = 1;
      ::kill(-pid, stop);  // forwarded: the program may clean up
      stop_deadline = now + static_cast<std::int64_t>(kStopGrace * 1e9);
    }
    const bool over_cpu = s.cpu_ticks > 0 && cpu_ticks(pid) > s.cpu_ticks;
    if ((stop_deadline != 0 && now >= stop_deadline) ||
        (stop_deadline == 0 && (now - start >= s.time_ns || over_cpu))) {
      if (stop_deadline == 0) {
        r.timed_out = 1;
        r.cpu_timed_out = over_cpu ? 1 : 0;
      }
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
      }
      r.status = status;
      r.usage = usage;
      r.reaped = 1;
      break;
    }
    // Until a child changes, a stop signal, the next deadline, or the next
    // look at the CPU time (every 10 ms: /proc's ticks are 10 ms).
    std::int64_t wait = (stop_deadline != 0 ? stop_deadline : start + s.time_ns) - now;
    if (s.cpu_ticks > 0) wait = std::min<std::int64_t>(wait, 10'000'000);
    wait = std::max<std::int64_t>(wait, 100'000);
    struct timespec ts {};
    ts.tv_sec = static_cast<time_t>(wait / 1000000000);
    ts.tv_nsec = static_cast<long>(wait % 1000000000);
    const int sig = ::sigtimedwait(&watched, nullptr, &ts);
    if ((sig == SIGINT || sig == SIGTERM || sig == SIGHUP) && stop == 0) stop = sig;
  }
  r.wall_ns = now_ns() - start;
  r.strays = kill_descendants();
  if (stop != 0) r.stopped = 1;
  const char* p = reinterpret_cast<const char*>(&r);
  std::size_t done = 0;
  while (done < sizeof r) {
    const ssize_t n = ::write(s.report_fd, p + done, sizeof r - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::_exit(0);
}

}  // namespace

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  ::sigemptyset(&sa.sa_mask);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
}

int stop_signal() {
  return g_stop.load();
}

void throw_if_stopped() {
  if (const int sig = g_stop.load(); sig != 0) throw Interrupted(sig);
}

RunResult run_program(const std::vector<std::string>& argv, std::string_view input,
                      const RunLimits& limits, const Scratch& scratch, int slot) {
  throw_if_stopped();
  const std::string base = fmt::format("{}/{}", scratch.path(), slot);
  const std::string in_path = base + ".in", out_path = base + ".out", err_path = base + ".err";
  write_file(in_path, input);
  // Everything the supervisor needs, prepared here: after fork it may only
  // make async-signal-safe calls (other threads of ours may hold malloc's lock).
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int in_fd = ::open(in_path.c_str(), O_RDONLY | O_CLOEXEC);
  const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int pipe_fds[2] = {-1, -1};
  const bool piped = ::pipe2(pipe_fds, O_CLOEXEC) == 0;
  if (in_fd < 0 || out_fd < 0 || err_fd < 0 || !piped) {
    const int err = errno;
    for (const int fd : {in_fd, out_fd, err_fd, pipe_fds[0], pipe_fds[1]}) {
      if (fd >= 0) ::close(fd);
    }
    throw RequestError(fmt::format("cannot open the files of a run in {}: {}", scratch.path(),
                                   std::strerror(err)));
  }
  const long tick = ::sysconf(_SC_CLK_TCK);
  ChildSetup setup{args.data(),
                   in_fd,
                   out_fd,
                   err_fd,
                   limits.memory_bytes,
                   static_cast<std::int64_t>(limits.time_s * 1e9),
                   limits.cpu_s > 0 ? static_cast<std::int64_t>(
                                          limits.cpu_s * static_cast<double>(tick > 0 ? tick : 100))
                                    : 0,
                   pipe_fds[1]};
  const pid_t sup = ::fork();
  if (sup == 0) supervise(setup);
  const int fork_errno = errno;
  for (const int fd : {in_fd, out_fd, err_fd, pipe_fds[1]}) ::close(fd);
  if (sup < 0) {
    ::close(pipe_fds[0]);
    throw RequestError(fmt::format("cannot fork: {}", std::strerror(fork_errno)));
  }

  // Waits for the report; a stop asked of judge meanwhile is passed on (a
  // SIGTERM sent to judge alone does not reach the supervisor otherwise).
  SupervisorReport rep;
  std::size_t got = 0;
  bool told = false;
  for (;;) {
    if (!told && g_stop.load() != 0) {
      ::kill(sup, g_stop.load());
      told = true;
    }
    struct pollfd pfd = {pipe_fds[0], POLLIN, 0};
    const int ready = ::poll(&pfd, 1, 20);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(pipe_fds[0], reinterpret_cast<char*>(&rep) + got, sizeof rep - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
    if (got == sizeof rep) break;
  }
  ::close(pipe_fds[0]);
  int sup_status = 0;
  while (::waitpid(sup, &sup_status, 0) < 0 && errno == EINTR) {
  }
  if (rep.stopped != 0 || g_stop.load() != 0)
    throw Interrupted(g_stop.load() != 0 ? g_stop.load() : SIGTERM);
  if (got != sizeof rep || rep.reaped == 0) {
    throw RequestError(
        fmt::format("the run of {} could not be supervised (status {})", argv[0], sup_status));
  }

  RunResult r;
  r.seconds = static_cast<double>(rep.wall_ns) / 1e9;
  r.cpu_seconds =
      static_cast<double>(rep.usage.ru_utime.tv_sec + rep.usage.ru_stime.tv_sec) +
      static_cast<double>(rep.usage.ru_utime.tv_usec + rep.usage.ru_stime.tv_usec) / 1e6;
  r.max_rss_bytes = static_cast<std::uint64_t>(rep.usage.ru_maxrss) * 1024;
  r.strays = rep.strays;
  r.timed_out = rep.timed_out != 0;
  r.cpu_timed_out = rep.cpu_timed_out != 0;
  if (!r.timed_out) {
    if (WIFSIGNALED(rep.status)) {
      r.signaled = true;
      r.signal = WTERMSIG(rep.status);
    } else if (WIFEXITED(rep.status)) {
      r.exit_code = WEXITSTATUS(rep.status);
    }
  }
  r.out = read_file(out_path, kMaxOutput, false, &r.out_truncated);
  r.err = read_file(err_path, kMaxErr, true, nullptr);
  return r;
}

}  // namespace perfectplay::judge
