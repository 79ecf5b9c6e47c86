#include "web/handler.h"

#include <fmt/format.h>

#include <arpa/inet.h>
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <mutex>
#include <new>
#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>
#include <thread>
#include <unordered_set>

#include "api/analysis.h"
#include "api/entry.h"
#include "api/explain.h"
#include "cgt/report.h"
#include "core/input_error.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"
#include "web/assets.h"

namespace perfectplay::web {

// Worker threads with a bounded queue of waiting jobs. A job that cannot be
// queued is refused (the request gets 503); a job whose requester stopped
// waiting is cancelled through its stop flag (a queued one is skipped, a
// running search throws SearchCancelled within 4096 positions), and its
// result is dropped.
class WorkPool {
 public:
  WorkPool(unsigned workers, unsigned queue) : capacity_(std::size_t{workers} + queue) {
    for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  ~WorkPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
  }
  WorkPool(const WorkPool&) = delete;
  WorkPool& operator=(const WorkPool&) = delete;

  // `stop` is the job's cancellation flag: cancel_all() sets it while the
  // job is queued or running.
  std::optional<std::future<Response>> try_submit(std::function<Response()> fn,
                                                  std::shared_ptr<std::atomic<bool>> stop) {
    auto task = std::make_shared<std::packaged_task<Response()>>(std::move(fn));
    std::future<Response> result = task->get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (jobs_.size() + running_ >= capacity_) return std::nullopt;
      if (cancelled_) stop->store(true);
      flags_.insert(stop);
      jobs_.push_back([this, task, stop] {
        (*task)();
        std::lock_guard<std::mutex> done(mutex_);
        flags_.erase(stop);
      });
    }
    wake_.notify_one();
    return result;
  }

  // Sets the stop flag of every job queued or running, and of every later
  // one.
  void cancel_all() {
    std::lock_guard<std::mutex> lock(mutex_);
    cancelled_ = true;
    for (const auto& flag : flags_) flag->store(true);
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stop_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, nothing left
      std::function<void()> job = std::move(jobs_.front());
      jobs_.pop_front();
      ++running_;
      lock.unlock();
      job();
      lock.lock();
      --running_;
    }
  }

  std::size_t capacity_;  // jobs running or waiting, at most: workers + queue
  std::size_t running_ = 0;
  bool stop_ = false;
  bool cancelled_ = false;
  std::unordered_set<std::shared_ptr<std::atomic<bool>>> flags_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
};

namespace {

constexpr const char* kJson = "application/json";

Response json_response(int status, const nlohmann::json& j) {
  Response r;
  r.status = status;
  r.content_type = kJson;
  // Invalid UTF-8 in an echoed message must not make dump() throw.
  r.body = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  return r;
}

Response error(int status, const std::string& message) {
  return json_response(status, {{"schema", kJsonSchema}, {"status", status}, {"error", message}});
}

// A request's fields, checked: what the client sent wrong is a 400.
class BadRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
class TooLarge : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::string string_field(const nlohmann::json& j, const char* name, bool required,
                         std::size_t max_bytes, const std::string& fallback = "") {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (required) throw BadRequest(fmt::format("the request has no \"{}\"", name));
    return fallback;
  }
  if (!it->is_string()) throw BadRequest(fmt::format("\"{}\" must be a string", name));
  const auto& s = it->get_ref<const std::string&>();
  if (s.size() > max_bytes) {
    throw TooLarge(fmt::format("\"{}\" has {} bytes; the server takes at most {} (--max-position)",
                               name, s.size(), max_bytes));
  }
  return s;
}

const GameEntry& game_field(const Registry& games, const nlohmann::json& j) {
  const std::string name = string_field(j, "game", true, 256);
  const GameEntry* g = games.find(name);
  if (g == nullptr) {
    std::string names;
    for (const GameEntry& e : games.games()) names += (names.empty() ? "" : ", ") + e.name;
    throw BadRequest(fmt::format("unknown game '{}' (the games: {})", name, names));
  }
  return *g;
}

Params params_field(const GameEntry& g, const nlohmann::json& j, std::uint64_t max_states,
                    const std::atomic<bool>* stop) {
  auto it = j.find("options");
  const nlohmann::json options = it == j.end() || it->is_null() ? nlohmann::json::object() : *it;
  if (!options.is_object()) throw BadRequest("\"options\" must be an object");
  Params p = params_from_json(g, options);
  p.limits.max_states = max_states;
  p.limits.stop = stop;
  return p;
}

