#include "certify/report.h"

#include <elf.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <link.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>

#include "certify/enumerate.h"
#include "core/game.h"
#include "core/input_error.h"

#ifndef PERFECTPLAY_VERSION
#define PERFECTPLAY_VERSION "unknown"
#endif

namespace perfectplay::certify {

std::optional<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto number = [](std::string_view s) -> std::optional<std::uint64_t> {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
  };
  const auto i = number(text.substr(0, slash));
  const auto n = number(text.substr(slash + 1));
  if (!i || !n || *i < 1 || *i > *n || *n > (std::uint64_t{1} << 32)) return std::nullopt;
  return Shard{*i, *n};
}

std::uint64_t block_count(std::uint64_t size) {
  return (size + kBlock - 1) / kBlock;
}

std::uint64_t shard_blocks(std::uint64_t size, Shard s) {
  const std::uint64_t blocks = block_count(size);
  return s.index - 1 < blocks ? (blocks - s.index) / s.count + 1 : 0;
}

std::uint64_t permute_blocks(std::uint64_t x, std::uint64_t n) {
  if (x + 1 >= n) return x;  // the last block, maybe short, stays last
  --n;                       // the others are shuffled among themselves
  if (n <= 1) return x;
  int bits = std::max(2, 64 - __builtin_clzll(n - 1));
  bits += bits % 2;
  const int half = bits / 2;
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  do {  // four Feistel rounds on [0, 2^bits), walked until back inside [0, n)
    std::uint64_t left = x >> half, right = x & mask;
    for (std::uint64_t round = 1; round <= 4; ++round) {
      const std::uint64_t f = mix64(right * 0x9e3779b97f4a7c15ULL + round) & mask;
      const std::uint64_t next = left ^ f;
      left = right;
      right = next;
    }
    x = (left << half) | right;
  } while (x >= n);
  return x;
}

std::uint64_t unpermute_blocks(std::uint64_t y, std::uint64_t n) {
  if (y + 1 >= n) return y;
  --n;
  if (n <= 1) return y;
  int bits = std::max(2, 64 - __builtin_clzll(n - 1));
  bits += bits % 2;
  const int half = bits / 2;
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  do {  // permute_blocks' rounds undone, last first, walked back inside [0, n)
    std::uint64_t left = y >> half, right = y & mask;
    for (std::uint64_t round = 4; round >= 1; --round) {
      const std::uint64_t before = right ^ (mix64(left * 0x9e3779b97f4a7c15ULL + round) & mask);
      right = left;
      left = before;
    }
    y = (left << half) | right;
  } while (y >= n);
  return y;
}

std::pair<std::uint64_t, std::uint64_t> shard_block(std::uint64_t size, Shard s, std::uint64_t k) {
  const std::uint64_t b = permute_blocks(k * s.count + (s.index - 1), block_count(size));
  return {b * kBlock, std::min(size, (b + 1) * kBlock)};
}

std::uint64_t shard_instances(std::uint64_t size, Shard s) {
  const std::uint64_t blocks = shard_blocks(size, s);
  if (blocks == 0) return 0;
  const auto [begin, end] = shard_block(size, s, blocks - 1);  // the last may be short
  return (blocks - 1) * kBlock + (end - begin);
}

std::uint64_t prefix_instances(std::uint64_t size, Shard s, std::uint64_t blocks) {
  // Only the space's last block is short, and it is its shard's last.
  return blocks < shard_blocks(size, s) ? blocks * kBlock : shard_instances(size, s);
}

std::optional<std::uint64_t> block_of(std::uint64_t size, Shard s, std::uint64_t index) {
  if (index >= size) return std::nullopt;
  const std::uint64_t j = unpermute_blocks(index / kBlock, block_count(size));
  if (j % s.count != s.index - 1) return std::nullopt;
  return j / s.count;
}

