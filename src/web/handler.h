// The web board's HTTP logic, without sockets: a Request in, a Response out.
//
// `perfectplay serve` (cli/serve/main.cpp) hands every request cpp-httplib
// parsed to Handler::handle and writes back what it returns; the tests and the
// fuzzer call handle directly. Routes (docs/web.md):
//
//   GET  /, /index.html, /app.js, ...   the embedded assets (web/), nothing else
//   GET  /api/games                     `perfectplay list --json`
//   POST /api/analyze  {game, options, position}          `analyze --json`
//   POST /api/hint     {game, options, position}          `hint --json`
//   POST /api/explain  {game, options, position}          `explain --json` (depth 40)
//   POST /api/play     {game, options, position, move}    the child position
//   POST /api/generate {game, options, seed}              a random contest input
//
// Errors are JSON {"schema": 1, "status": S, "error": MESSAGE}: a bad request
// (bad JSON, JSON nested deeper than kMaxJsonDepth, an unknown game or option,
// a position the parser refuses with its line and column, an illegal move) is
// 400 with the command line's message; a search past --max-states or past the
// wall-clock limit is 422; a body over the limit 413; a POST whose
// Content-Type is not application/json 415; a full work queue 503; a Host
// header that is not loopback's (on a server that checks it), an Origin header
// that is not the server's own origin, or Sec-Fetch-Site other than
// same-origin or none, 403.
//
// Those header checks are what keep other web pages out: a page elsewhere
// (another site, or another port of this machine) cannot read the answers
// (no CORS headers), and with them it cannot make the server work either. A
// browser sends Origin with every POST and Sec-Fetch-Site with every request;
// it cannot send Content-Type: application/json across origins without a
// preflight (OPTIONS), which gets no CORS permission here. Clients that are
// not browsers (curl, scripts) send neither header and are served.
//
// Work: the requests that solve (analyze, hint, play, generate) run on a
// small pool of worker threads with a bounded queue. A request waits for its
// result at most `time_limit`; past it the client gets 422 at once and the
// search is cancelled (SearchLimits::stop), so the worker is free again
// within milliseconds (the generic solvers read the flag every 4096
// positions). Everything else is answered on the caller's thread. With
// workers == 0 the solving runs on the caller's thread with no clock (the
// fuzzer and deterministic tests).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/registry.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"

namespace perfectplay::web {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // the path as sent, percent-encoding kept, no query
  std::string body;
  std::string host = {};  // the Host header ("127.0.0.1:8080"), when checked
  // The headers that say where a browser's request comes from and what it
  // carries; empty when absent.
  std::string content_type = {};    // POSTs must say application/json
  std::string origin = {};          // "http://127.0.0.1:8080": must be "http://" + host
  std::string sec_fetch_site = {};  // "same-origin" or "none", when sent
};

// The deepest nesting of arrays and objects a request body may have. The
// body is scanned for it byte by byte before anything parses it: the JSON
// library's values are recursive (copying or destroying one 200,000 levels
// deep overflows the stack), and no request needs more than 3 levels.
inline constexpr std::size_t kMaxJsonDepth = 64;

// Whether `body`, read as JSON, nests arrays and objects deeper than
// `max_depth` (brackets inside strings do not count). Linear, no recursion.
bool nested_deeper_than(std::string_view body, std::size_t max_depth);

// Whether `host` (an address or name, without port or brackets) is this
// machine's loopback: "localhost", 127.0.0.0/8, ::1, or ::ffff:127.0.0.0/104
// (IPv4 loopback mapped into IPv6).
bool loopback_address(std::string_view host);

// Whether a Host header ("127.0.0.2:8080", "[::1]", "localhost") names a
// loopback address: loopback_address of its host part, with a valid port if
// one is given.
bool loopback_host(std::string_view host_header);

struct Response {
  int status = 200;
  std::string content_type;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // beyond Content-Type
};

struct Limits {
  std::size_t max_body = std::size_t{4} << 20;      // bytes of a request body
  std::size_t max_position = std::size_t{1} << 20;  // bytes of a position or move
  // The search budget of one request: the command line's default, so that
  // the board answers what `analyze` answers (the wall-clock limit, which
  // now cancels the search, is what keeps a request short).
  std::uint64_t max_states = SearchLimits{}.max_states;
  std::chrono::milliseconds time_limit{5000};  // wall clock a request waits
  unsigned workers = 2;                        // solving threads (0: the caller's)
  unsigned queue = 16;                         // requests waiting for a worker
  // When true, only requests whose Host names this machine's loopback
  // (loopback_host: localhost, 127.x.y.z, [::1], [::ffff:127.x.y.z], any
  // port) or `own_host` are served; others get 403. A server on loopback
  // sets it: a web page elsewhere cannot reach it through DNS rebinding (its
  // requests carry its own host name).
  bool loopback_hosts_only = false;
  // The name the server was started with (--host, without brackets), also
  // accepted as a Host: the URL it prints must work ("ip6-localhost", say).
  // Empty: none.
  std::string own_host = {};
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

  // The checks of a request's head alone (Host, Origin, Sec-Fetch-Site,
  // Content-Type): the refusal, or nullopt when the request may go on. The
  // server runs them before it reads a body; handle() runs them too.
  std::optional<Response> check_head(const Request& request) const;

  // Whether the request is one whose body the handler reads (a POST to a
  // solving route); the server does not read any other body.
  static bool takes_body(const Request& request);

  // Stops for good, from any thread: the searches running are cancelled,
  // the requests waiting for them return at once, and every later request
  // that would solve gets 503.
  void shutdown() const;

  const Limits& limits() const { return limits_; }

 private:
  Response handle_api(const Request& request) const;
  Response route(const Request& request) const;

  Limits limits_;
  const Registry& games_;
  std::unique_ptr<WorkPool> pool_;
  mutable std::atomic<bool> stopping_{false};
};

}  // namespace perfectplay::web
