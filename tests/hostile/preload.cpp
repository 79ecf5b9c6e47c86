// An LD_PRELOAD library that makes hostile environments deterministic for
// tests/hostile/run.sh, without any hook in perfectplay itself:
//   HOSTILE_TRUNCATE_AFTER_MAP=BYTES with HOSTILE_DIR=DIR  every regular file
//       under DIR mapped with mmap is truncated to BYTES right after it is
//       mapped, and one read with read(2) or pread(2) right after its first read (the
//       race of a file cut while it is read, made certain);
//   HOSTILE_NO_THREADS=1  pthread_create fails with EAGAIN (a container's
//       pids limit; root ignores RLIMIT_NPROC, so ulimit -u cannot show it).
#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" {

// Truncates the regular file open as `fd` when HOSTILE_TRUNCATE_AFTER_MAP and
// HOSTILE_DIR ask for it and it lies under HOSTILE_DIR.
static void maybe_truncate(int fd) {
  const char* cut = std::getenv("HOSTILE_TRUNCATE_AFTER_MAP");
  const char* dir = std::getenv("HOSTILE_DIR");
  struct stat st {};
  if (cut != nullptr && dir != nullptr && fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    char link[64];
    char path[4096];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n > 0 && std::string(path, static_cast<std::size_t>(n)).rfind(dir, 0) == 0) {
      path[n] = '\0';
      if (truncate(path, std::atoll(cut)) != 0) std::perror("hostile: truncate");
    }
  }
}

void* mmap(void* addr, size_t length, int prot, int flags, int fd, off_t offset) {
  using Mmap = void* (*)(void*, size_t, int, int, int, off_t);
  static const auto real = reinterpret_cast<Mmap>(dlsym(RTLD_NEXT, "mmap"));
  void* p = real(addr, length, prot, flags, fd, offset);
  if (p != MAP_FAILED) maybe_truncate(fd);
  return p;
}

// After a read of `n` bytes from `fd`: the first read of a file under the
// directory cuts it (once in the process).
static void after_read(int fd, ssize_t n) {
  static bool cut = false;
  if (n > 0 && !cut && std::getenv("HOSTILE_TRUNCATE_AFTER_MAP") != nullptr) {
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
      maybe_truncate(fd);
      struct stat after {};
      cut = fstat(fd, &after) == 0 && after.st_size != st.st_size;
    }
  }
}

ssize_t read(int fd, void* buffer, size_t count) {
  using Read = ssize_t (*)(int, void*, size_t);
  static const auto real = reinterpret_cast<Read>(dlsym(RTLD_NEXT, "read"));
  const ssize_t n = real(fd, buffer, count);
  after_read(fd, n);
  return n;
}

// The command line's FileSource reads with pread (each part of a file split
// between two threads at its own offset).
ssize_t pread(int fd, void* buffer, size_t count, off_t offset) {
  using Pread = ssize_t (*)(int, void*, size_t, off_t);
  static const auto real = reinterpret_cast<Pread>(dlsym(RTLD_NEXT, "pread"));
  const ssize_t n = real(fd, buffer, count, offset);
  after_read(fd, n);
  return n;
}
ssize_t pread64(int fd, void* buffer, size_t count, off_t offset) {
  return pread(fd, buffer, count, offset);
}

int pthread_create(pthread_t* thread, const pthread_attr_t* attr, void* (*start)(void*),
                   void* arg) {
  using Create = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
  static const auto real = reinterpret_cast<Create>(dlsym(RTLD_NEXT, "pthread_create"));
  if (std::getenv("HOSTILE_NO_THREADS") != nullptr) return EAGAIN;
  return real(thread, attr, start, arg);
}
}
