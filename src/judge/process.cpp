#include "judge/process.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

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

RunResult run_program(const std::vector<std::string>& argv, std::string_view input,
                      const RunLimits& limits, const Scratch& scratch, int slot) {
  const std::string base = fmt::format("{}/{}", scratch.path(), slot);
  const std::string in_path = base + ".in", out_path = base + ".out", err_path = base + ".err";
  write_file(in_path, input);
  // Everything the child needs, prepared here: after fork it may only make
  // async-signal-safe calls (other threads of ours may hold malloc's lock).
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int in_fd = ::open(in_path.c_str(), O_RDONLY | O_CLOEXEC);
  const int out_fd = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (in_fd < 0 || out_fd < 0 || err_fd < 0) {
    const int err = errno;
    for (const int fd : {in_fd, out_fd, err_fd}) {
      if (fd >= 0) ::close(fd);
    }
    throw RequestError(fmt::format("cannot open the files of a run in {}: {}", scratch.path(),
                                   std::strerror(err)));
  }
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in_fd, 0);
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    // Output past kMaxOutput kills the program (SIGXFSZ) instead of filling the disk.
    const struct rlimit fsize = {kMaxOutput + 1, kMaxOutput + 1};
    ::setrlimit(RLIMIT_FSIZE, &fsize);
    if (limits.memory_bytes != 0) {
      const struct rlimit lim = {limits.memory_bytes, limits.memory_bytes};
      ::setrlimit(RLIMIT_AS, &lim);
    }
    ::execv(args[0], args.data());
    static const char kMsg[] = "perfectplay judge: exec failed\n";
    (void)!::write(2, kMsg, sizeof kMsg - 1);
    ::_exit(127);
  }
  const int fork_errno = errno;
  ::close(in_fd);
  ::close(out_fd);
  ::close(err_fd);
  if (pid < 0) throw RequestError(fmt::format("cannot fork: {}", std::strerror(fork_errno)));
  ::setpgid(pid, pid);  // also here, so the kill below cannot race the child's own call

  RunResult r;
  int status = 0;
  struct rusage usage {};
  auto sleep_for = std::chrono::microseconds(100);
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(limits.time_s));
  for (;;) {
    const pid_t w = ::wait4(pid, &status, WNOHANG, &usage);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (std::chrono::steady_clock::now() >= deadline) {
      r.timed_out = true;
      ::kill(-pid, SIGKILL);
      while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
      }
      break;
    }
    std::this_thread::sleep_for(sleep_for);
    sleep_for = std::min(sleep_for * 2, std::chrono::microseconds(5000));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ::kill(-pid, SIGKILL);  // whatever the program left running in its group
  r.max_rss_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  if (!r.timed_out) {
    if (WIFSIGNALED(status)) {
      r.signaled = true;
      r.signal = WTERMSIG(status);
    } else if (WIFEXITED(status)) {
      r.exit_code = WEXITSTATUS(status);
    }
  }
  r.out = read_file(out_path, kMaxOutput, false, &r.out_truncated);
  r.err = read_file(err_path, kMaxErr, true, nullptr);
  return r;
}

}  // namespace perfectplay::judge
