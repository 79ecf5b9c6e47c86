#include "games/partizan/partizan_entry.h"

#include "builder/own_game.h"
#include "games/partizan/partizan_boards.h"

namespace perfectplay::games::partizan {

// Each position text is "L:" or "R:" (who moves; none: Left) and then the
// board (docs/games/<game>.md). The examples stay within exhaustive search
// so that every front end shows remoteness for them.

GameEntry domineering_entry() {
  return own_game(
      DomineeringBoard{},
      OwnGameInfo{"domineering",
                  "Domineering: Left places vertical dominoes, Right horizontal ones; who "
                  "cannot place loses",
                  "L: or R: (who moves), then rows separated by '/', '.' a free cell, '#' a "
                  "filled one: L:../.. (at most 64 cells)",
                  "L:..../..../..../....",
                  {"L:..../..../..../....", "L:../..", "R:.../.../...", "L:.#../..../...#",
                   "L:...../....."}});
}

GameEntry toads_frogs_entry() {
  return own_game(
      ToadsFrogsBoard{},
      OwnGameInfo{"toads-frogs",
                  "Toads and Frogs: Left's toads T step or jump right, Right's frogs F left; "
                  "who cannot move loses",
                  "L: or R: (who moves), then a strip of T (toad), F (frog) and . (empty): "
                  "L:TT..FF (at most 63 cells)",
                  "L:TTT..FFF",
                  {"L:TTT..FFF", "L:TT..FF", "R:T.F", "L:TT.F.TF.F"}});
}

GameEntry hackenbush_entry() {
  return own_game(
      HackenbushBoard{},
      OwnGameInfo{"hackenbush",
                  "Blue-Red Hackenbush strings: Left cuts blue edges, Right red ones; what "
                  "stands on a cut edge falls",
                  "L: or R: (who moves), then stalks separated by blanks, each B (blue) and R "
                  "(red) from the ground up, - a cut stalk: 'L:BRB RR'",
                  "L:BRB RR BR",
                  {"L:BRB RR BR", "L:BBR RRB", "R:BRB RBR", "L:BR"}});
}

GameEntry clobber_entry() {
  return own_game(
      ClobberBoard{},
      OwnGameInfo{"clobber",
                  "Clobber: a stone captures an orthogonally adjacent stone of the other "
                  "player; who cannot capture loses",
                  "L: or R: (who moves), then rows separated by '/', x Left's stone, o "
                  "Right's, . empty: L:xo/ox (at most 64 cells)",
                  "L:xox/oxo/xox",
                  {"L:xox/oxo/xox", "L:xo/ox", "R:xxo", "L:xoxo/oxox"}});
}

}  // namespace perfectplay::games::partizan
