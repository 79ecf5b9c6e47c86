#include "web/http_server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <utility>

namespace perfectplay::web {

namespace {

// The path is the raw target up to its query, percent-encoding kept: the
// handler matches it exactly against the embedded assets, so nothing decoded
// reaches anything.
void serve_request(const Handler& handler, const httplib::Request& req, httplib::Response& res) {
  Request r;
  r.method = req.method;
  r.path = req.target.substr(0, req.target.find('?'));
  r.body = req.body;
  r.host = req.get_header_value("Host");
  Response out = handler.handle(r);
  res.status = out.status;
  for (auto& [name, value] : out.headers) res.set_header(name.c_str(), value);
  res.set_content(std::move(out.body), out.content_type.c_str());
}

}  // namespace

HttpServer::HttpServer(const Handler& handler, unsigned connections)
    : server_(std::make_unique<httplib::Server>()) {
  httplib::Server& s = *server_;
  s.new_task_queue = [connections] { return new httplib::ThreadPool(connections); };
  // SO_REUSEADDR (a restart need not wait for TIME_WAIT) but not cpp-httplib's
  // default SO_REUSEPORT, with which a second server binds the same port.
  s.set_socket_options([](int sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  s.set_tcp_nodelay(true);
  s.set_payload_max_length(handler.limits().max_body);
  s.set_keep_alive_timeout(5);
  s.set_read_timeout(10);
  s.set_write_timeout(10);
  const auto route = [&handler](const httplib::Request& req, httplib::Response& res) {
    serve_request(handler, req, res);
  };
  s.Get(".*", route);
  s.Post(".*", route);
  s.Put(".*", route);
  s.Patch(".*", route);
  s.Delete(".*", route);
  s.Options(".*", route);
  // What cpp-httplib refuses itself (a body over the limit: 413; a method it
  // does not know: 400) gets the handler's JSON shape and headers too.
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const char* what = res.status == 413 ? "the body is over the limit (--max-body)"
                                         : "the request could not be read";
    res.set_content(
        fmt::format("{{\"error\":\"{}\",\"schema\":1,\"status\":{}}}\n", what, res.status),
        "application/json");
    for (const auto& [name, value] : security_headers()) res.set_header(name.c_str(), value);
  });
}

HttpServer::~HttpServer() = default;

int HttpServer::bind(const std::string& host, int port) {
  if (port == 0) return std::max(server_->bind_to_any_port(host), 0);
  return server_->bind_to_port(host.c_str(), port) ? port : 0;
}

bool HttpServer::listen() {
  return server_->listen_after_bind();
}

void HttpServer::stop() {
  server_->stop();
}

}  // namespace perfectplay::web
