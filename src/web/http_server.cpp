#include "web/http_server.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <httplib.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <limits>
#include <string_view>
#include <utility>

namespace perfectplay::web {

namespace {

using Clock = std::chrono::steady_clock;

// A lingering close: after the response, the write side is shut and what the
// client still sends (the rest of a body refused early) is read and dropped
// for at most this long, so that its 413 is not lost to a reset.
constexpr std::chrono::milliseconds kLinger{2000};

// Waits until `fd` is ready for `events` or `deadline` passes.
bool wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, events, 0};
    const int n = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
    if (n > 0) return true;  // ready, or an error or hang-up that the next call reports
    if (n < 0 && errno != EINTR) return false;
  }
}

// The client address of a socket ("127.0.0.1", "::1"), and its port.
std::pair<std::string, int> peer_of(int fd) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return {"", 0};
  char text[INET6_ADDRSTRLEN] = {};
  if (addr.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(addr);
    ::inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
    return {text, ntohs(a.sin_port)};
  }
  const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
  ::inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
  return {text, ntohs(a.sin6_port)};
}

// cpp-httplib 0.11 compresses a response with brotli whenever the request's
// Accept-Encoding holds "br" (every browser's does), at brotli's default
// quality, 11: 130 to 200 ms for a 25 KB analysis on our machines, where gzip
// (its next choice) takes 1.4 ms and leaves 1 KB. It has no setting for this,
// so the gate hides "br" from it: in the head's Accept-Encoding lines each "br"
// becomes "--" (cpp-httplib looks for the substring; the same length keeps
// every byte after it in place), and the response is gzip's.
void prefer_gzip(std::string& head) {
  const std::size_t end = head.find("\r\n\r\n");
  constexpr std::string_view kName = "accept-encoding:";
  for (std::size_t line = head.find("\r\n"); line != std::string::npos && line < end;
       line = head.find("\r\n", line + 2)) {
    const std::size_t from = line + 2;
    if (head.size() - from < kName.size()) break;
    bool match = true;
    for (std::size_t i = 0; i < kName.size() && match; ++i) {
      const char c = head[from + i];
      match = (c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) == kName[i];
    }
    if (!match) continue;
    const std::size_t stop = std::min(head.find("\r\n", from), end);
    for (std::size_t i = from + kName.size(); i + 1 < stop; ++i) {
      if (head[i] == 'b' && head[i + 1] == 'r') head.replace(i, 2, "--");
    }
  }
}

