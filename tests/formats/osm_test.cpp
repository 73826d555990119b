// OpenStreetMap input on small extracts written here: chains merged, junctions
// kept, one-ways (oneway=yes/-1, motorways, roundabouts), access tags,
// maxspeed values good and bad, nodes missing from the extract, relations
// ignored, gzip, and the refusals. Expected lengths are worked out by hand:
// nodes on the equator (or on a meridian) are R * (angle in radians) apart,
// R = 6,371,008.8 m. The real extracts are compared with an independent
// reader in osm_reference.py.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <optional>
#include <sstream>

#include "format_test_util.hpp"
#include "formats/coordinates.hpp"
#include "formats/osm_roads.hpp"
#include "formats/read_graph.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

using formats_test::TempDir;
using formats_test::WriteFile;

constexpr double kR = 6371008.8;
// Metres of `degrees` of arc along the equator or a meridian.
double Arc(double degrees) { return kR * degrees * std::numbers::pi / 180.0; }

struct Node {
  long long id;
  double lat, lon;
};
struct Way {
  long long id;
  std::vector<long long> refs;
  std::vector<std::pair<std::string, std::string>> tags;
};

std::string Xml(const std::vector<Node>& nodes, const std::vector<Way>& ways, const std::string& extra = "") {
  std::ostringstream s;
  s.precision(10);
  s << "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"gdist test\">\n";
  for (const Node& n : nodes) s << "  <node id=\"" << n.id << "\" lat=\"" << n.lat << "\" lon=\"" << n.lon << "\"/>\n";
  for (const Way& w : ways) {
    s << "  <way id=\"" << w.id << "\">\n";
    for (long long r : w.refs) s << "    <nd ref=\"" << r << "\"/>\n";
    for (const auto& [k, v] : w.tags) s << "    <tag k=\"" << k << "\" v=\"" << v << "\"/>\n";
    s << "  </way>\n";
  }
  s << extra << "</osm>\n";
  return s.str();
}

class OsmTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!OsmInputSupported()) GTEST_SKIP() << "this build has no libosmium";
  }
  Graph Read(const std::string& xml, OsmProfile profile = OsmProfile::kCar, OsmWeight weight = OsmWeight::kLength,
             OsmReadReport* report = nullptr, const std::string& name = "roads.osm") {
    const std::string path = WriteFile(dir_.File(name), xml);
    InputFile in(path);
    OsmReadReport local;
    return ReadOsm(in, {profile, weight}, report ? report : &local);
  }
  // What reading `bytes` written as `name` throws ("no error" when nothing).
  std::string Refusal(const std::string& name, const std::string& bytes, OsmProfile profile = OsmProfile::kCar) {
    const std::string path = WriteFile(dir_.File(name), bytes);
    ReadOptions o;
    o.osm_profile = profile;
    try {
      ReadGraph(path, o);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  }
  TempDir dir_;
};

// The least weight of an arc u -> v (labels), or nullopt.
std::optional<double> ArcWeight(const Graph& g, const std::string& u, const std::string& v) {
  const auto a = g.labels.find(u), b = g.labels.find(v);
  if (!a || !b) return std::nullopt;
  std::optional<double> best;
  for (const Edge& e : g.edges)
    if (e.from == *a && e.to == *b && (!best || e.weight < *best)) best = e.weight;
  return best;
}

std::vector<std::string> Labels(const Graph& g) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < g.n; ++i) out.push_back(g.labels.label(i));
  std::sort(out.begin(), out.end());
  return out;
}

// Four nodes on the equator at longitudes 0, 0.001, 0.002, 0.004.
const std::vector<Node> kLine = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.002}, {4, 0, 0.004}};
const std::vector<std::pair<std::string, std::string>> kResidential = {{"highway", "residential"}};

