// SearchLimits: how much an exhaustive solver may store before it gives up,
// and a flag that stops it from another thread.
//
// Exhaustive search is exponential; a user can hand it a position far too big.
// Every solver counts the positions it stores and throws SearchLimitExceeded
// when the count passes max_states, so memory stays bounded and the user gets a
// clear message instead of the kernel's OOM killer.
//
// A server cannot wait for max_states: its client gave up after a wall-clock
// limit, and the worker must be free for the next request at once. So a
// search also reads `stop` (when set) every kStopInterval expanded positions
// and throws SearchCancelled once it is true: one relaxed load per 4096
// positions, nothing measurable, and a worker is freed a few milliseconds
// after the flag is set (4096 positions of nim's widest reference search,
// 14 14 14 14 with 56 moves each, take about 4 ms).
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace perfectplay {

struct SearchLimits {
  // The most positions a search may hold at once: positions stored in its
  // table plus the moves generated for the positions open on its stack (a
  // deep line through positions with many moves holds all their move lists).
  // About 100 bytes each in the worst case: 2 GB by default.
  std::uint64_t max_states = 20'000'000;
  // When not null, set (by another thread) to stop the search: it throws
  // SearchCancelled soon after. The flag must outlive the search.
  const std::atomic<bool>* stop = nullptr;
};

// How many positions a solver expands between two reads of SearchLimits::stop
// (a power of two: the solvers test `count & (kStopInterval - 1)`).
inline constexpr std::uint64_t kStopInterval = 4096;

// The search was stopped through SearchLimits::stop: nobody waits for its
// answer any more (a client that timed out, a server shutting down).
class SearchCancelled : public std::runtime_error {
 public:
  SearchCancelled() : std::runtime_error("the search was cancelled") {}
};

// Throws SearchCancelled when the limits' stop flag is set. Called by the
// solvers every kStopInterval expanded positions, and by any other long loop
// that wants to be cancellable.
inline void throw_if_stopped(const SearchLimits& limits) {
  if (limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) {
    throw SearchCancelled();
  }
}

// Counts, for one open position on a search stack, the moves generated for
// it as held, until the position is done (or the search unwinds).
class PendingMoves {
 public:
  PendingMoves(std::uint64_t& pending, std::uint64_t moves) : pending_(pending), moves_(moves) {
    pending_ += moves_;
  }
  ~PendingMoves() { pending_ -= moves_; }
  PendingMoves(const PendingMoves&) = delete;
  PendingMoves& operator=(const PendingMoves&) = delete;

 private:
  std::uint64_t& pending_;
  std::uint64_t moves_;
};

class SearchLimitExceeded : public std::runtime_error {
 public:
  explicit SearchLimitExceeded(std::uint64_t limit)
      : std::runtime_error("the exhaustive search passed its limit of " + std::to_string(limit) +
                           " stored positions (raise it with --max-states)"),
        limit_(limit) {}
  std::uint64_t limit() const { return limit_; }

 private:
  std::uint64_t limit_;
};

}  // namespace perfectplay
