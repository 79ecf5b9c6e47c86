// The one place where what a command throws becomes its exit code and its
// message (docs/cli.md's table). main catches everything every command
// throws, the per-game ones and those of their own files (cli/commands.h),
// and hands it here, so no exception leaves main: an uncaught one would
// abort (exit 134, a core, the files of the work left behind). Header-only
// so the unit tests check the mapping itself (tests/unit/cli_guard_test.cpp).
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <new>
#include <string>

#include "cli/common.h"
#include "core/input_error.h"
#include "solvers/search_limits.h"

namespace perfectplay::cli {

// The exit code of `error` (thrown by a command), with its message on `err`:
// InputError 1 (`SOURCE:LINE:COL: message`, SOURCE from `source`),
// SearchLimitExceeded 4, RequestError 1, UsageError 2, std::bad_alloc 1,
// anything else 1 as an internal error (a bug).
inline int exit_for_exception(std::exception_ptr error, const std::function<std::string()>& source,
                              std::FILE* err = stderr) {
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(err, "%s\n", e.format(source()).c_str());
    return kExitBadInput;
  } catch (const SearchLimitExceeded& e) {
    std::fprintf(err, "perfectplay: %s\n", e.what());
    return kExitTooLarge;
  } catch (const RequestError& e) {
    std::fprintf(err, "perfectplay: %s\n", e.what());
    return kExitBadInput;
  } catch (const UsageError& e) {
    std::fprintf(err, "perfectplay: %s\n", e.what());
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::fprintf(err, "perfectplay: out of memory\n");
    return kExitBadInput;
  } catch (const std::exception& e) {
    // Whatever has no handler above is a bug, reported as one.
    std::fflush(stdout);
    std::fprintf(err, "perfectplay: internal error (a bug, please report it): %s\n", e.what());
    return kExitBadInput;
  } catch (...) {
    std::fflush(stdout);
    std::fprintf(err, "perfectplay: internal error (a bug, please report it)\n");
    return kExitBadInput;
  }
}

}  // namespace perfectplay::cli