namespace {

// The main program's GNU build id, as hex, or "" where it has none.
std::string build_id() {
  std::string out;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        auto& id = *static_cast<std::string*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const ElfW(Phdr)& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_NOTE) continue;
          const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
          const char* end = p + ph.p_memsz;
          while (p + sizeof(ElfW(Nhdr)) <= end) {
            const auto* nh = reinterpret_cast<const ElfW(Nhdr)*>(p);
            const char* name = p + sizeof(ElfW(Nhdr));
            const char* desc = name + ((nh->n_namesz + 3) & ~3u);
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
                std::string_view(name, 3) == "GNU") {
              for (std::uint32_t k = 0; k < nh->n_descsz; ++k) {
                id += fmt::format("{:02x}", static_cast<unsigned char>(desc[k]));
              }
              return 1;
            }
            p = desc + ((nh->n_descsz + 3) & ~3u);
          }
        }
        return 1;  // only the first object (the program itself) is looked at
      },
      &out);
  return out;
}

// FNV-1a, 64 bits, from `basis`, finished with mix64.
std::uint64_t hash_bytes(std::string_view s, std::uint64_t basis) {
  std::uint64_t h = basis;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return mix64(h);
}

std::string hash_hex(std::string_view s) {
  return fmt::format("{:016x}{:016x}", hash_bytes(s, 0xcbf29ce484222325ULL),
                     hash_bytes(s, 0x84222325cbf29ce4ULL));
}

}  // namespace

std::string binary_identity() {
  static const std::string id = [] {
    const std::string b = build_id();
    if (!b.empty()) return fmt::format("perfectplay {} build-id {}", PERFECTPLAY_VERSION, b);
    std::ifstream exe("/proc/self/exe", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(exe)),
                            std::istreambuf_iterator<char>());
    return fmt::format("perfectplay {} file {}", PERFECTPLAY_VERSION, hash_hex(bytes));
  }();
  return id;
}

std::string fingerprint_of(std::string_view binary, std::string_view game,
                           const nlohmann::json& options, const nlohmann::json& bounds, Shard s) {
  // nlohmann's dump writes object keys sorted: one text for one content.
  const std::string text = fmt::format("perfectplay-certify/1\n{}\n{}\n{}\n{}\n{}/{}\n", binary,
                                       game, options.dump(), bounds.dump(), s.index, s.count);
  return hash_hex(text);
}

namespace {

nlohmann::json shrunk_json(const std::optional<CertifyShrunk>& s) {
  if (!s) return nullptr;
  return {{"instance", s->instance}, {"detail", s->detail}, {"steps", s->steps}};
}

}  // namespace

namespace {

// The document without its digest: what the digest covers.
nlohmann::json unsealed_json(const Report& r) {
  nlohmann::json examples = nlohmann::json::array();
  for (const Example& e : r.examples) {
    examples.push_back({{"index", e.index},
                        {"instance", e.instance},
                        {"detail", e.detail},
                        {"shrunk", shrunk_json(e.shrunk)}});
  }
  nlohmann::json j = {
      {"schema", 1},
      {"command", r.merged > 0 ? "certify-merge" : "certify"},
      {"game", r.game},
      {"options", r.options},
      {"bounds", r.bounds},
      {"description", r.description},
      {"shard", {{"index", r.shard.index}, {"count", r.shard.count}}},
      {"merged", r.merged},
      {"instances", r.space},
      {"slice", r.slice},
      {"checked", r.checked},
      {"skipped", r.skipped},
      {"agreed", r.checked - std::min(r.checked, r.disagreed)},
      {"disagreed", r.disagreed},
      {"complete", r.complete()},
      {"ok", r.ok()},
      {"disagreements", examples},
      {"reference_nodes", r.nodes},
      {"seconds", r.seconds},
      {"threads", r.threads == 0 ? nlohmann::json(nullptr) : nlohmann::json(r.threads)},
      {"binary", r.binary},
      {"fingerprint", r.fingerprint}};
  if (r.next_block) j["next_block"] = *r.next_block;
  return j;
}

}  // namespace

