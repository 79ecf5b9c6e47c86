// asymmetry's contest solve, built for large inputs (a 2000 x 2000 grid is
// about 40 MB of text) in memory bounded by the input's size.
//
// The theory (asymmetry_theory.h) makes two passes over the rows with
// per-pair accumulators. Three ways to feed it, chosen from the header and
// the input's size alone, before anything is allocated:
//
//   stored   the rows are parsed once into cells (4 bytes a value) and both
//            passes read the cells; the rows after the first line are split
//            at a line boundary into two parts, each parsed by its own thread
//            (pass 1, PairScan::add_row, runs on each row right after it is
//            read, while it is in cache), then pass 2 runs on both in
//            parallel. The fastest; taken when the cells and the
//            accumulators (~120 bytes a pair, ~96 more for a second part)
//            fit in the input's own size, i.e. for values of several digits.
//   streamed the rows are parsed twice, once per pass, one row at a time:
//            only the accumulators are held. Taken when they fit in the
//            input's size (N of about 35 or more) but the cells do not
//            (short values: `0 1 2 ...`).
//   blocks   for few rows and many columns (N = 1, M = 10^8: accumulators
//            for 5 * 10^7 pairs would be 30 times the input): a first pass
//            checks the shape and notes where each row starts and ends; then
//            the pairs are taken a block at a time from the outside in, each
//            row read forward from its start and backward from its end, and
//            each block is solved as a grid of its own (pairs are
//            independent). Memory: a block (about 100 KB) and 16 bytes a row.
//
// So peak memory is at most about twice the input (its mapping plus at most
// its size again) plus a constant, whatever the shape (docs/reliability.md).
// The value is the same as game_value(parse_contest(input)) on every path:
// the passes do not depend on the order of the rows, nor the sum on the order
// of the pairs.
//
// The fast paths take only the plain shape of the format: every line after
// the first exactly M values in [0, K], exactly N of them, then only blank
// lines. Anything else goes to check_contest, which names the defect with its
// line and column without keeping the grid. So a fast path never answers an
// input that the sequential parser would refuse, and never reports an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/text_reader.h"

namespace perfectplay::games::asymmetry {

// The contest answer. Throws InputError on bad input, RequestError where the
// certificate fails (none is known), std::overflow_error past 2^63.
std::int64_t solve_contest(std::string_view input);

// The stored path from a source read piece by piece (the command line's
// regular files, GameEntry::solve_source: no mapping, and memory of the cells
// and a few pieces, not of the text), pass 1 on each row as it comes. From
// `split_bytes` on (tests set it low), where the source offers a tail and a
// second part's accumulators fit in the input's size as on the mapped path,
// the rows are cut at the first line start past their middle and each part
// is parsed by a thread of its own, the second through input.tail() (each
// source reads its file ahead on a thread of its own); otherwise one thread
// parses (and another faults in the cells' pages ahead of it). nullopt where
// it declines, for any other shape and any defect: the caller then solves the
// whole text with solve_contest, which names the defect.
// Below kSplitBytes one thread does it all, on every path: a second costs more
// than it saves.
inline constexpr std::uint64_t kSplitBytes = std::uint64_t{4} << 20;
std::optional<std::int64_t> solve_contest_source(TextSource& input,
                                                 std::uint64_t split_bytes = kSplitBytes);

enum class SolvePath { kStored, kStreamed, kBlocks };

// The path solve_contest takes for this input, from its header and size
// (nullopt: the header is bad; the sequential parser names it).
std::optional<SolvePath> choose_path(std::string_view input);

// Each path alone, whatever the input's size; nullopt where it declines (a
// defect, or a shape it does not take). For tests and benchmarks.
// `parts`: 1 or 2 threads; `block_pairs`: pairs per block (0: the default).
std::optional<std::int64_t> solve_contest_split(std::string_view input, int parts);
std::optional<std::int64_t> solve_contest_streamed(std::string_view input);
std::optional<std::int64_t> solve_contest_blocks(std::string_view input,
                                                 std::size_t block_pairs = 0);

}  // namespace perfectplay::games::asymmetry
