// The certify driver: every instance of a shard checked, on threads, with a
// checkpoint to resume from (docs/certify.md).
//
// The shard's blocks (report.h) are handed to the threads in order from one
// counter; each thread has a space of its own (a space serves one thread) and
// checks a whole block with fresh references, so a block's result, its
// reference nodes included, depends on the block alone. The main thread
// folds finished blocks into the report in block order (the prefix done so
// far), draws progress (core/progress.h), and every few seconds writes the
// checkpoint: the report of that prefix and the next block to do, written to
// FILE.tmp and renamed over FILE, so a run killed at any moment leaves the
// last whole checkpoint. A run given an existing checkpoint checks it
// belongs to the same binary, game, options, bounds and shard (the
// fingerprint), then starts where it stopped. The threads change the time,
// nothing else: the report of a shard is the same for any -j.
//
// The first kMaxExamples disagreements in canonical order are shrunk at the
// end (one thread), each to a smallest instance that still disagrees.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "api/certify.h"
#include "api/entry.h"
#include "certify/report.h"

namespace perfectplay::certify {

struct RunOptions {
  Shard shard;
  unsigned threads = 1;
  std::string checkpoint;  // empty: none
  double checkpoint_seconds = 5;
};

using SpaceFactory = std::function<std::unique_ptr<CertifySpace>()>;

// Certifies the shard of the space `make` builds (one space per thread).
// `header` names the run (game, options, bounds; binary, if empty, is this
// executable's): the counts, description and fingerprint are filled in.
// Throws RequestError for a checkpoint of another run, and what the space
// throws (SearchLimitExceeded), after saving the checkpoint.
Report run(const SpaceFactory& make, Report header, const RunOptions& o);

// The game's certify bounds in `params` as JSON (the report's "bounds").
nlohmann::json bounds_json(const GameEntry& g, const Params& params);

// certify for a registered game: run() on g.certify(params).
Report run(const GameEntry& g, const Params& params, const RunOptions& o);

}  // namespace perfectplay::certify