// A short answer written by the gate itself (the connection is then closed):
// never blocks, and a client that does not read it simply loses it.
void refuse(int fd, int status, const char* reason, const char* message) {
  const std::string body =
      fmt::format("{{\"error\":\"{}\",\"schema\":1,\"status\":{}}}\n", message, status);
  const std::string text = fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n"
      "Connection: close\r\n\r\n{}",
      status, reason, body.size(), body);
  [[maybe_unused]] const ssize_t n =
      ::send(fd, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

// The request as cpp-httplib read it (the socket's bytes: the head the gate
// read first, then the socket), every read against one deadline and a byte
// budget: cpp-httplib's chunked reader keeps a chunk-size line in a buffer
// that grows without bound, and counts no total.
class GateStream final : public httplib::Stream {
 public:
  GateStream(int fd, std::string head, Clock::time_point read_deadline, std::size_t budget,
             std::chrono::milliseconds write_timeout)
      : fd_(fd),
        buf_(std::move(head)),
        read_deadline_(read_deadline),
        budget_(budget),
        write_timeout_(write_timeout) {}

  bool is_readable() const override {
    return pos_ < buf_.size() || wait_for(fd_, POLLIN, read_deadline_);
  }
  bool is_writable() const override { return wait_for(fd_, POLLOUT, write_deadline()); }

  ssize_t read(char* ptr, size_t size) override {
    if (pos_ == buf_.size()) {
      const ssize_t got = fill();
      if (got <= 0) return got;
    }
    const std::size_t n = std::min(size, buf_.size() - pos_);
    std::memcpy(ptr, buf_.data() + pos_, n);
    pos_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!writing_) {
      writing_ = true;
      write_deadline_ = Clock::now() + write_timeout_;
    }
    std::size_t done = 0;
    while (done < size) {
      const ssize_t n = ::send(fd_, ptr + done, size - done, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        done += static_cast<std::size_t>(n);
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (!wait_for(fd_, POLLOUT, write_deadline_)) return -1;
      } else {
        return -1;
      }
    }
    return static_cast<ssize_t>(done);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    std::tie(ip, port) = peer_of(fd_);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    ip.clear();
    port = 0;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (addr.ss_family == AF_INET) {
      const auto& a = reinterpret_cast<const sockaddr_in&>(addr);
      ::inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
      port = ntohs(a.sin_port);
    } else {
      const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
      ::inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
      port = ntohs(a.sin6_port);
    }
    ip = text;
  }
  socket_t socket() const override { return fd_; }

  bool over_budget() const { return over_budget_; }
  bool timed_out() const { return timed_out_; }

 private:
  Clock::time_point write_deadline() const {
    return writing_ ? write_deadline_ : Clock::now() + write_timeout_;
  }

  ssize_t fill() {
    if (read_ >= budget_) {
      over_budget_ = true;
      return -1;
    }
    buf_.resize(4096);
    pos_ = 0;
    for (;;) {
      const std::size_t want = std::min<std::size_t>(buf_.size(), budget_ - read_);
      const ssize_t n = ::recv(fd_, buf_.data(), want, 0);
      if (n >= 0) {
        buf_.resize(static_cast<std::size_t>(n));
        read_ += static_cast<std::size_t>(n);
        return n;
      }
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) break;
      if (!wait_for(fd_, POLLIN, read_deadline_)) {
        timed_out_ = true;
        break;
      }
    }
    buf_.clear();
    return -1;
  }

  int fd_;
  std::string buf_;
  std::size_t pos_ = 0;
  Clock::time_point read_deadline_;
  std::size_t budget_;
  std::size_t read_ = 0;
  std::chrono::milliseconds write_timeout_;
  bool writing_ = false;
  Clock::time_point write_deadline_{};
  bool over_budget_ = false;
  bool timed_out_ = false;
};

// The stream of the request a pool thread is serving (the routes ask it why
// a body could not be read).
thread_local GateStream* t_stream = nullptr;

Request head_of(const httplib::Request& req) {
  Request r;
  r.method = req.method;
  // The path is the raw target up to its query, percent-encoding kept: the
  // handler matches it exactly against the embedded assets, so nothing
  // decoded reaches anything.
  r.path = req.target.substr(0, req.target.find('?'));
  r.host = req.get_header_value("Host");
  r.content_type = req.get_header_value("Content-Type");
  r.origin = req.get_header_value("Origin");
  r.sec_fetch_site = req.get_header_value("Sec-Fetch-Site");
  return r;
}

void put(Response out, httplib::Response& res) {
  res.status = out.status;
  for (auto& [name, value] : out.headers) res.set_header(name.c_str(), value);
  res.set_content(std::move(out.body), out.content_type.c_str());
}

Response too_large(std::size_t max_body) {
  Response r;
  r.status = 413;
  r.content_type = "application/json";
  r.body = fmt::format(
      "{{\"error\":\"the body passes {} bytes (--max-body)\",\"schema\":1,\"status\":413}}\n",
      max_body);
  for (const auto& h : security_headers()) r.headers.push_back(h);
  return r;
}

}  // namespace

// cpp-httplib's server, for its request processing: process_request (the
// request line, headers, body decoding, routing, the response) is protected.
class HttpServer::Core : public httplib::Server {
 public:
  void serve(httplib::Stream& stream) {
    bool closed = false;
    process_request(stream, /*close_connection=*/true, closed, nullptr);
  }
};

