#include "registry/registry.h"

#include "algorithms/assignment/assignment_entry.h"
#include "games/asymmetry/asymmetry_entry.h"
#include "games/bacteria/bacteria_entry.h"
#include "games/binim/binim_entry.h"
#include "games/gridgame/gridgame_entry.h"
#include "games/nim/nim_entry.h"
#include "games/octal/octal_entry.h"

namespace perfectplay {

const std::vector<GameEntry>& all_games() {
  static const std::vector<GameEntry> games = {
      algorithms::assignment::entry(),
      games::asymmetry::entry(),
      games::bacteria::entry(),
      games::binim::entry_binim(),
      games::binim::entry_binim2(),
      games::gridgame::entry(),
      games::nim::entry(),
      games::octal::entry(),
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
