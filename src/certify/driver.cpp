#include "certify/driver.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
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

// Writes the checkpoint: FILE.tmp, then renamed over FILE, so that FILE is
// always a whole document. FILE.tmp is opened without following a link and
// without waiting on a pipe, and must be a regular file.
void save(const std::string& path, Report r, std::uint64_t next_block) {
  r.next_block = next_block;
  const std::string text = to_json(r).dump(1) + "\n";
  const std::string tmp = path + ".tmp";
  const auto fail = [&](std::string_view doing) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return RequestError(fmt::format("cannot {} the checkpoint {}: {}", doing, tmp, why));
  };
  const int fd =
      ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd < 0) {
    // Not unlinked: it may be a link or a pipe of someone else's.
    const std::string why = std::strerror(errno);
    struct stat st {};
    if (::lstat(tmp.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
      throw RequestError(fmt::format(
          "cannot write the checkpoint {}: it exists and is not a regular file (a {}): remove it",
          tmp,
          S_ISLNK(st.st_mode)    ? "symbolic link"
          : S_ISFIFO(st.st_mode) ? "pipe"
                                 : "special file"));
    }
    throw RequestError(fmt::format("cannot write the checkpoint {}: {}", tmp, why));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw RequestError(fmt::format("cannot write the checkpoint {}: not a regular file", tmp));
  }
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      const int saved = errno;
      ::close(fd);
      errno = saved;
      throw fail("write");
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) throw fail("write");
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw RequestError(fmt::format("cannot rename {} to {}: {}", tmp, path, why));
  }
}

// The checkpoint at `path`, if there is one (an empty file is none: mktemp's):
// the report of its prefix, its next_block set. Refused if it cannot be
// read, was edited, belongs to another run, or holds counts that cannot be.
std::optional<Report> load(const std::string& path, const Report& run, CertifySpace& first,
                           const SpaceFactory& make, unsigned threads) {
  const std::optional<std::string> text = read_report_file(path, "checkpoint", true);
  if (!text || text->empty()) return std::nullopt;
  Report c;
  try {
    c = parse_report(nlohmann::json::parse(*text));
  } catch (const nlohmann::json::exception& e) {
    throw RequestError(
        fmt::format("{} is not a certify checkpoint (not its JSON: {})", path, e.what()));
  } catch (const RequestError& e) {
    throw RequestError(fmt::format("{} is not a certify checkpoint to trust: {}", path, e.what()));
  }
  if (!c.next_block || c.merged > 0) {
    throw RequestError(fmt::format(
        "{} is a report, not a checkpoint (no next_block): give another file, or remove it", path));
  }
  if (c.fingerprint != run.fingerprint || fingerprint_of(c) != c.fingerprint) {
    throw RequestError(fmt::format(
        "the checkpoint {} belongs to another run (game {}, bounds {}, shard {}/{}, {}); this "
        "run is {}, bounds {}, shard {}/{}, {}: give another file, or remove it",
        path, c.game, c.bounds.dump(), c.shard.index, c.shard.count, c.binary, run.game,
        run.bounds.dump(), run.shard.index, run.shard.count, run.binary));
  }
  try {
    check_counts(c);
    check_against_space(c, first, make, threads);
  } catch (const RequestError& e) {
    throw RequestError(fmt::format("the checkpoint {} cannot be resumed: {}", path, e.what()));
  }
  return c;
}

// The instances among the shard's first `blocks` blocks that the space skips.
std::uint64_t mirror_images(const Report& r, std::uint64_t blocks, CertifySpace& first,
                            const SpaceFactory& make, unsigned threads) {
  if (const auto* s = dynamic_cast<const Skipping*>(&first); s != nullptr && !s->skips_any()) {
    return 0;
  }
  constexpr std::uint64_t kChunk = 64;  // blocks a thread takes at once
  std::atomic<std::uint64_t> next{0}, total{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::exception_ptr error;
  const auto work = [&](CertifySpace& space) {
    for (std::uint64_t c; !stop && (c = next.fetch_add(kChunk)) < blocks;) {
      std::uint64_t n = 0;
      for (std::uint64_t k = c; k < std::min(blocks, c + kChunk); ++k) {
        const auto [begin, end] = shard_block(r.space, r.shard, k);
        for (std::uint64_t i = begin; i < end; ++i) n += space.checked(i) ? 0 : 1;
      }
      total += n;
      progress::report("blocks' mirror images counted", std::min(blocks, c + kChunk), blocks);
    }
  };
  const unsigned extra = static_cast<unsigned>(
      std::min<std::uint64_t>(std::max(1u, threads) - 1, blocks / (4 * kChunk)));
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < extra; ++t) {
    pool.emplace_back([&] {
      try {
        const std::unique_ptr<CertifySpace> own = make();
        work(*own);
      } catch (...) {
        const std::lock_guard lock(mu);
        if (!error) error = std::current_exception();
        stop = true;
      }
    });
  }
  try {
    work(first);
  } catch (...) {
    const std::lock_guard lock(mu);
    if (!error) error = std::current_exception();
    stop = true;
  }
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  return total.load();
}

