// Octal games: hand cases for the codes, the known Grundy sequences and
// periods, the contest format and its errors, and the model's moves.
#include <gtest/gtest.h>

#include <random>

#include "support/error_of.h"

#include "core/input_error.h"
#include "games/octal/octal_entry.h"
#include "games/octal/octal_io.h"
#include "games/octal/octal_theory.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace perfectplay::games::octal {
namespace {

Code code(const std::string& text) {
  return std::get<Code>(parse_code(text));
}

std::string why_not(const std::string& text) {
  const auto c = parse_code(text);
  return std::holds_alternative<std::string>(c) ? std::get<std::string>(c) : "accepted";
}

TEST(OctalCode, ParsesDigitsAndRefusesBadCodes) {
  const Code k = code("0.137");
  EXPECT_EQ(k.digits, (std::vector<std::uint8_t>{1, 3, 7}));
  EXPECT_EQ(k.last, 3u);
  EXPECT_TRUE(k.whole(1) && !k.leave_one(1) && !k.split(1));
  EXPECT_TRUE(k.whole(2) && k.leave_one(2) && !k.split(2));
  EXPECT_TRUE(k.whole(3) && k.leave_one(3) && k.split(3));
  EXPECT_FALSE(k.whole(4));
  EXPECT_EQ(code("0.770").text, "0.77");  // trailing zeros change nothing
  EXPECT_EQ(code("0.07").last, 2u);
  EXPECT_EQ(why_not("77"),
            "an octal code starts with `0.` and then its digits, e.g. 0.77 (Kayles)");
  EXPECT_EQ(why_not("0."), "an octal code has 1 to 16 digits after `0.`");
  EXPECT_EQ(why_not("0.12345671234567123"), "an octal code has 1 to 16 digits after `0.`");
  EXPECT_EQ(why_not("0.78"), "the digits of an octal code are 0 to 7");
  EXPECT_EQ(why_not("0.7 "), "the digits of an octal code are 0 to 7");
  EXPECT_EQ(why_not("0.000"), "the code allows no move (every digit is 0)");
}

std::vector<std::uint64_t> prefix(const Theory& t, std::uint64_t n) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t i = 0; i < n; ++i) out.push_back(t.grundy(i));
  return out;
}

TEST(OctalTheory, KnownSequencesAndPeriods) {
  // Kayles (Winning Ways ch. 4): period 12, the last exception at 70.
  const auto kayles = theory_of(code("0.77"));
  EXPECT_EQ(prefix(*kayles, 12), (std::vector<std::uint64_t>{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}));
  ASSERT_TRUE(kayles->periodic());
  EXPECT_EQ(kayles->period(), 12u);
  EXPECT_EQ(kayles->preperiod(), 71u);
  EXPECT_NE(kayles->grundy(70), kayles->grundy(82));
  // Dawson's Kayles as 0.137: period 34, the last exception at 51; as 0.07
  // the same sequence shifted by one.
  const auto dawson = theory_of(code("0.137"));
  EXPECT_EQ(prefix(*dawson, 12), (std::vector<std::uint64_t>{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2}));
  EXPECT_EQ(dawson->period(), 34u);
  EXPECT_EQ(dawson->preperiod(), 52u);
  EXPECT_NE(dawson->grundy(51), dawson->grundy(85));
  const auto shifted = theory_of(code("0.07"));
  EXPECT_EQ(shifted->period(), 34u);
  EXPECT_EQ(shifted->preperiod(), 53u);
  for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(shifted->grundy(n + 1), dawson->grundy(n));
  // A row of 2^63 - 1 pins is answered through the period.
  const std::uint64_t huge = kMaxLength;
  EXPECT_EQ(kayles->grundy(huge), kayles->grundy(71 + (huge - 71) % 12));
  // A subtraction game (no split): 0.33 takes 1 or 2 pins, G(n) = n mod 3.
  const auto sub = theory_of(code("0.33"));
  EXPECT_EQ(sub->period(), 3u);
  EXPECT_EQ(sub->preperiod(), 0u);
  EXPECT_EQ(sub->grundy(1'000'000'000'000), 1u);
}

