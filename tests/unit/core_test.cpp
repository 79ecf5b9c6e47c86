#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <tuple>
#include <vector>

#include "core/nimber.h"
#include "core/outcome.h"
#include "core/text_reader.h"

namespace perfectplay {
namespace {

TEST(Outcome, ParentViewSwapsAndCounts) {
  EXPECT_EQ(Outcome::loss(0).parent_view(), Outcome::win(1));
  EXPECT_EQ(Outcome::win(3).parent_view(), Outcome::loss(4));
  EXPECT_EQ(Outcome::draw().parent_view(), Outcome::draw());
}

TEST(Outcome, PreferenceOrder) {
  // Faster wins beat slower wins beat draws beat long losses beat short losses.
  const std::vector<Outcome> ascending = {Outcome::loss(0), Outcome::loss(5), Outcome::draw(),
                                          Outcome::win(9), Outcome::win(1)};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    EXPECT_TRUE(ascending[i + 1].better_than(ascending[i])) << i;
    EXPECT_FALSE(ascending[i].better_than(ascending[i + 1])) << i;
  }
  EXPECT_EQ(to_string(Outcome::win(3)), "win in 3");
  EXPECT_EQ(to_string(Outcome::loss(0)), "loss in 0");
}

TEST(Nimber, MexAndNimSum) {
  const std::vector<Nimber> v = {Nimber(0), Nimber(1), Nimber(3), Nimber(1)};
  EXPECT_EQ(mex(v), Nimber(2));
  EXPECT_EQ(mex({}), Nimber(0));
  const std::vector<Nimber> w = {Nimber(2), Nimber(5)};
  EXPECT_EQ(mex(w), Nimber(0));
  EXPECT_EQ(Nimber(3) ^ Nimber(5) ^ Nimber(6), Nimber(0));
  EXPECT_EQ(to_string(Nimber(4)), "*4");
  EXPECT_EQ(to_string(Nimber(0)), "0");
}

TEST(TextReader, ReadsLinesOfNumbers) {
  TextReader in("3 -4\r\n  18446744073709551615\n");
  EXPECT_EQ(in.read_int("a", -10, 10), 3);
  EXPECT_EQ(in.read_int("b", -10, 10), -4);
  in.end_line("b");
  EXPECT_EQ(in.read_uint("c", UINT64_MAX), UINT64_MAX);
  in.end_line("c");
  in.end_input();
}

TEST(TextReader, AcceptsMissingFinalNewline) {
  TextReader in("7");
  EXPECT_EQ(in.read_uint("x", 10), 7u);
  in.end_line("x");
  in.end_input();
}

InputError error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no InputError";
  return InputError(0, 0, "");
}

TEST(TextReader, ErrorsCarryLineAndColumn) {
  {
    TextReader in("1 2\n3 x\n");
    in.read_uint("a", 9);
    in.read_uint("a", 9);
    in.end_line("a");
    in.read_uint("a", 9);
    const InputError e = error_of([&] { in.read_uint("the value", 9); });
    EXPECT_EQ(e.line(), 2u);
    EXPECT_EQ(e.column(), 3u);
    EXPECT_EQ(e.message(), "expected the value, found 'x'");
  }
  {
    TextReader in("99999999999999999999\n");
    const InputError e = error_of([&] { in.read_uint("n", UINT64_MAX); });
    EXPECT_EQ(e.column(), 1u);
    EXPECT_EQ(e.message(), "n must be at most 18446744073709551615");
  }
  {
    TextReader in("-5\n");
    EXPECT_EQ(error_of([&] { in.read_uint("n", 9); }).message(), "n must not be negative");
  }
  {
    TextReader in("12a\n");
    EXPECT_EQ(error_of([&] { in.read_uint("n", 999); }).message(), "expected n, found '12a'");
  }
  {
    TextReader in("5 6\n");
    in.read_uint("n", 9);
    const InputError e = error_of([&] { in.end_line("n"); });
    EXPECT_EQ(e.column(), 3u);
    EXPECT_EQ(e.message(), "unexpected '6' after n");
  }
  {
    TextReader in("5\n\n\nzz");
    in.read_uint("n", 9);
    in.end_line("n");
    const InputError e = error_of([&] { in.end_input(); });
    EXPECT_EQ(e.line(), 4u);
    EXPECT_EQ(e.format("f.txt"), "f.txt:4:1: unexpected 'zz' after the last case");
  }
  {
    TextReader in("-9223372036854775808 9223372036854775808");
    EXPECT_EQ(in.read_int("v", INT64_MIN, INT64_MAX), INT64_MIN);
    EXPECT_EQ(error_of([&] { in.read_int("v", INT64_MIN, INT64_MAX); }).message(),
              "v must be between -9223372036854775808 and 9223372036854775807");
  }
}

}  // namespace
}  // namespace perfectplay

