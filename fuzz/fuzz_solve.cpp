// Fuzz target: every game's contest-format parser and solver (`solve`,
// `solve --json`).
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfectplay;
  const fuzz::Target t = fuzz::split(data, size);
  if (t.game == nullptr) return -1;  // not a useful input: keep it out of the corpus
  std::string text;
  fuzz::expect_clean([&] { text = t.game->solve(t.body, t.params); });
  fuzz::expect_clean([&] { (void)solve_json_array(*t.game, t.body, t.params).dump(); });
  return 0;
}
