// Micro-benchmarks of the hot kernels: the SWAR line reader, the assignment
// solver, the bacteria Grundy table, and the transposition-table probe of the
// generic alpha-beta solver.
#include <benchmark/benchmark.h>

#include <random>
#include <string>

#include "algorithms/assignment/assignment.h"
#include "core/text_reader.h"
#include "games/bacteria/bacteria_theory.h"
#include "games/gridgame/gridgame_reference.h"

namespace {

using namespace perfectplay;

void BM_FastUintLine(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::string text;
  for (int i = 0; i < 100000; ++i) text += std::to_string(rng() >> 2) + ' ';
  text += '\n';
  for (auto _ : state) {
    TextReader in(text);
    std::uint64_t sum = 0;
    const bool ok = in.try_uint_line(100000, UINT64_MAX, [&](std::uint64_t v) { sum += v; });
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_FastUintLine);

// Args: n, values uniform in [0, hi], and the tuning: 0 the default, 1 the
// candidate stage off, 2 the scalar kernels, 3 both off (the dense scalar
// solver).
void BM_Assignment(benchmark::State& state) {
  namespace asg = algorithms::assignment;
  const int n = static_cast<int>(state.range(0));
  const std::int64_t hi = state.range(1);
  const std::int64_t mode = state.range(2);
  std::mt19937_64 rng(2);
  std::vector<std::int64_t> v(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  for (auto& x : v) x = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi + 1));
  const asg::CostMatrix m(static_cast<std::size_t>(n), v);
  asg::Tuning tuning;
  if ((mode & 1) != 0) tuning.sparse_from = 0;
  if ((mode & 2) != 0) tuning.isa = asg::Isa::kScalar;
  for (auto _ : state) {
    const asg::Solver a(m, tuning);
    benchmark::DoNotOptimize(a.cost());
  }
}
BENCHMARK(BM_Assignment)
    ->ArgsProduct({{200, 1000}, {1000, 1'000'000}, {0, 1, 2, 3}})
    ->Unit(benchmark::kMillisecond);

// bacteria's Grundy table on one R x R grid: arguments R, '#' per mille, and
// the evaluation (0: the default, lazy then the fill past its budget; 1: the
// vector fill; 2: the scalar fill), one thread: the kernels' own speed.
void BM_GrundyTable(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto per_mille = static_cast<std::uint64_t>(state.range(1));
  std::mt19937_64 rng(3);
  games::bacteria::Grid g{side, side, {}};
  for (int i = 0; i < side * side; ++i) g.cells.push_back(rng() % 1000 < per_mille ? '#' : '.');
  games::bacteria::GrundyTable::Options options;
  options.lazy = state.range(2) == 0;
  options.simd = state.range(2) != 2;
  options.threads = 1;
  for (auto _ : state) {
    const games::bacteria::GrundyTable t(g, options);
    benchmark::DoNotOptimize(t.value(games::bacteria::Rect{0, side - 1, 0, side - 1}));
  }
  if (state.range(2) != 0) {  // the fill's vector steps per second
    state.counters["steps/s"] = benchmark::Counter(
        static_cast<double>(games::bacteria::GrundyTable::fill_steps(side, side)) *
            static_cast<double>(state.iterations()),
        benchmark::Counter::kIsRate);
  }
}
BENCHMARK(BM_GrundyTable)
    ->Args({15, 100, 0})
    ->Args({40, 100, 0})
    ->Args({100, 50, 0})
    ->Args({100, 10, 0})
    ->Args({100, 10, 1})
    ->Args({60, 20, 1})
    ->Args({60, 20, 2})
    ->Unit(benchmark::kMillisecond);

// Probes only: the position is solved once outside the loop, so every
// search inside it is answered by the table at the root.
void BM_TranspositionProbe(benchmark::State& state) {
  std::mt19937_64 rng(4);
  std::vector<std::int64_t> v(49);
  for (auto& x : v) x = static_cast<std::int64_t>(rng() % 2001) - 1000;
  const algorithms::assignment::CostMatrix m(7, v);
  const games::gridgame::Rules rules(m);
  games::gridgame::ReferenceSolver solver{rules};
  solver.value(rules.start());
  std::vector<games::gridgame::Rules::Position> positions;
  for (int r = 0; r < 7; ++r) positions.push_back(rules.play(rules.start(), r));
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(solver.search(positions[i], kScoreMin, kScoreMax));
    i = (i + 1) % positions.size();
  }
}
BENCHMARK(BM_TranspositionProbe);

}  // namespace
