#include "certify/driver.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "certify/model_space.h"
#include "core/input_error.h"
#include "core/progress.h"

namespace perfectplay::certify {

namespace {

// A block's result as the main thread folds it: the counts, and each
// disagreement with its instance's text.
struct Done {
  CertifyBlock block;
  std::vector<Example> examples;
};

void save(const std::string& path, const Report& r, std::uint64_t next_block) {
  nlohmann::json j = to_json(r);
  j["next_block"] = next_block;
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << j.dump(1) << '\n';
    if (!out.flush()) throw RequestError(fmt::format("cannot write the checkpoint {}", tmp));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    throw RequestError(fmt::format("cannot rename {} to {}", tmp, path));
  }
}

// The checkpoint at `path`, if there is one: the report of its prefix and
// the next block. Refused if it belongs to another run.
std::optional<std::pair<Report, std::uint64_t>> load(const std::string& path, const Report& run) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  if (text.str().empty()) return std::nullopt;
  Report c;
  std::uint64_t next = 0;
  try {
    const nlohmann::json j = nlohmann::json::parse(text.str());
    c = report_from_json(j);
    next = j.at("next_block").get<std::uint64_t>();
  } catch (const std::exception& e) {
    throw RequestError(fmt::format("{} is not a certify checkpoint ({})", path, e.what()));
  }
  if (c.fingerprint != run.fingerprint || fingerprint_of(c) != c.fingerprint) {
    throw RequestError(fmt::format(
        "the checkpoint {} belongs to another run (game {}, bounds {}, shard {}/{}, {}); this "
        "run is {}, bounds {}, shard {}/{}, {}: give another file, or remove it",
        path, c.game, c.bounds.dump(), c.shard.index, c.shard.count, c.binary, run.game,
        run.bounds.dump(), run.shard.index, run.shard.count, run.binary));
  }
  return std::make_pair(std::move(c), next);
}

}  // namespace

Report run(const SpaceFactory& make, Report r, const RunOptions& o) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::unique_ptr<CertifySpace> first = make();
  r.description = first->description();
  r.space = first->size();
  r.shard = o.shard;
  r.slice = shard_instances(r.space, o.shard);
  r.threads = std::max(1u, o.threads);
  if (r.binary.empty()) r.binary = binary_identity();
  r.fingerprint = fingerprint_of(r);
  r.checked = r.skipped = r.disagreed = r.nodes = 0;
  r.examples.clear();
  r.merged = 0;

  const std::uint64_t blocks = shard_blocks(r.space, o.shard);
  std::uint64_t folded = 0;  // blocks folded into r, in order
  double previous_seconds = 0;
  if (!o.checkpoint.empty()) {
    if (auto c = load(o.checkpoint, r)) {
      const unsigned threads = r.threads;
      r = std::move(c->first);
      r.threads = threads;
      folded = c->second;
      previous_seconds = r.seconds;
    }
  }
  const auto elapsed = [&] {
    return previous_seconds + std::chrono::duration<double>(Clock::now() - start).count();
  };

  std::mutex mu;
  std::condition_variable cv;
  std::map<std::uint64_t, Done> finished;
  std::atomic<std::uint64_t> next{folded};
  std::atomic<std::uint64_t> instances{r.checked + r.skipped};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  const auto work = [&](CertifySpace& space) {
    try {
      for (std::uint64_t k; !stop && (k = next++) < blocks;) {
        const auto [begin, end] = shard_block(r.space, o.shard, k);
        Done d{space.check(begin, end), {}};
        for (const CertifyFailure& f : d.block.failures) {
          if (d.examples.size() == kMaxExamples) break;
          d.examples.push_back({f.index, space.show(f.index), f.detail, std::nullopt});
        }
        instances += end - begin;
        const std::lock_guard lock(mu);
        finished.emplace(k, std::move(d));
        cv.notify_one();
      }
    } catch (...) {
      const std::lock_guard lock(mu);
      if (!error) error = std::current_exception();
      stop = true;
      cv.notify_one();
    }
  };
  std::vector<std::thread> pool;
  const unsigned threads =
      blocks - folded < r.threads ? static_cast<unsigned>(blocks - folded) : r.threads;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::unique_ptr<CertifySpace> own;
      try {
        if (t > 0) own = make();
      } catch (...) {
        const std::lock_guard lock(mu);
        if (!error) error = std::current_exception();
        stop = true;
        cv.notify_one();
        return;
      }
      work(t == 0 ? *first : *own);
    });
  }

  auto last_save = Clock::now();
  const auto fold = [&] {  // under mu
    for (auto it = finished.find(folded); it != finished.end(); it = finished.find(folded)) {
      const CertifyBlock& b = it->second.block;
      r.checked += b.checked;
      r.skipped += b.skipped;
      r.nodes += b.nodes;
      r.disagreed += b.failures.size();
      // The first disagreements in canonical order (blocks are folded in
      // shuffled order).
      for (Example& e : it->second.examples) r.examples.push_back(std::move(e));
      std::sort(r.examples.begin(), r.examples.end(),
                [](const Example& x, const Example& y) { return x.index < y.index; });
      if (r.examples.size() > kMaxExamples) r.examples.resize(kMaxExamples);
      finished.erase(it);
      ++folded;
    }
  };
  {
    std::unique_lock lock(mu);
    while (folded < blocks && !error) {
      cv.wait_for(lock, std::chrono::milliseconds(200));
      fold();
      progress::report("instances", instances.load(), r.slice);
      if (!o.checkpoint.empty() &&
          Clock::now() - last_save > std::chrono::duration<double>(o.checkpoint_seconds)) {
        r.seconds = elapsed();
        save(o.checkpoint, r, folded);
        last_save = Clock::now();
      }
    }
  }
  stop = true;
  for (std::thread& t : pool) t.join();
  fold();
  if (error) {
    r.seconds = elapsed();
    if (!o.checkpoint.empty()) save(o.checkpoint, r, folded);
    std::rethrow_exception(error);
  }
  for (std::size_t i = 0; i < r.examples.size(); ++i) {
    progress::report("disagreements shrunk", i, r.examples.size());
    if (!r.examples[i].shrunk) r.examples[i].shrunk = first->shrink(r.examples[i].index);
  }
  r.seconds = elapsed();
  if (!o.checkpoint.empty()) save(o.checkpoint, r, folded);
  return r;
}

nlohmann::json bounds_json(const GameEntry& g, const Params& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const ParamSpec& p : g.certify_params) j[p.name] = params.get(p.name);
  return j;
}

Report run(const GameEntry& g, const Params& params, const RunOptions& o) {
  if (!g.certify) throw RequestError(fmt::format("{} offers no certify", g.name));
  Report header;
  header.game = g.name;
  header.options = options_json(g, params);
  if (params.flag(kNoSymmetry)) header.options[kNoSymmetry] = true;
  header.bounds = bounds_json(g, params);
  return run([&] { return g.certify(params); }, std::move(header), o);
}

}  // namespace perfectplay::certify
