// gcenter --eccentricities: the sparse engine's bounded eccentricities give
// the same file as the dense engine's (and as the eccentricity column of
// --per-vertex), on a real directed weighted graph, an undirected unit graph
// and a disconnected one (infinite: empty fields); a bad output path is
// refused before anything is written.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "test_util.hpp"

namespace gdist::test {
namespace {

std::string Gcenter(const std::string& args) {
  const CommandResult r = RunCommand(App("gcenter") + " " + args);
  EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.output;
  return r.output;
}

// The eccentricity column (the second) of a CSV with a header.
std::vector<std::string> SecondColumn(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    const std::size_t a = line.find(','), b = line.find(',', a + 1);
    out.push_back(line.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1));
  }
  return out;
}

void ExpectSameEccentricities(const std::string& graph, const std::string& read_flags, const TempDir& dir) {
  SCOPED_TRACE(graph);
  Gcenter(graph + " " + read_flags + " --engine sparse --eccentricities " + dir.file("sparse.csv"));
  Gcenter(graph + " " + read_flags + " --engine dense --eccentricities " + dir.file("dense.csv") + " --per-vertex " +
          dir.file("per_vertex.csv"));
  const std::string sparse = ReadText(dir.file("sparse.csv")), dense = ReadText(dir.file("dense.csv"));
  EXPECT_EQ(sparse.substr(0, sparse.find('\n')), "vertex,eccentricity");
  EXPECT_EQ(sparse, dense);
  EXPECT_EQ(SecondColumn(sparse), SecondColumn(ReadText(dir.file("per_vertex.csv"))));
}

TEST(EccentricitiesCli, SparseEqualsDense) {
  TempDir dir;
  // A cycle of 7 with a tail, and a disconnected copy (every eccentricity infinite).
  WriteText(dir.file("ring.gr"),
            "p sp 9 9\na 1 2 1\na 2 3 1\na 3 4 1\na 4 5 1\na 5 6 1\na 6 7 1\na 7 1 1\n"
            "a 7 8 1\na 8 9 1\n");
  ExpectSameEccentricities(dir.file("ring.gr"), "--undirected", dir);
  WriteText(dir.file("two.gr"), "p sp 6 4\na 1 2 1\na 2 3 1\na 4 5 1\na 5 6 1\n");
  ExpectSameEccentricities(dir.file("two.gr"), "--undirected", dir);
  EXPECT_EQ(SecondColumn(ReadText(dir.file("sparse.csv"))), std::vector<std::string>(6, ""));
  const std::string rome = SharedData("dimacs9/rome99.gr");
  if (Exists(rome)) ExpectSameEccentricities(rome, "", dir);
}

TEST(EccentricitiesCli, RefusesADirectoryAsOutput) {
  TempDir dir;
  WriteText(dir.file("ring.gr"), "p sp 3 3\na 1 2 1\na 2 3 1\na 3 1 1\n");
  const CommandResult r = RunCommand(App("gcenter") + " " + dir.file("ring.gr") + " --engine sparse --eccentricities " +
                                     dir.path().string());
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("--eccentricities"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace gdist::test
