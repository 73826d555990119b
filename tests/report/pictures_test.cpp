// The SVG pictures: well-formed documents that a real renderer (Debian's
// rsvg-convert) turns into a PNG with visible content, and the Pivot MDS
// layout checked on a metric whose exact embedding is known.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/pictures/chart.hpp"
#include "lib/pictures/layout_2d.hpp"
#include "lib/pictures/map_projection.hpp"
#include "lib/pictures/site_map.hpp"
#include "lib/pictures/svg_document.hpp"
#include "test_util.hpp"

namespace gdist {
namespace {

using test::RunCommand;
using test::TempDir;
using test::WriteText;

bool HaveRenderer() { return RunCommand("command -v rsvg-convert").exit_code == 0; }

// Renders `svg` and returns {width, height, inked pixels, inked pixels at the left and right borders}.
std::array<long, 4> Render(const TempDir& dir, const std::string& svg) {
  WriteText(dir.file("p.svg"), svg);
  const auto r = RunCommand("rsvg-convert -o " + dir.file("p.png") + " " + dir.file("p.svg"));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  const auto ink =
      RunCommand("/usr/bin/python3 " + std::string(GDIST_SOURCE_DIR) + "/tests/report/png_ink.py " + dir.file("p.png"));
  EXPECT_EQ(ink.exit_code, 0) << ink.output;
  std::array<long, 4> out{};
  std::istringstream(ink.output) >> out[0] >> out[1] >> out[2] >> out[3];
  return out;
}

TEST(Svg, EscapesTextAndIsOneDocument) {
  SvgDocument doc(100, 50);
  doc.Text(10, 10, "a<b & \"c\"", 12);
  const std::string s = doc.Finish();
  EXPECT_NE(s.find("a&lt;b &amp; &quot;c&quot;"), std::string::npos);
  EXPECT_EQ(s.rfind("</svg>"), s.size() - 7);
}

TEST(Svg, NiceTicksCoverTheRange) {
  const auto t = NiceTicks(0, 77403, 8);
  ASSERT_GE(t.size(), 4u);
  EXPECT_EQ(t.front(), 0);
  EXPECT_LE(t.back(), 77403);
  EXPECT_GT(t.back() + (t[1] - t[0]), 77403);
  const double step = t[1] - t[0];
  EXPECT_EQ(step, 10000);  // 77403 / 8 = 9675 rounds up to the nice step 10000
}

TEST(Svg, HistogramRendersBars) {
  if (!HaveRenderer()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) not installed";
  TempDir dir;
  const auto empty = Render(dir, HistogramSvg(0, 1, {}, {"empty", "d", "pairs"}));
  const auto full = Render(dir, HistogramSvg(0, 1, {5, 40, 80, 20, 3}, {"five bins", "d", "pairs"}));
  EXPECT_EQ(full[0], 720);
  EXPECT_EQ(full[1], 440);
  // The bars add thousands of inked pixels to the axes and labels alone.
  EXPECT_GT(full[2], empty[2] + 5000);
}

TEST(Svg, CurveRendersPointsAndLine) {
  if (!HaveRenderer()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) not installed";
  TempDir dir;
  const auto r = Render(dir, CurveSvg({1, 2, 5, 10}, {900, 600, 300, 120}, {"p sweep", "p", "objective"}));
  EXPECT_GT(r[2], 1500);
  EXPECT_EQ(r[3], 0);
}

TEST(Svg, CurveLabelsLargeNumbersShortAndInside) {
  // Road-network objectives (tens of millions) at the first and last p: labels with an SI
  // suffix, none cut off at the picture's edges.
  const std::string svg = CurveSvg({5, 10, 20, 50, 100}, {309910230, 201234567, 150000000, 98765432, 12345678},
                                   {"p-median: total weighted distance by p", "p (new sites)", "total"});
  for (const char* label : {">310M<", ">201M<", ">150M<", ">98.8M<", ">12.3M<"})
    EXPECT_NE(svg.find(label), std::string::npos) << label;
  EXPECT_EQ(svg.find("309910230"), std::string::npos);
  EXPECT_EQ(svg.find("e+0"), std::string::npos);  // ticks too: 300M, not 3e+08
  const std::string small = CurveSvg({1, 2}, {9999, 20000}, {"t", "p", "y"});
  EXPECT_NE(small.find(">9999<"), std::string::npos);
  EXPECT_NE(small.find(">20k<"), std::string::npos);
  if (!HaveRenderer()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) not installed";
  TempDir dir;
  const auto r = Render(dir, svg);
  EXPECT_GT(r[2], 1500);
  EXPECT_EQ(r[3], 0);
}

TEST(Svg, SiteMapDrawsSitesAndServiceAreas) {
  if (!HaveRenderer()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) not installed";
  TempDir dir;
  SiteMap map;
  map.title = "two sites";
  for (int i = 0; i < 100; ++i) map.position.push_back({double(i % 10), double(i / 10)});
  for (std::uint32_t v = 0; v + 1 < 100; ++v)
    if ((v + 1) % 10) map.arcs.push_back({v, v + 1});
  map.sites = {22, 77};
  map.site_labels = {"A", "B"};
  for (int i = 0; i < 100; ++i) map.served_by.push_back(i % 10 < 5 ? 0 : 1);
  map.center = {44};
  const std::string svg = SiteMapSvg(map);
  EXPECT_NE(svg.find(">A</text>"), std::string::npos);
  EXPECT_NE(svg.find(CategoryColor(1)), std::string::npos);
  const auto r = Render(dir, svg);
  EXPECT_GT(r[2], 3000);
}

// The scale bar: the largest 1, 2 or 5 x 10^k within the room, in m or km for
// geographic maps (lengths worked by hand), else in the positions' units.
TEST(Svg, ScaleBarPicksARoundLength) {
  constexpr double kMetresPerDegree = 6371008.8 * 3.14159265358979323846 / 180;  // 111195.08 m
  ScaleBar bar = ChooseScaleBar(0.0049, kMetresPerDegree, "x");                  // room for 544.9 m
  EXPECT_EQ(bar.label, "500 m");
  EXPECT_NEAR(bar.units * kMetresPerDegree, 500, 1e-9);
  bar = ChooseScaleBar(0.02, kMetresPerDegree, "x");  // 2223.9 m
  EXPECT_EQ(bar.label, "2 km");
  EXPECT_NEAR(bar.units * kMetresPerDegree, 2000, 1e-9);
  bar = ChooseScaleBar(3.7, 0, "coordinate units");
  EXPECT_EQ(bar.label, "2 coordinate units");
  EXPECT_EQ(bar.units, 2);
  bar = ChooseScaleBar(999.9, 0, "u");
  EXPECT_EQ(bar.label, "500 u");
  EXPECT_EQ(ChooseScaleBar(30000, 0, "u").label, "20000 u");  // written out, not 2e+04
  EXPECT_EQ(ChooseScaleBar(0.3, 0, "u").label, "0.2 u");
  EXPECT_EQ(ChooseScaleBar(0, 0, "u").units, 0);  // no room, or a span past the double range: no bar
  EXPECT_EQ(ChooseScaleBar(1e308, kMetresPerDegree, "u").units, 0);
}

// The map's legend names the marks drawn, and its layers are groups.
TEST(Svg, SiteMapHasALegendAndAScaleBar) {
  SiteMap map;
  for (int i = 0; i < 100; ++i) map.position.push_back({double(i % 10), double(i / 10)});
  map.position[5] = {std::nan(""), std::nan("")};  // not placed: not drawn
  map.sites = {22};
  map.site_labels = {"A"};
  map.served_by.assign(100, 0);
  map.served_by[7] = kNoSite;
  map.center = {44};
  map.periphery = {0, 99};
  const std::string svg = SiteMapSvg(map);
  for (const char* part :
       {"<g id=\"legend\">", "<g id=\"scale\">", "<g id=\"sites\">", ">site (its label)<",
        ">demand, coloured by its site<", ">no site<", ">center<", ">periphery<", ">2 coordinate units<"})
    EXPECT_NE(svg.find(part), std::string::npos) << part;
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_EQ(svg.find(">road<"), std::string::npos);  // no arcs given: no road in the legend
}

// Classical MDS recovers points on a line exactly (up to scale, sign and
// shift): with every vertex a pivot, the x coordinate is affine in the index
// and the second axis collapses.
TEST(Layout, PivotMdsRecoversAPath) {
  const std::size_t n = 30;
  DistMatrix<std::int32_t> d(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) d.at(i, j) = std::int32_t(i > j ? i - j : j - i);
  const auto xy = PivotMdsLayout(d.view(), n);
  double mx = 0, mi = 0;
  for (std::size_t i = 0; i < n; ++i) mx += xy[i].first / n, mi += double(i) / n;
  double sxy = 0, sxx = 0, sii = 0, yy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sxy += (xy[i].first - mx) * (double(i) - mi);
    sxx += (xy[i].first - mx) * (xy[i].first - mx);
    sii += (double(i) - mi) * (double(i) - mi);
    yy = std::max(yy, std::fabs(xy[i].second));
  }
  EXPECT_GT(std::fabs(sxy) / std::sqrt(sxx * sii), 0.999999);
  EXPECT_LT(yy, 1e-6 * std::sqrt(sxx));
}

// A grid's layout keeps neighbours closer than far vertices, with fewer
// pivots than vertices and an unreachable vertex placed, not NaN.
TEST(Layout, PivotMdsKeepsAGridsShape) {
  const std::size_t side = 12, n = side * side + 1;
  DistMatrix<float> d(n);
  for (std::size_t a = 0; a + 1 < n; ++a)
    for (std::size_t b = 0; b + 1 < n; ++b)
      d.at(a, b) = float(std::abs(int(a % side) - int(b % side)) + std::abs(int(a / side) - int(b / side)));
  const auto xy = PivotMdsLayout(d.view(), 20);
  auto dist = [&](std::size_t a, std::size_t b) {
    return std::hypot(xy[a].first - xy[b].first, xy[a].second - xy[b].second);
  };
  EXPECT_LT(dist(0, 1), dist(0, side - 1));
  EXPECT_LT(dist(0, side), dist(0, n - 2));
  EXPECT_TRUE(std::isfinite(xy[n - 1].first) && std::isfinite(xy[n - 1].second));
}

// Hand-checked: mean latitude 60 degrees, cos 60 = 1/2; an unplaced vertex stays unplaced and
// does not move the mean.
TEST(MapProjection, EquirectangularAtTheMeanLatitude) {
  const double nan = std::nan("");
  const auto xy = ProjectLonLat({{10.0, 59.0}, {12.0, 61.0}, {nan, nan}});
  ASSERT_EQ(xy.size(), 3u);
  EXPECT_NEAR(xy[0].first, 5.0, 1e-12);
  EXPECT_EQ(xy[0].second, 59.0);
  EXPECT_NEAR(xy[1].first, 6.0, 1e-12);
  EXPECT_EQ(xy[1].second, 61.0);
  EXPECT_TRUE(std::isnan(xy[2].first) && std::isnan(xy[2].second));
}

// An OpenStreetMap input is drawn where it lies, not by the distances' layout.
TEST(MapProjection, OpenStreetMapInputDrawnFromItsCoordinates) {
  const std::string monaco = test::SharedData("osm/monaco.osm.gz");
  if (!test::Exists(monaco)) GTEST_SKIP() << "no " << monaco;
  if (RunCommand(test::App("gcenter") + " --version").output.find("OpenStreetMap input: built") == std::string::npos)
    GTEST_SKIP() << "built without libosmium";
  TempDir dir;
  const auto run =
      RunCommand(test::App("gcenter") + " " + monaco + " --largest-component strong --svg " + dir.file("m.svg"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("--svg: coordinates from the input"), std::string::npos) << run.output;
  const std::string svg = test::ReadText(dir.file("m.svg"));
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

}  // namespace
}  // namespace gdist
