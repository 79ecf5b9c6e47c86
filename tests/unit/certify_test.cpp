// certify (docs/certify.md): the enumeration of every game against counts
// worked out independently here (closed forms, or a brute force over the
// unordered/unsymmetric space); the unranking helpers; shards that partition
// the space; fingerprints; the driver's independence from -j; a checkpoint
// resumed after a failure; a deliberately broken theory caught and shrunk;
// certify-merge's refusals; the digest over every field, the invariants a
// resealed (forged) report must still hold, --recheck, and the files a
// checkpoint or report may not be.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "certify/driver.h"
#include "certify/enumerate.h"
#include "certify/model_space.h"
#include "core/input_error.h"
#include "games/nim/nim_entry.h"
#include "games/octal/octal_theory.h"
#include "registry/registry.h"
#include "solvers/search_limits.h"

namespace perfectplay {
namespace {

namespace cf = certify;

Params certify_params(const GameEntry& g, const std::map<std::string, std::int64_t>& values,
                      std::set<std::string> flags = {}) {
  Params p;
  for (const ParamSpec& s : g.certify_params) {
    const auto it = values.find(s.name);
    p.values[s.name] = it == values.end() ? s.default_value : it->second;
  }
  for (const TextOptionSpec& t : g.text_options) p.texts[t.name] = t.default_value;
  p.flags = std::move(flags);
  return p;
}

std::unique_ptr<CertifySpace> space(const std::string& game,
                                    const std::map<std::string, std::int64_t>& values,
                                    std::set<std::string> flags = {}) {
  const GameEntry* g = find_game(game);
  EXPECT_NE(g, nullptr);
  return g->certify(certify_params(*g, values, std::move(flags)));
}

// Every instance's text, checked ones only when `checked_only`.
std::vector<std::string> shown(CertifySpace& s, bool checked_only = false) {
  std::vector<std::string> out;
  for (std::uint64_t i = 0; i < s.size(); ++i) {
    if (!checked_only || s.checked(i)) out.push_back(s.show(i));
  }
  return out;
}

std::uint64_t choose(std::uint64_t n, std::uint64_t k) {  // Pascal's triangle, by addition
  std::vector<std::vector<std::uint64_t>> c(n + 1, std::vector<std::uint64_t>(n + 1, 0));
  for (std::uint64_t i = 0; i <= n; ++i) {
    c[i][0] = 1;
    for (std::uint64_t j = 1; j <= i; ++j) c[i][j] = c[i - 1][j - 1] + c[i - 1][j];
  }
  return k <= n ? c[n][k] : 0;
}

TEST(CertifyEnumerate, UnrankMultisetListsEveryMultisetOnceInOrder) {
  for (std::uint64_t n = 1; n <= 6; ++n) {
    for (std::uint64_t m = 0; m <= 4; ++m) {
      ASSERT_EQ(cf::multisets(n, m), choose(n + m - 1, m));
      std::vector<std::vector<std::uint64_t>> all;
      for (std::uint64_t r = 0; r < cf::multisets(n, m); ++r) {
        all.push_back(cf::unrank_multiset(n, m, r));
        ASSERT_EQ(all.back().size(), m);
        ASSERT_TRUE(std::is_sorted(all.back().begin(), all.back().end()));
        ASSERT_LT(m == 0 ? 0 : all.back().back(), n);
      }
      ASSERT_TRUE(std::is_sorted(all.begin(), all.end()));
      ASSERT_EQ(std::set(all.begin(), all.end()).size(), all.size());
    }
  }
  EXPECT_EQ(cf::digits(1 * 1 + 2 * 3 + 0 * 9 + 2 * 27, 3, 4),
            (std::vector<std::uint64_t>{1, 2, 0, 2}));
  EXPECT_THROW(cf::checked_power(2, 63), RequestError);
}

// nim: multisets of 1..R rows of 1..L squares: sum over k of C(L + k - 1, k),
// which is C(L + R, R) - 1.
TEST(CertifyEnumerate, NimCountsAreTheClosedForm) {
  for (std::int64_t rows = 1; rows <= 4; ++rows) {
    for (std::int64_t len = 1; len <= 6; ++len) {
      auto s = space("nim", {{"rows", rows}, {"max-length", len}});
      EXPECT_EQ(
          s->size(),
          choose(static_cast<std::uint64_t>(len + rows), static_cast<std::uint64_t>(rows)) - 1);
    }
  }
  // And they are the sorted boards, each once.
  auto s = space("nim", {{"rows", 3}, {"max-length", 4}});
  std::set<std::string> brute;
  for (int a = 0; a <= 4; ++a) {
    for (int b = a; b <= 4; ++b) {
      for (int c = b; c <= 4; ++c) {
        std::string t;
        for (const int x : {a, b, c}) {
          if (x > 0) t += fmt::format("{}{}", t.empty() ? "" : " ", x);
        }
        if (!t.empty()) brute.insert(t);
      }
    }
  }
  const auto all = shown(*s);
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()), brute);
  EXPECT_EQ(all.size(), brute.size());
}

