// bacteria's model and registry entry.
#include "games/bacteria/bacteria_entry.h"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/text_reader.h"
#include "games/bacteria/bacteria_contest.h"
#include "games/bacteria/bacteria_explain.h"
#include "games/bacteria/bacteria_io.h"
#include "verify/verify.h"

namespace perfectplay::games::bacteria {

Rules::Position ToReference::operator()(const Board& b) const {
  Rules::Position p;
  for (int r = 0; r < b.grid.rows; ++r) {
    for (int c = 0; c < b.grid.cols; ++c) {
      const char m = b.mark(r, c);
      if (m == 'H' || m == 'V') p.infected |= std::uint64_t{1} << (r * b.grid.cols + c);
    }
  }
  p.mutated = b.mutated;
  return p;
}

Value Reference::value(const Board& b) {
  assert(b.grid.rows * b.grid.cols <= kReferenceMaxCells);
  Table& t = *table_;
  if (!t.solver || !(t.grid == b.grid)) {
    t.solver.reset();
    t.solver.emplace(Rules(b.grid), t.limits);
    t.grid = b.grid;
  }
  try {
    return t.solver->value(b);
  } catch (...) {
    t.solver.reset();  // a search cut short leaves positions marked in progress
    throw;
  }
}

Reference Model::reference(SearchLimits limits) const {
  auto& t = tables_->reference;
  if (!t || t->limits.max_states != limits.max_states) {
    t = std::make_shared<Reference::Table>();
    t->limits = limits;
  }
  return Reference(t);
}

namespace {

// The memory this process can still get, and the limit that says so: the
// least of what `ulimit -v` (RLIMIT_AS) and `ulimit -d` (RLIMIT_DATA) leave
// beside what is mapped now, what the memory cgroup leaves (v2 memory.max or
// v1 memory.limit_in_bytes, less what it holds), and the machine's
// MemAvailable. nullopt where none is known. A 200 x 200 grid's 408 MB
// table under a 300 MB limit was an "out of memory" after its fill began,
// or the OOM killer; asked before the table is allocated, it is a refusal
// that names the estimate and the limit.
struct Room {
  std::uint64_t bytes;
  std::string limit;
};

std::uint64_t read_number(const std::string& path, std::string_view key = {}) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!key.empty() && line.rfind(key, 0) != 0) continue;
    std::istringstream words(key.empty() ? line : line.substr(key.size()));
    std::uint64_t v = 0;
    if (words >> v) return v;
    return 0;  // "max": no limit
  }
  return 0;
}