TEST_F(OsmTest, ChainOfNodesIsOneArcOfSummedLength) {
  const Graph g = Read(Xml(kLine, {{10, {1, 2, 3, 4}, kResidential}}));
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"1", "4"}));
  EXPECT_TRUE(g.directed);
  EXPECT_FALSE(g.integral_weights);
  ASSERT_EQ(g.edges.size(), 2u);
  EXPECT_NEAR(*ArcWeight(g, "1", "4"), Arc(0.004), Arc(0.004) * 1e-12);
  EXPECT_NEAR(*ArcWeight(g, "4", "1"), Arc(0.004), Arc(0.004) * 1e-12);
  // Coordinates: longitude, latitude of each vertex.
  const std::size_t v4 = *g.labels.find("4");
  ASSERT_EQ(g.lon_lat.size(), g.n);
  EXPECT_DOUBLE_EQ(g.lon_lat[v4].first, 0.004);
  EXPECT_DOUBLE_EQ(g.lon_lat[v4].second, 0.0);
}

TEST_F(OsmTest, NodeOfTwoWaysIsAJunction) {
  std::vector<Node> nodes = kLine;
  nodes.push_back({5, 0.001, 0.002});  // north of node 3
  const Graph g = Read(Xml(nodes, {{10, {1, 2, 3, 4}, kResidential}, {11, {3, 5}, kResidential}}));
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"1", "3", "4", "5"}));
  EXPECT_NEAR(*ArcWeight(g, "1", "3"), Arc(0.002), 1e-9);
  EXPECT_NEAR(*ArcWeight(g, "3", "4"), Arc(0.002), 1e-9);
  EXPECT_NEAR(*ArcWeight(g, "5", "3"), Arc(0.001), 1e-9);  // along the meridian
  EXPECT_FALSE(ArcWeight(g, "1", "4"));                    // no arc jumps the junction
}

TEST_F(OsmTest, NodeTwiceInOneWayIsAJunction) {
  // A lasso: 1 - 2 - 3 - 4 - 2: node 2 is named twice.
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.002}, {4, 0.001, 0.0015}};
  const Graph g = Read(Xml(nodes, {{10, {1, 2, 3, 4, 2}, kResidential}}));
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"1", "2"}));
  // The loop 2 -> 3 -> 4 -> 2 returns to its own vertex: it can never shorten a path.
  EXPECT_NEAR(*ArcWeight(g, "1", "2"), Arc(0.001), 1e-9);
  EXPECT_EQ(g.edges.size(), 2u);
}

TEST_F(OsmTest, OnewayValuesAndImpliedOneways) {
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}};
  auto arcs = [&](std::vector<std::pair<std::string, std::string>> tags) {
    const Graph g = Read(Xml(nodes, {{10, {1, 2}, tags}}));
    return std::make_pair(ArcWeight(g, "1", "2").has_value(), ArcWeight(g, "2", "1").has_value());
  };
  using P = std::pair<bool, bool>;
  EXPECT_EQ(arcs({{"highway", "residential"}}), P(true, true));
  EXPECT_EQ(arcs({{"highway", "residential"}, {"oneway", "yes"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "residential"}, {"oneway", "true"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "residential"}, {"oneway", "1"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "residential"}, {"oneway", "-1"}}), P(false, true));
  EXPECT_EQ(arcs({{"highway", "motorway"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "motorway_link"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "motorway"}, {"oneway", "no"}}), P(true, true));
  EXPECT_EQ(arcs({{"highway", "primary"}, {"junction", "roundabout"}}), P(true, false));
  EXPECT_EQ(arcs({{"highway", "primary"}, {"junction", "roundabout"}, {"oneway", "-1"}}), P(false, true));
  // Pedestrians walk one-way streets both ways; cyclists too where oneway:bicycle=no.
  const Graph foot =
      Read(Xml(nodes, {{10, {1, 2}, {{"highway", "residential"}, {"oneway", "yes"}}}}), OsmProfile::kFoot);
  EXPECT_TRUE(ArcWeight(foot, "2", "1"));
  const Graph bike =
      Read(Xml(nodes, {{10, {1, 2}, {{"highway", "residential"}, {"oneway", "yes"}, {"oneway:bicycle", "no"}}}}),
           OsmProfile::kBike);
  EXPECT_TRUE(ArcWeight(bike, "2", "1"));
}

