// Garbage never crashes a reader: randomly mutated samples of every format
// (plain and gzip), random bytes and truncations either parse into a graph
// whose invariants hold or throw gdist::Error. Anything else (another
// exception type, a crash, a sanitizer report) fails. Seeds are fixed and
// printed so a failure reproduces.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "format_test_util.hpp"
#include "formats/read_graph.hpp"

namespace gdist {
namespace {

struct Sample {
  const char* file;
  std::string content;
};

std::vector<Sample> Samples() {
  return {
      {"s.gr", "c x\np sp 4 4\na 1 2 3\na 2 3 4\na 3 4 -1\na 4 1 2\n"},
      {"t.gr", "p tw 4 3\n1 2\n2 3\n3 4\n"},
      {"s.csv", "source,target,weight\n10,-3,1.5\n-3,x,2\nx,10,3\n"},
      {"s.txt", "# c\n1 2\n2 3\n3 1\n"},
      {"s.mtx", "%%MatrixMarket matrix coordinate real symmetric\n% c\n3 3 3\n1 1 1\n2 1 2.5\n3 2 4\n"},
      {"s.graph", "% c\n3 2 011\n5 2 7\n6 1 7 3 8\n7 2 8\n"},
      {"pmed_s.txt", " 3 3 1 \n 1 2 5 \n 2 3 6 \n 1 2 7 \n"},
      {"s_nthu", formats_test::Int32Bytes({3, 3, 0, 1, 5, 1, 2, 6, 2, 0, 7})},
  };
}

std::string Mutate(std::string s, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng() % n); };
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < edits; ++k) {
    switch (rng() % 6) {
      case 0:  // overwrite a byte with anything
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(rng());
        break;
      case 1:  // overwrite a byte with a "dangerous" one
        if (!s.empty()) s[pick(s.size())] = "\0\n\r, -9+.e%#"[pick(12)];
        break;
      case 2:  // delete a range
        if (!s.empty()) {
          std::size_t at = pick(s.size());
          s.erase(at, pick(s.size() - at) + 1);
        }
        break;
      case 3:  // duplicate a range
        if (!s.empty()) {
          std::size_t at = pick(s.size());
          s.insert(pick(s.size()), s.substr(at, pick(16) + 1));
        }
        break;
      case 4:  // insert a huge or odd number
        s.insert(pick(s.size() + 1), std::vector<std::string>{"4294967295", "99999999999999999999", "-1", "0", "1e308",
                                                              "2147483647"}[pick(6)]);
        break;
      default:  // truncate
        s.resize(pick(s.size() + 1));
    }
  }
  return s;
}

// Reads path with every reader; returns how many attempts parsed.
int ReadAllWays(const std::string& path) {
  int parsed = 0;
  for (const char* name : {"auto", "dimacs", "edgelist", "mtx", "nthu", "orlib", "metis"}) {
    ReadOptions o;
    ParseInputFormat(name, &o.format);
    try {
      Graph g = ReadGraph(path, o);
      ++parsed;
      EXPECT_EQ(g.labels.size(), g.n) << name;
      for (const Edge& e : g.edges) {
        EXPECT_LT(e.from, g.n) << name;
        EXPECT_LT(e.to, g.n) << name;
        EXPECT_TRUE(std::isfinite(e.weight)) << name;
      }
    } catch (const Error&) {
      // the expected outcome for most garbage
    }
  }
  return parsed;
}

TEST(Fuzz, MutatedSamplesParseOrThrowError) {
  formats_test::TempDir dir;
  const std::uint64_t seed = 20261122;
  std::mt19937_64 rng(seed);
  int parsed = 0, tried = 0;
  for (const Sample& sample : Samples()) {
    for (int i = 0; i < 120; ++i) {
      const std::string bytes = Mutate(sample.content, rng);
      const bool gz = i % 3 == 0;
      const std::string path = dir.File(std::string(sample.file) + (gz ? ".gz" : ""));
      gz ? formats_test::WriteGzip(path, bytes) : formats_test::WriteFile(path, bytes);
      SCOPED_TRACE("seed " + std::to_string(seed) + ", " + sample.file + " mutation " + std::to_string(i));
      parsed += ReadAllWays(path);
      ++tried;
    }
  }
  // Not a tautology: some mutations are harmless, so parsing must still work.
  EXPECT_GT(parsed, tried / 10);
}

TEST(Fuzz, CorruptGzipStreamsAndRandomBytes) {
  formats_test::TempDir dir;
  const std::uint64_t seed = 7;
  std::mt19937_64 rng(seed);
  for (const Sample& sample : Samples()) {
    const std::string gz = formats_test::Gzip(sample.content, dir.File("scratch"));
    for (int i = 0; i < 40; ++i) {
      std::string bytes = gz;
      // Damage the compressed stream itself (past the 10-byte gzip header).
      for (int k = 0; k < 3; ++k) bytes[10 + rng() % (bytes.size() - 10)] = static_cast<char>(rng());
      SCOPED_TRACE("seed 7, corrupt gzip of " + std::string(sample.file) + " #" + std::to_string(i));
      ReadAllWays(formats_test::WriteFile(dir.File(std::string(sample.file) + ".gz"), bytes));
    }
  }
  for (int i = 0; i < 60; ++i) {
    std::string bytes(static_cast<std::size_t>(rng() % 2000), '\0');
    for (char& c : bytes) c = static_cast<char>(i % 2 ? rng() : 32 + rng() % 95);  // binary or printable
    SCOPED_TRACE("seed 7, random bytes #" + std::to_string(i));
    ReadAllWays(formats_test::WriteFile(dir.File("random.txt"), bytes));
  }
}

}  // namespace
}  // namespace gdist