// bacteria: every R x C grid with R C <= n, 2^(R C) patterns each; checked
// are the classes under reflection and transposition, counted here by brute
// force on the grids' text.
TEST(CertifyEnumerate, BacteriaCountsAndMirrorClasses) {
  for (int n = 1; n <= 8; ++n) {
    auto s = space("bacteria", {{"cells", n}});
    std::uint64_t total = 0;
    std::set<std::string> classes;
    for (int r = 1; r <= n; ++r) {
      for (int c = 1; r * c <= n; ++c) {
        total += std::uint64_t{1} << (r * c);
        for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << (r * c)); ++mask) {
          // The class's name: the least text among the images, as R' x C'.
          const auto cell = [&](int i, int j) { return (mask >> (i * c + j)) & 1 ? '#' : '.'; };
          std::string best;
          for (int t = 0; t < 8; ++t) {
            const bool tr = t & 4, fr = t & 1, fc = t & 2;
            const int rr = tr ? c : r, cc = tr ? r : c;
            std::string img = fmt::format("{}x{}:", rr, cc);
            for (int i = 0; i < rr; ++i) {
              for (int j = 0; j < cc; ++j) {
                int a = tr ? j : i, b = tr ? i : j;
                if (fr) a = r - 1 - a;
                if (fc) b = c - 1 - b;
                img += cell(a, b);
              }
            }
            if (best.empty() || img < best) best = img;
          }
          classes.insert(best);
        }
      }
    }
    EXPECT_EQ(s->size(), total) << n;
    const auto checked = shown(*s, true);
    EXPECT_EQ(checked.size(), classes.size()) << n;
    EXPECT_EQ(std::set<std::string>(checked.begin(), checked.end()).size(), checked.size());
  }
}

// binim: multisets of up to S stacks of total length <= T, either player:
// counted here by sorting every ordered tuple of stacks.
TEST(CertifyEnumerate, BinimCountsAreTheUnorderedTuples) {
  for (const auto& [stacks, total] : std::vector<std::pair<int, int>>{{3, 5}, {2, 6}, {4, 4}}) {
    std::vector<std::string> strings;  // every binary string of length 1..total
    for (int len = 1; len <= total; ++len) {
      for (int bits = 0; bits < (1 << len); ++bits) {
        std::string t;
        for (int i = 0; i < len; ++i) t += static_cast<char>('0' + ((bits >> i) & 1));
        strings.push_back(t);
      }
    }
    std::set<std::vector<std::string>> positions{{}};
    std::vector<std::vector<std::string>> frontier{{}};
    for (int k = 1; k <= stacks; ++k) {
      std::vector<std::vector<std::string>> next;
      for (const auto& p : frontier) {
        std::size_t used = 0;
        for (const auto& x : p) used += x.size();
        for (const auto& x : strings) {
          if (used + x.size() > static_cast<std::size_t>(total)) continue;
          auto q = p;
          q.push_back(x);
          std::sort(q.begin(), q.end());
          if (positions.insert(q).second) next.push_back(q);
        }
      }
      frontier = std::move(next);
    }
    for (const std::string game : {"binim", "binim2"}) {
      auto s = space(game, {{"stacks", stacks}, {"total", total}});
      EXPECT_EQ(s->size(), 2 * positions.size());
      const auto all = shown(*s);
      std::set<std::vector<std::string>> seen;
      for (const std::string& t : all) {
        std::vector<std::string> words;
        std::string w;
        for (const char ch : t + " ") {
          if (ch != ' ') {
            w += ch;
          } else if (!w.empty()) {
            words.push_back(w);
            w.clear();
          }
        }
        words.erase(words.begin());  // the player
        std::sort(words.begin(), words.end());
        seen.insert(words);
      }
      EXPECT_EQ(seen, positions);
      EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size());
    }
  }
}

TEST(CertifyEnumerate, GridgameAsymmetryOctalCounts) {
  for (int n = 1; n <= 3; ++n) {
    for (const auto& [low, high] : std::vector<std::pair<int, int>>{{-2, 2}, {0, 1}, {3, 3}}) {
      std::uint64_t total = 0, base = static_cast<std::uint64_t>(high - low + 1);
      for (int k = 1; k <= n; ++k) {
        std::uint64_t c = 1;
        for (int i = 0; i < k * k; ++i) c *= base;
        total += c;
      }
      EXPECT_EQ(space("gridgame", {{"n", n}, {"low", low}, {"high", high}})->size(), total);
    }
  }
  auto g = space("gridgame", {{"n", 2}, {"low", -1}, {"high", 1}});
  const auto all = shown(*g);
  EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size());

  for (const auto& [rows, cols, cells, k] :
       std::vector<std::tuple<int, int, int, int>>{{3, 6, 12, 2}, {2, 4, 8, 3}, {1, 2, 2, 1}}) {
    std::uint64_t total = 0;
    for (int r = 1; r <= rows; ++r) {
      for (int c = 2; c <= cols; c += 2) {
        if (r * c > cells) continue;
        for (int kk = 1; kk <= k; ++kk) {
          std::uint64_t x = 1;
          for (int i = 0; i < r * c; ++i) x *= static_cast<std::uint64_t>(kk + 1);
          total += x;
        }
      }
    }
    EXPECT_EQ(
        space("asymmetry", {{"rows", rows}, {"cols", cols}, {"cells", cells}, {"k", k}})->size(),
        total);
  }
  auto a = space("asymmetry", {{"rows", 2}, {"cols", 4}, {"cells", 8}, {"k", 1}});
  const auto grids = shown(*a);
  EXPECT_EQ(std::set<std::string>(grids.begin(), grids.end()).size(), grids.size());

  // octal: rows of 1 .. pre-period + 2 periods, by default.
  const auto theory = games::octal::theory_of(std::get<games::octal::Code>(
      games::octal::parse_code(find_game("octal")->text_options[0].default_value)));
  EXPECT_EQ(space("octal", {})->size(), theory->preperiod() + 2 * theory->period());
  EXPECT_EQ(space("octal", {{"max-heap", 17}})->size(), 17u);
}

