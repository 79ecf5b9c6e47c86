// Shared by the fuzz targets, included once by each: what libFuzzer calls
// before the first input.
#pragma once

#include <cstdint>

#include "games/octal/octal_theory.h"

// Every execution must stay fast: octal's theories get a small work budget
// (see octal_theory.h; the tests and the command line keep the large one).
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  perfectplay::games::octal::set_default_work_budget(std::uint64_t{1} << 20);
  return 0;
}
