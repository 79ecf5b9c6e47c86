// Shared by the fuzz targets: the input names its game on the first line.
//
//   +---------------------------+
//   | GAME [--flag ...] \n      |  first line: a registered game, its flags and
//   |                           |  text options (--code=0.77)
//   | the rest: what the target |  contest input, a position, or play commands
//   | feeds to that game        |
//   +---------------------------+
//
// One target per parser kind covers every registered game, so a new game is
// fuzzed as soon as it is in the registry. Seed corpora are the examples and
// golden inputs with this header line prepended (scripts/fuzz.sh builds them).
// The only acceptable failures are the documented ones (InputError,
// RequestError, SearchLimitExceeded); anything else escapes and libFuzzer
// reports it as a crash, as it does for sanitizer findings, hangs and
// runaway memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "core/input_error.h"
#include "fuzz_init.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"

namespace perfectplay::fuzz {

struct Target {
  const GameEntry* game = nullptr;
  Params params;
  std::string_view body;
};

inline Target split(const std::uint8_t* data, std::size_t size) {
  Target t;
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  const std::size_t nl = all.find('\n');
  if (nl == std::string_view::npos) return t;
  std::istringstream head{std::string(all.substr(0, nl))};
  std::string name;
  head >> name;
  t.game = find_game(name);
  if (t.game == nullptr) return t;
  for (const auto& spec : t.game->params) t.params.values[spec.name] = spec.default_value;
  for (const auto& spec : t.game->text_options) t.params.texts[spec.name] = spec.default_value;
  for (std::string w; head >> w;) {
    for (const auto& f : t.game->flags) {
      if (w == "--" + f.name) t.params.flags.insert(f.name);
    }
    for (const auto& o : t.game->text_options) {  // --name=VALUE
      if (w.rfind("--" + o.name + "=", 0) == 0)
        t.params.texts[o.name] = w.substr(o.name.size() + 3);
    }
  }
  // Small enough that every execution stays fast; large enough to exercise
  // the exact paths on small positions.
  t.params.limits.max_states = 20'000;
  t.body = all.substr(nl + 1);
  return t;
}

// Runs f, swallowing only the documented failures.
template <class F>
void expect_clean(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    (void)e.format("<fuzz>");
  } catch (const RequestError&) {
  } catch (const SearchLimitExceeded&) {
  }
}

}  // namespace perfectplay::fuzz
