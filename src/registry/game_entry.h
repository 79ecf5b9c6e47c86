// GameEntry: what the command line needs from a game, behind plain functions.
//
// The CLI knows nothing of any game's types. Each game folder builds one
// GameEntry (games/<game>/<game>_entry.cpp) from its rules, theory, reference
// and formats; registry.cpp lists them. Every function reports bad input by
// throwing InputError (with line and column) and an impossible request by
// throwing RequestError or SearchLimitExceeded.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/seed.h"
#include "core/verify.h"
#include "registry/play_session.h"
#include "solvers/search_limits.h"

namespace perfectplay {

// A numeric option of a game (a size bound for verify and generate).
struct ParamSpec {
  std::string name;  // the option is --<name>
  std::string help;
  std::int64_t default_value;
  std::int64_t min;
  std::int64_t max;
};

// A yes/no option of a game (nim's --misere).
struct FlagSpec {
  std::string name;
  std::string help;
};

// The values the user gave for a game's options, defaults filled in.
struct Params {
  std::map<std::string, std::int64_t> values;
  std::set<std::string> flags;
  SearchLimits limits;

  std::int64_t get(const std::string& name) const;  // asserts the name is declared
  bool flag(const std::string& name) const { return flags.count(name) != 0; }
};

// One row of an analysis: a legal move and what it is worth to the mover.
struct MoveRow {
  std::string move;   // in the syntax `play` accepts
  std::string value;  // "win in 3", "loss in 4", "12", "*2"
  std::string note;   // optional: "mutates: loses at once", "bound"
  bool best = false;
};

struct Analysis {
  std::string board;    // the position drawn for a person
  std::string to_move;  // who moves: "first player", "Alice", "Dee"
  std::string value;    // the value of the position to the player to move
  std::vector<MoveRow> moves;
  std::string moves_summary;  // when moves are too many to list, what they amount to
  std::optional<std::string> best_move;
  std::vector<std::string> notes;  // exactness, method, caveats
  nlohmann::json json;             // the same, for tools
};

struct Hint {
  std::optional<std::string> move;  // none when the game is over
  std::string value;                // what the move is worth to the mover
  std::string reason;
};

// The reason a win/loss engine gives for its move: by exhaustive search the
// fastest win or the longest resistance; otherwise the game's own words for
// a theory's winning move and for its delaying heuristic.
inline std::string win_loss_reason(bool exact, bool wins, std::string_view theory_win,
                                   std::string_view heuristic_loss) {
  if (exact) {
    return wins ? "the fastest win (exhaustive search)"
                : "the longest resistance (exhaustive search)";
  }
  return std::string(wins ? theory_win : heuristic_loss);
}

// What `perfectplay bench` reports for one game: a fixed, deterministic set of
// positions solved by the exhaustive reference. `nodes` (positions expanded)
// is the signature: a functional change to a solver or to the rules changes
// it. `checksum` folds the values found, so a changed answer shows too.
struct BenchResult {
  std::string positions;  // what was solved, for the report
  std::uint64_t nodes = 0;
  std::uint64_t checksum = 0;
  std::uint64_t stored = 0;            // positions in the largest table of the set
  std::size_t bytes_per_position = 0;  // the reference's table, estimated from its layout
};

struct GameEntry {
  std::string name;
  std::string summary;           // one line of rules, for `list`
  std::string position_format;   // one line: how analyze/hint/play read a position
  std::string default_position;  // what play starts from without a position
  std::vector<ParamSpec> params;
  std::vector<FlagSpec> flags;

  // Contest input -> contest output. Validates the whole input before
  // producing anything.
  std::function<std::string(std::string_view input, const Params&)> solve;
  // The same answers as JSON.
  std::function<nlohmann::json(std::string_view input, const Params&)> solve_json;
  // A position (position_format) -> its analysis.
  std::function<Analysis(std::string_view position, const Params&)> analyze;
  std::function<Hint(std::string_view position, const Params&)> hint;
  // A new game against the engine from `position`; the engine plays
  // `engine_side` (0 = the player to move first, 1 = the other).
  std::function<std::unique_ptr<PlaySession>(std::string_view position, int engine_side, Seed,
                                             const Params&)>
      play;
  std::function<VerifyReport(std::uint64_t trials, Seed, const Params&)> verify;
  // A random contest input.
  std::function<std::string(Seed, const Params&)> generate;
  // The reference on the game's fixed bench positions (see BenchResult).
  std::function<BenchResult()> bench;
};

}  // namespace perfectplay
