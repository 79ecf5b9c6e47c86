// main's one mapping of what a command throws to its exit code and message
// (src/cli/guard.h, docs/cli.md): every command's top level goes through it,
// so an exception no command expected is exit 1 with a message, never an
// abort (judge gridgame --max-abs 100000 once died of std::logic_error,
// exit 134).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "cli/guard.h"

namespace cli = perfectplay::cli;
namespace pp = perfectplay;

namespace {

struct Mapped {
  int code;
  std::string message;
};

template <class Throw>
Mapped map(Throw&& raise) {
  char* text = nullptr;
  std::size_t size = 0;
  std::FILE* err = ::open_memstream(&text, &size);
  int code = -1;
  try {
    raise();
  } catch (...) {
    code = cli::exit_for_exception(
        std::current_exception(), [] { return std::string("in.txt"); }, err);
  }
  std::fclose(err);
  Mapped m{code, std::string(text, size)};
  std::free(text);
  return m;
}

}  // namespace

TEST(CliGuard, EveryExceptionHasItsExitCode) {
  Mapped m = map([] { throw pp::InputError(3, 7, "expected a row"); });
  EXPECT_EQ(m.code, cli::kExitBadInput);
  EXPECT_EQ(m.message, "in.txt:3:7: expected a row\n");
  m = map([] { throw pp::SearchLimitExceeded(100); });
  EXPECT_EQ(m.code, cli::kExitTooLarge);
  m = map([] { throw pp::RequestError("no such file"); });
  EXPECT_EQ(m.code, cli::kExitBadInput);
  EXPECT_EQ(m.message, "perfectplay: no such file\n");
  m = map([] { throw cli::UsageError("bad option"); });
  EXPECT_EQ(m.code, cli::kExitUsage);
  m = map([] { throw std::bad_alloc(); });
  EXPECT_EQ(m.code, cli::kExitBadInput);
  EXPECT_EQ(m.message, "perfectplay: out of memory\n");
  // What no command expects: a bug, said so, exit 1; never an abort.
  m = map([] { throw std::logic_error("generated test 60 breaks the contest's limits"); });
  EXPECT_EQ(m.code, cli::kExitBadInput);
  EXPECT_NE(m.message.find("internal error"), std::string::npos) << m.message;
  EXPECT_NE(m.message.find("generated test 60"), std::string::npos) << m.message;
  m = map([] { throw 42; });
  EXPECT_EQ(m.code, cli::kExitBadInput);
  EXPECT_NE(m.message.find("internal error"), std::string::npos) << m.message;
}