TEST(CertifyShards, PartitionTheSpaceForAnyCount) {
  for (const std::uint64_t size : {0, 1, 63, 64, 65, 1000, 4097}) {
    for (const std::uint64_t n : {1, 2, 3, 7, 64, 100}) {
      std::vector<int> hits(size, 0);
      std::uint64_t sum = 0;
      for (std::uint64_t i = 1; i <= n; ++i) {
        const cf::Shard s{i, n};
        std::uint64_t here = 0;
        for (std::uint64_t k = 0; k < cf::shard_blocks(size, s); ++k) {
          const auto [begin, end] = cf::shard_block(size, s, k);
          ASSERT_LT(begin, end);
          for (std::uint64_t x = begin; x < end; ++x) ++hits[x];
          // A checkpoint's counts and a listed disagreement are checked
          // through these: the blocks before k, and the block of an index.
          EXPECT_EQ(cf::prefix_instances(size, s, k), here);
          EXPECT_EQ(cf::block_of(size, s, begin), k);
          EXPECT_EQ(cf::block_of(size, s, end - 1), k);
          for (std::uint64_t other = 1; other <= n; ++other) {
            if (other != i) {
              EXPECT_FALSE(cf::block_of(size, {other, n}, begin));
            }
          }
          here += end - begin;
        }
        EXPECT_EQ(cf::prefix_instances(size, s, cf::shard_blocks(size, s)), here);
        EXPECT_EQ(here, cf::shard_instances(size, s));
        sum += here;
      }
      EXPECT_EQ(sum, size);
      EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }))
          << size << " " << n;
    }
  }
  for (const std::uint64_t n :
       {std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{5}, std::uint64_t{1000},
        std::uint64_t{123457}, std::uint64_t{1} << 33}) {
    for (std::uint64_t x = 0; x < std::min<std::uint64_t>(n, 3000); ++x) {
      const std::uint64_t y = (x * 7919) % n;
      EXPECT_EQ(cf::unpermute_blocks(cf::permute_blocks(y, n), n), y) << y << " of " << n;
    }
  }
  EXPECT_FALSE(cf::block_of(100, {1, 1}, 100));
  EXPECT_EQ(cf::parse_shard("3/7"), (cf::Shard{3, 7}));
  for (const char* bad : {"0/3", "4/3", "1/0", "1", "/3", "1/", "a/b", "1/3x", "-1/3", " 1/3"}) {
    EXPECT_FALSE(cf::parse_shard(bad)) << bad;
  }
}

cf::Report run_game(const std::string& game, const std::map<std::string, std::int64_t>& values,
                    cf::Shard shard, unsigned threads, std::set<std::string> flags = {}) {
  const GameEntry& g = *find_game(game);
  cf::RunOptions o;
  o.shard = shard;
  o.threads = threads;
  return cf::run(g, certify_params(g, values, std::move(flags)), o);
}

TEST(CertifyDriver, ShardsAddUpToTheWholeAndMergeToItsFingerprint) {
  const std::map<std::string, std::int64_t> bounds = {{"cells", 7}};
  const cf::Report whole = run_game("bacteria", bounds, {1, 1}, 2);
  EXPECT_TRUE(whole.ok());
  EXPECT_EQ(whole.checked + whole.skipped, whole.space);
  std::vector<cf::Report> shards;
  std::vector<std::string> names;
  for (std::uint64_t i = 1; i <= 5; ++i) {
    shards.push_back(run_game("bacteria", bounds, {i, 5}, 1 + i % 3));
    names.push_back(fmt::format("shard{}", i));
    EXPECT_EQ(shards.back().slice, cf::shard_instances(whole.space, {i, 5}));
    // A rerun gives the same fingerprint; another shard another.
    EXPECT_EQ(run_game("bacteria", bounds, {i, 5}, 1).fingerprint, shards.back().fingerprint);
    EXPECT_NE(shards.back().fingerprint, whole.fingerprint);
  }
  std::reverse(shards.begin(), shards.end());  // any order
  std::reverse(names.begin(), names.end());
  const cf::Report merged = cf::merge(shards, names);
  EXPECT_EQ(merged.fingerprint, whole.fingerprint);
  EXPECT_EQ(merged.checked, whole.checked);
  EXPECT_EQ(merged.skipped, whole.skipped);
  EXPECT_EQ(merged.nodes, whole.nodes);
  EXPECT_EQ(merged.merged, 5u);
  EXPECT_TRUE(merged.ok());
  // --no-symmetry checks the mirror images too: another run, another fingerprint.
  const cf::Report all = run_game("bacteria", bounds, {1, 1}, 2, {cf::kNoSymmetry});
  EXPECT_EQ(all.checked, all.space);
  EXPECT_EQ(all.skipped, 0u);
  EXPECT_GT(whole.skipped, 0u);
  EXPECT_TRUE(all.ok());
  EXPECT_NE(all.fingerprint, whole.fingerprint);
  // The JSON round-trips.
  const cf::Report back = cf::report_from_json(cf::to_json(merged));
  EXPECT_EQ(cf::to_json(back), cf::to_json(merged));
}

TEST(CertifyDriver, FingerprintNamesBinaryGameOptionsBoundsAndShard) {
  const nlohmann::json options = {{"misere", false}}, bounds = {{"rows", 4}};
  const std::string f = cf::fingerprint_of("b", "nim", options, bounds, {1, 2});
  EXPECT_EQ(f, cf::fingerprint_of("b", "nim", options, bounds, {1, 2}));
  EXPECT_NE(f, cf::fingerprint_of("c", "nim", options, bounds, {1, 2}));
  EXPECT_NE(f, cf::fingerprint_of("b", "octal", options, bounds, {1, 2}));
  EXPECT_NE(f, cf::fingerprint_of("b", "nim", {{"misere", true}}, bounds, {1, 2}));
  EXPECT_NE(f, cf::fingerprint_of("b", "nim", options, {{"rows", 5}}, {1, 2}));
  EXPECT_NE(f, cf::fingerprint_of("b", "nim", options, bounds, {2, 2}));
  EXPECT_NE(f, cf::fingerprint_of("b", "nim", options, bounds, {1, 3}));
  EXPECT_NE(cf::binary_identity(), "");
}

