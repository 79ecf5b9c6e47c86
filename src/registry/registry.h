// The registry: the explicit list of games (no self-registering statics).
// Adding a game is one folder under games/ and one line in registry.cpp.
#pragma once

#include <string_view>
#include <vector>

#include "api/entry.h"

namespace perfectplay {

const std::vector<GameEntry>& all_games();
const GameEntry* find_game(std::string_view name);

}  // namespace perfectplay
