// Registry: a set of games that front ends offer, built by explicit calls.
//
// Every front end (the CLI's run_cli, the web board's Handler, the Python
// module) takes a Registry instead of naming a global list, so a program of
// its own (examples/own-game/, docs/own-game.md) serves, plays and analyzes
// its games with the same code as `perfectplay`. Nothing registers itself
// from a static initializer: the built-in games are one instance filled by
// registry/registry.cpp's explicit list, and a user's program calls add().
//
// Entries are kept in a deque, so that a GameEntry* handed out stays valid
// as games are added (front ends hold such pointers while they run).
#pragma once

#include <deque>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "api/entry.h"

namespace perfectplay {

class Registry {
 public:
  // Adds a game. A name must be non-empty, of letters, digits, '-' and '_'
  // (it is a command-line word and part of the web API's URLs), and not
  // taken: std::invalid_argument otherwise, a programming error of the
  // program that builds the registry.
  Registry& add(GameEntry entry) {
    if (entry.name.empty() ||
        entry.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789-_") != std::string::npos ||
        entry.name[0] == '-') {
      throw std::invalid_argument("a game's name is a word of letters, digits, - and _: '" +
                                  entry.name + "'");
    }
    if (find(entry.name) != nullptr) {
      throw std::invalid_argument("two games named '" + entry.name + "'");
    }
    games_.push_back(std::move(entry));
    return *this;
  }

  const GameEntry* find(std::string_view name) const {
    for (const GameEntry& g : games_) {
      if (g.name == name) return &g;
    }
    return nullptr;
  }

  // In the order added (the order of `list` and of the web board's menu).
  const std::deque<GameEntry>& games() const { return games_; }
  std::size_t size() const { return games_.size(); }

 private:
  std::deque<GameEntry> games_;
};

}  // namespace perfectplay