Report header_of(const GameEntry& g, const Params& params) {
  Report header;
  header.game = g.name;
  header.options = options_json(g, params);
  if (params.flag(kNoSymmetry)) header.options[kNoSymmetry] = true;
  header.bounds = bounds_json(g, params);
  return header;
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
  r.next_block.reset();
  r.digest.clear();

  const std::uint64_t blocks = shard_blocks(r.space, o.shard);
  std::uint64_t folded = 0;  // blocks folded into r, in order
  double previous_seconds = 0;
  if (!o.checkpoint.empty()) {
    if (auto c = load(o.checkpoint, r, *first, make, r.threads)) {
      const unsigned threads = r.threads;
      folded = *c->next_block;
      r = std::move(*c);
      r.threads = threads;
      r.next_block.reset();
      previous_seconds = r.seconds;
    }
  }
  const auto elapsed = [&] {
    return previous_seconds + std::chrono::duration<double>(Clock::now() - start).count();
  };
  // Written once before the work: a checkpoint that cannot be written is
  // refused now, not when the first save comes, nor after the whole run.
  if (!o.checkpoint.empty()) {
    r.seconds = elapsed();
    save(o.checkpoint, r, folded);
  }

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
  bool save_failed = false;
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
        // A save that fails (the disk full, the folder removed) ends the run
        // as a worker's error does: an exception leaving this scope with the
        // threads not joined would terminate the program.
        try {
          save(o.checkpoint, r, folded);
        } catch (...) {
          error = std::current_exception();
          save_failed = true;
          stop = true;
        }
        last_save = Clock::now();
      }
    }
  }
  stop = true;
  for (std::thread& t : pool) t.join();
  fold();
  if (error) {
    r.seconds = elapsed();
    if (!o.checkpoint.empty() && !save_failed) save(o.checkpoint, r, folded);
    std::rethrow_exception(error);
  }
  for (std::size_t i = 0; i < r.examples.size(); ++i) {
    progress::report("disagreements shrunk", i, r.examples.size());
    if (!r.examples[i].shrunk) r.examples[i].shrunk = first->shrink(r.examples[i].index);
  }
  r.seconds = elapsed();
  if (!o.checkpoint.empty()) save(o.checkpoint, r, folded);
  r.digest = digest_of(r);
  return r;
}

nlohmann::json bounds_json(const GameEntry& g, const Params& params) {
  nlohmann::json j = nlohmann::json::object();
  for (const ParamSpec& p : g.certify_params) j[p.name] = params.get(p.name);
  return j;
}

Report run(const GameEntry& g, const Params& params, const RunOptions& o) {
  if (!g.certify) throw RequestError(fmt::format("{} offers no certify", g.name));
  return run([&] { return g.certify(params); }, header_of(g, params), o);
}

Params params_of(const GameEntry& g, const Report& r) {
  if (!g.certify) throw RequestError(fmt::format("{} offers no certify", g.name));
  Params params;
  for (const TextOptionSpec& t : g.text_options) params.texts[t.name] = t.default_value;
  for (const auto& item : r.options.items()) {
    // Named, not bound: clang 14 lets no lambda capture a structured binding.
    const std::string& name = item.key();
    const nlohmann::json& value = item.value();
    const auto flag = std::find_if(g.flags.begin(), g.flags.end(),
                                   [&](const FlagSpec& f) { return f.name == name; });
    const auto text = std::find_if(g.text_options.begin(), g.text_options.end(),
                                   [&](const TextOptionSpec& t) { return t.name == name; });
    if ((flag != g.flags.end() || name == kNoSymmetry) && value.is_boolean()) {
      if (value.get<bool>()) params.flags.insert(name);
    } else if (text != g.text_options.end() && value.is_string()) {
      params.texts[name] = value.get<std::string>();
    } else {
      throw RequestError(fmt::format("{} has no option {} taking {}", g.name, name, value.dump()));
    }
  }
  for (const ParamSpec& p : g.certify_params) {
    if (!r.bounds.contains(p.name)) {
      throw RequestError(fmt::format("no certify bound {} for {}", p.name, g.name));
    }
    const nlohmann::json& v = r.bounds.at(p.name);
    if (!v.is_number_integer() || (v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX) ||
        v.get<std::int64_t>() < p.min || v.get<std::int64_t>() > p.max) {
      throw RequestError(fmt::format("certify bound {} of {} must be from {} to {}, found {}",
                                     p.name, g.name, p.min, p.max, v.dump()));
    }
    params.values[p.name] = v.get<std::int64_t>();
  }
  // What the report names must be what a run with these params would name
  // (no unknown bound, a flag written as false where the run writes it).
  const Report header = header_of(g, params);
  if (header.options != r.options || header.bounds != r.bounds) {
    throw RequestError(fmt::format("options {} and bounds {} are not those a {} run names ({}, {})",
                                   r.options.dump(), r.bounds.dump(), g.name, header.options.dump(),
                                   header.bounds.dump()));
  }
  return params;
}

