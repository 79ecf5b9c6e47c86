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
// last whole checkpoint. Before any instance is checked, the checkpoint is
// read (a regular file, at most kMaxReportBytes, or none), checked (its
// digest, its fingerprint: the same binary, game, options, bounds and shard;
// its counts: check_counts and check_against_space), and written once, so
// that a FILE that cannot be written (a directory, a folder that does not
// exist or is read-only) is refused at the start, not after the work. A run
// then starts where the checkpoint stopped. The threads change the time,
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
// executable's): the counts, description, fingerprint and digest are filled
// in. Throws RequestError for a checkpoint that cannot be read, written or
// trusted (another run's, edited, counts that cannot be), and what the space
// throws (SearchLimitExceeded), after saving the checkpoint.
Report run(const SpaceFactory& make, Report header, const RunOptions& o);

// The game's certify bounds in `params` as JSON (the report's "bounds").
nlohmann::json bounds_json(const GameEntry& g, const Params& params);

// certify for a registered game: run() on g.certify(params).
Report run(const GameEntry& g, const Params& params, const RunOptions& o);

// The Params of the run a report names: its options (the game's flags and
// text options, and no-symmetry) and bounds. RequestError for a name the
// game does not have, a value of the wrong type or out of its range.
Params params_of(const GameEntry& g, const Report& r);

// A report (or checkpoint) against the space it names (`first`, built by
// `make`, which builds one more per thread): the space's size and
// description are the report's; its skipped instances are exactly the mirror
// images among the blocks it has done (none where the game, or its
// --no-symmetry, skips none); each listed disagreement is the space's
// instance at its index, and one that is checked. RequestError naming the
// first that fails. Visits every instance of the blocks done only where the
// space skips some (`checked()` per instance, about 75 ns of CPU each for
// bacteria: its whole 16-cell space in 0.04 s).
void check_against_space(const Report& r, CertifySpace& first, const SpaceFactory& make,
                         unsigned threads);

// certify-merge: merge(reports, names), each report checked against the
// space of the game it names first.
Report merge(const GameEntry& g, const std::vector<Report>& reports,
             const std::vector<std::string>& names, unsigned threads);

// certify --recheck: the shard `claimed` names (a merged report: the whole
// space) run again by this binary, and every result compared: description,
// counts, reference nodes and each listed disagreement (instance, detail,
// shrunk). `differences` lists what the rerun did not reproduce (empty: it
// did). `o.shard` is taken from the report; `limits` are the searches'.
struct Recheck {
  Report rerun;
  std::vector<std::string> differences;
};
Recheck recheck(const GameEntry& g, const Report& claimed, RunOptions o, SearchLimits limits = {});

}  // namespace perfectplay::certify
