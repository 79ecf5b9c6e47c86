// nim: hand cases for the theory, the contest format and its errors.
#include <gtest/gtest.h>

#include "support/error_of.h"
#include "support/pieces_source.h"

#include "core/input_error.h"
#include "games/nim/nim_entry.h"
#include "games/nim/nim_io.h"
#include "games/nim/nim_theory.h"

#include <iostream>
#include <random>
#include <thread>

namespace perfectplay::games::nim {
namespace {

std::string solve_text(std::string_view in, Ending e = Ending::kNormal) {
  std::string out;
  for (const auto& a : solve_contest(in, e)) out += format_answer(a) + "\n";
  return out;
}

TEST(NimTheory, NormalPlayByHand) {
  // 3 ^ 4 ^ 5 = 2: row 1 (3 -> 1) is the lowest row with (r ^ 2) < r.
  EXPECT_EQ(solve_text("1\n3\n3 4 5\n"), "win 1 2\n");
  EXPECT_EQ(solve_text("1\n3\n1 2 3\n"), "lose\n");
  EXPECT_EQ(solve_text("1\n1\n0\n"), "lose\n");
  EXPECT_EQ(solve_text("1\n2\n0 9\n"), "win 2 9\n");
  EXPECT_EQ(solve_text("1\n1\n9223372036854775807\n"), "win 1 9223372036854775807\n");
}

TEST(NimTheory, MiserePlayByHand) {
  const Ending m = Ending::kMisere;
  EXPECT_EQ(solve_text("1\n1\n0\n", m), "win\n");        // opponent took the last square
  EXPECT_EQ(solve_text("1\n1\n1\n", m), "lose\n");       // must take the last square
  EXPECT_EQ(solve_text("1\n2\n1 1\n", m), "win 1 1\n");  // leave one square
  EXPECT_EQ(solve_text("1\n1\n5\n", m), "win 1 4\n");    // leave one square
  EXPECT_EQ(solve_text("1\n2\n1 5\n", m), "win 2 5\n");  // empty the big row, leave one
  EXPECT_EQ(solve_text("1\n2\n2 2\n", m), "lose\n");
  EXPECT_EQ(solve_text("1\n3\n1 2 3\n", m), "lose\n");
  EXPECT_EQ(solve_text("1\n3\n1 1 1\n", m), "lose\n");
}

TEST(NimEngine, LostBoardsResistLongest) {
  // 1 1 (normal): both moves lose; either lasts 2 moves. 2 2: taking one
  // square lasts longer (loss in 4) than taking two (loss in 2).
  const Model model(Ending::kNormal);
  const Engine<Model> engine(model, {});
  const auto c = engine.choose(Position{{2, 2}});
  ASSERT_TRUE(c.move);
  EXPECT_EQ(c.move->take, 1u);
  EXPECT_EQ(text(c.value), "loss in 4");
  EXPECT_EQ(c.value.source, ValueSource::kReference);
  EXPECT_EQ(text(engine.evaluate(Position{{2, 2}})), "loss in 4");
}

TEST(NimEngine, BeyondTheReferenceUsesTheTheory) {
  const Model model(Ending::kNormal);
  const Engine<Model> engine(model, {});
  const Position big{{1'000'000'000'000ULL, 1'000'000'000'000ULL, 7}};
  const auto c = engine.choose(big);
  EXPECT_EQ(c.value.source, ValueSource::kTheory);
  ASSERT_TRUE(c.move);
  EXPECT_EQ(c.move->row, 2u);
  EXPECT_EQ(c.move->take, 7u);
  EXPECT_EQ(text(engine.evaluate(big)), "win");
}

TEST(NimEngine, MoveCountPastTwoTo64IsExact) {
  const Model model(Ending::kNormal);
  const std::uint64_t r = 9223372036854775807ULL;
  EXPECT_EQ(count_text(model.move_count(Position{{r, r, r}})), "27670116110564327421");
}

std::string error_of(std::string_view in) {
  const std::string e = testing::error_of([&] { solve_contest(in, Ending::kNormal); }, "");
  return e == "accepted" ? "no error" : e;
}

TEST(NimFormat, BadInputIsReportedWithLineAndColumn) {
  EXPECT_EQ(error_of(""), "1:1: empty input: expected the number of cases T");
  EXPECT_EQ(error_of("x\n"), "1:1: expected the number of cases T, found 'x'");
  EXPECT_EQ(error_of("0\n"), "1:1: the number of cases T must be at least 1");
  EXPECT_EQ(error_of("1\n3\n1 2\n"), "3:4: expected 3 row lengths on this line, found 2");
  EXPECT_EQ(error_of("1\n2\n1 2 3\n"), "3:5: more than the 2 row lengths announced for this case");
  EXPECT_EQ(error_of("1\n2\n1 -2\n"), "3:3: a row length must not be negative");
  EXPECT_EQ(error_of("1\n1\n9223372036854775808\n"),
            "3:1: a row length must be at most 9223372036854775807");
  EXPECT_EQ(error_of("2\n1\n4\n"), "4:1: expected case 2 of 2, found end of input");
  EXPECT_EQ(error_of("1\n1\n4\n5\n"), "4:1: unexpected '5' after the last case");
  EXPECT_EQ(error_of("1\n1 2\n3\n"), "2:3: unexpected '2' after the number of rows");
  EXPECT_EQ(error_of("1\n1\n"), "3:1: expected the 1 row lengths of case 1");
  EXPECT_EQ(error_of("1\n0\n\n"), "2:1: the number of rows k must be at least 1");
}

TEST(NimFormat, CrlfAndMissingFinalNewlineAreAccepted) {
  EXPECT_EQ(solve_text("2\r\n3\r\n3 4 5\r\n1\r\n0"), "win 1 2\nlose\n");
}

TEST(NimFormat, PositionRoundTrip) {
  const Position p = parse_position("  3 0 12\n");
  EXPECT_EQ(p.rows, (std::vector<std::uint64_t>{3, 0, 12}));
  EXPECT_EQ(format_position(p), "3 0 12");
  EXPECT_THROW(parse_position("\n"), InputError);
  EXPECT_THROW(parse_position("1 2\n3\n"), InputError);
}

TEST(NimFormat, GeneratedInputParses) {
  const std::string text = generate_contest(7, 50, 6, 1000);
  EXPECT_EQ(solve_contest(text, Ending::kNormal).size(), 50u);
  EXPECT_EQ(generate_contest(7, 50, 6, 1000), text);  // deterministic
}

// The contest parser over a TextSource (the command line's large files, read
// piece by piece) answers as over the whole text: the same answers, or the
// same error at the same line and column, whatever the cuts, on generated
// inputs, with CRLF, blank lines, no final newline, and a byte changed,
// dropped or added somewhere.
TEST(NimFormat, PiecesReadAsTheWholeText) {
  std::mt19937_64 rng(1804);
  std::size_t errors = 0, pieces = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const std::string text =
        testing::vary_text(generate_contest(static_cast<Seed>(trial), 1 + trial % 9, 1 + trial % 40,
                                            trial % 3 == 0 ? 7 : 1'000'000'000'000),
                           trial, rng);
    const Ending ending = trial % 2 == 0 ? Ending::kNormal : Ending::kMisere;
    const std::string whole = testing::expect_pieces_read_as_whole(
        text, static_cast<std::uint64_t>(trial),
        [&](auto&& input, std::string& out) {
          for_each_answer(input, ending,
                          [&](const CaseAnswer& a) { out += format_answer(a) + ";"; });
        },
        pieces);
    errors += whole.find("error") != std::string::npos ? 1 : 0;
  }
  EXPECT_GT(errors, 40u);      // the changed bytes do find errors
  EXPECT_GT(pieces, 10'000u);  // and the texts were cut
}

// The two-part read (answers_in_two_parts) answers as the one-part read
// does, errors included: on valid inputs, on inputs varied by vary_text (a
// defect in either part), and on inputs of one-row cases of small rows,
// where a row line `1` looks like a k line and the guessed cut is often a
// row line (the first part then reads on alone).
TEST(NimFormat, TwoPartsReadAsOne) {
  if (std::thread::hardware_concurrency() < 2)
    GTEST_SKIP() << "one CPU: the two-part read declines";
  std::mt19937_64 rng(2718);
  int used = 0, read_alone = 0, valid = 0, declined = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const bool one_row = trial % 4 == 0;
    const std::string text = testing::vary_text(
        one_row ? generate_contest(static_cast<Seed>(trial), 40 + trial, 1, 1)
                : generate_contest(static_cast<Seed>(trial), 1 + trial % 60, 1 + trial % 30,
                                   trial % 3 == 0 ? 7 : 1'000'000'000'000),
        trial, rng);
    const Ending ending = trial % 2 == 0 ? Ending::kNormal : Ending::kMisere;
    std::string whole;
    try {
      for_each_answer(text, ending, [&](const CaseAnswer& a) { whole += format_answer(a) + "\n"; });
      ++valid;
    } catch (const InputError& e) {
      whole = "error " + e.format("");
    }
    for (const int every : {1, 3}) {
      testing::PiecesSource source(text, static_cast<std::uint64_t>(trial), every);
      std::string split;
      bool second = false;
      try {
        const TextSink sink([&](std::string_view piece) { split += piece; });
        if (!answers_in_two_parts(source, ending, sink, 0, &second)) {
          ++declined;  // no case start found past the middle: nothing was written
          EXPECT_EQ(split, "");
          continue;
        }
      } catch (const InputError& e) {
        split = "error " + e.format("");
      }
      EXPECT_EQ(split, whole) << "trial " << trial << ", cut after 1 newline in " << every;
      used += second ? 1 : 0;
      read_alone += !second && split == whole && whole.rfind("error", 0) != 0 ? 1 : 0;
    }
  }
  std::cout << valid << " valid inputs of 300; of 600 reads, " << used << " took the second part, "
            << read_alone << " valid ones read on alone, " << declined << " declined\n";
  EXPECT_GT(valid, 150);
  EXPECT_LT(declined, 60);
  EXPECT_GT(used, valid);     // most valid inputs were read in two parts (two cuts each)
  EXPECT_GT(read_alone, 10);  // and some guesses were wrong, read on by the first part
}

// verify offers the size options too, and it has no --exact (generate_only):
// their help must not send the user to it.
TEST(NimEntry, VerifysOptionsDoNotMentionExact) {
  const GameEntry e = entry();
  for (const ParamSpec& p : e.params) {
    if (p.generate_only) continue;
    EXPECT_EQ(p.help.find("--exact"), std::string::npos) << p.name;
  }
}

}  // namespace
}  // namespace perfectplay::games::nim
