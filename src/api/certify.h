// CertifySpace: a game's instances up to some bounds, one by one, as
// `perfectplay certify` sees them (docs/certify.md).
//
// verify draws random instances; certify checks every instance up to the
// bounds, so that a game page can state "the theory equals exhaustive search
// on all N instances of this kind". A space numbers its instances 0, 1, ...,
// size() - 1 in a fixed canonical order (smaller instances first), and can
// check any contiguous run of them. Everything else (shards, threads,
// checkpoints, the report, the fingerprint, merging) is the game-independent
// driver's, in src/certify/. A game builds its space from its model with
// certify/model_space.h; this header is only the interface, so that a
// GameEntry can hold one without the api depending on the driver.
//
// The check of an instance (certify/model_space.h) compares the theory with
// the rules-only reference on the instance's start position and on every
// move from it: the value, and the value of every first move (win/loss:
// the set of winning first moves; scored: every move's score; impartial:
// every move's nimber), and the theory's own move must be one of the best.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solvers/search_limits.h"

namespace perfectplay {

// One instance on which theory and reference disagree.
struct CertifyFailure {
  std::uint64_t index = 0;  // in the space's canonical order
  std::string detail;       // what the two said
};

// What checking a run of instances found.
struct CertifyBlock {
  std::uint64_t checked = 0;  // instances compared
  std::uint64_t skipped = 0;  // symmetric duplicates of an instance checked elsewhere
  std::uint64_t nodes = 0;    // positions the references expanded
  std::vector<CertifyFailure> failures;
};

// A disagreeing instance shrunk to a smallest one that still disagrees (a
// greedy descent through the game's smaller instances, as verify walks
// RapidCheck's shrink tree).
struct CertifyShrunk {
  std::string instance;  // in the game's position format
  std::string detail;
  std::uint64_t steps = 0;
};

class CertifySpace {
 public:
  virtual ~CertifySpace() = default;

  // The instances up to the bounds, in words ("every position of up to 4
  // rows of up to 7 squares"), and how many there are (skipped duplicates
  // included).
  virtual std::string description() const = 0;
  virtual std::uint64_t size() const = 0;

  // Checks instances [begin, end) (end <= size()) with references of their
  // own, built fresh at `begin`: the result depends on the run alone, never
  // on which runs a thread checked before. May throw SearchLimitExceeded.
  virtual CertifyBlock check(std::uint64_t begin, std::uint64_t end) = 0;

  // The instance at `index`, in the game's position format.
  virtual std::string show(std::uint64_t index) const = 0;
  // Whether the instance at `index` is checked (true) or skipped as the
  // symmetric duplicate of another (as check counts it).
  virtual bool checked(std::uint64_t index) const = 0;

  // Shrinks the disagreeing instance at `index`; nullopt if it agrees.
  virtual std::optional<CertifyShrunk> shrink(std::uint64_t index) = 0;
};

}  // namespace perfectplay