TEST_F(OsmTest, RoundaboutRingRunsOneWay) {
  // Ring 1 -> 2 -> 3 -> 1 with spokes at 2 and 3.
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0.001, 0.0005}, {5, 0, 0.002}, {6, 0.002, 0.0005}};
  const Graph g = Read(Xml(nodes, {{10, {1, 2, 3, 1}, {{"highway", "primary"}, {"junction", "roundabout"}}},
                                   {11, {2, 5}, kResidential},
                                   {12, {3, 6}, kResidential}}));
  EXPECT_NEAR(*ArcWeight(g, "1", "2"), Arc(0.001), 1e-9);
  EXPECT_TRUE(ArcWeight(g, "2", "3"));
  EXPECT_TRUE(ArcWeight(g, "3", "1"));
  EXPECT_FALSE(ArcWeight(g, "2", "1"));
  EXPECT_FALSE(ArcWeight(g, "3", "2"));
  EXPECT_FALSE(ArcWeight(g, "1", "3"));
  EXPECT_TRUE(ArcWeight(g, "5", "2"));
}

TEST_F(OsmTest, AccessTagsLeaveWaysOut) {
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.002}};
  auto kept = [&](std::vector<std::pair<std::string, std::string>> tags, OsmProfile profile) {
    // The first way is always kept, so the extract has some road; the second is under test.
    const Graph g =
        Read(Xml(nodes,
                 {{10,
                   {1, 2},
                   {{"highway", "track"}, {"bicycle", "yes"}, {"foot", "yes"}, {"motorcar", "yes"}, {"access", "yes"}}},
                  {11, {2, 3}, tags}}),
             profile);
    return ArcWeight(g, "2", "3").has_value();
  };
  // track is not a car road; give car something of its own for the first way.
  auto car = [&](std::vector<std::pair<std::string, std::string>> tags) {
    const Graph g = Read(Xml(nodes, {{10, {1, 2}, kResidential}, {11, {2, 3}, tags}}));
    return ArcWeight(g, "2", "3").has_value();
  };
  EXPECT_TRUE(car({{"highway", "service"}}));
  EXPECT_FALSE(car({{"highway", "service"}, {"access", "private"}}));
  EXPECT_FALSE(car({{"highway", "service"}, {"access", "no"}}));
  EXPECT_FALSE(car({{"highway", "residential"}, {"motor_vehicle", "no"}}));
  EXPECT_FALSE(car({{"highway", "residential"}, {"motorcar", "no"}}));
  EXPECT_FALSE(car({{"highway", "pedestrian"}, {"area", "yes"}}));
  EXPECT_FALSE(car({{"highway", "residential"}, {"area", "yes"}}));
  EXPECT_FALSE(car({{"highway", "footway"}}));
  EXPECT_FALSE(car({{"highway", "construction"}}));
  EXPECT_FALSE(car({{"building", "yes"}}));
  EXPECT_TRUE(kept({{"highway", "footway"}}, OsmProfile::kFoot));
  EXPECT_FALSE(kept({{"highway", "footway"}}, OsmProfile::kBike));
  EXPECT_TRUE(kept({{"highway", "footway"}, {"bicycle", "yes"}}, OsmProfile::kBike));
  EXPECT_FALSE(kept({{"highway", "residential"}, {"access", "private"}}, OsmProfile::kFoot));
  EXPECT_TRUE(kept({{"highway", "residential"}, {"access", "private"}, {"foot", "yes"}}, OsmProfile::kFoot));
  EXPECT_FALSE(kept({{"highway", "residential"}, {"foot", "no"}}, OsmProfile::kFoot));
  EXPECT_FALSE(kept({{"highway", "primary"}, {"bicycle", "use_sidepath"}}, OsmProfile::kBike));
  EXPECT_FALSE(kept({{"highway", "motorway"}}, OsmProfile::kBike));
  EXPECT_TRUE(kept({{"highway", "cycleway"}}, OsmProfile::kBike));
}

