// run_serve: the web board (src/web/) behind cpp-httplib, for the games of a
// registry: perfectplay-serve's (cli/serve/main.cpp, the built-in games) and
// an own game's program's (run_cli's ServeRunner, docs/own-game.md).
//
// This file only wires: options, the socket, the signals. What a request
// gets is Handler::handle's business (web/handler.h). Ctrl-C (SIGINT) and
// SIGTERM are taken by a thread of their own with sigwait, which stops the
// server; no work happens in a signal handler.
#include <fmt/format.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "cli/serve/run_serve.h"
#include "cli/serve_options.h"
#include "web/handler.h"
#include "web/http_server.h"

extern char** environ;

namespace perfectplay::cli {

namespace {

// As cli/common.h numbers them.
constexpr int kExitOk = 0;
constexpr int kExitBadInput = 1;

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

std::string url_of(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", host, v6 ? "]" : "", port);
}

// Opens the URL in the desktop's browser when xdg-open is there; silently
// does nothing otherwise (the URL is printed anyway).
void open_browser(const std::string& url) {
  pid_t pid = 0;
  std::string program = "xdg-open";
  char* argv[] = {program.data(), const_cast<char*>(url.c_str()), nullptr};
  if (::posix_spawnp(&pid, "xdg-open", nullptr, nullptr, argv, environ) == 0) {
    std::thread([pid] { ::waitpid(pid, nullptr, 0); }).detach();
  } else {
    std::fprintf(stderr, "perfectplay: no xdg-open here; open %s yourself\n", url.c_str());
  }
}

}  // namespace

int run_serve(const ServeOptions& o, const Registry& games) {
  web::Limits limits = o.limits;
  limits.time_limit = std::chrono::milliseconds(o.time_limit_ms);
  limits.loopback_hosts_only = is_loopback(o.host);
  if (!is_loopback(o.host)) {
    std::fprintf(stderr,
                 "perfectplay: warning: listening on %s, not loopback: other machines can reach "
                 "the board, and it has no authentication\n",
                 o.host.c_str());
  }

  // Block the stop signals in every thread (the pools inherit the mask); one
  // thread waits for them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGUSR1);  // ours: the server ended by itself
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  const web::Handler handler(limits, games);
  web::HttpServer server(handler, o.threads);
  const int port = server.bind(o.host, o.port);
  if (port == 0) {
    std::fprintf(stderr,
                 "perfectplay: cannot listen on %s: the port is taken (is another serve "
                 "running?) or the address is not this machine's; try another --port\n",
                 url_of(o.host, o.port).c_str());
    pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
    return kExitBadInput;
  }
  const std::string url = url_of(o.host, port);
  std::printf("perfectplay: serving the board on %s (Ctrl-C stops)\n", url.c_str());
  std::fflush(stdout);
  if (o.open) open_browser(url);

  std::thread waiter([&server, &stop_signals] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    server.stop();
  });
  const bool ok = server.listen();
  pthread_kill(waiter.native_handle(), SIGUSR1);  // no-op if it is already done
  waiter.join();
  pthread_sigmask(SIG_UNBLOCK, &stop_signals, nullptr);
  std::fprintf(stderr, "perfectplay: server stopped\n");
  return ok ? kExitOk : kExitBadInput;
}

}  // namespace perfectplay::cli
