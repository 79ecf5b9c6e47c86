// The web board on a socket: cpp-httplib (Debian's libcpp-httplib-dev) in
// front of a Handler. Configuration only; every answer is the handler's.
#pragma once

#include <memory>
#include <string>

#include "web/handler.h"

namespace httplib {
class Server;
}

namespace perfectplay::web {

class HttpServer {
 public:
  // `connections`: the threads that read and write sockets (a keep-alive
  // connection holds one while it is open); the solving is the handler's
  // pool.
  HttpServer(const Handler& handler, unsigned connections);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds `host`:`port` (0: a free port); returns the port, or 0 when the
  // address cannot be bound (taken, or not this machine's).
  int bind(const std::string& host, int port);
  // Serves until stop(); false if it could not.
  bool listen();
  // From any thread; listen() returns soon after.
  void stop();

 private:
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace perfectplay::web
