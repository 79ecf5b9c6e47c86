#include "registry/values.h"

#include "games/binim/binim_cgt.h"

namespace perfectplay {

const std::vector<cgt::ValueGame>& value_games() {
  static const std::vector<cgt::ValueGame> games = [] {
    std::vector<cgt::ValueGame> out{cgt::notation_value_game()};
    out.push_back(games::binim::value_game());
    return out;
  }();
  return games;
}

}  // namespace perfectplay
