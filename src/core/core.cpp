#include <fmt/format.h>
#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

#include "core/nimber.h"
#include "core/outcome.h"
#include "core/progress.h"

namespace perfectplay {

std::string to_string(const Outcome& o) {
  switch (o.result) {
    case Result::kWin:
      return fmt::format("win in {}", o.remoteness);
    case Result::kLoss:
      return fmt::format("loss in {}", o.remoteness);
    case Result::kDraw:
      return "draw";
  }
  return "?";
}

Nimber mex(std::span<const Nimber> values) {
  // Only values below n can matter: n values leave some value <= n missing.
  std::vector<bool> seen(values.size() + 1, false);
  for (const Nimber v : values) {
    if (v.value < seen.size()) seen[v.value] = true;
  }
  std::uint64_t m = 0;
  while (seen[m]) ++m;
  return Nimber(m);
}

std::string to_string(Nimber n) {
  return n.value == 0 ? "0" : fmt::format("*{}", n.value);
}

}  // namespace perfectplay

namespace perfectplay::progress {

bool g_listening = false;

namespace {
Listener& listener() {
  static Listener l;
  return l;
}
}  // namespace

void listen(Listener l) {
  listener() = std::move(l);
  g_listening = static_cast<bool>(listener());
}

void report_slow(std::string_view what, std::uint64_t done, std::uint64_t total) {
  static std::mutex serial;  // reports are rare (every so many steps): a lock is cheap
  const std::lock_guard<std::mutex> lock(serial);
  if (listener()) listener()(what, done, total);
}

}  // namespace perfectplay::progress
