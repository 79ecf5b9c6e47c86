// explain: why a position's value is right, as a witness a person can read and
// a program can check (docs/explain.md).
//
// An explanation is one JSON document:
//
//   {"schema": 1, "game", "options", "position", "value",
//    "argument":  {"kind": K, "value": V, "text": [...], "witness": {...}},  (theory)
//    "game_tree": {"value", "principal_variation": [...], "end": {...},
//                  "refutations": {...}, "complete": bool},                  (search)
//    "text": [...]}
//
// Two independent parts, each present where it applies:
//   - `argument`: the game's own reason (nim's XOR column, gridgame's matching
//     with its dual potentials, binim's stack values, ...), built by the game
//     (GameEntry::explain) and checked by the game's checker
//     (GameEntry::check_witness), which is written apart from the theory and
//     recomputes everything it needs from the position and the rules.
//   - `game_tree`: for any position whose value is exhaustive (the reference
//     reaches it), any game: the principal variation to the end, and one level
//     of the loser's proof tree (each of the loser's moves at its first turn,
//     with the winner's reply). Built here from the entry's analyze and apply
//     alone, and checked here by replaying every move through apply (the
//     rules): no game code beyond the entry's functions, so every game,
//     including one added at run time, has it.
//
// A check runs in time linear in the witness (plus the rules' own work per
// move replayed); it throws WitnessError naming the JSON path of the first
// defect.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "api/entry.h"

namespace perfectplay {

// A witness that does not prove what it claims: `path` is where, as a JSON
// pointer ("/argument/witness/u/3").
class WitnessError : public std::runtime_error {
 public:
  WitnessError(std::string path, const std::string& message)
      : std::runtime_error(path + ": " + message), path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A witness lists at most this many entries of a per-part list (binim's
// stacks, octal's rows, asymmetry's pairs): the first ones, in order, with
// the whole count beside them. Their checkers recompute every part from the
// position whether it is listed or not (the parts are functions of the
// position, not certificates), so a longer list would add bytes, not proof;
// and an entry costs about 240 bytes as a JSON object against a few bytes of
// the position, which broke the 2 x input memory bound on positions of a
// million rows (docs/reliability.md).
inline constexpr std::size_t kWitnessListed = 1000;

struct ExplainOptions {
  // The principal variation stops after this many plies (it is then marked
  // incomplete and checked as far as it goes).
  int depth = 500;
};

// The explanation document of `position` (any syntax the entry's analyze
// accepts; the document holds the canonical one). Throws what analyze throws.
nlohmann::json explain_document(const GameEntry& g, std::string_view position, const Params& params,
                                const ExplainOptions& options = {});

// What a check found: the parts checked, in words, one per line.
struct WitnessCheck {
  std::vector<std::string> checked;
};

// Checks a document made by explain_document (or an edited copy of one)
// against the rules of `g` (the game the document names: the caller looks it
// up): its options, the position; then the argument through the game's
// checker, and the game tree by replaying it. The document's value must be
// the one the parts prove. Throws WitnessError at the first defect
// (RequestError for an option that does not exist, InputError for a position
// that does not parse).
WitnessCheck check_explanation(const GameEntry& g, const nlohmann::json& doc);

// The document's text: what `explain` prints without --json.
std::string explanation_text(const nlohmann::json& doc);

// Helpers for the games' checkers: a field of a witness, refused with a
// WitnessError naming its path when it is missing or of the wrong type.
const nlohmann::json& witness_field(const nlohmann::json& object, const std::string& path,
                                    const char* name);
std::int64_t witness_int(const nlohmann::json& object, const std::string& path, const char* name);
std::uint64_t witness_uint(const nlohmann::json& object, const std::string& path, const char* name);
// The count beside a list cut at kWitnessListed: `total_name` must be
// `total` (`what` says it in words: "5 stacks count here"); a document
// written before lists were cut has no count and must list all `total`.
void check_list_total(const nlohmann::json& witness, const std::string& path,
                      const char* total_name, std::size_t listed, std::size_t total,
                      const std::string& what);
// A value in the schema's JSON ({"kind": "win", ...}) read back.
Value witness_value(const nlohmann::json& v, const std::string& path);

}  // namespace perfectplay