TEST(CertifyDriver, ThreadsChangeNothingButTheTime) {
  const std::map<std::string, std::int64_t> bounds = {{"total", 6}};
  const cf::Report one = run_game("binim", bounds, {2, 3}, 1);
  const cf::Report four = run_game("binim", bounds, {2, 3}, 4);
  EXPECT_GT(one.checked, 0u);
  EXPECT_EQ(one.checked, four.checked);
  EXPECT_EQ(one.nodes, four.nodes);
  EXPECT_EQ(one.fingerprint, four.fingerprint);
}

// nim whose theory misreads rows of 3 squares as 2: wrong on {2, 3} (nim-sum
// 1, read as 0) and on everything that reaches it, right on a lone row.
class MisreadNim : public games::nim::Model {
 public:
  Value theory(const games::nim::Position& p) const {
    games::nim::Position q = p;
    for (auto& r : q.rows) r = r == 3 ? 2 : r;
    return games::nim::Model::theory(q);
  }
};

cf::Instances<MisreadNim> nim_boards(std::uint64_t rows, std::uint64_t len) {
  auto shapes = std::make_shared<cf::Catalog<std::uint64_t>>();
  for (std::uint64_t k = 1; k <= rows; ++k) shapes->add(k, cf::multisets(len, k));
  cf::Instances<MisreadNim> in;
  in.description = "test boards";
  in.size = shapes->size();
  in.instance = [shapes, len](std::uint64_t i) {
    const auto [k, r] = shapes->locate(i);
    games::nim::Position p;
    for (const auto v : cf::unrank_multiset(len, k, r)) p.rows.push_back(v + 1);
    return p;
  };
  in.shrinks = [](const games::nim::Position& p) {
    std::vector<games::nim::Position> out;
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
      out.emplace_back(p).rows.erase(out.back().rows.begin() + static_cast<std::ptrdiff_t>(i));
      if (p.rows[i] > 1) --out.emplace_back(p).rows[i];
    }
    return out;
  };
  return in;
}

TEST(CertifyDriver, BrokenTheoryIsCaughtAndShrunk) {
  cf::Report header;
  header.game = "misread-nim";
  const cf::Report r =
      cf::run([] { return cf::model_space(MisreadNim(), nim_boards(4, 5), Params{}); }, header,
              {cf::Shard{1, 1}, 2, "", 5});
  EXPECT_FALSE(r.ok());
  EXPECT_GT(r.disagreed, 0u);
  EXPECT_LT(r.disagreed, r.checked);  // a lone row of 3 is right
  ASSERT_EQ(r.examples.size(), cf::kMaxExamples);
  EXPECT_TRUE(std::is_sorted(r.examples.begin(), r.examples.end(),
                             [](const auto& a, const auto& b) { return a.index < b.index; }));
  // The first disagreement in canonical order (boards of one row, then two,
  // each sorted) is 2 3, read as 2 2; the next, 2 4, has a move to it.
  EXPECT_EQ(r.examples[0].instance, "2 3");
  EXPECT_EQ(r.examples[0].detail.rfind("theory says loss, reference says win", 0), 0u);
  EXPECT_EQ(r.examples[0].index, 11u);  // 5 boards of one row, then 1 1 .. 1 5, 2 2
  // docs/certify.md shows this part of the report.
  EXPECT_NE(cf::to_text(r).find("disagreement at instance 11:\n    2 3\n  theory says loss, "
                                "reference says win in 5\n  shrunk in 0 steps to:\n    2 3\n"),
            std::string::npos)
      << cf::to_text(r);
  EXPECT_EQ(r.examples[1].instance, "2 4");
  EXPECT_EQ(r.examples[1].detail.rfind("after move 2 1: theory says loss", 0), 0u)
      << r.examples[1].detail;
  // Each shrinks to 2 3: any smaller board (a row fewer, a square fewer) agrees.
  for (const cf::Example& e : r.examples) {
    ASSERT_TRUE(e.shrunk.has_value());
    EXPECT_EQ(e.shrunk->instance, "2 3") << e.instance;
    EXPECT_EQ(e.shrunk->steps == 0, e.instance == "2 3") << e.instance;
  }
}

// A space whose check fails (a search past its limit) at one block the first
// time, to interrupt a run; it counts the blocks it checks.
class FailOnce : public CertifySpace {
 public:
  FailOnce(std::unique_ptr<CertifySpace> inner, std::atomic<int>& fail_at, std::atomic<int>& checks)
      : inner_(std::move(inner)), fail_at_(fail_at), checks_(checks) {}
  std::string description() const override { return inner_->description(); }
  std::uint64_t size() const override { return inner_->size(); }
  CertifyBlock check(std::uint64_t begin, std::uint64_t end) override {
    int at = static_cast<int>(begin / cf::kBlock);
    if (fail_at_.compare_exchange_strong(at, -1)) throw SearchLimitExceeded(1);
    ++checks_;
    return inner_->check(begin, end);
  }
  std::string show(std::uint64_t i) const override { return inner_->show(i); }
  bool checked(std::uint64_t i) const override { return inner_->checked(i); }
  std::optional<CertifyShrunk> shrink(std::uint64_t i) override { return inner_->shrink(i); }

 private:
  std::unique_ptr<CertifySpace> inner_;
  std::atomic<int>& fail_at_;
  std::atomic<int>& checks_;
};