namespace perfectplay {
namespace {

TEST(TextReader, FastLineAgreesWithCheckedReading) {
  const std::string line = "0 7 12345678 123456789 9999999999999999999 00000001 42\n";
  TextReader fast(line);
  std::vector<std::uint64_t> got;
  ASSERT_TRUE(fast.try_uint_line(7, UINT64_MAX, [&](std::uint64_t v) { got.push_back(v); }));
  EXPECT_TRUE(fast.at_end());
  TextReader slow(line);
  for (std::uint64_t v : got) EXPECT_EQ(slow.read_uint("n", UINT64_MAX), v);
  EXPECT_EQ(got[4], 9999999999999999999ULL);
}

// Any line of numbers below 10^19, any blanks between them, at any offset from
// the end of the input (the last seven bytes take the byte-by-byte path): the
// fast path accepts it and reads exactly the numbers written.
RC_GTEST_PROP(TextReader, FastLineReadsWhatWasWritten, ()) {
  const auto values = *rc::gen::container<std::vector<std::uint64_t>>(
      rc::gen::oneOf(rc::gen::inRange<std::uint64_t>(0, 1000),
                     rc::gen::inRange<std::uint64_t>(0, 10'000'000'000'000'000'000ULL)));
  RC_PRE(!values.empty());
  std::string line;
  for (std::uint64_t v : values) {
    line += *rc::gen::element<std::string>(" ", "\t", "  ", " \t ");
    line += std::to_string(v);
  }
  line += *rc::gen::element<std::string>("", "\n", "\r\n", " \n");
  TextReader in(line);
  std::vector<std::uint64_t> got;
  RC_ASSERT(
      in.try_uint_line(values.size(), UINT64_MAX, [&](std::uint64_t v) { got.push_back(v); }));
  RC_ASSERT(got == values);
  RC_ASSERT(in.at_end());
}

// The vector implementation of try_uint_line (SSE4.1, where the CPU has it)
// and the portable one agree on every line: accepted or not, the values, where
// the reader stops. Lines are mostly well formed, with a byte spoiled now and
// then (a letter, a sign, a newline, a 20th digit), after a prefix that moves
// them against the vector loads and before more text.
RC_GTEST_PROP(TextReader, VectorAndPortablePathsAgree, ()) {
  if (!TextReader::vector_path_available()) return;
  const auto prefix = *rc::gen::container<std::string>(rc::gen::element('1', ' ', '\n', 'x'));
  const auto count = *rc::gen::inRange<std::uint64_t>(1, 40);
  std::string line;
  for (std::uint64_t i = 0; i < count; ++i) {
    line += *rc::gen::element<std::string>(" ", " ", " ", "\t", "  ", "", "\n");
    const int digits = *rc::gen::inRange(1, 24);
    line += *rc::gen::element('1', '2', '3', '4', '5', '6', '7', '8', '9');
    for (int d = 1; d < digits; ++d) line += static_cast<char>('0' + *rc::gen::inRange(0, 10));
  }
  line += *rc::gen::element<std::string>("\n", "\r\n", " \n", "", " 1\n", "x");
  if (*rc::gen::inRange(0, 4) == 0 && !line.empty()) {
    line[*rc::gen::inRange<std::size_t>(0, line.size())] =
        *rc::gen::element('a', '-', '+', '\n', '\r', '0', ' ', '\0');
  }
  const std::string text = prefix + line + *rc::gen::element<std::string>("", "7 8 9\n", "abc");
  const std::uint64_t asked = count + *rc::gen::element<std::uint64_t>(0, 0, 0, 1, UINT64_MAX);
  const std::uint64_t hi = *rc::gen::element<std::uint64_t>(
      UINT64_MAX, 9'999'999'999'999'999'999ULL, 1'000'000'000'000'000'000ULL, 123456789, 9);
  auto read = [&](bool vector) {
    TextReader in(text);
    in.use_vector_path(vector);
    in.seek(prefix.size());
    std::vector<std::uint64_t> got;
    const bool ok = in.try_uint_line(asked, hi, [&](std::uint64_t v) { got.push_back(v); });
    return std::make_tuple(ok, ok ? got : std::vector<std::uint64_t>{}, in.offset());
  };
  RC_ASSERT(read(true) == read(false));
}

TEST(TextReader, FastLineDeclinesAnythingUnusual) {
  auto declines = [](std::string_view text, std::uint64_t count, std::uint64_t hi) {
    TextReader in(text);
    const bool ok = in.try_uint_line(count, hi, [](std::uint64_t) {});
    return !ok && in.offset() == 0;
  };
  EXPECT_TRUE(declines("1 2\n", 3, 9));                   // short line
  EXPECT_TRUE(declines("1 2 3\n", 2, 9));                 // long line
  EXPECT_TRUE(declines("1 12\n", 2, 9));                  // over hi
  EXPECT_TRUE(declines("1 -2\n", 2, 9));                  // sign
  EXPECT_TRUE(declines("12345678x\n", 1, 1e9));           // letter after a full chunk
  EXPECT_TRUE(declines("00000000000000000001\n", 1, 9));  // 20 digits
  EXPECT_TRUE(declines("123456789012345678901234567890 1\n", 2, UINT64_MAX));  // 30 digits
  EXPECT_TRUE(declines("1234567,\n", 1, 1e9));  // punctuation inside a chunk
  EXPECT_TRUE(declines("12345:78 1\n", 2, 1e9));
  TextReader crlf("5 6\r\n7");
  EXPECT_TRUE(crlf.try_uint_line(2, 9, [](std::uint64_t) {}));
  EXPECT_TRUE(crlf.try_uint_line(1, 9, [](std::uint64_t) {}));
  EXPECT_TRUE(crlf.at_end());
}

}  // namespace
}  // namespace perfectplay
