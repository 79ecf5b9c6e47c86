#include "games/asymmetry/asymmetry_solve.h"

#include <system_error>
#include <thread>
#include <vector>

#include "core/text_reader.h"
#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_theory.h"

namespace perfectplay::games::asymmetry {

namespace {

// Below this many bytes of rows one thread does it all: a second one costs
// more than it saves.
constexpr std::size_t kSplitBytes = std::size_t{1} << 22;
// Row ids of the second part start here (N <= 2.5 * 10^8 < 2^30).
constexpr int kSecondPartIds = 1 << 30;

struct Part {
  Part(std::string_view t, int id, const Grid& header)
      : text(t), first_id(id), scan(header.cols, header.k, header.rows >= 2) {}
  std::string_view text;
  int first_id;
  std::vector<std::uint32_t> cells;
  int rows = 0;
  bool ok = false;
  PairScan scan;    // pass 1 over this part's rows
  PairBests bests;  // pass 2
};

// Parses `part` as whole rows, running pass 1 on each; ok stays false where
// the text is not exactly rows of M values in [0, K], or holds more than N.
void read_part(Part& part, const Grid& header) noexcept {
  try {
    TextReader in(part.text);
    const auto cols = static_cast<std::size_t>(header.cols);
    reserve_cells(part.cells, static_cast<std::size_t>(header.rows) * cols, part.text.size());
    const auto k = static_cast<std::uint64_t>(header.k);
    while (!in.at_end()) {
      if (part.rows == header.rows) return;
      const std::size_t before = part.cells.size();
      if (!in.try_uint_line(cols, k, [&](std::uint64_t v) {
            part.cells.push_back(static_cast<std::uint32_t>(v));
          })) {
        return;
      }
      part.scan.add_row(part.cells.data() + before, part.first_id + part.rows);
      ++part.rows;
    }
    part.ok = true;
  } catch (...) {
    // Out of memory: the sequential path will meet it too and report it.
  }
}

void best_of_part(Part& part, const PairScan& all, std::size_t cols) {
  part.bests = all.no_bests();
  for (int r = 0; r < part.rows; ++r) {
    all.best_of_row(part.cells.data() + static_cast<std::size_t>(r) * cols, part.bests);
  }
}

}  // namespace

std::optional<std::int64_t> solve_contest_split(std::string_view input, int parts) {
  TextReader in(input);
  if (in.at_end()) return std::nullopt;
  const Grid header = read_header(in);  // its errors are the sequential path's own
  const std::string_view body = input.substr(in.offset());
  // Every value but the last takes at least two bytes: a body too short for
  // N * M values is refused here, before the per-pair accumulators (sized by
  // M) are made, so a header alone cannot claim gigabytes (a fuzzer finding:
  // `1 400000010 20` and two bytes). The sequential parser names the defect.
  const auto cells =
      static_cast<std::uint64_t>(header.rows) * static_cast<std::uint64_t>(header.cols);
  if (body.size() + 1 < 2 * cells) return std::nullopt;
  std::size_t cut = body.size();
  if (parts == 2) {
    const std::size_t newline = body.find('\n', body.size() / 2);
    if (newline != std::string_view::npos) cut = newline + 1;
  }
  std::vector<Part> part;
  part.reserve(2);
  part.emplace_back(body.substr(0, cut), 0, header);
  if (cut < body.size()) part.emplace_back(body.substr(cut), kSecondPartIds, header);
  const auto cols = static_cast<std::size_t>(header.cols);
  // Runs `step` on every part, the second (if any) on its own thread, or on
  // this one when no thread can be made (a container's pids limit).
  const auto on_parts = [&](auto&& step) {
    std::jthread second;
    bool second_done = part.size() < 2;
    if (!second_done) {
      try {
        second = std::jthread([&] { step(part[1]); });
        second_done = true;
      } catch (const std::system_error&) {
      }
    }
    step(part[0]);
    if (!second_done) step(part[1]);
  };

  on_parts([&](Part& each) { read_part(each, header); });
  std::int64_t rows = 0;
  for (const Part& each : part) {
    if (!each.ok) return std::nullopt;
    rows += each.rows;
  }
  if (rows != header.rows) return std::nullopt;
  PairScan& all = part[0].scan;
  if (part.size() == 2) all.merge(part[1].scan);
  all.finish_pass1();
  on_parts([&](Part& each) { best_of_part(each, all, cols); });
  if (part.size() == 2) PairScan::merge_bests(part[0].bests, part[1].bests);
  all.fix_best_rows(
      [&](int id) {
        const Part& owner = id >= kSecondPartIds ? part[1] : part[0];
        return owner.cells.data() + static_cast<std::size_t>(id - owner.first_id) * cols;
      },
      part[0].bests);
  return all.total(part[0].bests);
}

std::int64_t solve_contest(std::string_view input) {
  const int parts = input.size() >= kSplitBytes ? 2 : 1;
  if (const auto value = solve_contest_split(input, parts)) return *value;
  return game_value(parse_contest(input));
}

}  // namespace perfectplay::games::asymmetry
