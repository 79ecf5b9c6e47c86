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

  // A sink that may be handed pieces before the whole input is validated:
  // `check` compares them with an output as they come and throws away what
  // it compared when the input proves bad, so a game that validates in a
  // pass of its own before the first piece (stream_case_lines) skips that
  // pass for it (10^7 nim cases: a third of check's CPU time).
  static TextSink unvalidated(std::function<void(std::string_view)> write) {
    TextSink s(std::move(write));
    s.validate_first_ = false;
    return s;
  }
  // Whether the whole input must be validated before the first piece.
  bool validate_first() const { return validate_first_; }

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
  bool validate_first_ = true;
};

}  // namespace perfectplay
