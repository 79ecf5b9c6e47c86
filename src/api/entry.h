// GameEntry: what a front end needs from a game, behind plain functions.
//
// No front end knows any game's types. Each game folder builds one GameEntry
// (games/<game>/<game>_entry.cpp): its formats (solve, generate), its checks
// (verify, bench), and, from its model, the generic engine's analyze, hint
// and play (api/engine.h). registry.cpp lists the entries. Every function
// reports bad input by throwing InputError (with line and column) and an
// impossible request by throwing RequestError or SearchLimitExceeded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "api/analysis.h"
#include "api/certify.h"
#include "api/play_session.h"
#include "api/verify_report.h"
#include "core/game.h"
#include "core/seed.h"
#include "core/text_reader.h"
#include "core/text_sink.h"
#include "solvers/search_limits.h"

namespace perfectplay {

class TextSource;  // core/text_reader.h
class GameState;   // api/game_state.h
namespace cgt {
struct CgtReport;  // cgt/report.h: the api names it only in cgt_value's type
}

// A numeric option of a game: a size bound for verify and generate, or, with
// generate_only, an option only generate reads (the number of cases, a
// density), which verify does not offer rather than ignore.
struct ParamSpec {
  std::string name;  // the option is --<name>
  std::string help;
  std::int64_t default_value;
  std::int64_t min;
  std::int64_t max;
  bool generate_only = false;
  // A yes/no option (0 or 1, default 0): the command line offers it as a
  // bare `--<name>`, JSON as true/false or 0/1 (generate's --exact).
  bool yes_no = false;
};

// generate's `--exact`: every case has exactly the sizes given (rows,
// stacks, n, ...) instead of sizes drawn up to them. Games whose generate
// takes sizes as maxima declare it.
inline ParamSpec exact_sizes_param() {
  return {
      "exact", "every case has exactly the sizes given, not sizes drawn up to them", 0, 0, 1, true,
      true};
}

// A yes/no option of the game itself (nim's --misere).
struct FlagSpec {
  std::string name;
  std::string help;
};

// A game option given as text (an octal game's --code 0.77). The game
// checks the value where it builds its model, and refuses a bad one with a
// RequestError.
struct TextOptionSpec {
  std::string name;
  std::string help;
  std::string default_value;
  // The contest input gives it case by case (octal's code): solve and check
  // do not offer it, since they would ignore it.
  bool in_contest_input = false;
};

// The values the user gave for a game's options, defaults filled in.
struct Params {
  std::map<std::string, std::int64_t> values;
  std::set<std::string> flags;
  std::map<std::string, std::string> texts;
  SearchLimits limits;
  // A memory hint from the front end that holds the text a game reads (the
  // CLI, for a mapped file): `release_input(offset)` says the game will not
  // need the text before `offset` again, so its pages may be given back. It
  // never changes what the text reads as (a page given back is read again
  // from the file if it is touched), so a game may call it as it parses and
  // once a position is parsed. One exception: the whole text released (an
  // offset at its end) may free a text the front end copied for the game (the
  // command line's case K of a contest input, analyze --case): release it
  // whole only once the text is read for good, as add_engine does after the
  // parse. Empty when the front end has nothing to give.
  std::function<void(std::size_t offset)> release_input;
  void release(std::size_t offset) const {
    if (release_input) release_input(offset);
  }

  std::int64_t get(const std::string& name) const;         // asserts the name is declared
  const std::string& text(const std::string& name) const;  // likewise
  bool flag(const std::string& name) const { return flags.count(name) != 0; }
};

// What `perfectplay bench` reports for one game: a fixed, deterministic set of
// positions solved by the exhaustive reference. `nodes` (positions expanded)
// is the signature: a functional change to a solver or to the rules changes
// it. `checksum` folds the values found, so a changed answer shows too.
//
// The set depends on a size (`bench --size`, as a chess engine's bench takes
// a depth): size 1 is the first set the bench had (milliseconds of work);
// each size up adds larger positions, so that nodes/s is measured over long
// enough a run, and over tables larger than the caches. The default size
// takes about 2 s of CPU in all on the 2-CPU development machines, size 5
// about 30 s.
inline constexpr int kBenchMinSize = 1;
inline constexpr int kBenchMaxSize = 5;
inline constexpr int kBenchDefaultSize = 3;
struct BenchResult {
  std::string positions;  // what was solved, for the report
  std::uint64_t nodes = 0;
  std::uint64_t checksum = 0;
  // Positions visited: each child reached from an expanded position, answered
  // by the table or not (what a chess engine or Pons' connect4 solver counts
  // as nodes). Not part of the signature.
  std::uint64_t visited = 0;
  std::uint64_t stored = 0;            // positions in the largest table of the set
  std::size_t bytes_per_position = 0;  // that table's bytes per stored position
  // CPU time in the references' searches only (BenchTimer): building the
  // positions and the models (octal's theory, say) is not the solvers' speed.
  double seconds = 0;