std::optional<Room> memory_room() {
  std::optional<Room> room;
  const auto offer = [&](std::uint64_t bytes, std::string limit) {
    if (!room || bytes < room->bytes) room = Room{bytes, std::move(limit)};
  };
  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const std::uint64_t mapped = read_number("/proc/self/statm") * page;
  for (const auto& [resource, name] : {std::pair{RLIMIT_AS, "ulimit -v (RLIMIT_AS)"},
                                       std::pair{RLIMIT_DATA, "ulimit -d (RLIMIT_DATA)"}}) {
    rlimit r{};
    if (::getrlimit(resource, &r) == 0 && r.rlim_cur != RLIM_INFINITY) {
      const auto cap = static_cast<std::uint64_t>(r.rlim_cur);
      offer(cap > mapped ? cap - mapped : 0, name);
    }
  }
  // The memory cgroup: "0::/path" (v2) or "N:memory:/path" (v1).
  std::ifstream groups("/proc/self/cgroup");
  for (std::string line; std::getline(groups, line);) {
    const std::size_t colon = line.find(':');
    const std::size_t second = line.find(':', colon + 1);
    if (colon == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(colon + 1, second - colon - 1);
    const std::string path = line.substr(second + 1);
    std::uint64_t limit = 0, used = 0;
    if (controllers.empty()) {
      limit = read_number("/sys/fs/cgroup" + path + "/memory.max");
      used = read_number("/sys/fs/cgroup" + path + "/memory.current");
    } else if (controllers == "memory") {
      limit = read_number("/sys/fs/cgroup/memory" + path + "/memory.limit_in_bytes");
      used = read_number("/sys/fs/cgroup/memory" + path + "/memory.usage_in_bytes");
    }
    // v1 says "no limit" with a huge number (a page count short of 2^63).
    if (limit != 0 && limit < (std::uint64_t{1} << 62)) {
      offer(limit > used ? limit - used : 0, "the memory cgroup's limit");
    }
  }
  if (const std::uint64_t kb = read_number("/proc/meminfo", "MemAvailable:"); kb != 0) {
    offer(kb * 1024, "the machine's available memory (MemAvailable)");
  }
  return room;
}

// The theory's memory budget of `limits` (see Model): their bytes, or less
// where this process cannot get that much (memory_room), with what raises
// it for the message.
GrundyTable::Options table_options(SearchLimits limits) {
  GrundyTable::Options options;
  options.max_table_bytes =
      limits.max_states > std::numeric_limits<std::uint64_t>::max() / Model::kBytesPerState
          ? 0
          : limits.max_states * Model::kBytesPerState;
  if (const auto room = memory_room();
      room && (options.max_table_bytes == 0 || room->bytes < options.max_table_bytes)) {
    options.max_table_bytes = std::max<std::uint64_t>(room->bytes, 1);
    options.budget_source = fmt::format("left to this process by {}", room->limit);
  }
  return options;
}

// The contest's answers, each grid's table within the budget of `limits`
// (the defaults allow every grid: 2 GB).
std::vector<std::uint64_t> solve_within(std::string_view input, SearchLimits limits) {
  const GrundyTable::Options options = table_options(limits);
  // Checked whole first (a bad last case is refused before any is solved),
  // then each grid solved as it is read: the answers are held, not the grids.
  for_each_grid(input, [](const Grid&, std::uint64_t, std::uint64_t) {});
  std::vector<std::uint64_t> out;
  for_each_grid(input, [&](const Grid& g, std::uint64_t, std::uint64_t) {
    out.push_back(winning_openings(GrundyTable(g, options)));
  });
  return out;
}

int uninfected_empty(const Board& b) {
  return static_cast<int>(std::count(b.marks.begin(), b.marks.end(), '.'));
}

}  // namespace

std::shared_ptr<const GrundyTable> Model::table(const Grid& g) const {
  if (!tables_->last || !(tables_->last->grid() == g)) {
    const GrundyTable::Options options = table_options(limits_);
    tables_->last.reset();  // the old table's memory goes before the new one's comes
    tables_->last = std::make_shared<const GrundyTable>(g, options);
  }
  return tables_->last;
}

Board Model::parse_position(std::string_view text) const {
  return bacteria::parse_position(text);
}

std::string Model::format_position(const Board& b) const {
  return bacteria::format_position(b);
}

std::string Model::draw(const Board& b) const {
  std::string out = "     ";
  for (int c = 0; c < b.grid.cols; ++c) out += fmt::format("{:>3}", c + 1);
  out += '\n';
  for (int r = 0; r < b.grid.rows; ++r) {
    out += fmt::format("  {:>3}", r + 1);
    for (int c = 0; c < b.grid.cols; ++c) {
      const char m = b.mark(r, c);
      out += fmt::format("  {}", m);
    }
    out += '\n';
  }
  out += "  ('.' empty, '#' radioactive, 'H' an H colony, 'V' a V colony: as the position reads)\n";
  return out;
}

std::optional<Mover> Model::mover(const Board& b) const {
  if (b.mutated || uninfected_empty(b) == 0) return std::nullopt;
  return Mover{0, "the player to move"};
}

MoveCount Model::move_count(const Board& b) const {
  return b.mutated ? 0 : 2 * static_cast<MoveCount>(uninfected_empty(b));
}

Board Model::play(const Board& b, const Move& m) const {
  const auto t = table(b.grid);
  const MoveEffect e = effect_of(*t, b, m);
  Board child = b;
  if (e.mutates) {
    child.mutated = true;
  } else {
    apply(child, e, m);
  }
  return child;
}

std::string Model::move_text(const Move& m) const {
  return fmt::format("{} {} {}", m.row + 1, m.col + 1, m.colony == Colony::kH ? 'H' : 'V');
}

