// The built-in games: one Registry (api/registry.h) filled by an explicit
// list in registry.cpp (no self-registering statics). Adding a game is one
// folder under games/ and one line there. A program with games of its own
// builds a Registry of its own (docs/own-game.md); it may start from this one
// (add_builtin_games).
#pragma once

#include <deque>
#include <string_view>

#include "api/entry.h"
#include "api/registry.h"

namespace perfectplay {

// Adds every built-in game to `r`, in the order `perfectplay list` shows.
void add_builtin_games(Registry& r);

// The built-in games, built once.
const Registry& builtin_registry();

// builtin_registry()'s games and lookup, for tests and tools that only ever
// see the built-in games.
const std::deque<GameEntry>& all_games();
const GameEntry* find_game(std::string_view name);

}  // namespace perfectplay
