// `perfectplay serve`: the web board (src/web/) behind cpp-httplib.
//
// This file only wires: options, the socket, the signals. What a request
// gets is Handler::handle's business (web/handler.h). Ctrl-C (SIGINT) and
// SIGTERM are taken by a thread of their own with sigwait, which stops the
// server; no work happens in a signal handler.
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "cli/commands.h"
#include "cli/common.h"
#include "web/handler.h"
#include "web/http_server.h"

extern char** environ;

namespace perfectplay::cli {

namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  bool open = false;
  web::Limits limits;
  std::uint64_t time_limit_ms = 5000;
  unsigned threads = 16;
};

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

int run_serve(const ServeOptions& o) {
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

  const web::Handler handler(limits);
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
  write_out(fmt::format("perfectplay: serving the board on {} (Ctrl-C stops)\n", url));
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

}  // namespace

Command add_serve(CLI::App& app) {
  static ServeOptions o;
  CLI::App* sub =
      app.add_subcommand("serve", "The analysis board in the browser, on a local web server");
  sub->add_option("--port", o.port, "TCP port (0: any free one, printed)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  sub->add_option("--host", o.host, "address to listen on (warns unless loopback)")
      ->capture_default_str();
  sub->add_flag("--open", o.open, "open the board with xdg-open");
  sub->add_option("--max-states", o.limits.max_states, "search budget of one request")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  sub->add_option("--time-limit", o.time_limit_ms, "milliseconds a request may take (then 422)")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  sub->add_option("--max-body", o.limits.max_body, "largest request body in bytes (then 413)")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
      ->capture_default_str();
  sub->add_option("--max-position", o.limits.max_position, "largest position in bytes")
      ->check(CLI::Range(std::size_t{16}, std::size_t{1} << 30))
      ->capture_default_str();
  sub->add_option("--workers", o.limits.workers, "threads that solve (then requests queue)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--queue", o.limits.queue, "requests that may wait for a worker (then 503)")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  sub->add_option("--connections", o.threads, "connections served at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  return {sub, [] { return run_serve(o); }};
}

}  // namespace perfectplay::cli