void check_against_space(const Report& r, CertifySpace& first, const SpaceFactory& make,
                         unsigned threads) {
  if (first.size() != r.space || first.description() != r.description) {
    throw RequestError(fmt::format(
        "it names a space of {} instances, \"{}\"; this perfectplay's {} with its options and "
        "bounds has {}, \"{}\"",
        r.space, r.description, r.game, first.size(), first.description()));
  }
  const std::uint64_t blocks = r.next_block.value_or(shard_blocks(r.space, r.shard));
  const std::uint64_t mirrors = mirror_images(r, blocks, first, make, threads);
  if (r.skipped != mirrors) {
    throw RequestError(
        mirrors == 0
            ? fmt::format("it skipped {} instances as mirror images; {} with these options skips "
                          "none",
                          r.skipped, r.game)
            : fmt::format("it skipped {} instances as mirror images; its blocks done hold {}",
                          r.skipped, mirrors));
  }
  for (const Example& e : r.examples) {
    if (!first.checked(e.index)) {
      throw RequestError(fmt::format(
          "its disagreement at instance {} is a mirror image, which is never checked", e.index));
    }
    if (first.show(e.index) != e.instance) {
      throw RequestError(fmt::format(
          "its disagreement at instance {} is not the space's instance {}", e.index, e.index));
    }
  }
}

Report merge(const GameEntry& g, const std::vector<Report>& reports,
             const std::vector<std::string>& names, unsigned threads) {
  Report m = merge(reports, names);  // the checks that need no space first
  const Params params = params_of(g, m);
  const SpaceFactory make = [&] { return g.certify(params); };
  const std::unique_ptr<CertifySpace> first = make();
  for (std::size_t i = 0; i < reports.size(); ++i) {
    try {
      check_against_space(reports[i], *first, make, threads);
    } catch (const RequestError& e) {
      throw RequestError(fmt::format("certify-merge: {}: {}", names[i], e.what()));
    }
  }
  return m;
}

Recheck recheck(const GameEntry& g, const Report& claimed, RunOptions o, SearchLimits limits) {
  Params params = params_of(g, claimed);
  params.limits = limits;
  o.shard = claimed.shard;
  Recheck out;
  out.rerun = run(g, params, o);
  const Report& a = claimed;
  const Report& b = out.rerun;
  const auto differ = [&](std::string_view what, const auto& x, const auto& y) {
    if (x != y) out.differences.push_back(fmt::format("{}: report {}, rerun {}", what, x, y));
  };
  differ("description", a.description, b.description);
  differ("instances", a.space, b.space);
  differ("slice", a.slice, b.slice);
  differ("checked", a.checked, b.checked);
  differ("skipped", a.skipped, b.skipped);
  differ("disagreed", a.disagreed, b.disagreed);
  differ("reference nodes", a.nodes, b.nodes);
  const auto listed = [](const Report& r) {
    std::vector<std::string> lines;
    for (const Example& e : r.examples) {
      lines.push_back(fmt::format("instance {} ({}): {}", e.index, e.instance, e.detail));
      if (e.shrunk) {
        lines.back() += fmt::format("; shrunk in {} steps to {}: {}", e.shrunk->steps,
                                    e.shrunk->instance, e.shrunk->detail);
      }
    }
    return lines;
  };
  const std::vector<std::string> x = listed(a), y = listed(b);
  for (std::size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
    differ(fmt::format("disagreement {}", i + 1), i < x.size() ? x[i] : "none",
           i < y.size() ? y[i] : "none");
  }
  return out;
}

}  // namespace perfectplay::certify
