// binim's and binim2's instances for certify: every position of at most
// --stacks stacks of --total elements in all, either player to move. The
// order of the stacks does not change the game (docs/games/binim.md), so a
// position is a multiset of stacks. Shapes by total length, then by the
// stacks' lengths (a partition, largest first), then the player; within a
// shape the stacks of each length are a multiset of binary strings
// (unrank_multiset over the 2^L strings of length L).
#include <fmt/format.h>

#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "games/binim/binim_entry.h"

namespace perfectplay::games::binim {

namespace {

struct Shape {
  Player player;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> groups;  // (length, how many)
  std::vector<std::uint64_t> counts;                            // each group's multisets
};

// Calls f on each partition of n into at most `parts` parts of at most
// `largest`, parts non-increasing, in lexicographic order from the largest.
template <class F>
void partitions(std::uint64_t n, std::uint64_t largest, std::uint64_t parts,
                std::vector<std::uint64_t>& cur, const F& f) {
  if (n == 0) return f(cur);
  if (parts == 0) return;
  for (std::uint64_t p = std::min(n, largest); p >= 1; --p) {
    cur.push_back(p);
    partitions(n - p, p, parts - 1, cur, f);
    cur.pop_back();
  }
}

}  // namespace

void add_certify(GameEntry& e, Ending ending) {
  e.certify_params = {{"stacks", "the most stacks", 5, 0, 64},
                      {"total", "the most elements in all the stacks", 14, 0, 60}};
  e.certify = [ending](const Params& params) {
    const auto stacks = static_cast<std::uint64_t>(params.get("stacks"));
    const auto total = static_cast<std::uint64_t>(params.get("total"));
    auto shapes = std::make_shared<certify::Catalog<Shape>>();
    std::vector<std::uint64_t> cur;
    for (std::uint64_t n = 0; n <= total; ++n) {
      partitions(n, n, stacks, cur, [&](const std::vector<std::uint64_t>& lengths) {
        Shape s{Player::kDee, {}, {}};
        for (const std::uint64_t len : lengths) {
          if (s.groups.empty() || s.groups.back().first != len) s.groups.push_back({len, 0});
          ++s.groups.back().second;
        }
        std::uint64_t count = 1;
        for (const auto& [len, m] : s.groups) {
          s.counts.push_back(certify::multisets(std::uint64_t{1} << len, m));
          count = certify::checked_product(count, s.counts.back());
        }
        for (const Player p : {Player::kDee, Player::kDum}) {
          s.player = p;
          shapes->add(s, count);
        }
      });
    }
    certify::Instances<Model> in;
    in.description = fmt::format(
        "every position of at most {} stacks of {} elements in all, either player to move", stacks,
        total);
    in.size = shapes->size();
    in.instance = [shapes](std::uint64_t i) {
      auto [s, rank] = shapes->locate(i);
      Position p{{}, s.player};
      for (std::size_t g = 0; g < s.groups.size(); ++g) {
        const auto [len, m] = s.groups[g];
        for (const std::uint64_t v :
             certify::unrank_multiset(std::uint64_t{1} << len, m, rank % s.counts[g])) {
          std::string stack;
          for (std::uint64_t b = len; b-- > 0;) stack += static_cast<char>('0' + ((v >> b) & 1));
          p.stacks.push_back(stack);
        }
        rank /= s.counts[g];
      }
      return p;
    };
    in.shrinks = [](const Position& p) {  // a stack fewer, then its top or bottom gone
      std::vector<Position> out;
      for (std::size_t i = 0; i < p.stacks.size(); ++i) {
        out.emplace_back(p).stacks.erase(i);
      }
      for (std::size_t i = 0; i < p.stacks.size(); ++i) {
        if (p.stacks[i].size() < 2) continue;
        out.emplace_back(p).stacks.erase_top(i, 1);
        out.emplace_back(p).stacks.erase_bottom(i);
      }
      return out;
    };
    return certify::model_space(Model(ending), std::move(in), params);
  };
}

}  // namespace perfectplay::games::binim
