// The bench signature, pinned as Stockfish pins its bench: `perfectplay
// bench` solves every game's fixed positions with the exhaustive reference,
// and the node count and checksum of each must be exactly these, at size 1
// and at the default size. A change to how a solver searches (or to a game's
// rules) changes them: update these tables on purpose, in the same commit,
// and say why.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

#include "registry/registry.h"
#include "support/sanitized.h"

namespace perfectplay {
namespace {

struct Signature {
  std::uint64_t nodes;
  std::uint64_t checksum;
};

// Size 1: the first set of positions (milliseconds).
const std::map<std::string, Signature>& pinned_size_1() {
  static const std::map<std::string, Signature> table = {
      {"asymmetry", {3845, 0x75a90645a0c9d658}},
      {"bacteria", {24397, 0xff0a63e7a87a8ecd}},
      {"binim", {31293, 0xc2de3ea2e77262dc}},
      {"binim2", {31293, 0x53913b0fd3c3d56f}},
      {"gridgame", {43920, 0x9a4525ff2052d0b6}},
      {"nim", {23696, 0xfeadb8db860d803e}},
      {"octal", {2796, 0x88f92799173ebb28}},
      // The partizan games bench their example positions at every size.
      {"domineering", {2614, 0xced3e4da1fba706c}},
      {"toads-frogs", {461, 0x76972761f2218116}},
      {"hackenbush", {69, 0x7c462ebb07c34dd6}},
      {"clobber", {1104, 0x822cff11a2ec1b4f}},
  };
  return table;
}

// The default size, what `perfectplay bench` prints (a second or two).
const std::map<std::string, Signature>& pinned_default_size() {
  static const std::map<std::string, Signature> table = {
      {"asymmetry", {255159, 0x35761e0e983a4c1c}}, {"bacteria", {408521, 0x40269a1e1dceaa2d}},
      {"binim", {223922, 0x8f124654fa33756d}},     {"binim2", {223922, 0xe21b40acc0cd635a}},
      {"gridgame", {852091, 0xb3901a3d4ce93932}},  {"nim", {307322, 0x7e634ef7b01e8350}},
      {"octal", {6194, 0x18831b8a7ad4fa00}},       {"domineering", {2614, 0xced3e4da1fba706c}},
      {"toads-frogs", {461, 0x76972761f2218116}},  {"hackenbush", {69, 0x7c462ebb07c34dd6}},
      {"clobber", {1104, 0x822cff11a2ec1b4f}},
  };
  return table;
}

void expect_pinned(int size, const std::map<std::string, Signature>& pinned) {
  int games = 0;
  for (const GameEntry& g : all_games()) {
    if (!g.bench) continue;
    SCOPED_TRACE(g.name);
    const auto it = pinned.find(g.name);
    ASSERT_NE(it, pinned.end()) << "a game with a bench needs its signature pinned here";
    const BenchResult r = g.bench(size);
    EXPECT_EQ(r.nodes, it->second.nodes);
    EXPECT_EQ(r.checksum, it->second.checksum) << std::hex << r.checksum;
    ++games;
  }
  EXPECT_GT(games, 0);
}

TEST(BenchSignature, EveryGameMatchesItsPinnedSignature) {
  expect_pinned(1, pinned_size_1());
}

TEST(BenchSignature, EveryGameMatchesItsPinnedSignatureAtTheDefaultSize) {
  static_assert(kBenchDefaultSize == 3, "pin the new default size's signatures");
  if (testing::kSanitized) {
    // The signatures do not depend on the build; size 1 runs here, this on release.
    GTEST_SKIP() << "release build only: about 15 s under the sanitizers";
  }
  expect_pinned(kBenchDefaultSize, pinned_default_size());
}

}  // namespace
}  // namespace perfectplay