  // Adds one search: its solver's counts, its time, and its value folded into
  // the checksum.
  template <class Solver>
  void record(const Solver& solver, double search_seconds, std::uint64_t fold) {
    nodes += solver.expanded_positions();
    visited += solver.visited_positions();
    if (solver.stored_positions() >= stored) {
      stored = solver.stored_positions();
      bytes_per_position = solver.bytes_per_position();
    }
    seconds += search_seconds;
    checksum = mix64(checksum ^ fold);
  }
};

// A bench's positions of `size` from its tiers: tiers[0] are size 1's, and
// each size up adds the next tier, so a larger size solves all that a smaller
// one does (and size 1's signature is the same at every size's start).
template <class T>
std::vector<T> bench_tiers(const std::vector<std::vector<T>>& tiers, int size) {
  std::vector<T> out;
  for (std::size_t k = 0; k < tiers.size() && k < static_cast<std::size_t>(size); ++k) {
    out.insert(out.end(), tiers[k].begin(), tiers[k].end());
  }
  return out;
}

// Times one search for BenchResult::record in the calling thread's CPU time:
// the search's own time, the wall clock's on an idle machine and much steadier
// on a shared one (time spent waiting for a processor is not the solver's).
class BenchTimer {
 public:
  BenchTimer() : start_(now()) {}
  double seconds() const { return now() - start_; }

 private:
  static double now() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
  double start_;
};

// GameEntry::evaluate's answer: the value, and, where the reference searched,
// its counts (as BenchResult's) and its CPU time (BenchTimer's).
struct Evaluation {
  Value value;
  std::uint64_t nodes = 0;    // positions expanded
  std::uint64_t visited = 0;  // children reached from them
  double seconds = 0;         // the search's CPU time
};

// Receives solve_json's answers one case at a time.
using JsonSink = std::function<void(nlohmann::json)>;

struct GameEntry {
  std::string name;
  std::string summary;           // one line of rules, for `list`
  std::string position_format;   // one line: how analyze/hint/play read a position
  std::string default_position;  // what play starts from without a position
  // Positions worth a look (the web board offers them; the conformance suite
  // checks every invariant on them), in the position format.
  std::vector<std::string> example_positions;
  std::vector<ParamSpec> params;
  std::vector<FlagSpec> flags;
  std::vector<TextOptionSpec> text_options;
  // What a line of the contest format may hold (core/text_reader.h): a source
  // that holds a long line before parsing it (a large file's pieces, a pipe)
  // refuses a line that cannot be valid as it arrives. Unset: no such check.
  std::optional<LineRules> line_rules;

