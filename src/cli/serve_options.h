// The options of `perfectplay serve`, declared once for the two programs
// that read them: `perfectplay` checks them (its help, its usage errors) and
// hands over to `perfectplay-serve` (cli/serve/), which runs the board. The
// board lives in a program of its own so that cpp-httplib, and the OpenSSL,
// zlib and brotli it is linked with, are loaded only by the command that
// serves: loading them took about 10 ms at the start of every other command.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "web/handler.h"
#include "web/http_server.h"

namespace perfectplay::cli {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  bool open = false;
  web::Limits limits;
  std::uint64_t time_limit_ms = 5000;
  web::ServerLimits server;
};

inline void add_serve_options(CLI::App& sub, ServeOptions& o) {
  sub.add_option("--port", o.port, "TCP port (0: any free one, printed)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  sub.add_option("--host", o.host, "address to listen on (warns unless loopback)")
      ->capture_default_str();
  sub.add_flag("--open", o.open, "open the board with xdg-open");
  sub.add_option("--max-states", o.limits.max_states, "search budget of one request")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  sub.add_option("--time-limit", o.time_limit_ms, "milliseconds a request may take (then 422)")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  sub.add_option("--max-body", o.limits.max_body, "largest request body in bytes (then 413)")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 30))
      ->capture_default_str();
  sub.add_option("--max-position", o.limits.max_position, "largest position in bytes")
      ->check(CLI::Range(std::size_t{16}, std::size_t{1} << 30))
      ->capture_default_str();
  sub.add_option("--workers", o.limits.workers, "threads that solve (then requests queue)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub.add_option("--queue", o.limits.queue, "requests that may wait for a worker (then 503)")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  sub.add_option("--connections", o.server.api_threads,
                 "API requests served at once (pages: 4 more)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub.add_option("--client-connections", o.server.per_client,
                 "connections one client address may hold")
      ->check(CLI::Range(1, 768))
      ->capture_default_str();
}

// The name of the board's program, installed beside `perfectplay`.
inline constexpr const char* kServeProgram = "perfectplay-serve";

}  // namespace perfectplay::cli
