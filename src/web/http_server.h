// The web board on a socket: a gate of our own in front of cpp-httplib
// (Debian's libcpp-httplib-dev) in front of a Handler.
//
// cpp-httplib's own server gives every accepted connection a pool thread and
// times out each read separately, so a client that sends one header byte now
// and then holds a thread for ever, and a few of them stop the server
// (slowloris). So the socket is ours:
//
//   accept --> gate (one thread, epoll) --------------> pages pool (GET, HEAD)
//              reads every request head, non-blocking,  api pool   (the rest)
//              whole head within head_timeout, at most       |
//              per_client connections from one address       | cpp-httplib parses the
//              (past it the address's oldest connection      | head, reads the body
//              still sending its head is dropped)            | (within max_body and
//                 ^                                          | body_timeout), routes
//                 +----- lingering close (drains, then) <----+ to the Handler
//
// A connection reaches a pool thread only once its whole head has arrived,
// so the threads are never held by a client that is still typing; pages and
// the game list have their own threads, so they never wait behind searches
// or behind uploads. Each connection serves one request (Connection: close):
// a kept-alive connection would be a head the gate does not see. cpp-httplib
// still does all the HTTP: the request line, headers, chunked decoding,
// 100-continue, writing the response (Server::process_request on a Stream
// of ours that serves the head the gate read, then the socket, against one
// deadline).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "web/handler.h"

namespace perfectplay::web {

struct ServerLimits {
  // Threads that serve requests with a body (the API's POSTs): each holds
  // one body of at most Limits::max_body while it is read and answered.
  unsigned api_threads = 16;
  // Threads that serve GET and HEAD (the page, its assets, the game list).
  unsigned page_threads = 4;
  // The whole request head (request line and headers) must arrive within
  // this, counted from the accept; then 408 and the connection is closed.
  std::chrono::milliseconds head_timeout{5000};
  // The rest of the request (the body) and then the response each get this,
  // counted from the end of the head and from the first byte written.
  std::chrono::milliseconds body_timeout{10000};
  // Connections one client address may hold at once. At the cap, a new one
  // replaces the address's oldest connection still sending its head (so a
  // slow client cannot lock out a quick one from the same address, as on
  // loopback, where every client is 127.0.0.1); when none is, it gets 503.
  unsigned per_client = 256;
  // Connections held at once, over all clients (then 503). Kept under
  // FD_SETSIZE (1024): cpp-httplib, built without CPPHTTPLIB_USE_POLL,
  // answers 500 on a descriptor past it.
  unsigned max_connections = 768;
  std::size_t max_head = 16384;  // bytes of a request head (then 431)
};

class HttpServer {
 public:
  HttpServer(const Handler& handler, ServerLimits limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds `host`:`port` (0: a free port); returns the port, or 0 when the
  // address cannot be bound (taken, or not this machine's).
  int bind(const std::string& host, int port);
  // Serves until stop(); false if it could not (not bound).
  bool listen();
  // From any thread; listen() returns soon after: the connections being
  // served are shut down and the threads joined.
  void stop();

  const ServerLimits& limits() const { return limits_; }

  // What the gate holds now (for the tests): connections open, and those
  // still sending their head.
  std::size_t open_connections() const { return open_count_.load(); }

  class Core;  // cpp-httplib's Server, used for its request processing only

 private:
  struct Conn;
  void gate_loop();
  void accept_all();
  void read_head(int fd);
  void close_conn(int fd);
  void dispatch(int fd);
  void serve(int fd, std::string head, std::string client, bool page);
  void hand_back(int fd, const std::string& client);
  void wake();

  const Handler& handler_;
  ServerLimits limits_;
  std::unique_ptr<Core> core_;
  int listen_fd_ = -1;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> open_count_{0};

  // The gate's own state (its thread only).
  std::unordered_map<int, std::unique_ptr<Conn>> conns_;
  std::unordered_map<std::string, unsigned> per_client_;

  // Connections a pool thread is done with, for the gate to drain and close.
  std::mutex handback_mutex_;
  std::vector<std::pair<int, std::string>> handback_;
  // Connections on pool threads, shut down by stop().
  std::mutex active_mutex_;
  std::unordered_set<int> active_;

  class Pool;
  std::unique_ptr<Pool> pages_;
  std::unique_ptr<Pool> api_;
};

}  // namespace perfectplay::web