std::variant<Move, std::string> Model::parse_move(const Board& b, std::string_view text) const {
  TextReader in(text);
  Move m;
  const auto r = in.read_uint("a row number", UINT32_MAX);
  const auto c = in.read_uint("a column number", UINT32_MAX);
  const std::string_view type = in.read_word("a colony type (H or V)");
  if (!in.at_line_end()) in.fail("unexpected text after the move");
  if (r == 0 || r > static_cast<std::uint64_t>(b.grid.rows)) {
    return fmt::format("there is no row {} (rows are 1 to {})", r, b.grid.rows);
  }
  if (c == 0 || c > static_cast<std::uint64_t>(b.grid.cols)) {
    return fmt::format("there is no column {} (columns are 1 to {})", c, b.grid.cols);
  }
  if (type != "H" && type != "V" && type != "h" && type != "v") {
    return fmt::format("the colony type is H or V, not {}", quote_token(type));
  }
  m = Move{static_cast<int>(r) - 1, static_cast<int>(c) - 1,
           (type == "H" || type == "h") ? Colony::kH : Colony::kV};
  const char mark = b.mark(m.row, m.col);
  if (mark == '#') return std::string("that cell is radioactive");
  if (mark != '.') return std::string("that cell already has bacteria");
  return m;
}

std::string Model::move_syntax(const Board&) const {
  return "ROW COL H|V: place a colony on an empty cell (rows and columns count from 1), e.g. "
         "`2 3 H`; a colony that would spread into '#' mutates and you lose";
}

std::vector<std::string> Model::move_help(const Board& b) const {
  const std::vector<Move> all = legal_moves(b);
  std::vector<std::string> out;
  if (all.size() <= 200) {
    for (const Move& m : all) out.push_back(move_text(m));
    return out;
  }
  // Many: one line per row, `R C1 H .. R CN V` for its first and last
  // empty cells (every empty cell of the row takes H and V).
  for (int r = 0; r < b.grid.rows; ++r) {
    int first = -1, last = -1;
    for (int c = 0; c < b.grid.cols; ++c) {
      if (b.mark(r, c) != '.') continue;
      if (first < 0) first = c;
      last = c;
    }
    if (first >= 0) {
      out.push_back(fmt::format("{} {} H .. {} {} V", r + 1, first + 1, r + 1, last + 1));
    }
  }
  return out;
}

std::string Model::end_text(const Board& b) const {
  return b.mutated ? "the colony mutated, so its player loses."
                   : "no empty cell is left for the player to move, who loses.";
}

std::vector<std::string> Model::notes(const Board& b) const {
  if (!mover(b)) return {};
  const auto t = table(b.grid);
  const std::size_t parts = b.parts.size();
  std::vector<std::string> out = {fmt::format(
      "the position's nimber is *{}: the uninfected cells form {} independent rectangle{}; a "
      "move's value is the nim-sum of the parts it leaves with the others",
      board_value(*t, b).value, parts, parts == 1 ? "" : "s")};
  const std::vector<Move> all = legal_moves(b);
  const auto mutating = std::count_if(all.begin(), all.end(),
                                      [&](const Move& m) { return effect_of(*t, b, m).mutates; });
  if (mutating > 0) {
    out.push_back(fmt::format(
        "{} of the {} moves mutate (their colony reaches '#'): each loses at once, `loss in 1`",
        mutating, all.size()));
  }
  return out;
}

bool Model::reference_reaches(const Board& b) const {
  return b.grid.rows * b.grid.cols <= kReferenceMaxCells &&
         uninfected_empty(b) <= kReferenceMaxEmpty;
}

// A finished game's value is known exactly, remoteness 0: after a mutation
// the player to move has won, with no empty cell they have lost.
Value Model::theory(const Board& b) const {
  if (b.mutated) return Value::win(ValueSource::kTheory, 0);
  if (uninfected_empty(b) == 0) return Value::loss(ValueSource::kTheory, 0);
  return Value::wins(!board_value(*table(b.grid), b).is_zero(), ValueSource::kTheory);
}

