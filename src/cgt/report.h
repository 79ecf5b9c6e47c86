// What `perfectplay value` shows of a position's value, as data: the
// canonical form's text and its invariants, exact (docs/json.md's `cgt`
// value kind), and the list of games that have values (ValueGame).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cgt/canonical.h"
#include "cgt/thermograph.h"

namespace perfectplay::cgt {

struct CgtReport {
  std::string position;   // the position as read back (its canonical text)
  std::string canonical;  // the value in the notation of canonical.h
  OutcomeClass outcome = OutcomeClass::kP;
  bool is_number = false;
  Rational left_stop;
  Rational right_stop;
  Rational mean;
  Rational temperature;
  std::uint32_t birthday = 0;
  std::optional<std::string> atomic_weight;  // all-small values only
  Thermograph thermograph;
  std::size_t parts = 0;  // distinct parts the engine valued
};

// The report of g (the position text and part count are the caller's).
CgtReport report_of(Universe& u, GameId g);

// "L (Left wins whoever starts)", ...
std::string_view outcome_text(OutcomeClass c);

// {"kind": "cgt", "canonical": ..., ...}: docs/json.md.
nlohmann::json to_json(const CgtReport& r);
// The lines `perfectplay value` prints.
std::string to_text(const CgtReport& r);

// A game whose positions have values: its name, a line about it, what a
// position looks like, and the function from a position's text to its
// report (InputError for bad text, SearchLimitExceeded past max_parts).
struct ValueGame {
  std::string name;
  std::string summary;
  std::string position_help;
  std::function<CgtReport(std::string_view position, std::size_t max_parts)> value;
};

// The notation itself as a "game": a position is a value written in the
// notation (`perfectplay value cgt --position '{2|-1}'`).
ValueGame notation_value_game();

}  // namespace perfectplay::cgt
