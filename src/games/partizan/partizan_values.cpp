#include "games/partizan/partizan_values.h"

#include "cgt/partizan.h"
#include "games/partizan/clobber.h"
#include "games/partizan/domineering.h"
#include "games/partizan/hackenbush.h"
#include "games/partizan/toads_frogs.h"

namespace perfectplay::games::partizan {

std::vector<cgt::ValueGame> value_games() {
  return {
      cgt::make_value_game<domineering::Rules>(
          "domineering", "Domineering: Left places vertical dominoes, Right horizontal ones",
          "rows separated by '/', '.' a free cell, '#' a filled one: ../.. is the 2 x 2 square "
          "(at most 64 cells)",
          domineering::parse, domineering::format),
      cgt::make_value_game<toads_frogs::Rules>(
          "toads-frogs", "Toads and Frogs: Left's toads T move right, Right's frogs F move left",
          "a strip of T (toad), F (frog) and . (empty): TT..FF (at most 63 cells)",
          toads_frogs::parse, toads_frogs::format),
      cgt::make_value_game<hackenbush::Rules>(
          "hackenbush", "Blue-Red Hackenbush strings: Left cuts blue edges, Right red ones",
          "stalks separated by blanks, each B (blue) and R (red) from the ground up: 'BRB RR'",
          hackenbush::parse, hackenbush::format),
      cgt::make_value_game<clobber::Rules>(
          "clobber", "Clobber: a stone captures an adjacent stone of the other player",
          "rows separated by '/', x Left's stone, o Right's, . empty: xo/ox (at most 64 cells)",
          clobber::parse, clobber::format),
  };
}

}  // namespace perfectplay::games::partizan
