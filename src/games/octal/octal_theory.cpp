#include "games/octal/octal_theory.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

namespace perfectplay::games::octal {

namespace {
std::atomic<std::uint64_t> work_budget{kWorkBudget};
}  // namespace

std::uint64_t default_work_budget() {
  return work_budget.load(std::memory_order_relaxed);
}
void set_default_work_budget(std::uint64_t budget) {
  work_budget.store(budget, std::memory_order_relaxed);
}

Theory::Theory(const Code& code, std::uint64_t budget) : code_(code) {
  const std::uint64_t t = code.last;
  std::vector<std::uint32_t> seen(64, 0);  // seen[v] == n: some option of row n is worth v
  // last_fail[p]: the last m with G(m + p) != G(m) so far, plus one (0: none).
  std::vector<std::uint64_t> last_fail(1, 0);
  g_.push_back(0);
  std::uint64_t work = 0;
  for (std::uint64_t n = 1; n < kMaxEntries && work <= budget; ++n) {
    const auto stamp = static_cast<std::uint32_t>(n);
    const auto mark = [&](std::uint32_t v) {
      if (v >= seen.size()) seen.resize(std::max<std::size_t>(2 * seen.size(), v + 1), 0);
      seen[v] = stamp;
    };
    for (std::uint64_t k = 1; k <= t && k <= n; ++k) {
      const std::uint64_t rest = n - k;
      if (rest == 0 && code.whole(k)) mark(0);
      if (rest > 0 && code.leave_one(k)) mark(g_[rest]);
      if (code.split(k)) {
        for (std::uint64_t a = 1; 2 * a <= rest; ++a) mark(g_[a] ^ g_[rest - a]);
        work += rest / 2;
      }
    }
    std::uint32_t v = 0;
    while (v < seen.size() && seen[v] == stamp) ++v;
    g_.push_back(v);
    // Periods: record where each p last failed, then look for a p whose
    // checked range n0 <= m <= 2 n0 + p + t is complete (m + p <= n).
    last_fail.push_back(0);
    work += n;
    std::uint64_t found = 0;
    for (std::uint64_t p = 1; p <= n; ++p) {
      if (g_[n] != g_[n - p]) last_fail[p] = n - p + 1;
      if (found == 0 && n >= 2 * last_fail[p] + 2 * p + t) found = p;
    }
    if (found == 0) continue;
    // Proven: periodic with `found` from n0. The least period divides it;
    // then walk the pre-period down while the least period still holds.
    const std::uint64_t n0 = last_fail[found];
    std::uint64_t p = 1;
    for (; p < found; ++p) {
      if (found % p != 0) continue;
      bool holds = true;
      for (std::uint64_t m = n0; m < n0 + found && holds; ++m) holds = g_[m] == g_[m + p];
      if (holds) break;
    }
    std::uint64_t start = n0;
    while (start > 0 && g_[start - 1] == g_[start - 1 + p]) --start;
    preperiod_ = start;
    period_ = p;
    return;
  }
}

std::string Theory::refusal(std::uint64_t n) const {
  return fmt::format(
      "a row of {} pins is beyond the theory of {}: no period is proven, and its Grundy values "
      "are computed for rows of up to {} pins only",
      n, code_.text, g_.size() - 1);
}

std::string Theory::summary() const {
  if (periodic()) {
    return fmt::format(
        "the Grundy values of {} have period {} from row {} on, proven by the Guy-Smith "
        "periodicity theorem from rows 0 to {}",
        code_.text, period_, preperiod_, g_.size() - 1);
  }
  return fmt::format(
      "no period of {} is proven within the computation bound: its Grundy values are known for "
      "rows of up to {} pins only, and longer rows are refused",
      code_.text, g_.size() - 1);
}

std::uint64_t Theory::nim_sum(std::span<const std::uint64_t> rows) const {
  std::uint64_t x = 0;
  for (const std::uint64_t r : rows) x ^= grundy(r);
  return x;
}

void Theory::each_move_to(std::size_t row, std::uint64_t length, std::uint64_t target,
                          const std::function<bool(const Move&)>& f) const {
  for (std::uint64_t k = 1; k <= code_.last && k <= length; ++k) {
    const std::uint64_t rest = length - k;
    if (rest == 0 && code_.whole(k) && target == 0 && !f({row, k, 0, 0})) return;
    if (rest > 0 && code_.leave_one(k) && grundy(rest) == target && !f({row, k, 0, rest})) {
      return;
    }
    if (!code_.split(k)) continue;
    // Left parts a in [1, first + p) are scanned; past that (periodic case)
    // a is a winner iff a - p is, as both parts are >= n0.
    const std::uint64_t half = rest / 2;
    const std::uint64_t first = std::max<std::uint64_t>(preperiod_, 1);
    const std::uint64_t scan = periodic() ? std::min(half, first + period_ - 1) : half;
    std::vector<std::uint64_t> classes;
    for (std::uint64_t a = 1; a <= scan; ++a) {
      if ((grundy(a) ^ grundy(rest - a)) != target) continue;
      if (!f({row, k, a, rest - a})) return;
      if (a >= first) classes.push_back(a);
    }
    if (scan == half) continue;
    bool more = true;
    for (std::uint64_t shift = period_; more && !classes.empty(); shift += period_) {
      for (const std::uint64_t a : classes) {
        more = a + shift <= half;
        if (!more) break;
        if (!f({row, k, a + shift, rest - a - shift})) return;
      }
    }
  }
}

std::optional<Move> Theory::winning_move(std::span<const std::uint64_t> rows) const {
  const std::uint64_t x = nim_sum(rows);
  if (x == 0) return std::nullopt;
  std::optional<Move> found;
  for (std::size_t r = 0; r < rows.size() && !found; ++r) {
    each_move_to(r, rows[r], x ^ grundy(rows[r]), [&](const Move& m) {
      found = m;
      return false;
    });
  }
  return found;
}

std::shared_ptr<const Theory> theory_of(const Code& code) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Theory>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  // Bounded: a long-running process (a server, a notebook) that meets many
  // codes keeps the last few hundred, not all.
  if (cache.size() >= 256 && cache.find(code.text) == cache.end()) cache.clear();
  auto& slot = cache[code.text];
  if (!slot) slot = std::make_shared<const Theory>(code);
  return slot;
}

}  // namespace perfectplay::games::octal
