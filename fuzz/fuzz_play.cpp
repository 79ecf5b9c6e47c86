// Fuzz target: the interactive play command reader. Each line of the body is
// what a person types at the prompt; the engine answers in between, as the
// CLI loop does. The session must refuse garbage with a reason and survive
// every line.
#include "fuzz_common.h"

#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfectplay;
  const fuzz::Target t = fuzz::split(data, size);
  // Entries without this command (the bare assignment solver) are skipped.
  if (t.game == nullptr || !t.game->play) return -1;
  for (int engine_side : {0, 1}) {
    std::unique_ptr<PlaySession> s;
    fuzz::expect_clean(
        [&] { s = t.game->play(t.game->default_position, engine_side, Seed{1}, t.params); });
    if (!s) continue;
    std::string_view rest = t.body;
    while (!s->over()) {
      if (s->engine_to_move()) {
        fuzz::expect_clean([&] { (void)s->engine_move(); });
        continue;
      }
      if (rest.empty()) break;
      const std::size_t nl = rest.find('\n');
      const std::string_view line = rest.substr(0, nl);
      rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
      if (line == "help") {
        (void)s->legal_moves();
        continue;
      }
      const std::string before = s->board();
      if (s->try_move(line).has_value() && s->board() != before) __builtin_trap();
    }
    if (s->over()) (void)s->result();
  }
  return 0;
}