void require(bool offered, const GameEntry& g, const char* what) {
  if (!offered) throw BadRequest(fmt::format("{} offers no {} ({})", g.name, what, g.summary));
}

// The body of a solving request, run on a worker. Every exception becomes a
// status: the caller's mistakes 400, a search too large 422.
Response solve(const Registry& games, const std::string& route, const nlohmann::json& j,
               const Limits& limits, const std::atomic<bool>* stop = nullptr) {
  try {
    const GameEntry& g = game_field(games, j);
    const Params params = params_field(g, j, limits.max_states, stop);
    if (route == "/api/analyze" || route == "/api/hint") {
      const std::string position =
          string_field(j, "position", false, limits.max_position, g.default_position);
      if (route == "/api/analyze") {
        require(static_cast<bool>(g.analyze), g, "analyze");
        return json_response(200, to_json(g.analyze(position, params)));
      }
      require(static_cast<bool>(g.hint), g, "hint");
      return json_response(200, to_json(g.hint(position, params)));
    }
    if (route == "/api/explain") {
      require(static_cast<bool>(g.analyze), g, "explain");
      const std::string position =
          string_field(j, "position", false, limits.max_position, g.default_position);
      // The board's "why" panel: the argument in full, the principal
      // variation to a modest depth (each ply is one more analysis).
      return json_response(200, explain_document(g, position, params, ExplainOptions{40}));
    }
    if (route == "/api/value") {
      // The value panel of a partizan game: the position's canonical form
      // and thermograph (cgt/report.h). Its parts are bounded as `value`'s
      // default (about 1 GB) or --max-states, whichever is smaller.
      require(static_cast<bool>(g.cgt_value), g, "combinatorial value");
      const std::string position =
          string_field(j, "position", false, limits.max_position, g.default_position);
      const cgt::CgtReport r = g.cgt_value(
          position,
          static_cast<std::size_t>(std::min<std::uint64_t>(limits.max_states, 1'000'000)));
      return json_response(200, {{"schema", kJsonSchema},
                                 {"game", g.name},
                                 {"position", r.position},
                                 {"value", cgt::to_json(r)},
                                 {"parts", r.parts}});
    }
    if (route == "/api/play") {
      require(static_cast<bool>(g.apply), g, "play");
      const std::string position =
          string_field(j, "position", false, limits.max_position, g.default_position);
      const std::string move = string_field(j, "move", true, limits.max_position);
      nlohmann::json out = {{"schema", kJsonSchema},
                            {"game", g.name},
                            {"options", options_json(g, params)},
                            {"move", move},
                            {"position", g.apply(position, move, params)}};
      // "analyze": true adds the child's analysis: a click on the board is
      // then one request, not a play and an analyze one after the other.
      if (const auto it = j.find("analyze"); it != j.end() && !it->is_null()) {
        if (!it->is_boolean()) throw BadRequest("\"analyze\" must be true or false");
        if (it->get<bool>() && g.analyze) {
          out["analysis"] = to_json(g.analyze(out["position"].get<std::string>(), params));
        }
      }
      return json_response(200, out);
    }
    // /api/generate
    require(static_cast<bool>(g.generate), g, "generate");
    Seed seed = kDefaultSeed;
    if (auto it = j.find("seed"); it != j.end() && !it->is_null()) {
      if (!it->is_number_unsigned()) throw BadRequest("\"seed\" must be a whole number");
      seed = it->get<Seed>();
    }
    std::size_t written = 0;
    std::string input;
    const TextSink sink([&](std::string_view part) {
      written += part.size();
      if (written > limits.max_body) {
        throw TooLarge(
            fmt::format("the generated input passes {} bytes (--max-body)", limits.max_body));
      }
      input.append(part);
    });
    input.append(g.generate(seed, params, sink));
    if (input.size() > limits.max_body) {  // the last part, which the sink never saw
      throw TooLarge(
          fmt::format("the generated input passes {} bytes (--max-body)", limits.max_body));
    }
    return json_response(200, {{"schema", kJsonSchema},
                               {"game", g.name},
                               {"options", options_json(g, params)},
                               {"seed", seed},
                               {"input", input}});
  } catch (const BadRequest& e) {
    return error(400, e.what());
  } catch (const TooLarge& e) {
    return error(413, e.what());
  } catch (const InputError& e) {
    return error(400, e.format("<position>"));
  } catch (const SearchLimitExceeded& e) {
    return error(422, e.what());
  } catch (const SearchCancelled&) {
    // Nobody reads this: the requester stopped waiting (it got its 422), or
    // the server is stopping.
    return error(503, "the search was cancelled");
  } catch (const RequestError& e) {
    return error(400, e.what());
  } catch (const std::bad_alloc&) {
    return error(503, "out of memory");
  } catch (const std::exception& e) {
    return error(500, fmt::format("internal error: {}", e.what()));
  }
}

}  // namespace

