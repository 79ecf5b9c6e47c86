// The plain-reader anchor for parse-bound benchmarks: reads every
// whitespace-separated token of FILE with std::cin-style extraction, as a
// straightforward contest solution would, and prints a checksum.
//   cin_reader numbers|words FILE
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: cin_reader numbers|words FILE\n");
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::ifstream in(argv[2]);
  std::uint64_t sum = 0;
  if (std::strcmp(argv[1], "numbers") == 0) {
    std::uint64_t x;
    while (in >> x) sum += x;
  } else {
    std::string s;
    while (in >> s) sum += s.size();
  }
  std::printf("%llu\n", static_cast<unsigned long long>(sum));
  return 0;
}