TEST(CertifyDriver, CheckpointResumesWhereARunStopped) {
  const std::string path =
      (std::filesystem::temp_directory_path() / fmt::format("certify_test_{}", ::getpid()))
          .string();
  std::remove(path.c_str());
  const std::map<std::string, std::int64_t> bounds = {{"total", 7}};
  const GameEntry& g = *find_game("binim");
  const Params params = certify_params(g, bounds);
  cf::Report header;
  header.game = g.name;
  header.options = options_json(g, params);
  header.bounds = cf::bounds_json(g, params);
  const cf::Report whole = cf::run(g, params, {cf::Shard{1, 1}, 1, "", 5});
  const std::uint64_t blocks = cf::shard_blocks(whole.space, {1, 1});
  ASSERT_GT(blocks, 20u);

  // The 21st block the run takes (blocks are taken in shuffled order).
  std::atomic<int> fail_at{
      static_cast<int>(cf::shard_block(whole.space, {1, 1}, 20).first / cf::kBlock)};
  std::atomic<int> checks{0};
  const auto make = [&] { return std::make_unique<FailOnce>(g.certify(params), fail_at, checks); };
  EXPECT_THROW(cf::run(make, header, {cf::Shard{1, 1}, 1, path, 0}), SearchLimitExceeded);
  EXPECT_EQ(checks.load(), 20);  // blocks 0..19, saved
  checks = 0;
  const cf::Report resumed = cf::run(make, header, {cf::Shard{1, 1}, 2, path, 0});
  EXPECT_EQ(static_cast<std::uint64_t>(checks.load()), blocks - 20);
  EXPECT_EQ(resumed.checked, whole.checked);
  EXPECT_EQ(resumed.nodes, whole.nodes);
  EXPECT_EQ(resumed.fingerprint, whole.fingerprint);
  EXPECT_TRUE(resumed.ok());
  // Done: a rerun with the checkpoint checks nothing more.
  checks = 0;
  EXPECT_EQ(cf::run(make, header, {cf::Shard{1, 1}, 2, path, 0}).checked, whole.checked);
  EXPECT_EQ(checks.load(), 0);
  // Another run's checkpoint is refused.
  header.bounds["total"] = 6;
  EXPECT_THROW(cf::run(make, header, {cf::Shard{1, 1}, 1, path, 0}), RequestError);
  std::remove(path.c_str());
}

void expect_refused(const std::vector<cf::Report>& reports, const std::string& words) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < reports.size(); ++i) names.push_back(fmt::format("r{}", i + 1));
  try {
    cf::merge(reports, names);
    ADD_FAILURE() << "merged; expected a refusal with: " << words;
  } catch (const RequestError& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(CertifyMerge, RefusesMissingDuplicatedMismatchedAndEditedShards) {
  const std::map<std::string, std::int64_t> bounds = {{"rows", 3}, {"max-length", 9}};
  std::vector<cf::Report> s;
  for (std::uint64_t i = 1; i <= 3; ++i) s.push_back(run_game("nim", bounds, {i, 3}, 1));
  EXPECT_NO_THROW(cf::merge(s, {"a", "b", "c"}));
  expect_refused({s[0], s[2]}, "shard 2 of 1..3 missing");
  expect_refused({s[0], s[1], s[1], s[2]}, "shard 2/3 is given twice: r2 and r3");
  cf::Report other = run_game("nim", {{"rows", 3}, {"max-length", 8}}, {2, 3}, 1);
  expect_refused(
      {s[0], other, s[2]},
      "r2 is not a shard of the same run as r1: bounds {\"max-length\":8,\"rows\":3} instead of");
  cf::Report four = run_game("nim", bounds, {2, 4}, 1);
  expect_refused({s[0], four, s[2]}, "shard count 4 instead of 3");
  cf::Report edited = s[1];
  edited.bounds["rows"] = 4;
  expect_refused({s[0], edited, s[2]}, "r2: its digest does not match its contents");
  edited.digest = cf::digest_of(edited);  // the digest recomputed, not the fingerprint
  expect_refused({s[0], edited, s[2]}, "r2: its fingerprint does not match its binary, game");
  cf::Report partial = s[1];  // a checkpoint of an interrupted run
  partial.next_block = cf::shard_blocks(partial.space, partial.shard) - 1;
  partial.checked = cf::prefix_instances(partial.space, partial.shard, *partial.next_block);
  partial.digest = cf::digest_of(partial);
  expect_refused({s[0], partial, s[2]}, "shard 2/3 is incomplete");
  cf::Report other_binary = s[1];
  other_binary.binary = "perfectplay 0.0.0 build-id 00";
  other_binary.fingerprint = cf::fingerprint_of(other_binary);
  other_binary.digest = cf::digest_of(other_binary);
  expect_refused({s[0], other_binary, s[2]}, "binary perfectplay 0.0.0 build-id 00 instead of");
  expect_refused({}, "no reports");
}

// Edits `r` as a forger would: the change, then the fingerprint and digest
// recomputed (both are public hashes).
template <class Edit>
cf::Report resealed(cf::Report r, Edit edit) {
  edit(r);
  r.fingerprint = cf::fingerprint_of(r);
  r.digest = cf::digest_of(r);
  return r;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const RequestError& e) {
    return e.what();
  }
  return "(accepted)";
}

