// Fuzz target: the web board's request handler (src/web/handler.h), as the
// server calls it, without sockets.
//
//   +----------------------+
//   | METHOD PATH \n       |  first line: "POST /api/analyze", "GET /..."
//   | the rest: the body   |  JSON for the API, anything
//   +----------------------+
//
// Every request must get a documented status (never 500: an exception the
// handler did not map is a bug; never a crash: a body nested 200,000 levels
// deep once overflowed the stack, so the seeds nest deep in every field) with a JSON body for the
// API and for every error, and a 200 outside the API only for an embedded asset, byte for byte:
// nothing else can be served.
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_init.h"
#include "web/assets.h"
#include "web/handler.h"

namespace {

const perfectplay::web::Handler& handler() {
  static const perfectplay::web::Handler h([] {
    perfectplay::web::Limits l;
    l.workers = 0;  // the caller's thread, no clock: deterministic
    l.max_states = 20'000;
    l.max_body = 1 << 16;
    l.max_position = 1 << 14;
    return l;
  }());
  return h;
}

[[noreturn]] void fail(const char* what, const perfectplay::web::Response& r) {
  std::fprintf(stderr, "fuzz_web: %s (status %d)\n%s\n", what, r.status, r.body.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfectplay::web;
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t nl = all.find('\n');
  const std::string_view head = all.substr(0, nl);
  const std::size_t space = head.find(' ');
  Request req;
  req.method = std::string(head.substr(0, space));
  req.path = space == std::string_view::npos ? "" : std::string(head.substr(space + 1));
  req.body = nl == std::string_view::npos ? "" : std::string(all.substr(nl + 1));
  req.content_type = "application/json";  // as the board's page sends it (else 415)

  const Response r = handler().handle(req);
  switch (r.status) {
    case 200:
    case 400:
    case 404:
    case 405:
    case 413:
    case 422:
      break;
    default:
      fail("an undocumented status", r);
  }
  const bool api = req.path.rfind("/api/", 0) == 0;
  if (api || r.status != 200) {
    if (r.content_type != "application/json") fail("not JSON", r);
    const auto j = nlohmann::json::parse(r.body, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("schema", 0) != 1) fail("bad JSON", r);
  } else {
    const Asset* a = find_asset(req.path);
    if (a == nullptr || a->body != r.body) fail("served something that is not an asset", r);
  }
  return 0;
}
