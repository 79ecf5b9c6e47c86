// asymmetry's split contest solve against the sequential one: the same value
// on every input it takes, in one part and in two; on anything unusual it
// declines, and solve_contest then says exactly what the sequential parser
// says (the same value, or the same error at the same line and column).
#include "games/asymmetry/asymmetry_solve.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <type_traits>

#include "games/asymmetry/asymmetry_io.h"
#include "games/asymmetry/asymmetry_theory.h"
#include "support/error_of.h"
#include "support/pieces_source.h"

namespace perfectplay::games::asymmetry {
namespace {

std::string sequential(const std::string& text) {
  std::string out;
  const std::string error =
      testing::error_of([&] { out = std::to_string(game_value(parse_contest(text))); });
  return error == "accepted" ? out : error;
}

std::string fast(const std::string& text) {
  std::string out;
  const std::string error = testing::error_of([&] { out = std::to_string(solve_contest(text)); });
  return error == "accepted" ? out : error;
}

// A grid whose values come from few distinct numbers, so that top flips tie
// and the rows holding them matter.
std::string tied_grid(std::mt19937_64& rng, int rows, int cols, std::int64_t k) {
  std::uniform_int_distribution<int> pick(0, 2);
  const std::int64_t choices[3] = {0, k / 2, k};
  std::string out =
      std::to_string(rows) + " " + std::to_string(cols) + " " + std::to_string(k) + "\n";
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (c > 0) out += ' ';
      out += std::to_string(choices[pick(rng)]);
    }
    out += '\n';
  }
  return out;
}

TEST(AsymmetrySolve, SplitEqualsSequentialOnRandomGrids) {
  std::mt19937_64 rng(2026);
  const std::int64_t ks[] = {1, 3, 1'000'000'000, 4'294'967'295};
  for (int trial = 0; trial < 600; ++trial) {
    const int rows = 1 + trial % 7;
    const int cols = 2 * (1 + trial % 5);
    const std::int64_t k = ks[trial % 4];
    const std::string text =
        trial % 2 == 0 ? generate_contest(rng(), rows, cols, k) : tied_grid(rng, rows, cols, k);
    const std::int64_t want = game_value(parse_contest(text));
    for (const int parts : {1, 2}) {
      const auto got = solve_contest_split(text, parts);
      ASSERT_TRUE(got.has_value()) << text;
      ASSERT_EQ(*got, want) << parts << " parts\n" << text;
    }
  }
}

// The streamed path (two parses, rows not kept) and the block path (pairs a
// block at a time, rows read from both ends) on the same grids, with blocks
// of every size up to beyond the grid, so the last block is often partial.
TEST(AsymmetrySolve, StreamedAndBlocksEqualSequentialOnRandomGrids) {
  std::mt19937_64 rng(2027);
  const std::int64_t ks[] = {1, 3, 1'000'000'000, 4'294'967'295};
  for (int trial = 0; trial < 600; ++trial) {
    const int rows = 1 + trial % 7;
    const int cols = 2 * (1 + trial % 6);
    const std::int64_t k = ks[trial % 4];
    std::string text =
        trial % 2 == 0 ? generate_contest(rng(), rows, cols, k) : tied_grid(rng, rows, cols, k);
    if (trial % 3 == 0) text += "\n\n";  // blank lines after the last row are taken
    const std::int64_t want = game_value(parse_contest(text));
    const auto streamed = solve_contest_streamed(text);
    ASSERT_TRUE(streamed.has_value()) << text;
    ASSERT_EQ(*streamed, want) << text;
    for (std::size_t block = 0; block <= static_cast<std::size_t>(cols) / 2 + 1; ++block) {
      const auto got = solve_contest_blocks(text, block);
      ASSERT_TRUE(got.has_value()) << text;
      ASSERT_EQ(*got, want) << block << " pairs a block\n" << text;
    }
    ASSERT_EQ(solve_contest_split(text, 1), want) << text;
  }
}