// Every field of the document, changed in turn, is refused: the digest
// covers it, or (for the fields derived from others) the document is not
// the one certify writes. Issue 31: only the identity fields were covered,
// so checked, skipped, disagreed, reference_nodes and seconds could be
// edited at will.
TEST(CertifyDigest, EveryFieldOfTheDocumentIsCovered) {
  cf::Report r = run_game("nim", {{"rows", 3}, {"max-length", 6}}, {2, 3}, 1);
  const nlohmann::json doc = cf::to_json(r);
  EXPECT_NO_THROW(cf::parse_report(doc));
  EXPECT_EQ(cf::to_json(cf::parse_report(doc)), doc);
  r.next_block = 1;  // a checkpoint's field too
  r.checked = cf::prefix_instances(r.space, r.shard, 1);
  const nlohmann::json checkpoint = cf::to_json(r);
  EXPECT_NO_THROW(cf::parse_report(checkpoint));
  int fields = 0;
  for (const nlohmann::json& d : {doc, checkpoint}) {
    for (const auto& [key, value] : d.items()) {
      if (key == "digest") continue;
      nlohmann::json edited = d;
      nlohmann::json& v = edited[key];
      if (v.is_boolean()) {
        v = !v.get<bool>();
      } else if (v.is_number_unsigned()) {
        v = v.get<std::uint64_t>() + 1;
      } else if (v.is_number()) {
        v = v.get<double>() + 0.5;
      } else if (v.is_string()) {
        v = v.get<std::string>() + "x";
      } else if (v.is_object()) {
        v["index"] = 3;  // shard {2, 3} becomes {3, 3}; options, bounds gain a field
      } else if (v.is_array()) {
        v.push_back(1);
      } else {
        v = 1;  // threads: null in a merged report only
      }
      EXPECT_THROW(cf::parse_report(edited), RequestError) << key;
      ++fields;
    }
    nlohmann::json added = d;
    added["verified"] = true;
    EXPECT_THROW(cf::parse_report(added), RequestError);
  }
  EXPECT_EQ(fields, 2 * 22 + 1);  // a new field must be added here (and to the digest)
  // A report written before reports carried a digest is refused, by name.
  nlohmann::json old = doc;
  old.erase("digest");
  EXPECT_NE(refusal([&] { cf::parse_report(old); }).find("no \"digest\""), std::string::npos);
}

// Issue 31's edits, resealed (fingerprint and digest recomputed, as anyone
// can): certify-merge still refuses each whose counts cannot be true, and
// --recheck finds the rest.
TEST(CertifyDigest, ResealedEditsAreRefusedByTheInvariants) {
  const GameEntry& nim = *find_game("nim");
  const std::map<std::string, std::int64_t> bounds = {{"rows", 4}, {"max-length", 7}};
  std::vector<cf::Report> s;
  for (std::uint64_t i = 1; i <= 3; ++i) s.push_back(run_game("nim", bounds, {i, 3}, 1));
  const std::vector<std::string> names = {"r1", "r2", "r3"};
  ASSERT_NO_THROW(cf::merge(nim, s, names, 2));
  const auto merged_with = [&](const cf::Report& first) {
    return refusal([&] { cf::merge(nim, {first, s[1], s[2]}, names, 2); });
  };
  // "skipped":128,"checked":0: nim has no mirror images.
  EXPECT_NE(merged_with(resealed(s[0],
                                 [](cf::Report& r) {
                                   r.skipped += r.checked;
                                   r.checked = 0;
                                 }))
                .find("r1: it skipped 128 instances as mirror images; nim with these options "
                      "skips none"),
            std::string::npos);
  // "disagreed":1 with none listed.
  EXPECT_NE(merged_with(resealed(s[0], [](cf::Report& r) { r.disagreed = 1; }))
                .find("r1: it lists 0 disagreements where its count of 1 calls for 1"),
            std::string::npos);
  // A disagreement listed that is not in the shard, or not the space's instance.
  cf::Example fake{s[1].space, "1 2", "theory says win, reference says loss", std::nullopt};
  EXPECT_NE(merged_with(resealed(s[0],
                                 [&](cf::Report& r) {
                                   r.disagreed = 1;
                                   r.examples = {fake};
                                 }))
                .find("is not in a block it has done"),
            std::string::npos);
  fake.index = cf::shard_block(s[0].space, s[0].shard, 0).first;
  EXPECT_NE(merged_with(resealed(s[0],
                                 [&](cf::Report& r) {
                                   r.disagreed = 1;
                                   r.examples = {fake};
                                 }))
                .find("is not the space's instance"),
            std::string::npos);
  // Counts that do not add up to the slice, a slice not the shard's share.
  EXPECT_NE(merged_with(resealed(s[0], [](cf::Report& r) { r.checked -= 1; }))
                .find("are not the 128 instances of the 2 blocks it has done"),
            std::string::npos);
  EXPECT_NE(merged_with(resealed(s[0],
                                 [](cf::Report& r) {
                                   r.slice += 1;
                                   r.checked += 1;
                                 }))
                .find("is not shard 1/3's share"),
            std::string::npos);
  // Another space (the count edited with the slices to match) is not nim's.
  EXPECT_NE(refusal([&] {
              std::vector<cf::Report> t;
              for (const cf::Report& r : s) {
                t.push_back(resealed(r, [](cf::Report& x) {
                  x.space += 64 * 3;
                  x.slice = cf::shard_instances(x.space, x.shard);
                  x.checked = x.slice;
                }));
              }
              cf::merge(nim, t, names, 2);
            }).find("this perfectplay's nim with its options and bounds has 329"),
            std::string::npos);
  EXPECT_NE(merged_with(resealed(s[0], [](cf::Report& r) { r.space = std::uint64_t{1} << 63; }))
                .find("more than certify counts"),
            std::string::npos);
  // Edited reference nodes and time hold every invariant: only a rerun
  // tells. --recheck reproduces the genuine shard and not the edited one.
  const cf::Report nodes = resealed(s[0], [](cf::Report& r) { r.nodes = 5; });
  EXPECT_EQ(merged_with(nodes), "(accepted)");
  cf::RunOptions o;
  o.threads = 2;
  EXPECT_TRUE(cf::recheck(nim, s[0], o).differences.empty());
  const cf::Recheck bad = cf::recheck(nim, nodes, o);
  ASSERT_EQ(bad.differences.size(), 1u);
  EXPECT_EQ(bad.differences[0], fmt::format("reference nodes: report 5, rerun {}", s[0].nodes));
  const cf::Recheck lies =
      cf::recheck(nim,
                  resealed(s[2],
                           [](cf::Report& r) {
                             r.disagreed = 1;
                             r.examples = {{cf::shard_block(r.space, r.shard, 0).first, "",
                                            "made up", std::nullopt}};
                           }),
                  o);
  EXPECT_EQ(lies.differences.size(), 2u);  // the count, and the disagreement listed
}