std::string digest_of(const Report& r) {
  // nlohmann's dump writes object keys sorted and a double as the shortest
  // text that reads back as the same double: one text for one content.
  return hash_hex("perfectplay-certify-digest/1\n" + unsealed_json(r).dump());
}

nlohmann::json to_json(const Report& r) {
  nlohmann::json j = unsealed_json(r);
  j["digest"] = digest_of(r);
  return j;
}

Report report_from_json(const nlohmann::json& j) {
  const auto need = [&](const char* key) -> const nlohmann::json& {
    if (!j.is_object() || !j.contains(key)) {
      throw RequestError(fmt::format("not a certify report (no \"{}\")", key));
    }
    return j.at(key);
  };
  try {
    if (need("schema") != 1) throw RequestError("not a certify report of schema 1");
    Report r;
    r.game = need("game").get<std::string>();
    r.options = need("options");
    r.bounds = need("bounds");
    r.description = need("description").get<std::string>();
    r.shard = {need("shard").at("index").get<std::uint64_t>(),
               need("shard").at("count").get<std::uint64_t>()};
    r.merged = need("merged").get<std::uint64_t>();
    r.space = need("instances").get<std::uint64_t>();
    r.slice = need("slice").get<std::uint64_t>();
    r.checked = need("checked").get<std::uint64_t>();
    r.skipped = need("skipped").get<std::uint64_t>();
    r.disagreed = need("disagreed").get<std::uint64_t>();
    r.nodes = need("reference_nodes").get<std::uint64_t>();
    r.seconds = need("seconds").get<double>();
    r.threads = need("threads").is_null() ? 0 : need("threads").get<unsigned>();
    r.binary = need("binary").get<std::string>();
    r.fingerprint = need("fingerprint").get<std::string>();
    if (!j.contains("digest")) {
      throw RequestError(
          "not a sealed certify report (no \"digest\": written by a perfectplay before reports "
          "carried one; run the shard again)");
    }
    r.digest = j.at("digest").get<std::string>();
    if (j.contains("next_block")) r.next_block = j.at("next_block").get<std::uint64_t>();
    for (const nlohmann::json& e : need("disagreements")) {
      Example x;
      x.index = e.at("index").get<std::uint64_t>();
      x.instance = e.at("instance").get<std::string>();
      x.detail = e.at("detail").get<std::string>();
      if (!e.at("shrunk").is_null()) {
        x.shrunk = CertifyShrunk{e.at("shrunk").at("instance").get<std::string>(),
                                 e.at("shrunk").at("detail").get<std::string>(),
                                 e.at("shrunk").at("steps").get<std::uint64_t>()};
      }
      r.examples.push_back(std::move(x));
    }
    if (!r.options.is_object() || !r.bounds.is_object()) {
      throw RequestError("not a certify report (options and bounds are objects)");
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw RequestError(fmt::format("not a certify report ({})", e.what()));
  }
}

Report parse_report(const nlohmann::json& j) {
  Report r = report_from_json(j);
  if (r.digest != digest_of(r)) {
    throw RequestError(
        "its digest does not match its contents (edited after certify wrote it, or written by "
        "another version)");
  }
  if (to_json(r).dump() != j.dump()) {
    throw RequestError(
        "it is not the document certify writes for its own fields (a field added, or one of "
        "agreed, complete, ok and command changed)");
  }
  return r;
}

namespace {

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a pipe";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::optional<std::string> read_report_file(const std::string& path, std::string_view what,
                                            bool missing_ok) {
  // O_NONBLOCK: opening a pipe with no writer must not wait for one; it is
  // refused below like any file that is not regular, before a byte is read
  // (/dev/zero would never end; a sparse file of gigabytes is refused by
  // its size).
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT && missing_ok) return std::nullopt;
    throw RequestError(fmt::format("cannot read the {} {}: {}", what, path, std::strerror(errno)));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    throw RequestError(fmt::format("cannot read the {} {}: {}", what, path, std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    throw RequestError(fmt::format("the {} {} is {}, not a file certify wrote", what, path,
                                   file_kind(st.st_mode)));
  }
  const auto too_large = [&](std::uint64_t bytes) {
    return RequestError(fmt::format(
        "the {} {} is {} bytes; certify writes one of at most {} bytes: not one certify wrote",
        what, path, bytes, kMaxReportBytes));
  };
  if (static_cast<std::uint64_t>(st.st_size) > kMaxReportBytes) throw too_large(st.st_size);
  // Read to the bound and one byte past it: a file that grew since fstat is
  // refused as well, never read on.
  std::string text(kMaxReportBytes + 1, '\0');
  std::size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      throw RequestError(
          fmt::format("cannot read the {} {}: {}", what, path, std::strerror(errno)));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > kMaxReportBytes) throw too_large(got);
  text.resize(got);
  return text;
}

