// A bounded load test of the web board's API on loopback: N clients, each on
// its own keep-alive connection, send POST /api/analyze for T seconds; every
// response is checked (status 200 and the very bytes the handler gives in
// process for that request) and its latency recorded.
//
//   perfectplay_web_load [--clients N] [--seconds T] [--url http://127.0.0.1:PORT]
//
// Without --url it serves the board itself on an ephemeral loopback port,
// with `perfectplay serve`'s defaults. The positions are every game's
// default and example positions whose value comes from the exhaustive
// reference (analyze within the reference cap). Exit status 1 if any
// response was wrong.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "registry/registry.h"
#include "web/handler.h"
#include "web/http_server.h"

namespace web = perfectplay::web;
using Clock = std::chrono::steady_clock;

namespace {

struct Case {
  std::string label;
  std::string body;
  std::string expected;
};

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p / 100.0 * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return v[k];
}

}  // namespace

int main(int argc, char** argv) {
  int clients = 4;
  double seconds = 10;
  std::string url;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--clients") clients = std::max(1, std::atoi(argv[i + 1]));
    if (flag == "--seconds") seconds = std::atof(argv[i + 1]);
    if (flag == "--url") url = argv[i + 1];
  }

  const web::Handler local(web::Limits{});
  std::vector<Case> cases;
  for (const perfectplay::GameEntry& g : perfectplay::all_games()) {
    if (!g.analyze) continue;
    std::vector<std::string> positions = {g.default_position};
    positions.insert(positions.end(), g.example_positions.begin(), g.example_positions.end());
    for (const std::string& p : positions) {
      const std::string body = nlohmann::json{{"game", g.name}, {"position", p}}.dump();
      const auto t0 = Clock::now();
      web::Request request{"POST", "/api/analyze", body};
      request.content_type = "application/json";
      const web::Response r = local.handle(request);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      if (std::getenv("PERFECTPLAY_LOAD_VERBOSE") != nullptr) {
        std::printf("in process: %8.2f ms  %s %s\n", ms, g.name.c_str(),
                    p.substr(0, p.find('\n')).c_str());
      }
      if (r.status != 200) continue;
      if (nlohmann::json::parse(r.body)["value"]["source"] != "reference") continue;
      std::string label = g.name + " " + p.substr(0, p.find('\n'));
      cases.push_back({label.substr(0, 40), body, r.body});
    }
  }

  std::unique_ptr<web::Handler> handler;
  std::unique_ptr<web::HttpServer> server;
  std::thread serving;
  std::string host = "127.0.0.1";
  int port = 0;
  if (url.empty()) {
    handler = std::make_unique<web::Handler>(web::Limits{});
    server = std::make_unique<web::HttpServer>(*handler);
    port = server->bind(host, 0);
    if (port == 0) {
      std::fprintf(stderr, "cannot bind a loopback port\n");
      return 1;
    }
    serving = std::thread([&] { server->listen(); });
  } else {
    const auto colon = url.rfind(':');
    host = url.substr(url.find("//") + 2, colon - url.find("//") - 2);
    port = std::atoi(url.c_str() + colon + 1);
  }

  std::atomic<long> wrong{0};
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  std::vector<std::string> first_error(static_cast<std::size_t>(clients));
  const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      httplib::Client client(host, port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      client.set_read_timeout(30);
      auto& lat = latencies[static_cast<std::size_t>(c)];
      for (std::size_t i = static_cast<std::size_t>(c); Clock::now() < deadline; ++i) {
        const Case& k = cases[i % cases.size()];
        const auto t0 = Clock::now();
        auto res = client.Post("/api/analyze", k.body, "application/json");
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
        lat.push_back(ms);
        if (!res || res->status != 200 || res->body != k.expected) {
          if (wrong++ == 0 || first_error[static_cast<std::size_t>(c)].empty()) {
            first_error[static_cast<std::size_t>(c)] =
                k.label + ": " +
                (res ? std::to_string(res->status) + " " + res->body.substr(0, 200)
                     : httplib::to_string(res.error()));
          }
        }
      }
    });
  }
  for (auto& t : threads) t.join();
  if (server) {
    server->stop();
    serving.join();
  }

  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  const double p50 = percentile(all, 50), p90 = percentile(all, 90), p99 = percentile(all, 99);
  const double max = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
  std::printf(
      "web load: %d clients, %.1f s, %zu positions (reference values), %zu requests, "
      "%.0f requests/s, %ld wrong\n",
      clients, seconds, cases.size(), all.size(), static_cast<double>(all.size()) / seconds,
      wrong.load());
  std::printf("latency ms: p50 %.2f  p90 %.2f  p99 %.2f  max %.2f\n", p50, p90, p99, max);
  for (const auto& e : first_error) {
    if (!e.empty()) std::printf("wrong: %s\n", e.c_str());
  }
  return wrong.load() == 0 && !all.empty() ? 0 : 1;
}
