#include "registry/registry.h"

#include "algorithms/assignment/assignment_entry.h"
#include "games/gridgame/gridgame_entry.h"
#include "games/nim/nim_entry.h"

namespace perfectplay {

const std::vector<GameEntry>& all_games() {
  static const std::vector<GameEntry> games = {
      algorithms::assignment::entry(),
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
