// The certificate: what `perfectplay certify` found on one shard of a game's
// instances, or on all the shards merged (`certify-merge`), as data, JSON and
// text (docs/certify.md, docs/json.md).
//
// A report names exactly what it covers, and two hashes bind it:
//
//   fingerprint = hash("perfectplay-certify/1", binary, game, options, bounds, shard)
//   digest      = hash("perfectplay-certify-digest/1", every other field of the
//                      JSON document, results and checkpoint's next_block included)
//
// where binary is the executable's identity (its GNU build id, else a hash of
// its file). The fingerprint names the run: shards run by one binary with one
// game, options and bounds have fingerprints that differ only by the shard, a
// rerun of a shard has the same one (a checkpoint is matched to its run by
// it), and merging N shards gives the fingerprint of shard 1/1 that an
// unsharded run prints. The digest seals the document: an edited count, time,
// disagreement or name no longer matches it. Neither is a signature: the hash
// is public and unkeyed, so whoever edits a report can recompute both. They
// catch accidental and naive edits and a report of another binary or other
// options; the invariants (check_counts, and the driver's check against the
// space) catch counts that cannot be true; only a rerun (`certify --recheck`)
// shows the results themselves are true (docs/certify.md, "What a report
// proves").
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
// P: a bijection of [0, n) with P(n - 1) = n - 1, and its inverse.
std::uint64_t permute_blocks(std::uint64_t x, std::uint64_t n);
std::uint64_t unpermute_blocks(std::uint64_t y, std::uint64_t n);
// The instances in the shard's first `blocks` blocks (a checkpoint's done
// part); shard_instances for all of them.
std::uint64_t prefix_instances(std::uint64_t size, Shard s, std::uint64_t blocks);
// The shard's block k (< shard_blocks) that holds instance `index`, or
// nullopt when another shard holds it.
std::optional<std::uint64_t> block_of(std::uint64_t size, Shard s, std::uint64_t index);
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
  // A checkpoint's: the shard's blocks [0, next_block) are done and counted.
  std::optional<std::uint64_t> next_block;
  // The digest as read from a document; to_json writes digest_of(report).
  std::string digest;

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

// The digest of every field of the report's document but the digest itself.
std::string digest_of(const Report& r);

// The JSON document (docs/json.md, "schema": 1) with its digest, and back.
// report_from_json refuses anything that is not a certify report with a
// RequestError saying what is missing; it keeps the digest it read.
nlohmann::json to_json(const Report& r);
Report report_from_json(const nlohmann::json& j);

// A document read back and checked: a report whose digest matches its
// contents, and that is exactly the document this program writes for it
// (no field added, none of the derived ones, agreed, complete, ok and
// command, changed). RequestError saying which, otherwise.
Report parse_report(const nlohmann::json& j);

// The largest report or checkpoint read: ten disagreements of the largest
// instances with their shrunk ones are a few tens of KB.
inline constexpr std::uint64_t kMaxReportBytes = std::uint64_t{1} << 20;

// The text of the report or checkpoint at `path` (`what` names it in
// messages: "report", "checkpoint"), read with a size bound: RequestError
// for what is not a regular file (a directory, /dev/zero, a pipe), a file
// past kMaxReportBytes, or one that cannot be read. nullopt when the file
// does not exist and `missing_ok`.
std::optional<std::string> read_report_file(const std::string& path, std::string_view what,
                                            bool missing_ok = false);

// The invariants a report's counts must hold, whatever its digest says:
// slice is the shard's share of the instances; checked + skipped are the
// instances of the blocks done (all of the shard's, or a checkpoint's
// next_block first ones, never past the shard's end); disagreed <= checked;
// the listed disagreements are min(disagreed, kMaxExamples), in increasing
// order, each in a block done of this shard; a merged report is shard 1/1
// with no threads, a run's has some; seconds is finite and not negative.
// RequestError naming the first that fails. (That skipped instances are
// exactly the mirror images of those blocks needs the space: the driver's
// check_against_space.)
void check_counts(const Report& r);

// The text report of `certify` and `certify-merge`.
std::string to_text(const Report& r);

// The combined certificate of shards 1..N. Refused (RequestError, naming the
// report) unless every report's digest and fingerprint match its contents,
// its counts hold check_counts, it is complete, all come from one binary,
// game, options, bounds and N, and the shards are 1..N, each once. `names`
// name the reports in messages. (The driver's merge also checks each shard
// against the space.)
Report merge(const std::vector<Report>& reports, const std::vector<std::string>& names);

}  // namespace perfectplay::certify
