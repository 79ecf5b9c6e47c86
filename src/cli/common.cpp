#include "cli/common.h"

#include "registry/registry.h"

namespace perfectplay::cli {

std::string read_all(const std::string& path) {
  return std::string(InputText(path).view());
}

// A failed write is an error (a full disk, a closed pipe's reader gone):
// never exit 0 with the answer lost.
void write_out(std::string_view s) {
  if (std::fwrite(s.data(), 1, s.size(), stdout) != s.size() || std::fflush(stdout) != 0) {
    throw pp::RequestError(fmt::format("cannot write the output: {}", std::strerror(errno)));
  }
}

// The closest name to `word` by edit distance, if it is close enough to be a
// likely typo.
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& n : names) {
    std::vector<std::size_t> row(n.size() + 1);
    for (std::size_t j = 0; j <= n.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= n.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (word[i - 1] != n[j - 1])});
        diag = up;
      }
    }
    if (row[n.size()] < best_d) {
      best_d = row[n.size()];
      best = n;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& names) {
  const auto n = nearest(word, names);
  return n ? fmt::format("; did you mean {}?", *n) : "";
}

std::vector<std::string> game_names() {
  std::vector<std::string> out;
  for (const pp::GameEntry& g : pp::all_games()) out.push_back(g.name);
  return out;
}

const CLI::Validator kWholeNumber(
    [](std::string& s) -> std::string {
      const std::string max = "18446744073709551615";
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos ||
          s.size() > max.size() || (s.size() == max.size() && s > max)) {
        return "must be a whole number from 0 to " + max + ", found '" + s + "'";
      }
      return "";
    },
    "0..2^64-1");

}  // namespace perfectplay::cli