// bacteria skips mirror images: a shard must skip exactly those of its
// blocks, never more (more would certify instances no one checked).
TEST(CertifyDigest, SkippedAreExactlyTheMirrorImages) {
  const GameEntry& bacteria = *find_game("bacteria");
  const std::map<std::string, std::int64_t> bounds = {{"cells", 8}};
  std::vector<cf::Report> s;
  for (std::uint64_t i = 1; i <= 2; ++i) s.push_back(run_game("bacteria", bounds, {i, 2}, 1));
  ASSERT_GT(s[0].skipped, 0u);
  ASSERT_NO_THROW(cf::merge(bacteria, s, {"r1", "r2"}, 2));
  for (const std::int64_t more : {1, -1}) {
    const cf::Report edited = resealed(s[0], [&](cf::Report& r) {
      r.skipped += more;
      r.checked -= more;
    });
    EXPECT_NE(refusal([&] {
                cf::merge(bacteria, {edited, s[1]}, {"r1", "r2"}, 2);
              })
                  .find(fmt::format("it skipped {} instances as mirror images; its blocks done "
                                    "hold {}",
                                    s[0].skipped + more, s[0].skipped)),
              std::string::npos);
  }
  // --no-symmetry runs skip none.
  const cf::Report all = run_game("bacteria", bounds, {1, 1}, 2, {cf::kNoSymmetry});
  EXPECT_NE(refusal([&] {
              cf::merge(bacteria,
                        {resealed(all,
                                  [](cf::Report& r) {
                                    r.skipped = 1;
                                    r.checked -= 1;
                                  })},
                        {"r1"}, 2);
            }).find("bacteria with these options skips none"),
            std::string::npos);
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          fmt::format("certify_test_{}_{}", ::getpid(), name))
      .string();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A checkpoint is checked as a report is, before a run resumes from it: an
// edit resealed that leaves counts no run could write is refused, where it
// used to certify with nothing checked, or resume forever.
TEST(CertifyCheckpoint, ResumedRunsRecheckTheInvariants) {
  const std::string path = temp_path("resume");
  const GameEntry& g = *find_game("nim");
  const Params params = certify_params(g, {{"rows", 4}, {"max-length", 7}});
  std::remove(path.c_str());
  const cf::Report whole = cf::run(g, params, {cf::Shard{1, 1}, 1, path, 5});
  ASSERT_TRUE(whole.ok());
  std::optional<std::string> text = cf::read_report_file(path, "checkpoint");
  ASSERT_TRUE(text);
  const cf::Report done = cf::parse_report(nlohmann::json::parse(*text));
  ASSERT_EQ(done.next_block, cf::shard_blocks(done.space, done.shard));
  const auto resume_from = [&](const cf::Report& c) {
    write_file(path, cf::to_json(c).dump());
    return refusal([&] { cf::run(g, params, {cf::Shard{1, 1}, 1, path, 5}); });
  };
  EXPECT_EQ(resume_from(done), "(accepted)");
  // "skipped":329 and nothing checked.
  EXPECT_NE(resume_from(resealed(done,
                                 [](cf::Report& r) {
                                   r.skipped = r.slice;
                                   r.checked = 0;
                                 }))
                .find("cannot be resumed: it skipped 329 instances as mirror images"),
            std::string::npos);
  // checked below what next_block says is done: the run would stop short of
  // the slice every time it is resumed.
  EXPECT_NE(resume_from(resealed(done,
                                 [](cf::Report& r) {
                                   r.next_block = 3;
                                   r.checked = 100;
                                 }))
                .find("checked 100 + skipped 0 are not the 192 instances of the 3 blocks"),
            std::string::npos);
  EXPECT_NE(resume_from(resealed(done, [](cf::Report& r) { r.next_block = 99; }))
                .find("its next_block 99 is past the shard's 6 blocks"),
            std::string::npos);
  // A consistent prefix resumes and finishes with the whole run's report.
  const cf::Report prefix = resealed(done, [](cf::Report& r) {
    r.next_block = 3;
    r.checked = 192;
    r.nodes = 0;
    r.examples.clear();
  });
  write_file(path, cf::to_json(prefix).dump());
  const cf::Report resumed = cf::run(g, params, {cf::Shard{1, 1}, 2, path, 5});
  EXPECT_EQ(resumed.checked, whole.checked);
  EXPECT_TRUE(resumed.complete());
  // A naive edit (digest not recomputed), and a finished report given as a
  // checkpoint.
  nlohmann::json naive = cf::to_json(done);
  naive["skipped"] = 329;
  naive["checked"] = 0;
  write_file(path, naive.dump());
  EXPECT_NE(refusal([&] {
              cf::run(g, params, {cf::Shard{1, 1}, 1, path, 5});
            }).find("its digest does not match its contents"),
            std::string::npos);
  write_file(path, cf::to_json(whole).dump());
  EXPECT_NE(refusal([&] {
              cf::run(g, params, {cf::Shard{1, 1}, 1, path, 5});
            }).find("is a report, not a checkpoint"),
            std::string::npos);
  std::remove(path.c_str());
}

