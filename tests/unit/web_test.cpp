// The web board's handler (src/web/handler.h) without sockets, and one real
// HTTP round trip through cpp-httplib on an ephemeral loopback port.
#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "api/analysis.h"
#include "core/input_error.h"
#include "registry/registry.h"
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

web::Response post(const web::Handler& h, const std::string& path, const json& body) {
  return h.handle({"POST", path, body.dump()});
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
  EXPECT_EQ(h.handle({"POST", "/api/games", "{}"}).status, 405);
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
    }
  }
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

  EXPECT_EQ(h.handle({"POST", "/api/analyze", "{\"game\":"}).status, 400);
  EXPECT_EQ(h.handle({"POST", "/api/analyze", "[1,2]"}).status, 400);
  EXPECT_EQ(h.handle({"POST", "/api/analyze", "{\"game\":\"nim\",\"position\":5}"}).status, 400);
  EXPECT_EQ(h.handle({"POST", "/api/analyze", "\xff\xfe"}).status, 400);
  r = post(h, "/api/analyze", {{"game", "chess"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(error_of(r).find("unknown game 'chess'"), std::string::npos);
  r = post(h, "/api/analyze", {{"game", "assignment"}});  // solve only
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(post(h, "/api/play", {{"game", "nim"}}).status, 400);  // no move
  EXPECT_EQ(h.handle({"GET", "/api/analyze", ""}).status, 405);
  EXPECT_EQ(h.handle({"POST", "/api/nothing", "{}"}).status, 404);
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

TEST(WebHandler, SlowRequestsGet422AndAFullPoolGets503) {
  web::Limits limits;
  limits.workers = 1;
  limits.queue = 0;
  limits.time_limit = std::chrono::milliseconds(2);
  const web::Handler h(limits);
  const auto start = std::chrono::steady_clock::now();
  web::Response r = post(h, "/api/analyze", {{"game", "nim"}, {"position", kSlowNim}});
  EXPECT_EQ(r.status, 422) << r.body;
  EXPECT_NE(error_of(r).find("--time-limit"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  // The one worker still searches: nothing can queue.
  r = post(h, "/api/analyze", {{"game", "nim"}, {"position", "1 2"}});
  EXPECT_EQ(r.status, 503) << r.body;
  EXPECT_EQ(header(r, "Retry-After"), "1");
  // Pages and the game list do not need a worker.
  EXPECT_EQ(h.handle({"GET", "/api/games", ""}).status, 200);
  EXPECT_EQ(h.handle({"GET", "/", ""}).status, 200);
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
  web::HttpServer server(h, 4);
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
  EXPECT_EQ(analyzed->body, h.handle({"POST", "/api/analyze", body}).body);

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
  web::HttpServer first(h, 1);
  const int port = first.bind("127.0.0.1", 0);
  ASSERT_GT(port, 0);
  web::HttpServer second(h, 1);
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
