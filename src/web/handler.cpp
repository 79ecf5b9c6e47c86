#include "web/handler.h"

#include <fmt/format.h>

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

#include "api/analysis.h"
#include "api/entry.h"
#include "core/input_error.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"
#include "web/assets.h"

namespace perfectplay::web {

// Worker threads with a bounded queue of waiting jobs. A job that cannot be
// queued is refused (the request gets 503); a job whose requester stopped
// waiting still runs to its end, and its result is dropped.
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

  std::optional<std::future<Response>> try_submit(std::function<Response()> fn) {
    auto task = std::make_shared<std::packaged_task<Response()>>(std::move(fn));
    std::future<Response> result = task->get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (jobs_.size() + running_ >= capacity_) return std::nullopt;
      jobs_.push_back([task] { (*task)(); });
    }
    wake_.notify_one();
    return result;
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

Params params_field(const GameEntry& g, const nlohmann::json& j, std::uint64_t max_states) {
  auto it = j.find("options");
  const nlohmann::json options = it == j.end() || it->is_null() ? nlohmann::json::object() : *it;
  if (!options.is_object()) throw BadRequest("\"options\" must be an object");
  Params p = params_from_json(g, options);
  p.limits.max_states = max_states;
  return p;
}

void require(bool offered, const GameEntry& g, const char* what) {
  if (!offered) throw BadRequest(fmt::format("{} offers no {} ({})", g.name, what, g.summary));
}

// The body of a solving request, run on a worker. Every exception becomes a
// status: the caller's mistakes 400, a search too large 422.
Response solve(const Registry& games, const std::string& route, const nlohmann::json& j,
               const Limits& limits) {
  try {
    const GameEntry& g = game_field(games, j);
    const Params params = params_field(g, j, limits.max_states);
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
    if (route == "/api/play") {
      require(static_cast<bool>(g.apply), g, "play");
      const std::string position =
          string_field(j, "position", false, limits.max_position, g.default_position);
      const std::string move = string_field(j, "move", true, limits.max_position);
      return json_response(200, {{"schema", kJsonSchema},
                                 {"game", g.name},
                                 {"options", options_json(g, params)},
                                 {"move", move},
                                 {"position", g.apply(position, move, params)}});
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
  } catch (const RequestError& e) {
    return error(400, e.what());
  } catch (const std::bad_alloc&) {
    return error(503, "out of memory");
  } catch (const std::exception& e) {
    return error(500, fmt::format("internal error: {}", e.what()));
  }
}

}  // namespace

// "localhost", "127.0.0.1", "[::1]", each with or without ":PORT".
bool loopback_host(std::string_view host) {
  const std::size_t colon = host.rfind(':');
  if (colon != std::string_view::npos && host.back() != ']') {
    const std::string_view port = host.substr(colon + 1);
    if (port.empty() || port.find_first_not_of("0123456789") != std::string_view::npos) {
      return false;
    }
    host = host.substr(0, colon);
  }
  return host == "localhost" || host == "127.0.0.1" || host == "[::1]";
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

Response Handler::handle(const Request& request) const {
  Response r;
  try {
    if (limits_.loopback_hosts_only && !loopback_host(request.host)) {
      r = error(403, "this server answers only requests to localhost, 127.0.0.1 or [::1]");
    } else if (request.path.rfind("/api/", 0) == 0) {
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
  } catch (const std::bad_alloc&) {
    r = error(503, "out of memory");
  } catch (const std::exception& e) {
    r = error(500, fmt::format("internal error: {}", e.what()));
  }
  for (const auto& h : security_headers()) r.headers.push_back(h);
  return r;
}

Response Handler::handle_api(const Request& request) const {
  const std::string& route = request.path;
  const bool solving = route == "/api/analyze" || route == "/api/hint" || route == "/api/play" ||
                       route == "/api/generate";
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
  if (!solving) return error(404, fmt::format("no such API: {} (docs/web.md lists them)", route));
  if (request.method != "POST") {
    Response r = error(405, fmt::format("{} takes POST with a JSON body", route));
    r.headers.emplace_back("Allow", "POST");
    return r;
  }
  if (request.body.size() > limits_.max_body) {
    return error(413, fmt::format("the body has {} bytes; the server takes at most {} (--max-body)",
                                  request.body.size(), limits_.max_body));
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(request.body);
  } catch (const nlohmann::json::exception& e) {
    return error(400, fmt::format("the body is not JSON: {}", e.what()));
  }
  if (!j.is_object()) return error(400, "the body must be a JSON object");

  if (!pool_) return solve(games_, route, j, limits_);
  // A job still queued when its requester gives up is skipped, not solved.
  auto abandoned = std::make_shared<std::atomic<bool>>(false);
  auto result =
      pool_->try_submit([games = &games_, route, j = std::move(j), limits = limits_, abandoned] {
        if (abandoned->load()) return error(422, "abandoned");
        return solve(*games, route, j, limits);
      });
  if (!result) {
    Response r = error(503,
                       "the server is busy (every worker is taken and the queue is full); "
                       "try again");
    r.headers.emplace_back("Retry-After", "1");
    return r;
  }
  if (result->wait_for(limits_.time_limit) != std::future_status::ready) {
    abandoned->store(true);
    return error(422, fmt::format("the request took longer than {} ms (--time-limit); smaller "
                                  "positions, or a larger limit",
                                  limits_.time_limit.count()));
  }
  return result->get();
}

}  // namespace perfectplay::web
