// InputError: bad user input, as a value carrying where it went wrong.
//
// Parsers throw InputError; the CLI catches it and prints
// `FILE:LINE:COL: message` on stderr with exit code 1. Lines and columns are
// 1-based; a column counts bytes. Broken invariants inside the library are
// asserts, never InputError: this type is only for what a user typed.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace perfectplay {

class InputError : public std::runtime_error {
 public:
  InputError(std::size_t line, std::size_t column, std::string message)
      : std::runtime_error(message), line_(line), column_(column), message_(std::move(message)) {}

  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& message() const { return message_; }

  // "LINE:COL: message", with `source:` in front when given.
  std::string format(const std::string& source) const;

 private:
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

// A request the library cannot carry out: a search too large for its limit, an
// option out of range. Reported as a message with exit code 1; not tied to a
// place in a file.
class RequestError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace perfectplay