TEST_F(OsmTest, TimeFromMaxspeedElseTheClassSpeed) {
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.003}};
  const double l12 = Arc(0.001), l23 = Arc(0.002);
  auto seconds = [&](const std::string& maxspeed, OsmReadReport* report) {
    std::vector<std::pair<std::string, std::string>> tags = kResidential;
    if (!maxspeed.empty()) tags.emplace_back("maxspeed", maxspeed);
    const Graph g = Read(Xml(nodes, {{10, {1, 2, 3}, tags}}), OsmProfile::kCar, OsmWeight::kTime, report);
    return *ArcWeight(g, "1", "3");
  };
  OsmReadReport r;
  EXPECT_NEAR(seconds("", &r), (l12 + l23) * 3.6 / 25, 1e-9);  // residential: 25 km/h
  EXPECT_EQ(r.maxspeed_unreadable, 0u);
  EXPECT_NEAR(seconds("50", &r), (l12 + l23) * 3.6 / 50, 1e-9);
  EXPECT_NEAR(seconds("50 km/h", &r), (l12 + l23) * 3.6 / 50, 1e-9);
  EXPECT_NEAR(seconds("30 mph", &r), (l12 + l23) * 3.6 / (30 * 1.609344), 1e-9);
  EXPECT_NEAR(seconds("none", &r), (l12 + l23) * 3.6 / 25, 1e-9);
  EXPECT_EQ(r.maxspeed_unreadable, 0u);
  for (const char* bad : {"-30", "0", "walk", "DE:urban", "fast", "50;30", "nan", "1e400"}) {
    EXPECT_NEAR(seconds(bad, &r), (l12 + l23) * 3.6 / 25, 1e-9) << bad;
    EXPECT_EQ(r.maxspeed_unreadable, 1u) << bad;
    EXPECT_EQ(r.maxspeed_example, bad);
    ASSERT_EQ(r.Notes().size(), 1u);
    EXPECT_NE(r.Notes()[0].find("1 way has a maxspeed"), std::string::npos) << r.Notes()[0];
  }
  // Foot and bike: their own pace, maxspeed aside.
  const Graph foot = Read(Xml(nodes, {{10, {1, 2, 3}, {{"highway", "residential"}, {"maxspeed", "50"}}}}),
                          OsmProfile::kFoot, OsmWeight::kTime);
  EXPECT_NEAR(*ArcWeight(foot, "1", "3"), (l12 + l23) * 3.6 / 5, 1e-9);
}

TEST_F(OsmTest, MaxspeedParsing) {
  EXPECT_EQ(ParseMaxspeedKmh("50"), 50.0);
  EXPECT_EQ(ParseMaxspeedKmh(" 7.5 "), 7.5);
  EXPECT_EQ(ParseMaxspeedKmh("50kmh"), 50.0);
  EXPECT_EQ(ParseMaxspeedKmh("50 kph"), 50.0);
  EXPECT_DOUBLE_EQ(*ParseMaxspeedKmh("10 knots"), 18.52);
  EXPECT_DOUBLE_EQ(*ParseMaxspeedKmh("20 mph"), 32.18688);
  for (const char* bad : {"", "none", "signals", "-5", "0", "0.0", ".", "50 km", "50;60", "RU:urban", "mph"})
    EXPECT_FALSE(ParseMaxspeedKmh(bad)) << bad;
}