void check_counts(const Report& r) {
  const auto refuse = [](std::string message) { throw RequestError(std::move(message)); };
  if (r.space > kMaxInstances) {
    refuse(fmt::format("its {} instances are more than certify counts (2^62)", r.space));
  }
  if (r.shard.index < 1 || r.shard.index > r.shard.count ||
      r.shard.count > (std::uint64_t{1} << 32)) {
    refuse(fmt::format("its shard {}/{} is not one of 1/N .. N/N", r.shard.index, r.shard.count));
  }
  if (r.slice != shard_instances(r.space, r.shard)) {
    refuse(fmt::format("its slice of {} instances is not shard {}/{}'s share of {} instances ({})",
                       r.slice, r.shard.index, r.shard.count, r.space,
                       shard_instances(r.space, r.shard)));
  }
  if (r.merged > 0) {
    if (r.shard != Shard{1, 1} || r.threads != 0 || r.next_block) {
      refuse("a merged report is shard 1/1 with no threads and no next_block");
    }
  } else if (r.threads == 0) {
    refuse("a run's report names the threads it ran on");
  }
  const std::uint64_t blocks = shard_blocks(r.space, r.shard);
  const std::uint64_t done_blocks = r.next_block.value_or(blocks);
  if (done_blocks > blocks) {
    refuse(fmt::format("its next_block {} is past the shard's {} blocks", done_blocks, blocks));
  }
  // A run counts every instance of each block it folds, checked or skipped:
  // the counts of a checkpoint are those of its next_block first blocks
  // (else a resumed run would stop short of the slice and never finish).
  const std::uint64_t done = prefix_instances(r.space, r.shard, done_blocks);
  if (r.checked > done || r.skipped != done - r.checked) {
    refuse(fmt::format(
        "checked {} + skipped {} are not the {} instances of the {} block{} it has done", r.checked,
        r.skipped, done, done_blocks, done_blocks == 1 ? "" : "s"));
  }
  if (r.disagreed > r.checked) {
    refuse(fmt::format("{} disagreed of {} checked", r.disagreed, r.checked));
  }
  const std::uint64_t listed = std::min<std::uint64_t>(r.disagreed, kMaxExamples);
  if (r.examples.size() != listed) {
    refuse(fmt::format(
        "it lists {} disagreement{} where its count of {} calls for {} (the first {} are listed)",
        r.examples.size(), r.examples.size() == 1 ? "" : "s", r.disagreed, listed, kMaxExamples));
  }
  for (std::size_t i = 0; i < r.examples.size(); ++i) {
    const std::uint64_t index = r.examples[i].index;
    if (i > 0 && index <= r.examples[i - 1].index) {
      refuse("its disagreements are not listed once each in canonical order");
    }
    const auto block = block_of(r.space, r.shard, index);
    if (!block || *block >= done_blocks) {
      refuse(fmt::format("its disagreement at instance {} is not in a block it has done", index));
    }
  }
  if (!std::isfinite(r.seconds) || r.seconds < 0) refuse("its time is not a number of seconds");
}

