#include "registry/registry.h"

#include "algorithms/assignment/assignment_entry.h"
#include "games/asymmetry/asymmetry_entry.h"
#include "games/bacteria/bacteria_entry.h"
#include "games/binim/binim_entry.h"
#include "games/gridgame/gridgame_entry.h"
#include "games/nim/nim_entry.h"
#include "games/octal/octal_entry.h"
#include "games/partizan/partizan_entry.h"

namespace perfectplay {

void add_builtin_games(Registry& r) {
  r.add(algorithms::assignment::entry());
  r.add(games::asymmetry::entry());
  r.add(games::bacteria::entry());
  r.add(games::binim::entry_binim());
  r.add(games::binim::entry_binim2());
  r.add(games::gridgame::entry());
  r.add(games::nim::entry());
  r.add(games::octal::entry());
  // The partizan games (combinatorial values; builder/own_game.h).
  r.add(games::partizan::domineering_entry());
  r.add(games::partizan::toads_frogs_entry());
  r.add(games::partizan::hackenbush_entry());
  r.add(games::partizan::clobber_entry());
}

const Registry& builtin_registry() {
  static const Registry games = [] {
    Registry r;
    add_builtin_games(r);
    return r;
  }();
  return games;
}

const std::deque<GameEntry>& all_games() {
  return builtin_registry().games();
}

const GameEntry* find_game(std::string_view name) {
  return builtin_registry().find(name);
}

}  // namespace perfectplay