// The path follows from the header and the input's size: cells and
// accumulators within the input's size (long values) are stored; short values
// with enough rows are streamed; few rows of many columns go by blocks.
TEST(AsymmetrySolve, ThePathKeepsMemoryWithinTheInputsSize) {
  EXPECT_EQ(choose_path(generate_contest(1, 20, 20, 1'000'000'000)), SolvePath::kStored);
  EXPECT_EQ(choose_path(generate_contest(1, 200, 50, 9)), SolvePath::kStreamed);
  EXPECT_EQ(choose_path(generate_contest(1, 1, 20000, 9)), SolvePath::kBlocks);
  EXPECT_EQ(choose_path(generate_contest(1, 3, 20000, 1'000'000'000)), SolvePath::kBlocks);
  EXPECT_EQ(choose_path("x"), std::nullopt);
  for (const std::string& text : {generate_contest(2, 1, 20000, 9), generate_contest(3, 200, 50, 9),
                                  generate_contest(4, 3, 3000, 1'000'000'000)}) {
    EXPECT_EQ(solve_contest(text), game_value(parse_contest(text)));
  }
}

TEST(AsymmetrySolve, LargeInputTakesTheTwoThreadPath) {
  // About 6 MB, above the size where solve_contest splits.
  for (const std::uint64_t seed : {1u, 2u}) {
    const std::string text = generate_contest(seed, 700, 800, 1'000'000'000);
    ASSERT_GT(text.size(), std::size_t{4} << 20);
    const std::int64_t want = game_value(parse_contest(text));
    EXPECT_EQ(solve_contest(text), want);
    EXPECT_EQ(solve_contest_split(text, 2), want);
  }
}

TEST(AsymmetrySolve, CrlfAndNoFinalNewlineAreTaken) {
  const std::string crlf = "2 4 3\r\n1 0 2 3\r\n0 3 1 1\r\n";
  const std::string bare = "2 4 3\n1 0 2 3\n0 3 1 1";
  const std::int64_t want = game_value(parse_contest("2 4 3\n1 0 2 3\n0 3 1 1\n"));
  for (const int parts : {1, 2}) {
    EXPECT_EQ(solve_contest_split(crlf, parts), want);
    EXPECT_EQ(solve_contest_split(bare, parts), want);
  }
}

TEST(AsymmetrySolve, UnusualInputIsLeftToTheSequentialParser) {
  const std::string cases[] = {
      "2 4 3\n1 0 2\n0 3 1 1\n",             // short row
      "2 4 3\n1 0 2 3 3\n0 3 1 1\n",         // long row
      "2 4 3\n1 0 2 3\n\n0 3 1 1\n",         // blank line inside
      "2 4 3\n1 0 2 3\n0 3 1 1\n1 1 1 1\n",  // a row too many
      "3 4 3\n1 0 2 3\n0 3 1 1\n",           // a row too few
      "2 4 3\n1 0 2 4\n0 3 1 1\n",           // a value past K
      "2 4 3\n1 0 -2 3\n0 3 1 1\n",          // a sign
      "2 4 3\n1 0 x 3\n0 3 1 1\n",           // not a number
      "2 3 3\n1 0 2\n0 3 1\n",               // M odd
      "",                                    // empty
  };
  for (const std::string& text : cases) {
    // The split path declines; only an empty input or a bad first line makes
    // it throw, with the sequential parser's own message (it uses its code).
    bool answered = false;
    const std::string error = testing::error_of([&] {
      for (const int parts : {1, 2})
        answered = answered || solve_contest_split(text, parts).has_value();
      answered = answered || solve_contest_streamed(text).has_value();
      for (const std::size_t block : {0, 1, 3}) {
        answered = answered || solve_contest_blocks(text, block).has_value();
      }
    });
    testing::PiecesSource source(text, 1, 1);
    answered = answered || solve_contest_source(source).has_value();
    EXPECT_FALSE(answered) << text;
    if (error != "accepted") {
      EXPECT_EQ(error, sequential(text)) << text;
    }
    EXPECT_EQ(fast(text), sequential(text)) << text;
  }
}

// A fuzzer finding: a header declaring 400 million columns over a two-byte
// body made the split path size its per-pair accumulators by M (gigabytes)
// before reading a row. It must decline at once and leave the error to the
// sequential parser.
TEST(AsymmetrySolve, AHeaderCannotClaimMoreThanTheInputHolds) {
  const std::string text = "1 400000010 20\n00\n";
  EXPECT_FALSE(solve_contest_split(text, 1).has_value());
  EXPECT_FALSE(solve_contest_split(text, 2).has_value());
  EXPECT_FALSE(solve_contest_streamed(text).has_value());
  EXPECT_FALSE(solve_contest_blocks(text).has_value());
  testing::PiecesSource source(text, 1, 1);
  EXPECT_FALSE(solve_contest_source(source).has_value());
  EXPECT_EQ(fast(text), sequential(text));
  EXPECT_EQ(fast(text), "in:2:3: row 1 has 1 values, expected 400000010") << fast(text);
}

// A shape the source path does not take is declined from the header, in the
// first piece: asking for a second would have the command line's reader read
// a long row whole (a row of 10^8 values: 100 MB into a buffer) before the
// file is mapped anyway. A file of the stored shape is read on.
TEST(AsymmetrySolve, TheSourcePathDeclinesFromTheFirstPiece) {
  for (const std::string& text : {generate_contest(1, 1, 20000, 9), generate_contest(2, 200, 50, 9),
                                  generate_contest(3, 3, 3000, 1'000'000'000)}) {
    testing::PiecesSource source(text, 1, 1);  // a piece per line
    EXPECT_FALSE(solve_contest_source(source).has_value());
    EXPECT_EQ(source.pieces_given(), 1u);
  }
  testing::PiecesSource stored(generate_contest(4, 50, 40, 1'000'000'000), 1, 1);
  EXPECT_TRUE(solve_contest_source(stored).has_value());
  EXPECT_GT(stored.pieces_given(), 50u);
}

// A file edited in place between the source path's two reads of the header
// (the same size, another K) is declined, not answered with the first K.
TEST(AsymmetrySolve, TheSourcePathDeclinesAHeaderChangedBetweenItsReads) {
  class EditedOnSecondRead : public TextSource {
   public:
    EditedOnSecondRead(std::string before, std::string after)
        : before_(std::move(before), 1, 1), after_(std::move(after), 1, 1) {}
    std::string_view next() override { return (rewinds_ <= 1 ? before_ : after_).next(); }
    std::pair<std::size_t, std::size_t> locate(std::size_t offset) override {
      return before_.locate(offset);
    }
    void rewind() override {
      ++rewinds_;
      before_.rewind();
      after_.rewind();
    }
    std::uint64_t size() const override { return before_.size(); }

   private:
    testing::PiecesSource before_, after_;
    int rewinds_ = 0;
  };
  const std::string text = generate_contest(5, 50, 40, 1'000'000'000);
  ASSERT_EQ(text.rfind("50 40 1000000000\n", 0), 0u);
  std::string edited = text;
  edited[6] = '2';  // K = 2 * 10^9: every value still fits
  testing::PiecesSource plain(text, 1, 1);
  EXPECT_TRUE(solve_contest_source(plain).has_value());
  EditedOnSecondRead source(text, edited);
  EXPECT_FALSE(solve_contest_source(source).has_value());
}

// The command line's regular files are read piece by piece (a TextSource):
// the same answer, or the same error at the same place, as the whole text,
// on grids of every shape (the stored one solved as the pieces come, the
// others read again whole), varied as users vary them (CRLF, blank lines, a
// byte changed).
TEST(AsymmetrySolve, PiecesReadAsTheWholeText) {
  std::mt19937_64 rng(1805);
  std::size_t errors = 0, pieces = 0, fast_path = 0;
  for (int trial = 0; trial < 300; ++trial) {
    // Mostly enough rows for the stored shape (the accumulators' ~160 bytes
    // a pair within the input's size), some too few (read again whole).
    const int rows = trial % 4 == 0 ? 1 + trial % 13 : 20 + trial % 41;
    const int cols = 2 * (1 + trial % 11);
    const std::int64_t k = trial % 5 == 0 ? 9 : trial % 5 == 1 ? 4'294'967'295 : 1'000'000'000;
    const std::string text = testing::vary_text(
        trial % 3 == 0 ? tied_grid(rng, rows, cols, k) : generate_contest(rng(), rows, cols, k),
        trial, rng);
    const std::string whole = testing::expect_pieces_read_as_whole(
        text, static_cast<std::uint64_t>(trial),
        [&](auto&& input, std::string& out) {
          // As the command line does: the source's path, or where it
          // declines, the whole text.
          if constexpr (std::is_same_v<std::decay_t<decltype(input)>, std::string_view>) {
            out += std::to_string(solve_contest(input));
          } else {
            const auto value = solve_contest_source(input);
            out += std::to_string(value ? *value : solve_contest(text));
          }
        },
        pieces);
    errors += whole.find("error") != std::string::npos ? 1 : 0;
    testing::PiecesSource source(text, static_cast<std::uint64_t>(trial), 2);
    if (const auto value = solve_contest_source(source)) {
      ++fast_path;
      EXPECT_EQ(std::to_string(*value), whole) << text;
    }
  }
  EXPECT_GT(errors, 30u);      // the changed bytes do find errors
  EXPECT_GT(fast_path, 100u);  // and most grids took the source's own path
  EXPECT_GT(pieces, 2'000u);
}

// The source path in two parts (a tail from the first line start past the
// middle of the rows, parsed on a thread of its own), taken here at any size:
// the whole text's value wherever it answers, on the grids above, with the
// cut falling on every kind of line (CRLF, blank lines, a changed byte in
// either part, the last row without its newline).
TEST(AsymmetrySolve, TwoPartSourceReadsAsTheWholeText) {
  std::mt19937_64 rng(1806);
  std::size_t two_parts = 0, declined_valid = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int rows = 20 + trial % 41;
    const int cols = 2 * (1 + trial % 11);
    const std::int64_t k = trial % 5 == 1 ? 4'294'967'295 : 1'000'000'000;
    const std::string text = testing::vary_text(
        trial % 3 == 0 ? tied_grid(rng, rows, cols, k) : generate_contest(rng(), rows, cols, k),
        trial, rng);
    std::string whole;
    try {
      whole = std::to_string(solve_contest(text));
    } catch (const InputError& e) {
      whole = "error";
    }
    for (const int every : {1, 3}) {
      testing::PiecesSource source(text, static_cast<std::uint64_t>(trial), every);
      const auto value = solve_contest_source(source, 0);
      if (source.tails_given() == 0) continue;
      ++two_parts;
      if (value) {
        EXPECT_EQ(std::to_string(*value), whole) << "trial " << trial << ", every " << every;
      } else {
        declined_valid += whole != "error" ? 1 : 0;
      }
    }
  }
  EXPECT_GT(two_parts, 400u);      // the cut was made on most inputs
  EXPECT_LT(declined_valid, 60u);  // and valid ones were mostly answered by it
}

}  // namespace
}  // namespace perfectplay::games::asymmetry
