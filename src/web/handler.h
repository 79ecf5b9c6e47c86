// The web board's HTTP logic, without sockets: a Request in, a Response out.
//
// `perfectplay serve` (cli/serve.cpp) hands every request cpp-httplib parsed
// to Handler::handle and writes back what it returns; the tests and the fuzzer
// call handle directly. Routes (docs/web.md):
//
//   GET  /, /index.html, /app.js, ...   the embedded assets (web/), nothing else
//   GET  /api/games                     `perfectplay list --json`
//   POST /api/analyze  {game, options, position}          `analyze --json`
//   POST /api/hint     {game, options, position}          `hint --json`
//   POST /api/play     {game, options, position, move}    the child position
//   POST /api/generate {game, options, seed}              a random contest input
//
// Errors are JSON {"schema": 1, "status": S, "error": MESSAGE}: a bad request
// (bad JSON, an unknown game or option, a position the parser refuses with
// its line and column, an illegal move) is 400 with the command line's
// message; a search past --max-states or past the wall-clock limit is 422; a
// body over the limit 413; a full work queue 503; a Host header that is not
// loopback's, on a server that checks it, 403.
//
// Work: the requests that solve (analyze, hint, play, generate) run on a
// small pool of worker threads with a bounded queue. A request waits for its
// result at most `time_limit`; past it the client gets 422 at once and the
// computation finishes in the background (it is bounded by max_states), its
// worker unavailable until then. Everything else is answered on the caller's
// thread. With workers == 0 the solving runs on the caller's thread with no
// clock (the fuzzer and deterministic tests).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "api/registry.h"
#include "registry/registry.h"

namespace perfectplay::web {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // the path as sent, percent-encoding kept, no query
  std::string body;
  std::string host = {};  // the Host header ("127.0.0.1:8080"), when checked
};

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type
};

struct Limits {
  std::size_t max_body = std::size_t{4} << 20;      // bytes of a request body
  std::size_t max_position = std::size_t{1} << 20;  // bytes of a position or move
  std::uint64_t max_states = 2'000'000;             // the search budget of one request
  std::chrono::milliseconds time_limit{5000};       // wall clock a request waits
  unsigned workers = 2;                             // solving threads (0: the caller's)
  unsigned queue = 16;                              // requests waiting for a worker
  // When true, only requests whose Host names this machine's loopback
  // (localhost, 127.0.0.1, [::1], any port) are served; others get 403. A
  // server on loopback sets it: a web page elsewhere cannot reach it through
  // DNS rebinding (its requests carry its own host name).
  bool loopback_hosts_only = false;
};

// The headers every response carries: the content security policy (scripts
// and styles only from this server, no inline script, nothing framed) and
// friends.
const std::vector<std::pair<std::string, std::string>>& security_headers();

class WorkPool;

class Handler {
 public:
  // `games`: what the board offers (a program with games of its own passes
  // its registry); it must outlive the handler.
  explicit Handler(Limits limits = {}, const Registry& games = builtin_registry());
  ~Handler();
  Handler(const Handler&) = delete;
  Handler& operator=(const Handler&) = delete;

  // Never throws; every failure is a Response with its status.
  Response handle(const Request& request) const;

  const Limits& limits() const { return limits_; }

 private:
  Response handle_api(const Request& request) const;

  Limits limits_;
  const Registry& games_;
  std::unique_ptr<WorkPool> pool_;
};

}  // namespace perfectplay::web
