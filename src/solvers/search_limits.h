// SearchLimits: how much an exhaustive solver may store before it gives up.
//
// Exhaustive search is exponential; a user can hand it a position far too big.
// Every solver counts the positions it stores and throws SearchLimitExceeded
// when the count passes max_states, so memory stays bounded and the user gets a
// clear message instead of the kernel's OOM killer.
#pragma once

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
};

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
