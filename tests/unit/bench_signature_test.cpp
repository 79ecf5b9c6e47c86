// The bench signature, pinned as Stockfish pins its bench: `perfectplay
// bench` solves every game's fixed positions with the exhaustive reference,
// and the node count and checksum of each must be exactly these. A change to
// how a solver searches (or to a game's rules) changes them: update this table
// on purpose, in the same commit, and say why.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

#include "registry/registry.h"

namespace perfectplay {
namespace {

struct Signature {
  std::uint64_t nodes;
  std::uint64_t checksum;
};

const std::map<std::string, Signature>& pinned() {
  static const std::map<std::string, Signature> table = {
      {"asymmetry", {3845, 0x75a90645a0c9d658}}, {"bacteria", {24397, 0xff0a63e7a87a8ecd}},
      {"binim", {31293, 0xc2de3ea2e77262dc}},    {"binim2", {31293, 0x53913b0fd3c3d56f}},
      {"gridgame", {43920, 0x9a4525ff2052d0b6}}, {"nim", {23696, 0xfeadb8db860d803e}},
      {"octal", {2796, 0x88f92799173ebb28}},
  };
  return table;
}

TEST(BenchSignature, EveryGameMatchesItsPinnedSignature) {
  int games = 0;
  for (const GameEntry& g : all_games()) {
    if (!g.bench) continue;
    SCOPED_TRACE(g.name);
    const auto it = pinned().find(g.name);
    ASSERT_NE(it, pinned().end()) << "a game with a bench needs its signature pinned here";
    const BenchResult r = g.bench();
    EXPECT_EQ(r.nodes, it->second.nodes);
    EXPECT_EQ(r.checksum, it->second.checksum) << std::hex << r.checksum;
    ++games;
  }
  EXPECT_GT(games, 0);
}

}  // namespace
}  // namespace perfectplay
