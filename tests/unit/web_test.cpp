// The web board's handler (src/web/handler.h) without sockets, and one real
// HTTP round trip through cpp-httplib on an ephemeral loopback port.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <httplib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "api/analysis.h"
#include "core/input_error.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"
#include "web/assets.h"
#include "web/handler.h"
#include "web/http_server.h"

namespace pp = perfectplay;
namespace web = perfectplay::web;
using nlohmann::json;

namespace {

web::Limits inline_limits() {
  web::Limits l;
  l.workers = 0;  // solve on the caller's thread: deterministic
  return l;
}

// A POST as the board's page sends it: a JSON body, said so.
web::Request json_post(const std::string& path, std::string body) {
  web::Request r{"POST", path, std::move(body)};
  r.content_type = "application/json";
  return r;
}

web::Response post(const web::Handler& h, const std::string& path, const json& body) {
  return h.handle(json_post(path, body.dump()));
}

web::Response post_raw(const web::Handler& h, const std::string& path, std::string body) {
  return h.handle(json_post(path, std::move(body)));
}

std::string header(const web::Response& r, const std::string& name) {
  for (const auto& [n, v] : r.headers) {
    if (n == name) return v;
  }
  return "";
}

std::string error_of(const web::Response& r) {
  return json::parse(r.body).at("error");
}

// The largest square board nim's reference reaches (50,625 positions, 2.9
// million moves; the theory is not used): its analysis takes about 70 ms on
// these machines, and the limit below is a small fraction of that. (It once
// took a second, and the limit was 50 ms; as the solvers grew faster the
// search finished inside the limit on a quick machine.)
const char* const kSlowNim = "14 14 14 14";

}  // namespace

TEST(WebHandler, GamesIsListJson) {
  const web::Handler h(inline_limits());
  const web::Response r = h.handle({"GET", "/api/games", ""});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/json");
  const json j = json::parse(r.body);
  ASSERT_EQ(j.at("games").size(), pp::all_games().size());
  for (std::size_t i = 0; i < pp::all_games().size(); ++i) {
    EXPECT_EQ(j["games"][i], pp::game_json(pp::all_games()[i]));
  }
  EXPECT_EQ(post_raw(h, "/api/games", "{}").status, 405);
}

TEST(WebHandler, AnalyzeIsAnalyzeJsonForEveryExample) {
  const web::Handler h(inline_limits());
  for (const pp::GameEntry& g : pp::all_games()) {
    if (!g.analyze) continue;
    for (const std::string& position : g.example_positions) {
      pp::Params params = pp::params_from_json(g, json::object());
      params.limits.max_states = h.limits().max_states;
      const web::Response r = post(h, "/api/analyze", {{"game", g.name}, {"position", position}});
      ASSERT_EQ(r.status, 200) << g.name << " " << position << ": " << r.body;
      EXPECT_EQ(json::parse(r.body), pp::to_json(g.analyze(position, params)))
          << g.name << " " << position;
    }
  }
}

