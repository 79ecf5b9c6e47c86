// Test helper: what a parser says about an input, as the CLI would print it.
#pragma once

#include <string>
#include <utility>

#include "core/input_error.h"

namespace perfectplay::testing {

// Runs `parse` and returns its InputError rendered as `SOURCE:LINE:COL:
// message`, or `accepted` when it throws nothing.
template <class Parse>
std::string error_of(Parse&& parse, const std::string& source = "in") {
  try {
    std::forward<Parse>(parse)();
  } catch (const InputError& e) {
    return e.format(source);
  }
  return "accepted";
}

}  // namespace perfectplay::testing
