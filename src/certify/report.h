// The certificate: what `perfectplay certify` found on one shard of a game's
// instances, or on all the shards merged (`certify-merge`), as data, JSON and
// text (docs/certify.md, docs/json.md).
//
// A report names exactly what it covers, and its fingerprint binds the names
// together:
//
//   fingerprint = hash("perfectplay-certify/1", binary, game, options, bounds, shard)
//
// where binary is the executable's identity (its GNU build id, else a hash of
// its file): shards run by one binary with one game, options and bounds have
// fingerprints that differ only by the shard, a rerun of a shard has the same
// one, and an edited report's no longer matches its contents. Merging N
// shards gives the report of shard 1/1, whose fingerprint is the one an
// unsharded run of the same binary prints.
//
// Shards: the canonical order is cut into blocks of kBlock instances, the
// blocks are shuffled by a fixed permutation P of 0 .. B - 1 (a Feistel
// network, the last block, which may be short, kept last), and shard I of N
// holds the blocks P(j) with j mod N = I - 1, in the order of j. Shuffled, so
// that every shard is a fair sample of the space: small and large instances
// alike, and no shard holds only patterns with some bits fixed (a plain
// stride would: instance numbers are patterns' bits). The shards take about
// the same time, and one shard's time times N estimates the whole. The
// assignment depends on the space and N only, never on threads.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/certify.h"

namespace perfectplay::certify {

inline constexpr std::uint64_t kBlock = 64;
// Disagreements reported in full (and shrunk); the rest are counted.
inline constexpr std::size_t kMaxExamples = 10;

struct Shard {
  std::uint64_t index = 1;  // 1-based
  std::uint64_t count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// "I/N" with 1 <= I <= N <= 2^32; nullopt otherwise.
std::optional<Shard> parse_shard(std::string_view text);

// The blocks of a space of `size` instances, and the shard's share of them:
// its k-th block is block k * N + I - 1.
std::uint64_t block_count(std::uint64_t size);
std::uint64_t shard_blocks(std::uint64_t size, Shard s);
std::uint64_t shard_instances(std::uint64_t size, Shard s);
// P: a bijection of [0, n) with P(n - 1) = n - 1.
std::uint64_t permute_blocks(std::uint64_t x, std::uint64_t n);
// The instances [begin, end) of the shard's k-th block.
std::pair<std::uint64_t, std::uint64_t> shard_block(std::uint64_t size, Shard s, std::uint64_t k);

// A disagreement as reported: the instance as enumerated, and shrunk.
struct Example {
  std::uint64_t index = 0;
  std::string instance;
  std::string detail;
  std::optional<CertifyShrunk> shrunk;
};

struct Report {
  std::string game;
  nlohmann::json options = nlohmann::json::object();  // the game's flags and text options
  nlohmann::json bounds = nlohmann::json::object();   // certify's size bounds
  std::string description;
  Shard shard;
  std::uint64_t merged = 0;  // the shards merged into this report; 0 for one run
  std::uint64_t space = 0;   // instances in the whole space
  std::uint64_t slice = 0;   // of which in this shard
  std::uint64_t checked = 0;
  std::uint64_t skipped = 0;  // symmetric duplicates
  std::uint64_t disagreed = 0;
  std::uint64_t nodes = 0;        // positions the references expanded
  std::vector<Example> examples;  // the first disagreements in canonical order
  double seconds = 0;             // wall-clock, summed over resumed runs (merged: over shards)
  unsigned threads = 0;           // 0 in a merged report
  std::string binary;
  std::string fingerprint;

  bool complete() const { return checked + skipped == slice; }
  bool ok() const { return complete() && disagreed == 0; }
};

// This executable's identity: "perfectplay VERSION build-id HEX", or with
// "file HASH" where the binary has no build id.
std::string binary_identity();

std::string fingerprint_of(std::string_view binary, std::string_view game,
                           const nlohmann::json& options, const nlohmann::json& bounds, Shard s);
inline std::string fingerprint_of(const Report& r) {
  return fingerprint_of(r.binary, r.game, r.options, r.bounds, r.shard);
}

// The JSON document (docs/json.md, "schema": 1), and back. report_from_json
// refuses anything that is not a certify report with a RequestError saying
// what is missing.
nlohmann::json to_json(const Report& r);
Report report_from_json(const nlohmann::json& j);

// The text report of `certify` and `certify-merge`.
std::string to_text(const Report& r);

// The combined certificate of shards 1..N. Refused (RequestError, naming the
// report) unless every report is complete, its fingerprint matches its
// contents, all come from one binary, game, options, bounds and N, and the
// shards are 1..N, each once. `names` name the reports in messages.
Report merge(const std::vector<Report>& reports, const std::vector<std::string>& names);

}  // namespace perfectplay::certify