TEST_F(OsmTest, UnknownOnewayIsCountedAndTheDefaultUsed) {
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}};
  OsmReadReport r;
  const Graph g = Read(Xml(nodes, {{10, {1, 2}, {{"highway", "primary"}, {"oneway", "reversible"}}}}), OsmProfile::kCar,
                       OsmWeight::kLength, &r);
  EXPECT_TRUE(ArcWeight(g, "1", "2"));
  EXPECT_TRUE(ArcWeight(g, "2", "1"));
  EXPECT_EQ(r.oneway_unknown, 1u);
  EXPECT_EQ(r.oneway_example, "reversible");
}

TEST_F(OsmTest, NodesMissingFromTheExtractCutTheWay) {
  // 1 - 2 - (99 missing) - 3 - 4: the segments to 99 are left out; 2 and 3 become piece ends.
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.003}, {4, 0, 0.004}};
  OsmReadReport r;
  const Graph g = Read(Xml(nodes, {{10, {1, 2, 99, 3, 4}, kResidential}, {11, {4, 98}, kResidential}}),
                       OsmProfile::kCar, OsmWeight::kLength, &r);
  EXPECT_EQ(Labels(g), (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_NEAR(*ArcWeight(g, "1", "2"), Arc(0.001), 1e-9);
  EXPECT_NEAR(*ArcWeight(g, "3", "4"), Arc(0.001), 1e-9);
  EXPECT_FALSE(ArcWeight(g, "2", "3"));
  EXPECT_EQ(r.ways_missing_nodes, 2u);
  EXPECT_EQ(r.missing_nodes, 2u);
  EXPECT_EQ(r.ways_kept, 2u);
}

TEST_F(OsmTest, RelationsAreIgnored) {
  const std::string relation =
      "  <relation id=\"7\">\n    <member type=\"way\" ref=\"10\" role=\"from\"/>\n"
      "    <member type=\"node\" ref=\"4\" role=\"via\"/>\n    <tag k=\"type\" v=\"restriction\"/>\n"
      "    <tag k=\"restriction\" v=\"no_u_turn\"/>\n  </relation>\n";
  const Graph plain = Read(Xml(kLine, {{10, {1, 2, 3, 4}, kResidential}}));
  const Graph with = Read(Xml(kLine, {{10, {1, 2, 3, 4}, kResidential}}, relation), OsmProfile::kCar,
                          OsmWeight::kLength, nullptr, "with_relation.osm");
  EXPECT_EQ(Labels(plain), Labels(with));
  ASSERT_EQ(plain.edges.size(), with.edges.size());
  for (std::size_t i = 0; i < plain.edges.size(); ++i) EXPECT_EQ(plain.edges[i].weight, with.edges[i].weight);
}

TEST_F(OsmTest, GzipAndDetectionByContentAndName) {
  const std::string xml = Xml(kLine, {{10, {1, 2, 3, 4}, kResidential}});
  const std::string gz = WriteFile(dir_.File("roads.osm.gz"), formats_test::Gzip(xml, dir_.File("scratch.gz")));
  EXPECT_EQ(DetectFormat(gz), InputFormat::kOsm);
  const Graph g = ReadGraph(gz);
  EXPECT_NEAR(*ArcWeight(g, "1", "4"), Arc(0.004), 1e-9);
  // OSM XML under a name that says nothing: known by its <osm> element.
  const std::string odd = WriteFile(dir_.File("roads.data"), xml);
  EXPECT_EQ(DetectFormat(odd), InputFormat::kOsm);
  ReadOptions time;
  time.osm_weight = OsmWeight::kTime;
  EXPECT_NEAR(*ArcWeight(ReadGraph(odd, time), "1", "4"), Arc(0.004) * 3.6 / 25, 1e-9);
  InputFormat f;
  ASSERT_TRUE(ParseInputFormat("osm", &f));
  EXPECT_EQ(f, InputFormat::kOsm);
  ASSERT_TRUE(ParseInputFormat("pbf", &f));
  EXPECT_EQ(f, InputFormat::kOsm);
}

TEST_F(OsmTest, LargestComponentDropsOneWayStubs) {
  // 1 - 2 - 3 both ways, then 3 -> 4 one way: 4 is reached but never left.
  const std::vector<Node> nodes = {{1, 0, 0}, {2, 0, 0.001}, {3, 0, 0.002}, {4, 0.001, 0.002}};
  const std::string xml =
      Xml(nodes, {{10, {1, 2, 3}, kResidential}, {11, {3, 4}, {{"highway", "residential"}, {"oneway", "yes"}}}});
  Graph strong = Read(xml);
  EXPECT_EQ(Labels(strong), (std::vector<std::string>{"1", "3", "4"}));
  EXPECT_EQ(KeepLargestComponent(&strong, ComponentKind::kStrong), 1u);
  EXPECT_EQ(Labels(strong), (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(strong.edges.size(), 2u);
  EXPECT_NEAR(*ArcWeight(strong, "3", "1"), Arc(0.002), 1e-9);
  ASSERT_EQ(strong.lon_lat.size(), 2u);
  EXPECT_DOUBLE_EQ(strong.lon_lat[*strong.labels.find("3")].first, 0.002);
  Graph weak = Read(xml);
  EXPECT_EQ(KeepLargestComponent(&weak, ComponentKind::kWeak), 0u);
  EXPECT_EQ(weak.n, 3u);
  // Through the pipeline's reader, as gconvert and gapsp call it.
  InputOptions options;
  options.largest_component = ComponentKind::kStrong;
  EXPECT_EQ(ReadInputGraph(WriteFile(dir_.File("stub.osm"), xml), options).n, 2u);
}

TEST_F(OsmTest, CoordinatesBesideADimacsFileReadBack) {
  const std::vector<Node> nodes = {{1, 43.7384176, 7.4246158}, {2, -33.8567844, -151.2152967}};
  const Graph g = Read(Xml(nodes, {{10, {1, 2}, kResidential}}));
  const std::string co = dir_.File("roads.co");
  EXPECT_EQ(CoordinatesPathBeside(dir_.File("roads.gr")), co);
  WriteDimacsCoordinates(co, g);
  // The DIMACS writer numbers vertices 1..n in the graph's order.
  VertexLabels dimacs = VertexLabels::Range(g.n, 1);
  const Coordinates c = ReadCoordinates(co, dimacs);
  EXPECT_TRUE(c.geographic);
  EXPECT_EQ(c.missing, 0u);
  for (std::size_t v = 0; v < g.n; ++v) {
    const Node& n = g.labels.label(v) == "1" ? nodes[0] : nodes[1];
    EXPECT_NEAR(c.xy[v].first, n.lon * 1e6, 1e-6);  // millionths of degrees, OSM's 1e-7 kept
    EXPECT_NEAR(c.xy[v].second, n.lat * 1e6, 1e-6);
  }
}

TEST_F(OsmTest, BadExtractsAreRefusedNamingTheFile) {
  const std::string no_ways = Refusal("nodes_only.osm", Xml(kLine, {}));
  EXPECT_NE(no_ways.find("nodes_only.osm: the extract holds no ways"), std::string::npos) << no_ways;
  const std::string no_road = Refusal("footways.osm", Xml(kLine, {{10, {1, 2}, {{"highway", "footway"}}}}));
  EXPECT_NE(no_road.find("none of its 1 ways is a road of the car profile"), std::string::npos) << no_road;
  // Kept ways whose nodes are all absent: nothing to build.
  const std::string no_nodes = Refusal("no_nodes.osm", Xml({}, {{10, {1, 2}, kResidential}}));
  EXPECT_NE(no_nodes.find("have no two nodes present"), std::string::npos) << no_nodes;
  const std::string broken = Refusal("broken.osm", "<?xml version='1.0'?>\n<osm version=\"0.6\">\n<way id=\"1\">");
  EXPECT_NE(broken.find("broken.osm: not a readable OpenStreetMap file"), std::string::npos) << broken;
  const std::string pbf = Refusal("fake.osm.pbf", std::string("\0\0\0\x0dOSMHeader garbage", 22));
  EXPECT_NE(pbf.find("fake.osm.pbf: not a readable OpenStreetMap file"), std::string::npos) << pbf;
  // A profile for a file that is no extract.
  const std::string gr = Refusal("g.gr", "p sp 2 1\na 1 2 5\n");
  EXPECT_NE(gr.find("apply to OpenStreetMap input only; this is a dimacs file"), std::string::npos) << gr;
}

TEST_F(OsmTest, TruncatedPbfIsRefused) {
  const std::string andorra = std::string(GDIST_SHARED_DATA) + "/osm/andorra.osm.pbf";
  if (!std::filesystem::exists(andorra)) GTEST_SKIP() << andorra << " is absent";
  std::ifstream in(andorra, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (std::size_t keep : {std::size_t{10}, std::size_t{200}, bytes.size() / 2, bytes.size() - 1}) {
    const std::string path = WriteFile(dir_.File("cut.osm.pbf"), bytes.substr(0, keep));
    EXPECT_THROW(
        {
          try {
            ReadGraph(path);
          } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("cut.osm.pbf"), std::string::npos) << e.what();
            throw;
          }
        },
        Error)
        << keep << " bytes";
  }
}

// The framing is walked before libosmium reads it (libosmium would pass the
// missing type of a BlobHeader to strncmp as a null pointer).
TEST_F(OsmTest, PbfFramingFaultsNameTheByte) {
  const std::string header_blob("\0\0\0\x0d\x0a\x09OSMHeader\x18\x02xx", 19);
  auto message = [&](const std::string& bytes) { return Refusal("framing.osm.pbf", bytes); };
  // Second BlobHeader: a datasize and no type.
  const std::string untyped = message(header_blob + std::string("\0\0\0\x02\x18\x05"
                                                                "12345",
                                                                11));
  EXPECT_NE(
      untyped.find("framing.osm.pbf: not a readable OpenStreetMap file (PBF byte 19): a BlobHeader without a type"),
      std::string::npos)
      << untyped;
  const std::string beyond = message(std::string("\0\0\0\x0d\x0a\x09OSMHeader\x18\x40xx", 19));
  EXPECT_NE(beyond.find("(PBF byte 0): the PBF ends inside a blob (64 bytes announced, 2 left)"), std::string::npos)
      << beyond;
  const std::string huge = message(header_blob + std::string("\x7f\0\0\0", 4));
  EXPECT_NE(huge.find("(PBF byte 19): a BlobHeader of 2130706432 bytes: expected 1 to 65536"), std::string::npos)
      << huge;
  const std::string sizeless = message(header_blob + std::string("\0\0\0\x09\x0a\x07OSMData", 13));
  EXPECT_NE(sizeless.find("(PBF byte 19): a BlobHeader without a blob size"), std::string::npos) << sizeless;
}

TEST_F(OsmTest, RealPbfReadsWithItsCounts) {
  const std::string andorra = std::string(GDIST_SHARED_DATA) + "/osm/andorra.osm.pbf";
  if (!std::filesystem::exists(andorra)) GTEST_SKIP() << andorra << " is absent";
  InputFile in(andorra);
  OsmReadReport r;
  const Graph g = ReadOsm(in, {}, &r);
  EXPECT_EQ(r.ways, 2725u);  // SOURCES.md: osmium fileinfo -e
  EXPECT_GT(g.n, 0u);
  EXPECT_EQ(g.lon_lat.size(), g.n);
  for (const auto& [lon, lat] : g.lon_lat) {  // around Andorra (ways may run a little into Spain and France)
    EXPECT_GT(lon, 0.5);
    EXPECT_LT(lon, 2.5);
    EXPECT_GT(lat, 42.0);
    EXPECT_LT(lat, 43.0);
  }
}

}  // namespace
}  // namespace gdist
