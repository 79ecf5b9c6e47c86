#include "registry/registry.h"

#include <cassert>

#include "games/asymmetry/asymmetry_entry.h"
#include "games/bacteria/bacteria_entry.h"
#include "games/binim/binim_entry.h"
#include "games/gridgame/gridgame_entry.h"
#include "games/nim/nim_entry.h"

namespace perfectplay {

std::int64_t Params::get(const std::string& name) const {
  const auto it = values.find(name);
  assert(it != values.end() && "parameter not declared by the game");
  return it == values.end() ? 0 : it->second;
}

const std::vector<GameEntry>& all_games() {
  static const std::vector<GameEntry> games = {
      games::gridgame::assignment_entry(),
      games::asymmetry::entry(),
      games::bacteria::entry(),
      games::binim::entry_binim(),
      games::binim::entry_binim2(),
      games::gridgame::entry(),
      games::nim::entry(),
  };
  return games;
}

const GameEntry* find_game(std::string_view name) {
  for (const GameEntry& g : all_games()) {
    if (g.name == name) return &g;
  }
  return nullptr;
}

}  // namespace perfectplay