TEST(WebHandler, OptionsReachTheGame) {
  const web::Handler h(inline_limits());
  const json normal =
      json::parse(post(h, "/api/analyze", {{"game", "nim"}, {"position", "1 1 1"}}).body);
  const json misere =
      json::parse(post(h, "/api/analyze",
                       {{"game", "nim"}, {"position", "1 1 1"}, {"options", {{"misere", true}}}})
                      .body);
  EXPECT_EQ(misere["options"]["misere"], true);
  EXPECT_NE(normal["value"]["kind"], misere["value"]["kind"]);
  const web::Response bad =
      post(h, "/api/analyze", {{"game", "nim"}, {"options", {{"misery", true}}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(error_of(bad).find("misery"), std::string::npos) << bad.body;
}

TEST(WebHandler, HintIsHintJson) {
  const web::Handler h(inline_limits());
  const pp::GameEntry& g = *pp::find_game("gridgame");
  pp::Params params = pp::params_from_json(g, json::object());
  params.limits.max_states = h.limits().max_states;
  const web::Response r = post(h, "/api/hint", {{"game", "gridgame"}});  // default position
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body), pp::to_json(g.hint(g.default_position, params)));
}

TEST(WebHandler, PlayGivesTheChildAnalyzeLists) {
  const web::Handler h(inline_limits());
  for (const pp::GameEntry& g : pp::all_games()) {
    if (!g.analyze || !g.apply) continue;
    const json a = json::parse(post(h, "/api/analyze", {{"game", g.name}}).body);
    ASSERT_FALSE(a["moves"].empty()) << g.name;
    for (const json& m : a["moves"]) {
      const web::Response r = post(
          h, "/api/play", {{"game", g.name}, {"position", a["position"]}, {"move", m["move"]}});
      ASSERT_EQ(r.status, 200) << g.name << " " << m["move"] << ": " << r.body;
      EXPECT_EQ(json::parse(r.body)["position"], m["position"]) << g.name << " " << m["move"];
      EXPECT_FALSE(json::parse(r.body).contains("analysis"));
    }
  }
}

// The board's click is one request: /api/play with "analyze": true answers
// the child's analysis too, the same as /api/analyze of the child.
TEST(WebHandler, PlayWithAnalyzeAnswersTheChildsAnalysis) {
  const web::Handler h(inline_limits());
  for (const pp::GameEntry& g : pp::all_games()) {
    if (!g.analyze || !g.apply) continue;
    const json a = json::parse(post(h, "/api/analyze", {{"game", g.name}}).body);
    ASSERT_FALSE(a["moves"].empty()) << g.name;
    const json& m = a["moves"][0];
    const web::Response r = post(
        h, "/api/play",
        {{"game", g.name}, {"position", a["position"]}, {"move", m["move"]}, {"analyze", true}});
    ASSERT_EQ(r.status, 200) << g.name << ": " << r.body;
    const json played = json::parse(r.body);
    EXPECT_EQ(played["position"], m["position"]) << g.name;
    EXPECT_EQ(
        played["analysis"],
        json::parse(post(h, "/api/analyze", {{"game", g.name}, {"position", m["position"]}}).body))
        << g.name;
  }
  const web::Response bad = post(
      h, "/api/play", {{"game", "nim"}, {"position", "1 2"}, {"move", "1 1"}, {"analyze", "yes"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(json::parse(bad.body)["error"], "\"analyze\" must be true or false") << bad.body;
}

TEST(WebHandler, BadInputIs400WithTheCommandLinesMessage) {
  const web::Handler h(inline_limits());
  const pp::GameEntry& nim = *pp::find_game("nim");
  const pp::Params params = pp::params_from_json(nim, json::object());
  // The parser's own message, with line and column, as the CLI prints it.
  std::string expected;
  try {
    nim.analyze("3 x 5", params);
  } catch (const pp::InputError& e) {
    expected = e.format("<position>");
  }
  ASSERT_FALSE(expected.empty());
  web::Response r = post(h, "/api/analyze", {{"game", "nim"}, {"position", "3 x 5"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_of(r), expected);
  EXPECT_EQ(error_of(r).rfind("<position>:1:3: ", 0), 0u) << r.body;

  // An illegal move: apply's reason.
  std::string reason;
  try {
    nim.apply("3 4 5", "1 9", params);
  } catch (const pp::RequestError& e) {
    reason = e.what();
  }
  ASSERT_FALSE(reason.empty());
  r = post(h, "/api/play", {{"game", "nim"}, {"position", "3 4 5"}, {"move", "1 9"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(error_of(r), reason);

  EXPECT_EQ(post_raw(h, "/api/analyze", "{\"game\":").status, 400);
  EXPECT_EQ(post_raw(h, "/api/analyze", "[1,2]").status, 400);
  EXPECT_EQ(post_raw(h, "/api/analyze", "{\"game\":\"nim\",\"position\":5}").status, 400);
  EXPECT_EQ(post_raw(h, "/api/analyze", "\xff\xfe").status, 400);
  r = post(h, "/api/analyze", {{"game", "chess"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(error_of(r).find("unknown game 'chess'"), std::string::npos);
  r = post(h, "/api/analyze", {{"game", "assignment"}});  // solve only
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(post(h, "/api/play", {{"game", "nim"}}).status, 400);  // no move
  EXPECT_EQ(h.handle({"GET", "/api/analyze", ""}).status, 405);
  EXPECT_EQ(post_raw(h, "/api/nothing", "{}").status, 404);
}

TEST(WebHandler, GenerateIsTheGamesGenerate) {
  const web::Handler h(inline_limits());
  const pp::GameEntry& g = *pp::find_game("gridgame");
  const pp::Params params = pp::params_from_json(g, json::object());
  const web::Response r = post(h, "/api/generate", {{"game", "gridgame"}, {"seed", 7}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(json::parse(r.body)["input"], g.generate(7, params, {}));
  EXPECT_EQ(post(h, "/api/generate", {{"game", "gridgame"}, {"seed", -1}}).status, 400);
  // An input past the body limit is refused, not built.
  web::Limits small = inline_limits();
  small.max_body = 2000;
  const web::Handler tight(small);
  EXPECT_EQ(post(tight, "/api/generate", {{"game", "gridgame"}, {"options", {{"n", 50}}}}).status,
            413);
}

TEST(WebHandler, SizesAndWorkAreBounded) {
  web::Limits limits = inline_limits();
  limits.max_body = 1000;
  limits.max_position = 100;
  limits.max_states = 50;
  const web::Handler h(limits);
  web::Response r =
      post(h, "/api/analyze", {{"game", "nim"}, {"position", std::string(2000, '1')}});
  EXPECT_EQ(r.status, 413);
  r = post(h, "/api/analyze", {{"game", "nim"}, {"position", std::string(200, '1')}});
  EXPECT_EQ(r.status, 413);
  EXPECT_NE(error_of(r).find("--max-position"), std::string::npos);
  // Within nim's reference cap, past this server's budget of 50 positions.
  r = post(h, "/api/analyze", {{"game", "nim"}, {"position", "5 6 7"}});
  EXPECT_EQ(r.status, 422);
  EXPECT_NE(error_of(r).find("50 stored positions"), std::string::npos) << r.body;
  EXPECT_EQ(post(h, "/api/analyze", {{"game", "nim"}, {"position", "1 2"}}).status, 200);
}

TEST(WebHandler, SlowRequestsGet422AndFreeTheirWorkerAtOnce) {
  // The search's own time, waited for.
  web::Limits patient;
  patient.workers = 1;
  patient.time_limit = std::chrono::seconds(60);
  const web::Handler whole(patient);
  auto start = std::chrono::steady_clock::now();
  ASSERT_EQ(post(whole, "/api/analyze", {{"game", "nim"}, {"position", kSlowNim}}).status, 200);
  const auto full = std::chrono::steady_clock::now() - start;

  web::Limits limits;
  limits.workers = 1;
  limits.queue = 0;
  limits.time_limit = std::chrono::milliseconds(2);
  const web::Handler h(limits);
  // The best of three tries: a loaded machine can stall any one of them.
  auto freed = std::chrono::steady_clock::duration::max();
  for (int trial = 0; trial < 3; ++trial) {
    start = std::chrono::steady_clock::now();
    web::Response r = post(h, "/api/analyze", {{"game", "nim"}, {"position", kSlowNim}});
    // The one worker may still be on its way back from the request before
    // (its answer is out, its thread not yet idle; the queue holds none):
    // a 503 then is the pool's word, not the time limit's, and is asked again.
    const auto busy_until = start + std::chrono::seconds(2);
    while (r.status == 503 && std::chrono::steady_clock::now() < busy_until) {
      start = std::chrono::steady_clock::now();
      r = post(h, "/api/analyze", {{"game", "nim"}, {"position", kSlowNim}});
    }
    EXPECT_EQ(r.status, 422) << r.body;
    EXPECT_NE(error_of(r).find("--time-limit"), std::string::npos);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
    // The search was cancelled: the one worker takes the next request long
    // before the search would have ended (it used to search on, and every
    // request got 503 meanwhile).
    const auto after = std::chrono::steady_clock::now();
    int status = 503;  // 503 while the worker is taken (422: this one, on a stalled machine)
    while (status != 200 && std::chrono::steady_clock::now() - after < 2 * full) {
      status = post(h, "/api/analyze", {{"game", "nim"}, {"position", "1 2"}}).status;
    }
    EXPECT_EQ(status, 200);
    freed = std::min(freed, std::chrono::steady_clock::now() - after);
  }
  EXPECT_LT(freed, full / 2) << "freed after "
                             << std::chrono::duration<double, std::milli>(freed).count()
                             << " ms; the search takes "
                             << std::chrono::duration<double, std::milli>(full).count() << " ms";
  // Pages and the game list do not need a worker.
  EXPECT_EQ(h.handle({"GET", "/api/games", ""}).status, 200);
  EXPECT_EQ(h.handle({"GET", "/", ""}).status, 200);
}

TEST(WebHandler, AFullPoolGets503) {
  web::Limits limits;
  limits.workers = 1;
  limits.queue = 0;
  limits.time_limit = std::chrono::seconds(60);
  const web::Handler h(limits);
  std::atomic<bool> done{false};
  std::thread slow([&] {
    int status = 503;  // while one of the quick requests below holds the worker
    while (status == 503) {
      status = post(h, "/api/analyze", {{"game", "nim"}, {"position", kSlowNim}}).status;
    }
    EXPECT_EQ(status, 200);
    done = true;
  });
  // While the one worker searches, nothing can queue.
  web::Response r;
  while (!done) {
    r = post(h, "/api/analyze", {{"game", "nim"}, {"position", "1 2"}});
    if (r.status == 503) break;
  }
  slow.join();
  EXPECT_EQ(r.status, 503) << r.body;
  EXPECT_EQ(header(r, "Retry-After"), "1");
}

TEST(WebHandler, AStopFlagCancelsTheSearch) {
  const pp::GameEntry& nim = *pp::find_game("nim");
  pp::Params params = pp::params_from_json(nim, json::object());
  std::atomic<bool> stop{true};
  params.limits.stop = &stop;
  EXPECT_THROW(nim.analyze(kSlowNim, params), pp::SearchCancelled);
  stop = false;
  EXPECT_EQ(nim.analyze(kSlowNim, params).position, kSlowNim);
}

TEST(WebHandler, TheBoardsSearchBudgetIsTheCommandLines) {
  // A position `analyze` answers is not refused by the board for its size.
  EXPECT_EQ(web::Limits{}.max_states, pp::SearchLimits{}.max_states);
}

TEST(WebHandler, QueuedRequestsAreServedInTurn) {
  web::Limits limits;
  limits.workers = 2;
  limits.queue = 8;
  const web::Handler h(limits);
  std::vector<std::thread> clients;
  std::vector<int> statuses(8);
  for (int i = 0; i < 8; ++i) {
    clients.emplace_back([&h, &statuses, i] {
      statuses[i] = post(h, "/api/analyze", {{"game", "nim"}, {"position", "3 4 5"}}).status;
    });
  }
  for (auto& t : clients) t.join();
  for (int s : statuses) EXPECT_EQ(s, 200);
}

TEST(WebHandler, AssetsOnlyFromTheEmbeddedTable) {
  const web::Handler h(inline_limits());
  ASSERT_GE(web::asset_count(), 3u);
  web::Response r = h.handle({"GET", "/", ""});
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  EXPECT_EQ(r.body, web::find_asset("/index.html")->body);
  EXPECT_NE(header(r, "Content-Security-Policy").find("script-src 'self'"), std::string::npos);
  EXPECT_EQ(header(r, "X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(h.handle({"GET", "/app.js", ""}).content_type, "text/javascript; charset=utf-8");
  for (std::size_t i = 0; i < web::asset_count(); ++i) {
    const web::Asset& a = web::asset_at(i);
    r = h.handle({"GET", std::string(a.path), ""});
    EXPECT_EQ(r.status, 200) << a.path;
    EXPECT_EQ(r.body, a.body);
  }
  for (const char* path :
       {"/../CMakeLists.txt", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd", "/etc/passwd", "/index.html/..", "/./index.html", "/web/index.html",
        "/%2findex.html", "/index.html%00", "/INDEX.HTML", "index.html", "", "/api",
        "/src/web/handler.cpp", "/..\\..\\etc\\passwd", "/%252e%252e/etc/passwd"}) {
    r = h.handle({"GET", path, ""});
    EXPECT_EQ(r.status, 404) << path;
    EXPECT_EQ(r.content_type, "application/json") << path;
  }
  EXPECT_EQ(h.handle({"POST", "/", ""}).status, 405);
  EXPECT_EQ(h.handle({"DELETE", "/index.html", ""}).status, 405);
}

TEST(WebHttp, RoundTripOnLoopback) {
  web::Limits limits;
  limits.max_body = 4096;
  const web::Handler h(limits);
  web::HttpServer server(h);
  const int port = server.bind("127.0.0.1", 0);
  ASSERT_GT(port, 0);
  std::thread serving([&server] { server.listen(); });

  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(5);
  client.set_read_timeout(10);
  auto games = client.Get("/api/games");
  ASSERT_TRUE(games) << httplib::to_string(games.error());
  EXPECT_EQ(games->status, 200);
  EXPECT_EQ(games->body, h.handle({"GET", "/api/games", ""}).body);
  EXPECT_EQ(games->get_header_value("Content-Type"), "application/json");

  const std::string body = json{{"game", "nim"}, {"position", "3 4 5"}}.dump();
  auto analyzed = client.Post("/api/analyze", body, "application/json");
  ASSERT_TRUE(analyzed);
  EXPECT_EQ(analyzed->status, 200);
  EXPECT_EQ(analyzed->body, post_raw(h, "/api/analyze", body).body);

  auto page = client.Get("/?game=nim&position=3%204%205");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->get_header_value("Content-Security-Policy").find("script-src 'self'"),
            std::string::npos);
  EXPECT_EQ(page->body, web::find_asset("/index.html")->body);

  // cpp-httplib decodes paths; the handler sees the raw one and finds nothing.
  for (const char* path :
       {"/%2e%2e/%2e%2e/etc/passwd", "/..%2fCMakeLists.txt", "/../../etc/passwd"}) {
    auto r = client.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_TRUE(r->status == 404 || r->status == 400) << path << " " << r->status;
    EXPECT_EQ(r->body.find("root:"), std::string::npos);
  }

  auto big = client.Post("/api/analyze", std::string(10000, ' '), "application/json");
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 413);

  server.stop();
  serving.join();
}

TEST(WebHttp, ATakenPortIsRefused) {
  const web::Handler h(inline_limits());
  web::HttpServer first(h);
  const int port = first.bind("127.0.0.1", 0);
  ASSERT_GT(port, 0);
  web::HttpServer second(h);
  EXPECT_EQ(second.bind("127.0.0.1", port), 0);  // no SO_REUSEPORT sharing
}

TEST(WebHandler, OnLoopbackOnlyLoopbackHostsAreServed) {
  web::Limits limits = inline_limits();
  limits.loopback_hosts_only = true;
  const web::Handler h(limits);
  for (const char* host :
       {"127.0.0.1:8080", "localhost:1", "[::1]:8080", "localhost", "127.0.0.1", "[::1]"}) {
    web::Request r{"GET", "/api/games", ""};
    r.host = host;
    EXPECT_EQ(h.handle(r).status, 200) << host;
  }
  // A page elsewhere whose name now resolves to 127.0.0.1 (DNS rebinding).
  for (const char* host : {"evil.example:8080", "evil.example", "", "127.0.0.1.evil.example",
                           "localhost:80x", "127.0.0.1:", "[::1]x", "localhost.:8080"}) {
    web::Request r{"POST", "/api/analyze", R"({"game":"nim"})"};
    r.host = host;
    const web::Response res = h.handle(r);
    EXPECT_EQ(res.status, 403) << host;
    EXPECT_EQ(res.content_type, "application/json");
  }
}

// ---- Issue 31: what a hostile client or web page sends. ----

namespace {

std::string nested_arrays(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

std::string nested_objects(std::size_t depth) {
  std::string s;
  s.reserve(depth * 6 + 1);
  for (std::size_t i = 0; i < depth; ++i) s += "{\"\":";
  s += '1';
  s.append(depth, '}');
  return s;
}

// Every field of every route with `nested` in it, as a request body, and the
// route it goes to.
std::vector<std::pair<std::string, std::string>> bodies_with(const std::string& nested) {
  return {
      {"/api/analyze", nested},
      {"/api/analyze", "{\"game\":" + nested + "}"},
      {"/api/analyze", "{\"game\":\"nim\",\"options\":" + nested + "}"},
      {"/api/analyze", "{\"game\":\"nim\",\"options\":{\"misere\":" + nested + "}}"},
      {"/api/hint", "{\"game\":\"nim\",\"position\":" + nested + "}"},
      {"/api/play", "{\"game\":\"nim\",\"position\":\"1 2\",\"move\":" + nested + "}"},
      {"/api/generate", "{\"game\":\"nim\",\"seed\":" + nested + "}"},
      {"/api/analyze", "{\"game\":\"nim\",\"unknown\":" + nested + "}"},
  };
}

}  // namespace

TEST(WebHandler, NestingIsMeasuredOutsideStringsOnly) {
  EXPECT_FALSE(web::nested_deeper_than("", 1));
  EXPECT_FALSE(web::nested_deeper_than("[[]]", 2));
  EXPECT_TRUE(web::nested_deeper_than("[[[]]]", 2));
  EXPECT_TRUE(web::nested_deeper_than("{\"a\":{\"b\":[1]}}", 2));
  EXPECT_FALSE(web::nested_deeper_than("{\"a\":\"[[[[{{{{\"}", 1));
  EXPECT_FALSE(web::nested_deeper_than("{\"a\":\"\\\"[[[[\"}", 1));  // an escaped quote
  EXPECT_TRUE(web::nested_deeper_than("{\"a\\\\\":[[1]]}", 2));      // an escaped backslash
  EXPECT_FALSE(web::nested_deeper_than("]]]][[", 2));                // unbalanced: the parser's
  EXPECT_TRUE(web::nested_deeper_than(nested_arrays(1'000'000), web::kMaxJsonDepth));
  EXPECT_FALSE(web::nested_deeper_than(nested_arrays(web::kMaxJsonDepth), web::kMaxJsonDepth));
}

TEST(WebHandler, DeepNestingIsRefusedInEveryField) {
  web::Limits limits = inline_limits();
  limits.max_body = std::size_t{8} << 20;
  const web::Handler h(limits);
  for (const std::size_t depth :
       {std::size_t{65}, std::size_t{1000}, std::size_t{100'000}, std::size_t{1'000'000}}) {
    for (const std::string& nested : {nested_arrays(depth), nested_objects(depth)}) {
      for (const auto& [route, body] : bodies_with(nested)) {
        const web::Response r = post_raw(h, route, body);
        ASSERT_EQ(r.status, 400) << route << " depth " << depth << ": " << body.substr(0, 60);
        EXPECT_NE(error_of(r).find("deeper than 64"), std::string::npos) << r.body;
      }
    }
  }
  // 64 levels reach the parser, and each field's own check.
  const web::Response r =
      post_raw(h, "/api/analyze", "{\"game\":\"nim\",\"options\":" + nested_arrays(63) + "}");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(error_of(r).find("\"options\" must be an object"), std::string::npos) << r.body;
}

TEST(WebHandler, OnlyJsonIsTakenAndOnlyFromTheServersOwnPage) {
  const web::Handler h(inline_limits());
  const std::string body = R"({"game":"nim","position":"1 2"})";
  const auto request = [&](const std::string& content_type, const std::string& origin,
                           const std::string& fetch_site) {
    web::Request r{"POST", "/api/analyze", body, "127.0.0.1:8080"};
    r.content_type = content_type;
    r.origin = origin;
    r.sec_fetch_site = fetch_site;
    return h.handle(r);
  };
  // What a page elsewhere can send without asking first (a form, a "simple"
  // fetch), and no type at all: 415.
  for (const char* type :
       {"", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x", "application/jsonx", "application/json-seq", "json"}) {
    const web::Response r = request(type, "", "");
    EXPECT_EQ(r.status, 415) << type;
    EXPECT_EQ(r.content_type, "application/json");
    EXPECT_NE(header(r, "Content-Security-Policy"), "");
  }
  for (const char* type : {"application/json", "application/json; charset=utf-8",
                           "Application/JSON", " application/json ;x=y"}) {
    EXPECT_EQ(request(type, "", "").status, 200) << type;
  }
  // Our own page: same origin, exactly.
  EXPECT_EQ(request("application/json", "http://127.0.0.1:8080", "same-origin").status, 200);
  EXPECT_EQ(request("application/json", "", "none").status, 200);
  for (const char* origin : {"http://127.0.0.1:9999", "http://127.0.0.1", "http://localhost:8080",
                             "https://127.0.0.1:8080", "null", "http://evil.example",
                             "http://127.0.0.1:8080.evil.example"}) {
    const web::Response r = request("application/json", origin, "");
    EXPECT_EQ(r.status, 403) << origin;
    EXPECT_NE(error_of(r).find("other web pages"), std::string::npos) << r.body;
  }
  for (const char* site : {"cross-site", "same-site", "anything"}) {
    EXPECT_EQ(request("application/json", "", site).status, 403) << site;
  }
  // The same for GETs (the page, the game list) from elsewhere.
  web::Request get{"GET", "/api/games", "", "127.0.0.1:8080"};
  get.sec_fetch_site = "cross-site";
  EXPECT_EQ(h.handle(get).status, 403);
  get.path = "/";
  get.sec_fetch_site = "";
  get.origin = "http://127.0.0.1:9999";
  EXPECT_EQ(h.handle(get).status, 403);
}

TEST(WebHandler, EveryLoopbackAddressIsLoopback) {
  for (const char* a : {"localhost", "127.0.0.1", "127.0.0.2", "127.255.255.254", "::1",
                        "::ffff:127.0.0.1", "::ffff:7f00:1", "0:0:0:0:0:0:0:1"}) {
    EXPECT_TRUE(web::loopback_address(a)) << a;
  }
  for (const char* a :
       {"", "0.0.0.0", "128.0.0.1", "10.0.0.1", "::", "::ffff:10.0.0.1", "::ffff:128.0.0.1",
        "localhost.", "127.0.0.1.evil.example", "127.1", "[::1]", "evil.example"}) {
    EXPECT_FALSE(web::loopback_address(a)) << a;
  }
  web::Limits limits = inline_limits();
  limits.loopback_hosts_only = true;
  limits.own_host = "ip6-localhost";
  const web::Handler h(limits);
  // The URLs `serve --host 127.0.0.2` and `--host ::ffff:127.0.0.1` print (a
  // browser writes the latter [::ffff:7f00:1]), and --host's own name.
  for (const char* host : {"127.0.0.2:8080", "[::ffff:127.0.0.1]:8080", "[::ffff:7f00:1]:8080",
                           "127.0.0.2", "ip6-localhost:8080", "ip6-localhost"}) {
    web::Request r{"GET", "/api/games", "", host};
    EXPECT_EQ(h.handle(r).status, 200) << host;
  }
  for (const char* host : {"[127.0.0.1]:8080", "::1", "::1:8080", "[::ffff:10.0.0.1]:8080", "[::1",
                           "[::1]:", "ip6-localhostx:8080", "ip6-localhost:x"}) {
    web::Request r{"GET", "/api/games", "", host};
    EXPECT_EQ(h.handle(r).status, 403) << host;
  }
}

namespace {

// A loopback server on an ephemeral port, serving until destroyed.
class LiveServer {
 public:
  LiveServer(web::Limits limits, web::ServerLimits server_limits)
      : handler_(limits), server_(handler_, server_limits) {
    port_ = server_.bind("127.0.0.1", 0);
    serving_ = std::thread([this] { server_.listen(); });
  }
  ~LiveServer() {
    server_.stop();
    serving_.join();
  }
  int port() const { return port_; }
  web::HttpServer& server() { return server_; }

 private:
  web::Handler handler_;
  web::HttpServer server_;
  int port_ = 0;
  std::thread serving_;
};

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

bool send_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// What the server sends until it closes, or until `wait` passes.
std::string read_reply(int fd, std::chrono::milliseconds wait) {
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + wait;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

// Whether the server closed `fd` (EOF or reset) within `wait`.
bool closed_by_server(int fd, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  char buf[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    if (::recv(fd, buf, sizeof buf, 0) <= 0) return true;
  }
}

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST(WebHttp, DeepNestingIsRefusedAndTheServerAnswersOn) {
  web::Limits limits;
  limits.max_body = std::size_t{4} << 20;
  LiveServer live(limits, {});
  httplib::Client client("127.0.0.1", live.port());
  client.set_read_timeout(30);
  for (const std::size_t depth :
       {std::size_t{1000}, std::size_t{10'000}, std::size_t{100'000}, std::size_t{1'000'000}}) {
    for (const auto& [route, body] : bodies_with(nested_arrays(depth))) {
      auto r = client.Post(route, body, "application/json");
      ASSERT_TRUE(r) << route << " depth " << depth << ": " << httplib::to_string(r.error());
      EXPECT_EQ(r->status, 400) << route << " depth " << depth;
      auto games = client.Get("/api/games");
      ASSERT_TRUE(games) << "no answer after " << route << " depth " << depth;
      EXPECT_EQ(games->status, 200);
    }
  }
}

// A browser accepts "gzip, deflate, br, zstd"; cpp-httplib answered with
// brotli at quality 11, 130 to 200 ms for a 25 KB analysis (the board's
// slowest clicks, docs/performance.md). The gate hides "br": gzip answers.
TEST(WebHttp, BrowsersGetGzipNotBrotli) {
  LiveServer live({}, {});
  const auto head_of_reply = [&](const std::string& request) {
    const int fd = connect_to(live.port());
    EXPECT_GE(fd, 0);
    EXPECT_TRUE(send_all(fd, request));
    const std::string reply = read_reply(fd, std::chrono::milliseconds(5000));
    ::close(fd);
    return reply.substr(0, reply.find("\r\n\r\n") + 2);
  };
  const std::string body = json{{"game", "nim"}, {"position", "5 5 5 5"}}.dump();
  const auto post = [&](const char* encoding) {
    return fmt::format(
        "POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "{}\r\nContent-Length: {}\r\n\r\n{}",
        encoding, body.size(), body);
  };
  for (const char* encoding :
       {"Accept-Encoding: gzip, deflate, br, zstd", "accept-encoding: br;q=1.0, gzip;q=0.8"}) {
    const std::string head = head_of_reply(post(encoding));
    EXPECT_NE(head.find(" 200 "), std::string::npos) << head;
    EXPECT_NE(head.find("Content-Encoding: gzip\r\n"), std::string::npos) << encoding << head;
  }
  // Brotli alone: no compression at all, and the body is the JSON.
  const std::string only_br = head_of_reply(post("Accept-Encoding: br"));
  EXPECT_NE(only_br.find(" 200 "), std::string::npos) << only_br;
  EXPECT_EQ(only_br.find("Content-Encoding"), std::string::npos) << only_br;
  // The page's script too (a page load sent 60 KB through brotli).
  const std::string script = head_of_reply(
      "GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n");
  EXPECT_NE(script.find("Content-Encoding: gzip\r\n"), std::string::npos) << script;
}

TEST(WebHttp, TricklingClientsHoldNoThreadAndTheirHeadHasADeadline) {
  web::ServerLimits server;
  server.head_timeout = std::chrono::milliseconds(1500);
  LiveServer live({}, server);
  // 200 connections that each send a header line every 100 ms, for ever.
  std::vector<int> slow;
  for (int i = 0; i < 200; ++i) {
    const int fd = connect_to(live.port());
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(send_all(fd, "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    slow.push_back(fd);
  }
  std::atomic<bool> trickling{true};
  std::thread trickle([&] {
    while (trickling) {
      for (const int fd : slow) send_all(fd, "X-Slow: 1\r\n");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  const auto start = std::chrono::steady_clock::now();
  // Meanwhile the page and the game list are answered at once.
  httplib::Client client("127.0.0.1", live.port());
  client.set_read_timeout(5);
  double worst = 0;
  for (int i = 0; i < 5; ++i) {
    for (const char* path : {"/", "/api/games", "/app.js"}) {
      const auto t = std::chrono::steady_clock::now();
      auto r = client.Get(path);
      ASSERT_TRUE(r) << path;
      EXPECT_EQ(r->status, 200) << path;
      worst = std::max(worst, ms_since(t));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  EXPECT_LT(worst, 1000) << "the slowest answer took " << worst << " ms";
  // Each trickler is cut at its head's deadline though it kept sending.
  int cut = 0;
  for (const int fd : slow) cut += closed_by_server(fd, std::chrono::milliseconds(3000)) ? 1 : 0;
  const double cut_after = ms_since(start);
  trickling = false;
  trickle.join();
  for (const int fd : slow) ::close(fd);
  EXPECT_EQ(cut, 200);
  EXPECT_LT(cut_after, 4500);
}

TEST(WebHttp, OneClientsConnectionsAreCapped) {
  web::ServerLimits server;
  server.per_client = 8;
  LiveServer live({}, server);
  std::vector<int> idle;
  for (int i = 0; i < 20; ++i) idle.push_back(connect_to(live.port()));
  // The oldest idle ones were dropped to make room: the server holds 8.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_LE(live.server().open_connections(), 8u);
  int dropped = 0;
  for (const int fd : idle) dropped += closed_by_server(fd, std::chrono::milliseconds(50)) ? 1 : 0;
  EXPECT_GE(dropped, 12);
  // A quick request from the same address is still served.
  httplib::Client client("127.0.0.1", live.port());
  auto r = client.Get("/api/games");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  for (const int fd : idle) ::close(fd);
}

TEST(WebHttp, ABodyPastTheLimitIsRefusedWhileItArrives) {
  web::Limits limits;
  limits.max_body = 64 << 10;
  LiveServer live(limits, {});
  const std::string head = fmt::format(
      "POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n",
      live.port());
  // Chunked: 64 MB offered in 16 KB chunks; the 413 comes after about the
  // limit (plus what the sockets buffer), not after the whole body.
  {
    const int fd = connect_to(live.port());
    ASSERT_TRUE(send_all(fd, head));
    const std::string chunk = fmt::format("4000\r\n{}\r\n", std::string(16384, ' '));
    std::size_t sent = 0;
    std::string reply;
    while (sent < (std::size_t{64} << 20)) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 0) > 0) break;  // the answer came
      if (!send_all(fd, chunk)) break;  // or the server closed
      sent += 16384;
    }
    reply = read_reply(fd, std::chrono::milliseconds(5000));
    ::close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 413", 0), 0u) << reply.substr(0, 200);
    EXPECT_NE(reply.find("--max-body"), std::string::npos);
    EXPECT_LT(sent, std::size_t{16} << 20) << "the server read " << sent << " bytes first";
  }
  // A chunk-size line without end: refused within the byte budget.
  {
    const int fd = connect_to(live.port());
    ASSERT_TRUE(send_all(fd, head));
    const std::string fs(65536, 'f');
    std::size_t sent = 0;
    while (sent < (std::size_t{64} << 20)) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 0) > 0) break;
      if (!send_all(fd, fs)) break;
      sent += fs.size();
    }
    const std::string reply = read_reply(fd, std::chrono::milliseconds(5000));
    ::close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 413", 0), 0u) << reply.substr(0, 200);
    EXPECT_LT(sent, std::size_t{16} << 20);
  }
  // A Content-Length past the limit: refused before any of the body.
  {
    const int fd = connect_to(live.port());
    ASSERT_TRUE(send_all(fd, fmt::format("POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                         "Content-Type: application/json\r\n"
                                         "Content-Length: 1000000000\r\n\r\n{{")));
    const std::string reply = read_reply(fd, std::chrono::milliseconds(5000));
    ::close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 413", 0), 0u) << reply.substr(0, 200);
  }
  // At the limit exactly, a body is read (and is not JSON: 400).
  httplib::Client client("127.0.0.1", live.port());
  auto r = client.Post("/api/analyze", std::string(64 << 10, ' '), "application/json");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
}

TEST(WebHttp, PagesDoNotWaitBehindSearches) {
  web::Limits limits;
  limits.workers = 2;
  limits.queue = 16;
  LiveServer live(limits, {});
  // 16 clients keep the API busy with analyses that queue for the workers.
  std::atomic<bool> busy{true};
  std::atomic<int> analyses{0};
  std::vector<std::thread> clients;
  const std::string body = json{{"game", "nim"}, {"position", kSlowNim}}.dump();
  for (int i = 0; i < 16; ++i) {
    clients.emplace_back([&] {
      httplib::Client c("127.0.0.1", live.port());
      c.set_read_timeout(30);
      while (busy) {
        auto r = c.Post("/api/analyze", body, "application/json");
        if (r && r->status == 200) ++analyses;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  httplib::Client client("127.0.0.1", live.port());
  double worst = 0;
  for (int i = 0; i < 6; ++i) {
    for (const char* path : {"/", "/api/games", "/style.css"}) {
      const auto t = std::chrono::steady_clock::now();
      auto r = client.Get(path);
      ASSERT_TRUE(r) << path;
      EXPECT_EQ(r->status, 200) << path;
      worst = std::max(worst, ms_since(t));
    }
  }
  busy = false;
  for (auto& t : clients) t.join();
  EXPECT_GT(analyses.load(), 0);
  EXPECT_LT(worst, 1000) << "the slowest page took " << worst << " ms";
}

TEST(WebHttp, StopIsPromptUnderLoad) {
  web::Limits limits;
  limits.workers = 2;
  limits.queue = 16;
  limits.time_limit = std::chrono::seconds(60);
  auto live = std::make_unique<LiveServer>(limits, web::ServerLimits{});
  const int port = live->port();
  std::vector<std::thread> clients;
  const std::string body = json{{"game", "nim"}, {"position", kSlowNim}}.dump();
  for (int i = 0; i < 16; ++i) {
    clients.emplace_back([port, &body] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(30);
      for (int k = 0; k < 50; ++k) {
        if (!c.Post("/api/analyze", body, "application/json")) return;
      }
    });
  }
  std::vector<int> slow;
  for (int i = 0; i < 50; ++i) slow.push_back(connect_to(port));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto t = std::chrono::steady_clock::now();
  live.reset();  // stop() and join
  const double took = ms_since(t);
  for (auto& c : clients) c.join();
  for (const int fd : slow) ::close(fd);
  EXPECT_LT(took, 1000) << "stopping took " << took << " ms";
}