bool nested_deeper_than(std::string_view body, std::size_t max_depth) {
  std::size_t depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : body) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;  // an unbalanced close is the parser's error to report
    }
  }
  return false;
}

bool loopback_address(std::string_view host) {
  if (host == "localhost") return true;
  const std::string text(host);
  in_addr v4{};
  if (::inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    return (ntohl(v4.s_addr) >> 24) == 127;  // 127.0.0.0/8
  }
  in6_addr v6{};
  if (::inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;  // ::ffff:127.0.0.0/104
  }
  return false;
}

namespace {

// The host part of a Host header ("[::1]:80" -> "::1"), nullopt when the
// header is malformed (a port that is not digits, an unclosed bracket).
std::optional<std::string_view> host_part(std::string_view header) {
  std::string_view host = header;
  std::string_view port;
  if (!header.empty() && header.front() == '[') {
    const std::size_t close = header.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = header.substr(1, close - 1);
    const std::string_view rest = header.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
      if (port.empty()) return std::nullopt;
    }
  } else if (const std::size_t colon = header.rfind(':'); colon != std::string_view::npos) {
    host = header.substr(0, colon);
    port = header.substr(colon + 1);
    if (port.empty() || host.find(':') != std::string_view::npos) return std::nullopt;
  }
  if (port.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return host;
}

}  // namespace

bool loopback_host(std::string_view host_header) {
  const auto host = host_part(host_header);
  if (!host) return false;
  // A bracketed header holds an IPv6 address; an unbracketed one never does.
  const bool bracketed = !host_header.empty() && host_header.front() == '[';
  if (!bracketed && host->find(':') != std::string_view::npos) return false;
  if (bracketed && host->find(':') == std::string_view::npos) return false;
  return loopback_address(*host);
}

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
      {"X-Frame-Options", "DENY"},
  };
  return headers;
}

Handler::Handler(Limits limits, const Registry& games)
    : limits_(limits),
      games_(games),
      pool_(limits.workers == 0 ? nullptr
                                : std::make_unique<WorkPool>(limits.workers, limits.queue)) {}

Handler::~Handler() = default;

namespace {

bool is_solving_route(const std::string& route) {
  return route == "/api/analyze" || route == "/api/hint" || route == "/api/play" ||
         route == "/api/generate" || route == "/api/explain" || route == "/api/value";
}

// "application/json", in any case, with parameters ("; charset=utf-8") or
// none.
bool is_json_media_type(std::string_view content_type) {
  std::string_view type = content_type.substr(0, content_type.find(';'));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.remove_suffix(1);
  while (!type.empty() && (type.front() == ' ' || type.front() == '\t')) type.remove_prefix(1);
  constexpr std::string_view kWanted = "application/json";
  if (type.size() != kWanted.size()) return false;
  for (std::size_t i = 0; i < type.size(); ++i) {
    const char c =
        type[i] >= 'A' && type[i] <= 'Z' ? static_cast<char>(type[i] - 'A' + 'a') : type[i];
    if (c != kWanted[i]) return false;
  }
  return true;
}

Response with_headers(Response r) {
  for (const auto& h : security_headers()) r.headers.push_back(h);
  return r;
}

}  // namespace

bool Handler::takes_body(const Request& request) {
  return request.method == "POST" && is_solving_route(request.path);
}

void Handler::shutdown() const {
  stopping_.store(true);
  if (pool_) pool_->cancel_all();
}

std::optional<Response> Handler::check_head(const Request& request) const {
  const auto own = [&] {
    const auto host = host_part(request.host);
    return !limits_.own_host.empty() && host && *host == limits_.own_host;
  };
  if (limits_.loopback_hosts_only && !loopback_host(request.host) && !own()) {
    return with_headers(
        error(403, "this server answers only requests to its own loopback address (Host header)"));
  }
  // A browser names the page that sent the request; only our own page may.
  // Exactly our origin: another port of this machine is another origin.
  if (!request.origin.empty() && request.origin != "http://" + request.host) {
    return with_headers(error(
        403, fmt::format("requests from other web pages are refused (Origin {})", request.origin)));
  }
  if (!request.sec_fetch_site.empty() && request.sec_fetch_site != "same-origin" &&
      request.sec_fetch_site != "none") {
    return with_headers(
        error(403, fmt::format("requests from other web pages are refused (Sec-Fetch-Site {})",
                               request.sec_fetch_site)));
  }
  // A form or a "simple" fetch from another page can send text/plain or
  // form data without asking first; application/json it cannot.
  if (request.method == "POST" && request.path.rfind("/api/", 0) == 0 &&
      !is_json_media_type(request.content_type)) {
    return with_headers(
        error(415, fmt::format("the body must be sent as Content-Type: application/json (not '{}')",
                               request.content_type)));
  }
  return std::nullopt;
}