namespace {

std::string indented(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    out += "    ";
    out += text.substr(start, nl - start);
    out += '\n';
    start = nl + 1;
  }
  return out;
}

std::string options_text(const Report& r) {
  std::string out;
  for (const auto& [name, value] : r.options.items()) {
    if (value.is_boolean()) {
      if (value.get<bool>()) out += " --" + name;
    } else {
      out += " --" + name + " " + (value.is_string() ? value.get<std::string>() : value.dump());
    }
  }
  for (const auto& [name, value] : r.bounds.items()) out += " --" + name + " " + value.dump();
  return out;
}

}  // namespace

std::string to_text(const Report& r) {
  std::string out;
  fmt::format_to(std::back_inserter(out), "certify {}{}: {}\n", r.game, options_text(r),
                 r.description);
  if (r.merged > 0) {
    fmt::format_to(std::back_inserter(out), "merged: {} shard{} covering all {} instances\n",
                   r.merged, r.merged == 1 ? "" : "s", r.space);
  } else {
    fmt::format_to(std::back_inserter(out), "shard {}/{}: {} of the {} instances\n", r.shard.index,
                   r.shard.count, r.slice, r.space);
  }
  fmt::format_to(std::back_inserter(out), "checked {}, {} agreed, {} disagreed", r.checked,
                 r.checked - std::min(r.checked, r.disagreed), r.disagreed);
  if (r.skipped > 0) {
    fmt::format_to(std::back_inserter(out), "; {} skipped as mirror images", r.skipped);
  }
  out += '\n';
  fmt::format_to(std::back_inserter(out), "reference nodes: {}\n", r.nodes);
  for (const Example& e : r.examples) {
    fmt::format_to(std::back_inserter(out), "disagreement at instance {}:\n{}  {}\n", e.index,
                   indented(e.instance), e.detail);
    if (e.shrunk) {
      fmt::format_to(std::back_inserter(out), "  shrunk in {} step{} to:\n{}  {}\n",
                     e.shrunk->steps, e.shrunk->steps == 1 ? "" : "s", indented(e.shrunk->instance),
                     e.shrunk->detail);
    }
  }
  if (r.disagreed > r.examples.size()) {
    fmt::format_to(std::back_inserter(out), "({} more disagreements not shown)\n",
                   r.disagreed - r.examples.size());
  }
  const double rate = r.seconds > 0 ? static_cast<double>(r.checked) / r.seconds : 0;
  if (r.merged > 0) {
    fmt::format_to(std::back_inserter(out), "time: {:.2f} s in all shards ({:.0f} instances/s)\n",
                   r.seconds, rate);
  } else {
    fmt::format_to(std::back_inserter(out), "time: {:.2f} s on {} thread{} ({:.0f} instances/s)\n",
                   r.seconds, r.threads, r.threads == 1 ? "" : "s", rate);
  }
  fmt::format_to(std::back_inserter(out), "binary: {}\nfingerprint: {}\n", r.binary, r.fingerprint);
  if (!r.complete()) {
    fmt::format_to(std::back_inserter(out),
                   "incomplete: {} of {} instances done (resume with the same --checkpoint)\n",
                   r.checked + r.skipped, r.slice);
  } else if (r.disagreed > 0) {
    fmt::format_to(std::back_inserter(out),
                   "NOT CERTIFIED: the theory disagrees on {} instance{}\n", r.disagreed,
                   r.disagreed == 1 ? "" : "s");
  } else if (r.shard.count > 1) {
    fmt::format_to(std::back_inserter(out),
                   "shard certified: theory equals exhaustive search on its {} instances "
                   "(certify-merge combines the {} shards)\n",
                   r.checked, r.shard.count);
  } else {
    fmt::format_to(
        std::back_inserter(out),
        "CERTIFIED: theory equals exhaustive search on all {} instances{}\n", r.space,
        r.skipped > 0 ? fmt::format(" ({} checked, the rest their mirror images)", r.checked) : "");
  }
  return out;
}