std::optional<Move> Model::theory_move(const Board& b) const {
  if (b.mutated) return std::nullopt;
  const auto t = table(b.grid);
  const Nimber total = board_value(*t, b);
  for (const Move& m : legal_moves(b)) {
    if (is_winning_move(*t, b, total, m)) return m;
  }
  return std::nullopt;
}

std::optional<Move> Model::heuristic_move(const Board& b) const {
  if (b.mutated) return std::nullopt;
  return delaying_move(*table(b.grid), b);
}

// Winning moves, each with the parts it leaves; the rest lose.
ListedMoves<Move> Model::theory_moves(const Board& b, std::size_t cap) const {
  ListedMoves<Move> out;
  const auto t = table(b.grid);
  const Nimber total = board_value(*t, b);
  std::size_t winning = 0;
  for (const Move& m : legal_moves(b)) {
    if (!is_winning_move(*t, b, total, m)) continue;
    if (++winning > cap) continue;
    const MoveEffect e = effect_of(*t, b, m);
    out.moves.push_back(
        {m, theory(play(b, m)).after_move(),
         fmt::format("leaves *{} + *{}", t->value(e.first).value, t->value(e.second).value)});
  }
  out.summary = fmt::format(
      "{} legal moves in all, {} winning; only winning moves{} and the engine's choice are listed",
      count_text(move_count(b)), winning, winning > cap ? fmt::format(" (the first {})", cap) : "");
  return out;
}

std::optional<std::string> Model::check_grid(const Grid& g) const {
  const Board start = start_board(g);
  if (auto failure = check_theory(*this, start)) return failure;
  const auto t = table(g);
  const std::uint64_t theory_count = winning_openings(*t);
  const bool theory_wins = !board_value(*t, start).is_zero();
  Reference ref = reference({});
  const bool wins = ref.value(start).is_win();
  std::uint64_t reference_count = 0;
  for (const Move& m : legal_moves(start)) reference_count += ref.value(play(start, m)).is_loss();
  if (theory_wins != wins || theory_count != (wins ? reference_count : 0)) {
    return fmt::format("theory: Becca {}, {} winning openings; reference: Becca {}, {}",
                       theory_wins ? "wins" : "loses", theory_count, wins ? "wins" : "loses",
                       reference_count);
  }
  return std::nullopt;
}

namespace {

rc::Gen<Grid> grid_gen(int max_rows, int max_cols) {
  return rc::gen::mapcat(
      rc::gen::tuple(rc::gen::inRange(1, max_rows + 1), rc::gen::inRange(1, max_cols + 1),
                     rc::gen::element(0, 10, 25, 50)),
      [](const std::tuple<int, int, int>& shape) {
        const auto [rows, cols, density] = shape;
        return rc::gen::map(
            rc::gen::container<std::vector<int>>(static_cast<std::size_t>(rows * cols),
                                                 rc::gen::inRange(0, 100)),
            [rows = rows, cols = cols, density = density](const std::vector<int>& dice) {
              Grid g;
              g.rows = rows;
              g.cols = cols;
              for (int d : dice) g.cells.push_back(d < density ? '#' : '.');
              return g;
            });
      });
}

}  // namespace