Response Handler::handle(const Request& request) const {
  try {
    if (auto refused = check_head(request)) return std::move(*refused);
    return with_headers(route(request));
  } catch (const std::bad_alloc&) {
    return with_headers(error(503, "out of memory"));
  } catch (const std::exception& e) {
    return with_headers(error(500, fmt::format("internal error: {}", e.what())));
  }
}

Response Handler::route(const Request& request) const {
  Response r;
  if (request.path.rfind("/api/", 0) == 0) {
    r = handle_api(request);
    r.headers.emplace_back("Cache-Control", "no-store");
  } else if (request.method != "GET" && request.method != "HEAD") {
    r = error(405, fmt::format("{} is not served here (only GET)", request.method));
    r.headers.emplace_back("Allow", "GET, HEAD");
  } else if (const Asset* a = find_asset(request.path)) {
    r.content_type = std::string(a->content_type);
    r.body = std::string(a->body);
  } else {
    r = error(404, "no such page (the board is at /)");
  }
  return r;
}

Response Handler::handle_api(const Request& request) const {
  const std::string& route = request.path;
  if (route == "/api/games") {
    if (request.method != "GET" && request.method != "HEAD") {
      Response r = error(405, "/api/games takes GET");
      r.headers.emplace_back("Allow", "GET, HEAD");
      return r;
    }
    nlohmann::json games = nlohmann::json::array();
    for (const GameEntry& g : games_.games()) games.push_back(game_json(g));
    return json_response(200, {{"schema", kJsonSchema}, {"games", games}});
  }
  if (!is_solving_route(route)) {
    return error(404, fmt::format("no such API: {} (docs/web.md lists them)", route));
  }
  if (request.method != "POST") {
    Response r = error(405, fmt::format("{} takes POST with a JSON body", route));
    r.headers.emplace_back("Allow", "POST");
    return r;
  }
  if (request.body.size() > limits_.max_body) {
    return error(413, fmt::format("the body has {} bytes; the server takes at most {} (--max-body)",
                                  request.body.size(), limits_.max_body));
  }
  if (nested_deeper_than(request.body, kMaxJsonDepth)) {
    return error(
        400, fmt::format("the body nests arrays or objects deeper than {} levels", kMaxJsonDepth));
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(request.body);
  } catch (const nlohmann::json::exception& e) {
    return error(400, fmt::format("the body is not JSON: {}", e.what()));
  }
  if (!j.is_object()) return error(400, "the body must be a JSON object");
  if (stopping_.load()) return error(503, "the server is stopping");

  if (!pool_) return solve(games_, route, j, limits_);
  // The job's stop flag: set when its requester gives up (a queued job is
  // then skipped, a running search cancelled) or the server stops.
  auto stop = std::make_shared<std::atomic<bool>>(false);
  auto result = pool_->try_submit(
      [games = &games_, route, j = std::move(j), limits = limits_, stop] {
        if (stop->load()) return error(503, "the search was cancelled");
        return solve(*games, route, j, limits, stop.get());
      },
      stop);
  if (!result) {
    Response r = error(503,
                       "the server is busy (every worker is taken and the queue is full); "
                       "try again");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
  // Waits in slices, so that a shutdown is seen at once.
  const auto deadline = std::chrono::steady_clock::now() + limits_.time_limit;
  for (;;) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) break;
    const auto slice = std::min<std::chrono::steady_clock::duration>(deadline - now,
                                                                     std::chrono::milliseconds(50));
    if (result->wait_for(slice) == std::future_status::ready) return result->get();
    if (stopping_.load()) {
      stop->store(true);
      return error(503, "the server is stopping");
    }
  }
  if (result->wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    return result->get();
  }
  stop->store(true);
  return error(422, fmt::format("the request took longer than {} ms (--time-limit); smaller "
                                "positions, or a larger limit",
                                limits_.time_limit.count()));
}

}  // namespace perfectplay::web
