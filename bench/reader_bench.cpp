// Micro-benchmark of the number reader that every parse-bound game uses.
#include <benchmark/benchmark.h>
#include <random>
#include <string>

#include "core/text_reader.h"

namespace {

void BM_ReadUint(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::string text;
  for (int i = 0; i < 100000; ++i) text += std::to_string(rng() >> 1) + ' ';
  text += '\n';
  for (auto _ : state) {
    perfectplay::TextReader in(text);
    std::uint64_t sum = 0;
    while (!in.at_line_end()) sum += in.read_uint("n", UINT64_MAX);
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_ReadUint);

}  // namespace