  // Contest input -> contest output. Validates the whole input before
  // producing anything.
  std::function<std::string(std::string_view input, const Params&)> solve;
  // The same answers as JSON, one element per case in the game's own terms,
  // handed to `each` case by case (so that ten million cases stream instead
  // of sitting in memory as one JSON value; the front end wraps them in the
  // schema's envelope). Validates the whole input before the first case.
  std::function<void(std::string_view input, const Params&, const JsonSink& each)> solve_json;
  // Optional: solve's output handed to `sink` in pieces, the whole input
  // validated before the first piece. Games whose answers can be as long as
  // their input (nim's ten million one-row cases) give it, so the command
  // line need not hold the whole answer beside the input; see
  // stream_case_lines below.
  std::function<void(std::string_view input, const Params&, const TextSink& sink)> solve_streamed;
  // Optional: solve_streamed's output from a TextSource, the input read
  // piece by piece from its start (once, or twice where solve_streamed reads
  // twice). The command line reads regular files so where a game offers it:
  // a large file read into one reused buffer costs less than mapping it, and
  // memory stays at the buffer. Returns false where it declines, having
  // written nothing (asymmetry takes only its stored shape piece by piece,
  // and names no defect): the command line then maps the file and solves the
  // whole text.
  std::function<bool(TextSource& input, const Params&, const TextSink& sink)> solve_source;
  // A position (position_format) -> its analysis, or the engine's move.
  std::function<Analysis(std::string_view position, const Params&)> analyze;
  std::function<Hint(std::string_view position, const Params&)> hint;
  // The value of a position alone, as analyze gives it (the reference where
  // it reaches, else the theory), without valuing every move, and what the
  // search took: `analyze --batch`, one position per line, calls it once per
  // line.
  std::function<Evaluation(std::string_view position, const Params&)> evaluate;
  // Optional: the line `analyze --batch` prints for a position and its value
  // (default: the value's text). An own game's `batch_text` hook
  // (builder/own_game.h): Connect Four prints Pons' score beside it.
  std::function<std::string(std::string_view position, const Value&, const Params&)> batch_text;
  // Parses a position and nothing more: an InputError where it is bad. The
  // command line checks a position read from a pipe as it arrives, so that
  // garbage is refused at its first line, not after a gigabyte.
  std::function<void(std::string_view position, const Params&)> check_position;
  // A new game against the engine from `position`; the engine plays
  // `engine_side` (0 = the player to move first, 1 = the other).
  std::function<std::unique_ptr<PlaySession>(std::string_view position, int engine_side, Seed,
                                             const Params&)>
      play;
  // The position after `move` (play syntax) from `position`, canonical. An
  // illegal move is refused with a RequestError giving the reason; a bad
  // position with an InputError. The web board and the Python module play
  // through this, so they refuse exactly what `play` refuses.
  std::function<std::string(std::string_view position, std::string_view move, const Params&)> apply;
  // The legal moves of a position as `play`'s help lists them (a run of moves
  // may be written `FIRST .. LAST`; huge positions are abbreviated).
  std::function<std::vector<std::string>(std::string_view position, const Params&)> moves;
  // A game in progress from `position`, played by action numbers (the
  // Python module's State; api/game_state.h). Set by add_engine.
  std::function<std::unique_ptr<GameState>(std::string_view position, const Params&)> new_state;
  std::function<VerifyReport(std::uint64_t trials, Seed, const Params&)> verify;
  // A random contest input: handed to the sink in pieces as it is written
  // and the rest returned (all of it when the sink is empty).
  std::function<std::string(Seed, const Params&, const TextSink&)> generate;
  // The reference on the game's fixed bench positions of a size in
  // [kBenchMinSize, kBenchMaxSize] (see BenchResult).
  std::function<BenchResult(int size)> bench;

  // Contest checking: `perfectplay judge`, `check` and `validate` (docs/judge.md).
  // Throws InputError (line, column) at the first defect of `input`: a format
  // error as solve reports it, or a limit of the original contest's statement,
  // named; those limits are narrower than solve's (gridgame: n <= 8, not
  // 50,000). Games without a contest of their own (nim, octal) check their
  // documented format.
  std::function<void(std::string_view input)> validate_contest;
  // Smaller contest inputs than a valid `input`, most promising first: fewer
  // cases (half of them dropped, a quarter, ..., one), then smaller cases by
  // the game's structure. Every candidate passes validate_contest. Empty:
  // nothing smaller.
  std::function<std::vector<std::string>(std::string_view input)> shrink;
  // Case k (1-based) of a contest input, in the position format, for
  // `analyze FILE --case K` (hint and play too). A game whose cases carry
  // options of their own (octal's code) sets them in `params`. The input is
  // validated as solve validates it (InputError); a k past the last case is a
  // RequestError.
  std::function<std::string(std::string_view input, std::uint64_t k, Params& params)> contest_case;
  // The sized generate options judge grows, each from its smallest useful
  // value to the largest whose inputs stay within the contest's limits.
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> contest_bounds;

  // `perfectplay explain` (api/explain.h, docs/explain.md). Optional: the
  // theory's argument for a position's value, {"kind", "value", "text",
  // "witness"}; and its checker, written apart from the theory, which
  // recomputes what it needs from the position and the rules and throws
  // WitnessError (api/explain.h) at the first defect of `argument`.
  std::function<nlohmann::json(std::string_view position, const Params&)> explain;
  std::function<void(std::string_view position, const Params&, const nlohmann::json& argument)>
      check_witness;