class HttpServer::Pool : public httplib::ThreadPool {
 public:
  using httplib::ThreadPool::ThreadPool;
};

struct HttpServer::Conn {
  enum class State { kHead, kLinger };
  State state = State::kHead;
  std::string client;
  std::string head;
  Clock::time_point deadline;
  Clock::time_point since;
};

HttpServer::HttpServer(const Handler& handler, ServerLimits limits)
    : handler_(handler),
      limits_(limits),
      core_(std::make_unique<Core>()),
      epoll_fd_(::epoll_create1(EPOLL_CLOEXEC)),
      wake_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
  Core& s = *core_;
  const std::size_t max_body = handler.limits().max_body;
  s.set_payload_max_length(max_body);
  const auto page = [&handler](const httplib::Request& req, httplib::Response& res) {
    put(handler.handle(head_of(req)), res);
  };
  // Requests that may carry a body: the body is read here, within
  // --max-body whether it comes with a Content-Length or chunked (413 at the
  // limit), and only for a request the handler takes a body for, after its
  // head passed the checks.
  const auto with_body = [&handler, max_body](const httplib::Request& req, httplib::Response& res,
                                              const httplib::ContentReader& read) {
    Request r = head_of(req);
    if (auto refused = handler.check_head(r)) return put(std::move(*refused), res);
    if (!Handler::takes_body(r)) return put(handler.handle(r), res);
    if (req.has_header("Content-Length")) {
      const std::string length = req.get_header_value("Content-Length");
      std::uint64_t n = 0;
      const auto [end, ec] = std::from_chars(length.data(), length.data() + length.size(), n);
      if (ec != std::errc() || end != length.data() + length.size() || n > max_body) {
        return put(too_large(max_body), res);
      }
      r.body.reserve(static_cast<std::size_t>(n));
    }
    bool over = false;
    const bool ok = read([&](const char* data, std::size_t n) {
      if (n > max_body - r.body.size()) {
        over = true;
        return false;
      }
      r.body.append(data, n);
      return true;
    });
    if (over || (t_stream != nullptr && t_stream->over_budget()))
      return put(too_large(max_body), res);
    if (!ok) {
      const bool late = t_stream != nullptr && t_stream->timed_out();
      Response e;
      e.status = late ? 408 : 400;
      e.content_type = "application/json";
      e.body = fmt::format("{{\"error\":\"{}\",\"schema\":1,\"status\":{}}}\n",
                           late ? "the body did not arrive in time" : "the body could not be read",
                           e.status);
      for (const auto& h : security_headers()) e.headers.push_back(h);
      return put(std::move(e), res);
    }
    put(handler.handle(r), res);
  };
  s.Get(".*", page);
  s.Options(".*", page);
  s.Post(".*", with_body);
  s.Put(".*", with_body);
  s.Patch(".*", with_body);
  s.Delete(".*", with_body);
  // What cpp-httplib refuses itself (a head it cannot parse: 400; a request
  // line too long: 414) gets the handler's JSON shape and headers too.
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

HttpServer::~HttpServer() {
  for (const auto& [fd, conn] : conns_) ::close(fd);
  for (const auto& [fd, client] : handback_) ::close(fd);
  if (listen_fd_ >= 0) ::close(listen_fd_);
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

int HttpServer::bind(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (::getaddrinfo(host.c_str(), service.c_str(), &hints, &found) != 0) return 0;
  int fd = -1;
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    // SO_REUSEADDR (a restart need not wait for TIME_WAIT) but not
    // SO_REUSEPORT, with which a second server binds the same port.
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 1024) == 0) break;
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  if (fd < 0) return 0;
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  const int bound = addr.ss_family == AF_INET
                        ? ntohs(reinterpret_cast<const sockaddr_in&>(addr).sin_port)
                        : ntohs(reinterpret_cast<const sockaddr_in6&>(addr).sin6_port);
  if (listen_fd_ >= 0) ::close(listen_fd_);
  listen_fd_ = fd;
  return bound;
}

