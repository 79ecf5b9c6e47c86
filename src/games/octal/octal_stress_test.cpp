// Octal games: the theory against the exhaustive Grundy solver, on every
// position of up to 3 rows of up to 10 pins for a dozen codes, on single rows
// far past the computed table (where only the period answers), on the moves
// the period enumerates in long rows, and on random codes and positions
// (RapidCheck).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "games/octal/octal_entry.h"
#include "games/octal/octal_io.h"
#include "games/octal/octal_reference.h"
#include "games/octal/octal_theory.h"
#include "solvers/win_loss.h"

namespace perfectplay::games::octal {
namespace {

Code parsed_code(const std::string& text) {
  return std::get<Code>(parse_code(text));
}

// Kayles, Dawson's Kayles (both codes), Treblecross (no known period),
// subtraction games (no split), split-only and mixed codes.
const char* const kCodes[] = {"0.77", "0.137", "0.07",  "0.007",  "0.6",  "0.4",
                              "0.51", "0.1",   "0.333", "0.7777", "0.35", "0.72"};

TEST(OctalStress, EveryPositionUpTo3RowsOf10) {
  for (const char* text : kCodes) {
    SCOPED_TRACE(text);
    const Model model(parsed_code(text));
    std::size_t positions = 0;
    for (int k = 1; k <= 3; ++k) {
      std::vector<std::uint64_t> rows(static_cast<std::size_t>(k), 0);
      for (;;) {
        const Position p{rows};
        const auto failure = check_position(model, p);
        ASSERT_FALSE(failure.has_value()) << format_position(p) << ": " << *failure;
        ++positions;
        std::size_t i = 0;
        while (i < rows.size() && rows[i] == 10) rows[i++] = 0;
        if (i == rows.size()) break;
        ++rows[i];
      }
    }
    EXPECT_EQ(positions, 11u + 121u + 1331u);
  }
}

// Rows past the table the theory stored answer by the period alone: compare
// them with the solver up to 400 pins past the table's end.
// What analyze shows (AnalysisReference: the whole sum's win/loss search, on
// sorted rows, beside the Grundy solver) on every position of up to 3 rows of
// up to 6 pins, for every code: a win exactly when the nimber is not 0 (normal
// play: octal games have no misère option), the nimber the Grundy solver's,
// and the outcome and remoteness those of the plain win/loss solver on the
// rules as they are (rows unsorted, empty rows kept), a twin that shares no
// canonical form.
TEST(OctalStress, WinLossOfEverySmallSumAgreesWithItsNimber) {
  for (const char* text : kCodes) {
    SCOPED_TRACE(text);
    const Model model(parsed_code(text));
    const Rules rules(parsed_code(text));
    AnalysisReference shown = model.analysis_reference({});
    ReferenceSolver grundy(rules);
    WinLossSolver<Rules> plain(rules);
    for (int k = 1; k <= 3; ++k) {
      std::vector<std::uint64_t> rows(static_cast<std::size_t>(k), 0);
      for (;;) {
        const Position p{rows};
        ASSERT_TRUE(model.sum_reaches(p)) << format_position(p);
        const Value v = shown.value(p);
        const std::uint64_t g = grundy.grundy(p).value;
        const Outcome o = plain.solve(p);
        ASSERT_TRUE(v.is_win() || v.is_loss())
            << format_position(p) << ": " << perfectplay::text(v);
        EXPECT_EQ(v.is_win(), g != 0) << format_position(p);
        EXPECT_EQ(v.nimber, g) << format_position(p);
        EXPECT_EQ(v.is_win(), o.result == Result::kWin) << format_position(p);
        EXPECT_EQ(v.remoteness, o.remoteness) << format_position(p);
        std::size_t i = 0;
        while (i < rows.size() && rows[i] == 6) rows[i++] = 0;
        if (i == rows.size()) break;
        ++rows[i];
      }
    }
  }
}

TEST(OctalStress, PeriodicRowsPastTheTableMatchTheSolver) {
  for (const char* text : {"0.77", "0.137", "0.07", "0.4", "0.51", "0.35", "0.72"}) {
    SCOPED_TRACE(text);
    const auto theory = theory_of(parsed_code(text));
    ASSERT_TRUE(theory->periodic());
    ReferenceSolver solver{Rules(parsed_code(text))};
    for (std::uint64_t n = 0; n < theory->computed() + 400; ++n) {
      ASSERT_EQ(theory->grundy(n), solver.grundy(Position{{n}}).value) << "row of " << n;
    }
  }
}

// The moves each_move_to finds through the period in a long row are exactly
// those a scan of every legal move finds (values from the theory).
TEST(OctalStress, PeriodicMoveEnumerationIsComplete) {
  for (const char* text : {"0.77", "0.137", "0.4", "0.35"}) {
    SCOPED_TRACE(text);
    const Rules rules(parsed_code(text));
    const auto theory = theory_of(parsed_code(text));
    for (std::uint64_t len = 150; len <= 700; len += 37) {
      for (std::uint64_t target = 0; target < 12; ++target) {
        std::vector<Move> want;
        for (const Move& m : rules.moves(Position{{len}})) {
          if ((theory->grundy(m.left) ^ theory->grundy(m.right)) == target) want.push_back(m);
        }
        std::vector<Move> got;
        theory->each_move_to(0, len, target, [&](const Move& m) {
          got.push_back(m);
          return true;
        });
        ASSERT_EQ(got, want) << "row of " << len << ", target " << target;
      }
    }
  }
}

// Where no period is proven, the theory answers inside its table only, and
// agrees with the solver there.
TEST(OctalStress, UnprovenCodesAnswerTheirTableOnly) {
  const Theory theory(parsed_code("0.007"), 1'000'000);
  ASSERT_FALSE(theory.periodic());
  EXPECT_TRUE(theory.reaches(theory.computed() - 1));
  EXPECT_FALSE(theory.reaches(theory.computed()));
  ReferenceSolver solver{Rules(parsed_code("0.007"))};
  for (std::uint64_t n = 0; n < theory.computed(); ++n) {
    ASSERT_EQ(theory.grundy(n), solver.grundy(Position{{n}}).value) << "row of " << n;
  }
}

RC_GTEST_PROP(OctalStress, RandomCodesAndPositionsAgree, ()) {
  const auto digits = *rc::gen::inRange<std::size_t>(1, 5);
  std::string text = "0.";
  for (std::size_t i = 0; i < digits; ++i) text += static_cast<char>('0' + *rc::gen::inRange(0, 8));
  const auto parsed = parse_code(text);
  RC_PRE(std::holds_alternative<Code>(parsed));
  const auto k = *rc::gen::inRange<std::size_t>(1, 5);
  const auto rows =
      *rc::gen::container<std::vector<std::uint64_t>>(k, rc::gen::inRange<std::uint64_t>(0, 13));
  // A small budget: most random codes have no period proven soon, and rows
  // of 12 need only the start of the table.
  const Code c = std::get<Code>(parsed);
  const auto failure =
      check_position(Model(c, std::make_shared<const Theory>(c, 100'000)), Position{rows});
  RC_ASSERT(!failure.has_value());
}

}  // namespace
}  // namespace perfectplay::games::octal