GameEntry entry() {
  GameEntry e;
  e.name = "bacteria";
  e.summary =
      "Place H (spreads along the row) or V (along the column) colonies on empty cells; a "
      "colony that reaches '#' mutates and its player loses; no empty cell: you lose.";
  e.position_format =
      "`R C`, then R rows of '.', '#', 'H', 'V' (cells infected by H or V colonies); a last "
      "line `mutated` after a colony mutated";
  e.default_position = "3 4\n#.##\n....\n#.##\n";
  e.example_positions = {
      "2 2\n..\n.#\n",                      // small, lost: every move valued exactly
      "4 5\n..#..\nHHHHH\n..V..\n..V..\n",  // mid-game: three rectangles
      "2 3\n...\n.#.\nmutated\n",           // over: the last colony mutated
      "6 6\n......\n.#....\n......\n....#.\n......\n......\n",  // beyond the reference
      "12 12\n............\n....#.......\n............\n............\n.........#..\n"
      "............\n............\n..#.........\n............\n............\n"
      "......#.....\n............\n",  // too many moves to value one by one
  };
  e.params = {
      {"cases", "number of cases", 10, 1, 1'000'000, true},
      {"rows", "the most rows in a random grid", 4, 1, kMaxSide},
      {"cols", "the most columns in a random grid", 5, 1, kMaxSide},
      {"density", "percent of radioactive cells", 20, 0, 100, true},
      exact_sizes_param(),
  };
  e.solve = [](std::string_view input, const Params& params) {
    std::string out;
    std::uint64_t i = 0;
    for (const std::uint64_t y : solve_within(input, params.limits)) {
      fmt::format_to(std::back_inserter(out), "Case #{}: {}\n", ++i, y);
    }
    return out;
  };
  e.solve_json = [](std::string_view input, const Params& params, const JsonSink& each) {
    for (const std::uint64_t y : solve_within(input, params.limits)) each(y);
  };
  add_engine<Model>(e, [](const Params& p) { return Model(p.limits); });
  e.explain = explain;
  e.check_witness = check_witness;
  e.verify = [](std::uint64_t trials, Seed seed, const Params& params) {
    const auto rows = params.get("rows"), cols = params.get("cols");
    if (rows * cols > kReferenceMaxEmpty + 4) {
      throw RequestError(fmt::format(
          "verify bacteria: grids of {} x {} are too large for the exhaustive reference here "
          "(at most {} cells)",
          rows, cols, kReferenceMaxEmpty + 4));
    }
    const Model model;
    return run_verify<Grid>(
        grid_gen(static_cast<int>(rows), static_cast<int>(cols)), trials, seed,
        [model](const Grid& g) { return model.check_grid(g); },
        [](const Grid& g) { return "1\n" + format_grid(g); });
  };
  e.validate_contest = validate_contest;
  e.shrink = shrink_contest;
  e.contest_case = [](std::string_view input, std::uint64_t k, Params&) {
    return contest_case(input, k);
  };
  e.contest_bounds = {{"cases", {1, 100}}, {"rows", {1, 15}}, {"cols", {1, 15}}};
  e.generate = [](Seed seed, const Params& params, const TextSink& sink) {
    return generate_contest(seed, params.get("cases"), params.get("rows"), params.get("cols"),
                            params.get("density"), sink, params.get("exact") != 0);
  };
  // Grids by size (see bench_tiers): rows, then the cells row by row.
  static const std::vector<std::vector<std::pair<int, std::string>>> kBenchTiers = {
      {{2, "...#"},
       {4, ".#....#.#......#"},
       {3, "#.##....#.##"},
       {1, "."},
       {4, "...................."},
       {4, "..#.......#.....#...."},
       {4, "#.......#....#......"}},
      {{4, "..#....................."}},
      {{5, "........................."}, {4, "............#..........."}},
      {{6, "...#..........#...........#........."}},
      {{5, ".............................."}, {6, "...................#.........#......"}}};
  e.bench = [](int size) {
    BenchResult r;
    const auto grids = bench_tiers(kBenchTiers, size);
    const auto& largest = *std::max_element(grids.begin(), grids.end(), [](auto& a, auto& b) {
      return a.second.size() < b.second.size();
    });
    const int largest_cols = static_cast<int>(largest.second.size()) / largest.first;
    r.positions = fmt::format(
        "the official sample's grids and {} fixed grids of 4 x 5{}, from the start",
        grids.size() - 4, size == 1 ? "" : fmt::format(" to {} x {}", largest.first, largest_cols));
    for (const auto& [rows, cells] : grids) {
      Grid g;
      g.rows = rows;
      g.cols = static_cast<int>(cells.size()) / rows;
      g.cells.assign(cells.begin(), cells.end());
      ReferenceSolver solver{Rules(g)};
      const BenchTimer timer;
      const Outcome o = solver.solve(Rules::Position{});
      r.record(solver, timer.seconds(),
               (o.is_win() ? 1u : 2u) ^ (std::uint64_t{o.remoteness} << 8));
    }
    return r;
  };
  add_certify(e);
  return e;
}

}  // namespace perfectplay::games::bacteria