void HttpServer::wake() {
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(wake_fd_, &one, sizeof one);
}

void HttpServer::stop() {
  stopping_.store(true);
  handler_.shutdown();
  if (wake_fd_ >= 0) wake();
  // The connections on pool threads: their reads and writes fail at once.
  std::lock_guard<std::mutex> lock(active_mutex_);
  for (const int fd : active_) ::shutdown(fd, SHUT_RDWR);
}

bool HttpServer::listen() {
  if (listen_fd_ < 0 || epoll_fd_ < 0 || wake_fd_ < 0) return false;
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = listen_fd_;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &ev);
  ev.data.fd = wake_fd_;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &ev);
  pages_ = std::make_unique<Pool>(std::max(1u, limits_.page_threads));
  api_ = std::make_unique<Pool>(std::max(1u, limits_.api_threads));

  gate_loop();

  {
    std::lock_guard<std::mutex> lock(active_mutex_);
    for (const int fd : active_) ::shutdown(fd, SHUT_RDWR);
  }
  pages_->shutdown();  // joins; a job still queued sees stopping_ and skips
  api_->shutdown();
  for (const auto& [fd, conn] : conns_) ::close(fd);
  conns_.clear();
  {
    std::lock_guard<std::mutex> lock(handback_mutex_);
    for (const auto& [fd, client] : handback_) ::close(fd);
    handback_.clear();
  }
  open_count_.store(0);
  per_client_.clear();
  ::close(listen_fd_);
  listen_fd_ = -1;
  return true;
}

void HttpServer::gate_loop() {
  std::vector<epoll_event> events(64);
  auto next_sweep = Clock::now();
  while (!stopping_.load()) {
    std::vector<std::pair<int, std::string>> back;
    {
      std::lock_guard<std::mutex> lock(handback_mutex_);
      back.swap(handback_);
    }
    for (auto& [fd, client] : back) {
      auto c = std::make_unique<Conn>();
      c->state = Conn::State::kLinger;
      c->client = std::move(client);
      c->since = Clock::now();
      c->deadline = c->since + kLinger;
      epoll_event ev{};
      ev.events = EPOLLIN | EPOLLRDHUP;
      ev.data.fd = fd;
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev);
      conns_.emplace(fd, std::move(c));
    }

    const int n = ::epoll_wait(epoll_fd_, events.data(), static_cast<int>(events.size()), 50);
    for (int i = 0; i < n; ++i) {
      const int fd = events[static_cast<std::size_t>(i)].data.fd;
      if (fd == listen_fd_) {
        accept_all();
      } else if (fd == wake_fd_) {
        std::uint64_t count = 0;
        [[maybe_unused]] const ssize_t r = ::read(wake_fd_, &count, sizeof count);
      } else {
        read_head(fd);
      }
    }

    // The deadlines, swept every 50 ms.
    const auto now = Clock::now();
    if (now < next_sweep) continue;
    next_sweep = now + std::chrono::milliseconds(50);
    std::vector<int> expired;
    for (const auto& [fd, c] : conns_) {
      if (c->deadline <= now) expired.push_back(fd);
    }
    for (const int fd : expired) {
      if (conns_.at(fd)->state == Conn::State::kHead) {
        refuse(fd, 408, "Request Timeout", "the request head did not arrive in time");
      }
      close_conn(fd);
    }
  }
}

