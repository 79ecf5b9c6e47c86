#include <string>

#include "cgt/partizan.h"
#include "core/input_error.h"
#include "games/binim/binim_cgt.h"

namespace perfectplay::games::binim {

namespace {

// Stacks separated by blanks, top first; '-' an emptied stack.
PartizanRules::Position parse_stacks(std::string_view text) {
  PartizanRules::Position p;
  bool in_stack = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      in_stack = false;
      continue;
    }
    if (c == '-' && !in_stack) {
      p.emplace_back();
      continue;
    }
    if (c != '0' && c != '1') {
      throw InputError(1, i + 1, std::string("a stack holds only 0 and 1, found '") + c + "'");
    }
    if (!in_stack) p.emplace_back();
    in_stack = true;
    p.back() += c;
  }
  if (p.empty()) throw InputError(1, 1, "no stack");
  return p;
}

std::string format_stacks(const PartizanRules::Position& p) {
  std::string out;
  for (const std::string& s : p) {
    if (!out.empty()) out += ' ';
    out += s.empty() ? "-" : s;
  }
  return out;
}

}  // namespace

cgt::ValueGame value_game() {
  return cgt::make_value_game<PartizanRules>(
      "binim", "binim (normal play) as a partizan game: Dee (Left) takes from 0-topped stacks",
      "the stacks, top first, separated by blanks: '0110 1001 10 0' (no player: a value is "
      "for both)",
      parse_stacks, format_stacks);
}

}  // namespace perfectplay::games::binim
