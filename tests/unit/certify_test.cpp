// certify (docs/certify.md): the enumeration of every game against counts
// worked out independently here (closed forms, or a brute force over the
// unordered/unsymmetric space); the unranking helpers; shards that partition
// the space; fingerprints; the driver's independence from -j; a checkpoint
// resumed after a failure; a deliberately broken theory caught and shrunk;
// and certify-merge's refusals.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
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
          here += end - begin;
        }
        EXPECT_EQ(here, cf::shard_instances(size, s));
        sum += here;
      }
      EXPECT_EQ(sum, size);
      EXPECT_TRUE(std::all_of(hits.begin(), hits.end(), [](int h) { return h == 1; }))
          << size << " " << n;
    }
  }
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
  expect_refused({s[0], edited, s[2]}, "r2: its fingerprint does not match its contents");
  cf::Report partial = s[1];
  partial.checked -= 1;
  expect_refused({s[0], partial, s[2]}, "shard 2/3 is incomplete");
  cf::Report other_binary = s[1];
  other_binary.binary = "perfectplay 0.0.0 build-id 00";
  other_binary.fingerprint = cf::fingerprint_of(other_binary);
  expect_refused({s[0], other_binary, s[2]}, "binary perfectplay 0.0.0 build-id 00 instead of");
  expect_refused({}, "no reports");
}

}  // namespace
}  // namespace perfectplay