Report merge(const std::vector<Report>& reports, const std::vector<std::string>& names) {
  if (reports.empty()) throw RequestError("certify-merge: no reports given");
  const Report& first = reports.front();
  std::map<std::uint64_t, std::size_t> seen;  // shard index -> report
  for (std::size_t i = 0; i < reports.size(); ++i) {
    const Report& r = reports[i];
    const std::string& name = names[i];
    if (r.digest != digest_of(r)) {
      throw RequestError(fmt::format(
          "certify-merge: {}: its digest does not match its contents (edited after certify "
          "wrote it, or written by another version)",
          name));
    }
    if (fingerprint_of(r) != r.fingerprint) {
      throw RequestError(fmt::format(
          "certify-merge: {}: its fingerprint does not match its binary, game, options, bounds "
          "and shard",
          name));
    }
    try {
      check_counts(r);
    } catch (const RequestError& e) {
      throw RequestError(fmt::format("certify-merge: {}: {}", name, e.what()));
    }
    if (!r.complete()) {
      throw RequestError(fmt::format(
          "certify-merge: {}: shard {}/{} is incomplete ({} of {} instances done; resume it "
          "with its --checkpoint)",
          name, r.shard.index, r.shard.count, r.checked + r.skipped, r.slice));
    }
    const auto differs = [&](std::string_view what, const std::string& a, const std::string& b) {
      if (a == b) return;
      throw RequestError(
          fmt::format("certify-merge: {} is not a shard of the same run as {}: {} {} instead of {}",
                      name, names[0], what, a, b));
    };
    differs("binary", r.binary, first.binary);
    differs("game", r.game, first.game);
    differs("options", r.options.dump(), first.options.dump());
    differs("bounds", r.bounds.dump(), first.bounds.dump());
    differs("shard count", std::to_string(r.shard.count), std::to_string(first.shard.count));
    differs("instance count", std::to_string(r.space), std::to_string(first.space));
    const auto [it, fresh] = seen.emplace(r.shard.index, i);
    if (!fresh) {
      throw RequestError(fmt::format("certify-merge: shard {}/{} is given twice: {} and {}",
                                     r.shard.index, r.shard.count, names[it->second], name));
    }
  }
  std::vector<std::uint64_t> missing;
  for (std::uint64_t s = 1; s <= first.shard.count && missing.size() < 10; ++s) {
    if (seen.count(s) == 0) missing.push_back(s);
  }
  if (!missing.empty()) {
    std::string list;
    for (const std::uint64_t s : missing) list += (list.empty() ? "" : ", ") + std::to_string(s);
    throw RequestError(fmt::format(
        "certify-merge: shard{} {}{} of 1..{} missing", missing.size() == 1 ? "" : "s", list,
        first.shard.count - seen.size() > missing.size() ? ", ..." : "", first.shard.count));
  }
  Report m;
  m.game = first.game;
  m.options = first.options;
  m.bounds = first.bounds;
  m.description = first.description;
  m.shard = {1, 1};
  m.space = first.space;
  m.slice = first.space;
  m.binary = first.binary;
  for (const Report& r : reports) {
    ++m.merged;
    m.checked += r.checked;
    m.skipped += r.skipped;
    m.disagreed += r.disagreed;
    m.nodes += r.nodes;
    m.seconds += r.seconds;
    m.examples.insert(m.examples.end(), r.examples.begin(), r.examples.end());
  }
  std::sort(m.examples.begin(), m.examples.end(),
            [](const Example& a, const Example& b) { return a.index < b.index; });
  if (m.examples.size() > kMaxExamples) m.examples.resize(kMaxExamples);
  if (m.checked + m.skipped != m.space) {
    throw RequestError(
        fmt::format("certify-merge: the shards hold {} instances, the space {}: not a partition",
                    m.checked + m.skipped, m.space));
  }
  m.fingerprint = fingerprint_of(m);
  m.digest = digest_of(m);
  return m;
}

}  // namespace perfectplay::certify
