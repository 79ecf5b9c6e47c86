// Fuzz target: every game's position parser, through analyze and hint.
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfectplay;
  const fuzz::Target t = fuzz::split(data, size);
  // Entries without this command (the bare assignment solver) are skipped.
  if (t.game == nullptr || !t.game->analyze) return -1;
  fuzz::expect_clean([&] {
    const Analysis a = t.game->analyze(t.body, t.params);
    (void)to_json(a).dump();
  });
  fuzz::expect_clean([&] { (void)t.game->hint(t.body, t.params); });
  return 0;
}