void HttpServer::accept_all() {
  for (;;) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR) continue;
      return;  // EAGAIN: none left; anything else (EMFILE): the next round
    }
    std::string client = peer_of(fd).first;
    if (open_count_.load() >= limits_.max_connections) {
      refuse(fd, 503, "Service Unavailable", "the server holds too many connections; try again");
      ::close(fd);
      continue;
    }
    unsigned& held = per_client_[client];
    if (held >= limits_.per_client) {
      // The client's oldest connection still sending its head makes room.
      int oldest = -1;
      for (const auto& [other, c] : conns_) {
        if (c->state == Conn::State::kHead && c->client == client &&
            (oldest < 0 || c->since < conns_.at(oldest)->since)) {
          oldest = other;
        }
      }
      if (oldest < 0) {
        refuse(fd, 503, "Service Unavailable", "too many connections from your address");
        ::close(fd);
        continue;
      }
      refuse(oldest, 408, "Request Timeout", "the request head did not arrive in time");
      close_conn(oldest);
    }
    ++per_client_[client];
    ++open_count_;
    int yes = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    auto c = std::make_unique<Conn>();
    c->client = std::move(client);
    c->since = Clock::now();
    c->deadline = c->since + limits_.head_timeout;
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP;
    ev.data.fd = fd;
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &ev);
    conns_.emplace(fd, std::move(c));
  }
}

void HttpServer::read_head(int fd) {
  const auto it = conns_.find(fd);
  if (it == conns_.end()) return;
  Conn& c = *it->second;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n == 0) return close_conn(fd);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return;
      return close_conn(fd);
    }
    if (c.state == Conn::State::kLinger) continue;  // dropped
    const std::size_t from = c.head.size() < 3 ? 0 : c.head.size() - 3;
    c.head.append(buf, static_cast<std::size_t>(n));
    if (c.head.find("\r\n\r\n", from) != std::string::npos) return dispatch(fd);
    if (c.head.size() > limits_.max_head) {
      refuse(fd, 431, "Request Header Fields Too Large", "the request head is too large");
      return close_conn(fd);
    }
  }
}

void HttpServer::close_conn(int fd) {
  const auto it = conns_.find(fd);
  if (it == conns_.end()) return;
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr);
  ::close(fd);
  const auto held = per_client_.find(it->second->client);
  if (held != per_client_.end() && --held->second == 0) per_client_.erase(held);
  --open_count_;
  conns_.erase(it);
}

void HttpServer::dispatch(int fd) {
  const auto it = conns_.find(fd);
  std::unique_ptr<Conn> c = std::move(it->second);
  conns_.erase(it);
  ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, fd, nullptr);
  const bool page = c->head.rfind("GET ", 0) == 0 || c->head.rfind("HEAD ", 0) == 0;
  {
    std::lock_guard<std::mutex> lock(active_mutex_);
    active_.insert(fd);
  }
  (page ? pages_ : api_)
      ->enqueue([this, fd, head = std::move(c->head), client = std::move(c->client),
                 page]() mutable { serve(fd, std::move(head), std::move(client), page); });
}

void HttpServer::serve(int fd, std::string head, std::string client, bool /*page*/) {
  if (!stopping_.load()) {
    // The bytes a request may send after its head: its body, within
    // --max-body, and the chunked framing around it.
    const std::size_t max_body = handler_.limits().max_body;
    const std::size_t budget = max_body > (std::numeric_limits<std::size_t>::max() - 65536) / 2
                                   ? max_body
                                   : 2 * max_body + 65536;
    prefer_gzip(head);
    GateStream stream(fd, std::move(head), Clock::now() + limits_.body_timeout, budget,
                      limits_.body_timeout);
    t_stream = &stream;
    try {
      core_->serve(stream);
    } catch (...) {
      // cpp-httplib catches a route's exceptions; anything else (bad_alloc
      // while parsing a head) ends this connection only.
    }
    t_stream = nullptr;
  }
  {
    std::lock_guard<std::mutex> lock(active_mutex_);
    active_.erase(fd);
  }
  ::shutdown(fd, SHUT_WR);
  hand_back(fd, client);
}

void HttpServer::hand_back(int fd, const std::string& client) {
  {
    std::lock_guard<std::mutex> lock(handback_mutex_);
    handback_.emplace_back(fd, client);
  }
  wake();
}

}  // namespace perfectplay::web
