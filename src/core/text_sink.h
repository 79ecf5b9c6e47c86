// TextSink: where a generator's output goes, in pieces, so that a huge
// random input (`generate binim --cases 1000000000 | head`) streams instead of
// being held whole in memory.
//
// A generator appends to a local string, calls maybe_flush(out) between
// cases (and rows), and returns finish(out). With a sink, every megabyte is
// handed over and the string emptied; without one (tests), the whole text is
// kept and returned.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>

namespace perfectplay {

class TextSink {
 public:
  TextSink() = default;
  explicit TextSink(std::function<void(std::string_view)> write) : write_(std::move(write)) {}

  void maybe_flush(std::string& out) const {
    if (write_ && out.size() >= kChunk) {
      write_(out);
      out.clear();
    }
  }
  std::string finish(std::string out) const {
    if (!write_) return out;
    write_(out);
    return {};
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 20;
  std::function<void(std::string_view)> write_;
};

}  // namespace perfectplay