  // `perfectplay certify` (docs/certify.md): its size bounds, and the space of
  // every instance up to them (the game's <game>_certify.cpp). A space serves
  // one thread: the driver asks for one per thread.
  std::vector<ParamSpec> certify_params;
  std::function<std::unique_ptr<CertifySpace>(const Params&)> certify;

  // Optional: the combinatorial game value of a position (cgt/report.h), for
  // games whose positions are sums of partizan games (builder/own_game.h
  // gives it to every partizan rules class): `perfectplay value` and the web
  // board's value panel. `max_parts` bounds the distinct parts valued
  // (SearchLimitExceeded past it); a bad position is an InputError. The
  // report's position is the position's canonical text.
  std::function<cgt::CgtReport(std::string_view position, std::size_t max_parts)> cgt_value;
};

// solve_streamed for a contest whose answer is one line per case:
// `for_each(input, line)` parses and solves the whole input, calling
// line(answer) per case (and throws at the first defect). When the cases are
// many for the input's size (more than one per 16 bytes: the answers could
// be most of the input's size again), it runs twice, once to validate and
// once to stream the lines to the sink as they come (once, streaming, for a
// sink that takes unvalidated pieces: TextSink::unvalidated); otherwise once, into
// one string handed over at the end. Either way the answer held beside the
// input is at most a quarter of its size plus the lines' own (docs/reliability.md).
//
// `input` is a whole text, or a TextSource (solve_source) handed to
// for_each, which reads it from its start, with its size.
template <class Input, class ForEach>
void stream_case_lines(Input& input, std::uint64_t size, std::uint64_t declared_cases,
                       ForEach&& for_each, const TextSink& sink) {
  std::string out;
  if (declared_cases > size / 16) {
    // Validates, keeping nothing (unless the sink takes unvalidated pieces).
    if (sink.validate_first()) for_each(input, [](std::string_view) {});
    for_each(input, [&](std::string_view line) {
      out += line;
      out += '\n';
      sink.maybe_flush(out);
    });
  } else {
    for_each(input, [&](std::string_view line) {
      out += line;
      out += '\n';
    });
  }
  (void)sink.finish(std::move(out));
}
template <class ForEach>
void stream_case_lines(std::string_view input, std::uint64_t declared_cases, ForEach&& for_each,
                       const TextSink& sink) {
  stream_case_lines(input, input.size(), declared_cases, for_each, sink);
}

// The number of cases an input declares on its first line (0 when it does
// not start with one: the game's own parser then names the defect).
std::uint64_t declared_cases(std::string_view input);
std::uint64_t declared_cases(TextSource& input);  // read from its start

// The game's own options in force (flags and text options, not the size
// bounds of verify and generate), for the "options" field of every JSON.
// `of_contest_input`: for a solve, without the options its input gives
// case by case (octal's code), which the caller's value does not set.
nlohmann::json options_json(const GameEntry& g, const Params& p, bool of_contest_input = false);

// solve_json's cases gathered into one array (for callers that want the
// value: tests, the Python module). The command line streams them instead.
nlohmann::json solve_json_array(const GameEntry& g, std::string_view input, const Params& p);

// Everything a front end needs to offer a game (`list --json`, the web
// board's /api/games, Python's games()): names, formats, the commands it
// has, its options and its size bounds with their ranges.
nlohmann::json game_json(const GameEntry& g);

// The Params of a request given as JSON (the web API's "options", Python's
// keyword arguments): flags as booleans, text options as strings, size
// bounds as integers within their ranges; absent ones take their defaults.
// An unknown name or a value of the wrong type or range is refused with a
// RequestError naming it. `limits` is left at its default.
Params params_from_json(const GameEntry& g, const nlohmann::json& options);

// The whole document of `solve --json` (docs/json.md): the schema's envelope
// around the cases of g.solve_json(input), as one value (the Python module's
// solve_json). The command line writes the same document streamed, case by
// case (a test checks the two agree).
nlohmann::json solve_document(const GameEntry& g, std::string_view input, const Params& p);

// The whole document of `verify --json` for a report of g.verify(..., seed, p):
// the bounds used, the counts, and the mismatch (or null).
nlohmann::json verify_document(const GameEntry& g, const Params& p, Seed seed,
                               const VerifyReport& r);

}  // namespace perfectplay