// A checkpoint that cannot be read or written is refused before any block
// is checked (issue 31: --checkpoint /tmp ran the whole certify, then failed
// and left /tmp.tmp; --checkpoint /dev/zero read until memory ran out).
TEST(CertifyCheckpoint, RefusedBeforeTheWorkStarts) {
  const GameEntry& g = *find_game("binim");
  const Params params = certify_params(g, {{"total", 6}});
  cf::Report header;
  header.game = g.name;
  header.options = options_json(g, params);
  header.bounds = cf::bounds_json(g, params);
  std::atomic<int> never{-1};
  std::atomic<int> checks{0};
  const auto make = [&] { return std::make_unique<FailOnce>(g.certify(params), never, checks); };
  const std::string dir = temp_path("dir");
  std::filesystem::create_directory(dir);
  const std::string sparse = temp_path("sparse");
  write_file(sparse, "");
  std::filesystem::resize_file(sparse, std::uint64_t{3} << 30);  // 3 GB, no blocks
  const std::string fifo = temp_path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string tmp_fifo = temp_path("tmpfifo");
  ASSERT_EQ(::mkfifo((tmp_fifo + ".tmp").c_str(), 0600), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir, "is a directory, not a file certify wrote"},
      {"/dev/zero", "the checkpoint /dev/zero is a character device"},
      {sparse, "is 3221225472 bytes; certify writes one of at most 1048576 bytes"},
      {fifo, "is a pipe, not a file certify wrote"},
      {dir + "/missing/ckpt", "cannot write the checkpoint " + dir + "/missing/ckpt.tmp: No such"},
      {tmp_fifo, "it exists and is not a regular file (a pipe): remove it"},
  };
  for (const auto& c : cases) {
    const std::string& path = c.first;  // named: clang 14 captures no structured binding
    const std::string& words = c.second;
    EXPECT_NE(refusal([&] {
                cf::run(make, header, {cf::Shard{1, 1}, 2, path, 5});
              }).find(words),
              std::string::npos)
        << path;
    EXPECT_EQ(checks.load(), 0) << path;
  }
  EXPECT_FALSE(std::filesystem::exists(dir + ".tmp"));
  // read_report_file itself: bounded, regular files only.
  EXPECT_NE(refusal([&] {
              cf::read_report_file("/dev/zero", "report");
            }).find("the report /dev/zero is a character device"),
            std::string::npos);
  EXPECT_FALSE(cf::read_report_file(dir + "/none", "checkpoint", true));
  EXPECT_NE(refusal([&] {
              cf::read_report_file(dir + "/none", "report");
            }).find("cannot read the report"),
            std::string::npos);
  write_file(sparse, std::string(cf::kMaxReportBytes, ' '));
  EXPECT_TRUE(cf::read_report_file(sparse, "report"));
  write_file(sparse, std::string(cf::kMaxReportBytes + 1, ' '));
  EXPECT_NE(refusal([&] { cf::read_report_file(sparse, "report"); }).find("at most"),
            std::string::npos);
  std::filesystem::remove_all(dir);
  std::remove(sparse.c_str());
  std::remove(fifo.c_str());
  std::remove((tmp_fifo + ".tmp").c_str());
}

// A space that calls `hook` before checking each block.
class Hooked : public CertifySpace {
 public:
  Hooked(std::unique_ptr<CertifySpace> inner, std::function<void(std::uint64_t)> hook)
      : inner_(std::move(inner)), hook_(std::move(hook)) {}
  std::string description() const override { return inner_->description(); }
  std::uint64_t size() const override { return inner_->size(); }
  CertifyBlock check(std::uint64_t begin, std::uint64_t end) override {
    hook_(begin);
    return inner_->check(begin, end);
  }
  std::string show(std::uint64_t i) const override { return inner_->show(i); }
  bool checked(std::uint64_t i) const override { return inner_->checked(i); }
  std::optional<CertifyShrunk> shrink(std::uint64_t i) override { return inner_->shrink(i); }

 private:
  std::unique_ptr<CertifySpace> inner_;
  std::function<void(std::uint64_t)> hook_;
};

// A checkpoint that cannot be saved any more in the middle of a run (its
// FILE.tmp turned into a directory) ends the run with the message; the
// save's exception used to leave the driver with its threads running, and
// the program ended in std::terminate (an abort, exit 134).
TEST(CertifyCheckpoint, ASaveFailingMidRunIsAnErrorNotAnAbort) {
  const std::string path = temp_path("midrun");
  const GameEntry& g = *find_game("binim");
  const Params params = certify_params(g, {{"total", 7}});
  cf::Report header;
  header.game = g.name;
  header.options = options_json(g, params);
  header.bounds = cf::bounds_json(g, params);
  std::atomic<int> blocks{0};
  const auto make = [&] {
    return std::make_unique<Hooked>(g.certify(params), [&](std::uint64_t) {
      if (++blocks == 5) std::filesystem::create_directory(path + ".tmp");
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    });
  };
  std::remove(path.c_str());
  EXPECT_NE(refusal([&] {
              cf::run(make, header, {cf::Shard{1, 1}, 2, path, 0});
            }).find("cannot write the checkpoint " + path + ".tmp"),
            std::string::npos);
  std::filesystem::remove_all(path + ".tmp");
  std::remove(path.c_str());
}

// A space that skips nothing is known to skip nothing without a visit: the
// recount of a report over every 4 x 4 gridgame matrix of [-2, 2] (1.5 x
// 10^11 instances, hours at a visit each) is immediate.
TEST(CertifyDigest, NoRecountWhereTheSpaceSkipsNone) {
  const GameEntry& g = *find_game("gridgame");
  const Params params = certify_params(g, {{"n", 4}});
  const cf::SpaceFactory make = [&] { return g.certify(params); };
  const std::unique_ptr<CertifySpace> space = make();
  ASSERT_GT(space->size(), std::uint64_t{100'000'000'000});
  cf::Report r;
  r.game = g.name;
  r.description = space->description();
  r.space = r.slice = r.checked = space->size();
  r.threads = 1;
  EXPECT_NO_THROW(cf::check_against_space(r, *space, make, 1));
  r.checked -= 1;
  r.skipped = 1;
  EXPECT_NE(refusal([&] {
              cf::check_against_space(r, *space, make, 1);
            }).find("gridgame with these options skips none"),
            std::string::npos);
}

}  // namespace
}  // namespace perfectplay
