// run_serve: the web board (src/web/) behind cpp-httplib, for the games of a
// registry: perfectplay-serve's (cli/serve/main.cpp, the built-in games) and
// an own game's program's (run_cli's ServeRunner, docs/own-game.md).
//
// This file only wires: options, the socket, the signals. What a request
// gets is Handler::handle's business (web/handler.h). Ctrl-C (SIGINT) and
// SIGTERM are taken by a thread of their own with sigwait, which stops the
// server (the searches running are cancelled, the connections shut down); no
// work happens in a signal handler. The process then exits at once, without
// waiting for a worker: a game's own theory (not the generic solvers) does
// not read the stop flag, and a stop must not wait for it.
#include <fmt/format.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <netdb.h>
#include <sys/socket.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
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

// Whether every address `host` stands for is this machine's loopback: an
// address literal (127.0.0.2, ::1, ::ffff:127.0.0.1) is checked as it is, a
// name through the resolver (every address it gives must be loopback).
bool is_loopback(const std::string& host) {
  if (web::loopback_address(host)) return true;
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return false;
  bool all = found != nullptr;
  for (addrinfo* a = found; a != nullptr && all; a = a->ai_next) {
    char text[NI_MAXHOST] = {};
    all = ::getnameinfo(a->ai_addr, a->ai_addrlen, text, sizeof text, nullptr, 0, NI_NUMERICHOST) ==
              0 &&
          web::loopback_address(text);
  }
  ::freeaddrinfo(found);
  return all;
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
  const bool loopback = is_loopback(o.host);
  limits.loopback_hosts_only = loopback;
  // The URL printed names the host as given: its Host header must pass.
  limits.own_host = o.host;
  if (!loopback) {
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
  web::HttpServer server(handler, o.server);
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
  std::fprintf(stderr, "perfectplay: server stopped\n");
  std::fflush(stdout);
  std::fflush(stderr);
  // Not a return: the handler's destructor would join its workers, and a
  // search in a game's own theory does not stop when asked.
  std::_Exit(ok ? kExitOk : kExitBadInput);
}

}  // namespace perfectplay::cli
