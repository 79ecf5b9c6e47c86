// Fuzz target: every game's contest-format parser and solver (`solve`,
// `solve --json`).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfectplay;
  const fuzz::Target t = fuzz::split(data, size);
  // Not a useful input (no game, or a game with no contest format: the
  // partizan and own games): keep it out of the corpus.
  if (t.game == nullptr || !t.game->solve) return -1;
  std::string text;
  fuzz::expect_clean([&] { text = t.game->solve(t.body, t.params); });
  fuzz::expect_clean([&] { (void)solve_json_array(*t.game, t.body, t.params).dump(); });
  return 0;
}
