// Saved hierarchies: a round trip answers as the original, and a truncated,
// corrupted, foreign or wrongly typed file is refused with a message naming
// the file and what was wrong.
#include "lib/road/hierarchy_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lib/road/phast.hpp"
#include "lib/util/error.hpp"
#include "road_test_graphs.hpp"
#include "test_util.hpp"

namespace gdist::test {
namespace {

std::string Bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}
void PutBytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Runs f, which must throw gdist::Error whose message holds every part.
template <class F> void ExpectRefused(F&& f, const std::vector<std::string>& parts) {
  try {
    f();
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    for (const std::string& p : parts) EXPECT_NE(std::string(e.what()).find(p), std::string::npos) << e.what();
  }
}

template <class W> void ExpectSameHierarchy(const ContractionHierarchy<W>& a, const ContractionHierarchy<W>& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.directed, b.directed);
  EXPECT_EQ(a.levels, b.levels);
  EXPECT_EQ(a.vertex_at, b.vertex_at);
  EXPECT_EQ(a.position_of, b.position_of);
  for (const auto& [x, y] : {std::pair{&a.up, &b.up}, std::pair{&a.down, &b.down}}) {
    EXPECT_EQ(x->offsets, y->offsets);
    EXPECT_EQ(x->ends, y->ends);
    EXPECT_EQ(x->weights, y->weights);
    EXPECT_EQ(x->middles, y->middles);
  }
  EXPECT_EQ(a.fingerprint, b.fingerprint);
  ASSERT_EQ(a.labels.size(), b.labels.size());
  for (std::size_t v = 0; v < a.labels.size(); ++v) EXPECT_EQ(a.labels.label(v), b.labels.label(v));
}

template <class W> class HierarchyFile : public ::testing::Test {};
using ElementTypes = ::testing::Types<std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(HierarchyFile, ElementTypes);

TYPED_TEST(HierarchyFile, RoundTripAnswersAsTheOriginal) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  TempDir dir;
  GridSpec spec;
  spec.quarters = std::is_floating_point_v<TypeParam>;
  const CsrGraph<TypeParam> g = BuildCsrGraph<TypeParam>(MakeGridRoads(spec, seed));
  const auto ch = BuildContractionHierarchy(g);
  const std::string path = dir.file("g.gch");
  WriteHierarchy(path, ch);
  EXPECT_TRUE(IsHierarchyFile(path));
  EXPECT_EQ(HierarchyElementType(path), ElementTraits<TypeParam>::kType);
  const auto back = ReadHierarchy<TypeParam>(path, g);
  ExpectSameHierarchy(ch, back);
  const std::vector<std::uint32_t> sources = SomeSources(g.n, 20, seed);
  std::vector<TypeParam> got(sources.size() * g.n);
  PhastTrees<TypeParam>(back).Rows(sources, got.data(), g.n, 2);
  EXPECT_EQ(got, DijkstraRows(g, sources));
}

TEST(HierarchyFile, TextLabelsKept) {
  TempDir dir;
  Graph graph = MakeGridRoads(GridSpec{}, 5);
  std::vector<std::string> names;
  for (std::size_t v = 0; v < graph.n; ++v) names.push_back("junction " + std::to_string(v * 7));
  graph.labels = VertexLabels::FromStrings(names);
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  const auto ch = BuildContractionHierarchy(g);
  WriteHierarchy(dir.file("l.gch"), ch);
  ExpectSameHierarchy(ch, ReadHierarchy<std::int32_t>(dir.file("l.gch")));
}

TEST(HierarchyFile, CorruptTruncatedForeignAndMistypedFilesRefused) {
  const unsigned seed = TestSeed();
  SCOPED_TRACE("GDIST_SEED=" + std::to_string(seed));
  TempDir dir;
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(GridSpec{}, seed));
  const std::string path = dir.file("g.gch"), bad = dir.file("bad.gch");
  WriteHierarchy(path, BuildContractionHierarchy(g));
  const std::string good = Bytes(path);

  // Any payload byte flipped: the payload checksum.
  std::mt19937_64 rng(seed);
  for (int k = 0; k < 20; ++k) {
    std::string b = good;
    b[128 + rng() % (b.size() - 128)] ^= static_cast<char>(1 + rng() % 255);
    PutBytes(bad, b);
    ExpectRefused([&] { ReadHierarchy<std::int32_t>(bad); }, {bad, "payload checksum mismatch"});
  }
  // Any header byte flipped (past the magic and version): the header checksum.
  for (int k = 0; k < 20; ++k) {
    std::string b = good;
    b[12 + rng() % 116] ^= static_cast<char>(1 + rng() % 255);
    PutBytes(bad, b);
    ExpectRefused([&] { ReadHierarchy<std::int32_t>(bad); }, {bad, "not a valid gdist hierarchy"});
  }
  PutBytes(bad, good.substr(0, good.size() - 5));
  ExpectRefused([&] { ReadHierarchy<std::int32_t>(bad); }, {bad, "truncated"});
  PutBytes(bad, good.substr(0, 100));
  ExpectRefused([&] { ReadHierarchy<std::int32_t>(bad); }, {bad, "shorter than the 128-byte header"});
  PutBytes(bad, "c a DIMACS graph, not a hierarchy\n" + std::string(200, 'c') + "\np sp 3 0\n");
  ExpectRefused([&] { ReadHierarchy<std::int32_t>(bad); }, {bad, "bad magic"});
  EXPECT_FALSE(IsHierarchyFile(bad));
  ExpectRefused([&] { ReadHierarchy<std::int32_t>(dir.file("missing.gch")); }, {"missing.gch", "cannot open"});

  // Another graph: one weight changed.
  Graph other = MakeGridRoads(GridSpec{}, seed);
  other.edges[other.edges.size() / 2].weight += 1;
  const CsrGraph<std::int32_t> g2 = BuildCsrGraph<std::int32_t>(other);
  ExpectRefused([&] { ReadHierarchy<std::int32_t>(path, g2); }, {path, "hierarchy of another graph"});
  EXPECT_NO_THROW(ReadHierarchy<std::int32_t>(path, g));
  // Another element type.
  ExpectRefused([&] { ReadHierarchy<float>(path); }, {path, "int32", "wanted float32"});
}

TEST(HierarchyFile, EmptyGraph) {
  TempDir dir;
  Graph graph;
  graph.labels = VertexLabels::Range(0, 1);
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(graph);
  const auto ch = BuildContractionHierarchy(g);
  EXPECT_EQ(ch.n, 0u);
  WriteHierarchy(dir.file("empty.gch"), ch);
  ExpectSameHierarchy(ch, ReadHierarchy<std::int32_t>(dir.file("empty.gch"), g));
  PhastTrees<std::int32_t>(ch).Rows({}, nullptr, 0, 2);
}

TEST(HierarchyFile, NothingLeftWhenTheFolderIsMissing) {
  const CsrGraph<std::int32_t> g = BuildCsrGraph<std::int32_t>(MakeGridRoads(GridSpec{}, 2));
  EXPECT_THROW(WriteHierarchy("/nonexistent-folder/x.gch", BuildContractionHierarchy(g)), Error);
}

}  // namespace
}  // namespace gdist::test