TEST(OctalTheory, NoPeriodProvenMeansRefusal) {
  const Theory t(code("0.007"), 100'000);
  EXPECT_FALSE(t.periodic());
  EXPECT_EQ(t.period(), 0u);
  EXPECT_GT(t.computed(), 100u);
  EXPECT_FALSE(t.reaches(t.computed()));
  EXPECT_EQ(t.refusal(1000000),
            fmt::format("a row of 1000000 pins is beyond the theory of 0.007: no period is proven, "
                        "and its Grundy values are computed for rows of up to {} pins only",
                        t.computed() - 1));
}

std::string solve_text(std::string_view in) {
  std::string out;
  for (const auto& a : solve_contest(in)) {
    append_answer(out, a);
    out += '\n';
  }
  return out;
}

TEST(OctalFormat, AnswersByHand) {
  // Kayles row of 5 (G = 4): taking 1 leaves 4 (G 1); splitting 4 as 1 + 3
  // is worth 2, as 2 + 2 is worth 0: `win 1 1 2`.
  EXPECT_EQ(solve_text("1\n0.77 1\n5\n"), "win 1 1 2\n");
  EXPECT_EQ(solve_text("1\n0.77 2\n5 5\n"), "lose\n");
  // 4 5: G 1 ^ 4 = 5; row 2 of 5 to a single row of 4 (G 1) wins.
  EXPECT_EQ(solve_text("1\n0.77 2\n4 5\n"), "win 2 1 0\n");
  // Dawson's Kayles: a lone pin or pair is taken whole; a row of 3 too.
  EXPECT_EQ(solve_text("3\n0.137 1\n1\n0.137 1\n2\n0.137 2\n0 3\n"), "win 1 1\nwin 1 2\nwin 2 3\n");
  EXPECT_EQ(solve_text("1\n0.137 1\n4\n"), "lose\n");
  EXPECT_EQ(solve_text("1\n0.77 3\n0 0 0\n"), "lose\n");
  EXPECT_EQ(solve_text("2\r\n0.77 1\r\n5\r\n0.137 1\r\n4"), "win 1 1 2\nlose\n");
}

TEST(OctalFormat, JsonAnswers) {
  const auto a = solve_contest("3\n0.77 1\n5\n0.77 1\n1\n0.77 2\n5 5\n");
  EXPECT_EQ(answer_json(a[0]).dump(),
            R"({"code":"0.77","left":2,"result":"win","row":1,"take":1})");
  EXPECT_EQ(answer_json(a[1]).dump(), R"({"code":"0.77","result":"win","row":1,"take":1})");
  EXPECT_EQ(answer_json(a[2]).dump(), R"({"code":"0.77","result":"lose"})");
}

std::string error_of(std::string_view in) {
  return testing::error_of([&] { solve_contest(in); }, "in");
}

TEST(OctalFormat, BadInputIsReportedWithLineAndColumn) {
  EXPECT_EQ(error_of(""), "in:1:1: empty input: expected the number of cases T");
  EXPECT_EQ(error_of("0\n"), "in:1:1: the number of cases T must be at least 1");
  EXPECT_EQ(error_of("1\n0.8 1\n3\n"),
            "in:2:1: bad octal code '0.8': the digits of an octal code are 0 to 7");
  EXPECT_EQ(error_of("1\n  77 1\n3\n"),
            "in:2:3: bad octal code '77': an octal code starts with `0.` and then its digits, "
            "e.g. 0.77 (Kayles)");
  EXPECT_EQ(error_of("1\n0.77 0\n\n"), "in:2:6: the number of rows k must be at least 1");
  EXPECT_EQ(error_of("1\n0.77 3\n1 2\n"), "in:3:4: expected 3 row lengths on this line, found 2");
  EXPECT_EQ(error_of("1\n0.77 2\n1 2 3\n"),
            "in:3:5: more than the 2 row lengths announced for this case");
  EXPECT_EQ(error_of("2\n0.77 1\n4\n"), "in:4:1: expected case 2 of 2, found end of input");
  EXPECT_EQ(error_of("1\n0.77 1\n"), "in:3:1: expected the 1 row lengths of case 1");
  const std::string refused = error_of("1\n0.007 2\n3 9999999\n");
  EXPECT_EQ(
      refused.rfind("in:3:3: a row of 9999999 pins is beyond the theory of 0.007: no period", 0),
      0u)
      << refused;
}

TEST(OctalFormat, PositionRoundTripAndGenerate) {
  const auto kayles = theory_of(code("0.77"));
  const Position p = parse_position("  3 0 12\n", *kayles);
  EXPECT_EQ(p.rows, (std::vector<std::uint64_t>{3, 0, 12}));
  EXPECT_EQ(format_position(p), "3 0 12");
  EXPECT_THROW(parse_position("\n", *kayles), InputError);
  EXPECT_THROW(parse_position("1 2\n3\n", *kayles), InputError);
  const std::string text = generate_contest(7, 50, 6, 1000, *kayles);
  EXPECT_EQ(solve_contest(text).size(), 50u);
  EXPECT_EQ(generate_contest(7, 50, 6, 1000, *kayles), text);
  EXPECT_THROW(generate_contest(7, 50, 6, 1'000'000'000, *theory_of(code("0.007"))), RequestError);
}

TEST(OctalModel, MovesAndTheirText) {
  const Model m(code("0.137"));
  const Position p{{4, 1}};
  // Row 1 of 4: take 2 leaving 2; take 3 leaving 1; row 2: take the pin.
  const auto moves = m.moves(p);
  std::vector<std::string> texts;
  for (const Move& mv : moves) texts.push_back(m.move_text(mv));
  EXPECT_EQ(texts, (std::vector<std::string>{"1 2 0", "1 3 0", "2 1"}));
  EXPECT_EQ(m.move_count(p), 3u);
  EXPECT_EQ(m.move_help(p), (std::vector<std::string>{"1 2 0", "1 3 0", "2 1"}));
  EXPECT_EQ(m.format_position(m.play(p, moves[2])), "4 0");
  // Kayles: splits list as ranges, and put the right part after the left.
  const Model k(code("0.77"));
  EXPECT_EQ(k.move_help(Position{{7}}),
            (std::vector<std::string>{"1 1 0", "1 1 1 .. 1 1 3", "1 2 0", "1 2 1 .. 1 2 2"}));
  EXPECT_EQ(k.move_count(Position{{7}}), 7u);
  const auto split = std::get<Move>(k.parse_move(Position{{7, 2}}, "1 2 1"));
  EXPECT_EQ(k.format_position(k.play(Position{{7, 2}}, split)), "1 4 2");
  EXPECT_EQ(k.move_count(Position{{kMaxLength, kMaxLength}}), MoveCount{kMaxLength} * 2);
}

std::string refusal(const Model& m, const Position& p, std::string_view text) {
  const auto r = m.parse_move(p, text);
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
}

TEST(OctalModel, BadMovesAreRefusedWithReasons) {
  const Model k(code("0.137"));
  const Position p{{6, 1}};
  EXPECT_EQ(refusal(k, p, "3 1"), "there is no row 3 (rows are 1 to 2)");
  EXPECT_EQ(refusal(k, p, "2 2"), "row 2 has only 1 pin");
  EXPECT_EQ(refusal(k, p, "1 4"), "0.137 removes at most 3 pins");
  EXPECT_EQ(refusal(k, p, "1 0"), "a move removes at least one pin");
  EXPECT_EQ(refusal(k, p, "1 1"),
            "0.137 does not let 1 pin be taken leaving one row (digit 1 is 1)");
  EXPECT_EQ(refusal(k, p, "1 2 1"),
            "0.137 does not let 2 pins be taken splitting a row (digit 2 is 3)");
  EXPECT_EQ(refusal(k, p, "1 3 2"), "a split is unordered: give the smaller part, `1 3 1`");
  EXPECT_EQ(refusal(k, p, "1 3 3"),
            "taking 3 pins leaves 3 pins in row 1: a split leaves two non-empty parts");
  EXPECT_EQ(refusal(k, p, "x"), "column 1: expected a row number, found 'x'");
  EXPECT_EQ(refusal(k, p, "1 3 1"), "accepted");
  EXPECT_EQ(refusal(k, p, "1 3"), "accepted");  // LEFT left out: 0
  EXPECT_EQ(refusal(k, p, "2 1"), "accepted");
  // No legal move left (0.6 cannot take a lone pin): the game is over.
  const Model six(code("0.6"));
  EXPECT_FALSE(six.mover(Position{{1, 1, 0}}).has_value());
  EXPECT_TRUE(six.mover(Position{{1, 2}}).has_value());
}

TEST(OctalEngine, BeyondTheReferenceTheTheoryListsTheWinningMoves) {
  const Model k(code("0.77"));
  const Engine<Model> engine(k, {});
  const Position big{{1'000'000'000'000'000'000ULL, 3}};
  EXPECT_FALSE(k.reference_reaches(big));
  const Analysis a = engine.analyze(big);
  EXPECT_EQ(a.value.source, ValueSource::kTheory);
  ASSERT_TRUE(a.best_move.has_value());
  // A listed move is worth a win iff it leaves a nim-sum of 0.
  for (const MoveInfo& mi : a.moves) {
    const auto child = k.parse_position(mi.position);
    EXPECT_EQ(mi.value.is_win(), k.grundy_theory().nim_sum(child.rows) == 0) << mi.move;
  }
  EXPECT_FALSE(a.moves.empty());
  EXPECT_TRUE(k.reference_reaches(Position{{300, 200}}));
}

// Kayles, one row of 3 pins, by hand: taking the middle pin leaves 1 1, lost
// in 2 plies by whoever moves; taking 1 or 2 pins from an end leaves 2 or 1,
// won at once. So 3 is a win in 3, and G(3) = 3 stays beside it (issue 32:
// octal showed nimbers only, with no remoteness).
TEST(OctalEngine, SmallSumsHaveRemotenessBesideTheirNimber) {
  const Model k(code("0.77"));
  const Engine<Model> engine(k, {});
  const Analysis a = engine.analyze(Position{{3}});
  EXPECT_EQ(a.value.kind, ValueKind::kWin);
  EXPECT_EQ(a.value.remoteness, 3u);
  EXPECT_EQ(a.value.nimber, 3u);
  EXPECT_EQ(a.value.source, ValueSource::kReference);
  EXPECT_EQ(text(a.value), "win in 3 (*3)");
  ASSERT_EQ(a.moves.size(), 3u);
  for (const MoveInfo& mi : a.moves) {
    // A move's value is win or loss with its remoteness, and no nimber.
    EXPECT_EQ(text(mi.value), mi.move == "1 1 1" ? "win in 3" : "loss in 2") << mi.move;
    EXPECT_EQ(mi.best, mi.move == "1 1 1") << mi.move;
  }
  EXPECT_EQ(a.best_move, "1 1 1");
  EXPECT_EQ(engine.hint(Position{{3}}).move, "1 1 1");
  // Lost positions too: 1 1 (and the empty rows keep their places).
  const Analysis lost = engine.analyze(Position{{1, 0, 1}});
  EXPECT_EQ(text(lost.value), "loss in 2 (*0)");
  // The fastest win and the slowest loss: in 5 3 (won) and 10 7 (lost) every
  // move is listed with its remoteness; the position's is the best move's, and
  // the best moves are the fastest wins or, with none, the slowest losses.
  for (const Position& p : {Position{{5, 3}}, Position{{10, 7}}}) {
    const Analysis both = engine.analyze(p);
    ASSERT_TRUE(both.value.remoteness.has_value());
    std::optional<std::uint32_t> fastest_win;
    std::uint32_t slowest_loss = 0;
    for (const MoveInfo& mi : both.moves) {
      ASSERT_TRUE(mi.value.remoteness.has_value()) << mi.move;
      if (mi.value.is_win()) {
        fastest_win = std::min(fastest_win.value_or(UINT32_MAX), *mi.value.remoteness);
      } else {
        slowest_loss = std::max(slowest_loss, *mi.value.remoteness);
      }
    }
    const std::uint32_t best = fastest_win.value_or(slowest_loss);
    EXPECT_EQ(both.value.is_win(), fastest_win.has_value()) << k.format_position(p);
    EXPECT_EQ(both.value.remoteness, best) << k.format_position(p);
    for (const MoveInfo& mi : both.moves) {
      EXPECT_EQ(mi.best,
                mi.value.is_win() == fastest_win.has_value() && mi.value.remoteness == best)
          << k.format_position(p) << ": " << mi.move;
    }
  }
  EXPECT_EQ(text(engine.analyze(Position{{5, 3}}).value), "win in 7 (*7)");
}

// Past the win/loss search's bound the Grundy solver still answers: the value
// is the exact nimber, its remoteness unknown and said to be so, never a
// number. The bound is decided before any search.
TEST(OctalEngine, PastTheSumBoundTheRemotenessIsUnknown) {
  const Model k(code("0.77"));
  const Engine<Model> engine(k, {});
  const Position p{{40, 31, 17}};
  ASSERT_TRUE(k.reference_reaches(p));
  EXPECT_FALSE(k.sum_reaches(p));
  EXPECT_TRUE(k.sum_reaches(Position{{8, 8, 3}}));
  const Analysis a = engine.analyze(p);
  EXPECT_EQ(a.value.kind, ValueKind::kNimber);
  EXPECT_FALSE(a.value.remoteness.has_value());
  EXPECT_EQ(a.value.source, ValueSource::kReference);
  bool said = false;
  for (const std::string& n : a.notes) said |= n.find("remoteness is unknown") != std::string::npos;
  EXPECT_TRUE(said);
  for (const MoveInfo& mi : a.moves) {
    if (!k.sum_reaches(k.parse_position(mi.position))) {
      EXPECT_FALSE(mi.value.remoteness.has_value()) << mi.move;
    }
  }
}

// verify offers the size options too, and it has no --exact (generate_only):
// their help must not send the user to it.
TEST(OctalEntry, VerifysOptionsDoNotMentionExact) {
  const GameEntry e = entry();
  for (const ParamSpec& p : e.params) {
    if (p.generate_only) continue;
    EXPECT_EQ(p.help.find("--exact"), std::string::npos) << p.name;
  }
}

}  // namespace

// theory_child (the engine's way to value the theory move's child without a
// copy of the position) equals the theory of the child built by play, for
// every move of positions with splits, whole-row takes and empty rows.
TEST(OctalModel, TheoryChildEqualsTheTheoryOfTheChild) {
  std::mt19937_64 rng(7);
  for (const char* c : {"0.77", "0.137", "0.07"}) {
    const Model m(code(c));
    for (int trial = 0; trial < 40; ++trial) {
      Position p;
      const int rows = 1 + static_cast<int>(rng() % 4);
      for (int r = 0; r < rows; ++r) p.rows.push_back(rng() % 14);
      for (const Move& mv : m.moves(p)) {
        EXPECT_EQ(m.theory_child(p, mv), m.theory(m.play(p, mv)))
            << c << " " << m.format_position(p) << " move " << m.move_text(mv);
      }
    }
  }
}

}  // namespace perfectplay::games::octal
