#include "lib/pictures/site_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/pictures/svg_document.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {

ScaleBar ChooseScaleBar(double max_units, double metres_per_unit, const std::string& unit) {
  const bool metres = metres_per_unit > 0;
  const double max_len = metres ? max_units * metres_per_unit : max_units;
  if (!std::isfinite(max_len) || !(max_len > 0)) return {};
  const double mag = std::pow(10.0, std::floor(std::log10(max_len)));
  double len = mag;
  for (double f : {2.0, 5.0})
    if (f * mag <= max_len) len = f * mag;
  const double units = metres ? len / metres_per_unit : len;
  if (!std::isfinite(units) || !(units > 0)) return {};
  // 1, 2 or 5 x 10^k written out ("20000", not "2e+04"), as the reader says it.
  const auto text = [](double x) { return x >= 1 && x < 1e15 ? std::to_string(std::llround(x)) : FormatNumber(x); };
  std::string label;
  if (!metres) label = text(len) + " " + unit;
  else if (len >= 1000) label = text(len / 1000) + " km";
  else label = text(len) + " m";
  return {units, label};
}

namespace {

// One legend entry: its mark drawn at (x, y) by `mark`, then its text; returns the next entry's x.
template <class Mark> double LegendEntry(SvgDocument& doc, double x, double y, const std::string& text, Mark mark) {
  mark(x + 6, y - 4);
  doc.Text(x + 16, y, text, 11);
  return x + 16 + 6.2 * double(text.size()) + 18;  // DejaVu Sans at 11 px: about 6.2 px a character
}

}  // namespace

std::string SiteMapSvg(const SiteMap& map, std::size_t max_points, std::size_t max_arcs) {
  constexpr double kSize = 800, kMargin = 40, kTitle = 36, kFooter = 56, kMinWidth = 640;
  const std::size_t n = map.position.size();
  const auto placed = [&](std::uint32_t v) {
    return v < n && std::isfinite(map.position[v].first) && std::isfinite(map.position[v].second);
  };
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
  for (const auto& [x, y] : map.position) {
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    x_lo = std::min(x_lo, x), x_hi = std::max(x_hi, x), y_lo = std::min(y_lo, y), y_hi = std::max(y_hi, y);
  }
  if (!(x_hi >= x_lo)) x_lo = 0, x_hi = 1, y_lo = 0, y_hi = 1;
  // Differences of halves: finite for any finite coordinates (1e308 - -1e308
  // overflows to inf, and inf * 0 drew "nan" attributes); halving is exact.
  const auto diff = [](double a, double b) { return a / 2 - b / 2; };
  const double span = std::max({diff(x_hi, x_lo), diff(y_hi, y_lo), 1e-12});
  const double scale = (kSize - 2 * kMargin) / span;  // pixels per unit: scale / 2 (span is half the range)
  const double plot_height = diff(y_hi, y_lo) * scale + 2 * kMargin;
  const double width = diff(x_hi, x_lo) * scale + 2 * kMargin;
  SvgDocument doc(std::max(width, kMinWidth), kTitle + plot_height + kFooter);
  auto px = [&](std::uint32_t v) { return kMargin + diff(map.position[v].first, x_lo) * scale; };
  auto py = [&](std::uint32_t v) {
    const double y = map.position[v].second;
    return kTitle + kMargin + (map.y_up ? diff(y_hi, y) : diff(y, y_lo)) * scale;
  };
  doc.Title(map.title);
  doc.Text(doc.width() / 2, 24, map.title, 15, "middle");

  const bool roads = !map.arcs.empty() && map.arcs.size() <= max_arcs;
  if (roads) {
    // Each segment once: a two-way road's two arcs are one line.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> segments;
    segments.reserve(map.arcs.size());
    for (const auto& [u, v] : map.arcs)
      if (u != v && placed(u) && placed(v)) segments.emplace_back(std::min(u, v), std::max(u, v));
    std::sort(segments.begin(), segments.end());
    segments.erase(std::unique(segments.begin(), segments.end()), segments.end());
    doc.BeginGroup("roads");
    for (const auto& [u, v] : segments) doc.Line(px(u), py(u), px(v), py(v), "#bbb", 0.6);
    doc.EndGroup();
  }
  const std::size_t step = n > max_points ? (n + max_points - 1) / max_points : 1;
  const double r = std::clamp(300.0 / std::sqrt(double(std::max<std::size_t>(n / step, 1))), 0.8, 4.0);
  bool unserved = false;
  doc.BeginGroup("demands");
  for (std::uint32_t v = 0; v < n; v += std::uint32_t(step)) {
    if (!placed(v)) continue;
    const std::uint32_t s = v < map.served_by.size() ? map.served_by[v] : kNoSite;
    unserved |= s == kNoSite;
    doc.Circle(px(v), py(v), r, s == kNoSite ? "#999" : CategoryColor(s));
  }
  doc.EndGroup();
  doc.BeginGroup("center");
  for (std::uint32_t c : map.center)
    if (placed(c)) doc.Circle(px(c), py(c), r + 7, "none", "#000", 2);
  doc.EndGroup();
  doc.BeginGroup("periphery");
  for (std::uint32_t c : map.periphery)
    if (placed(c)) doc.Rect(px(c) - r - 5, py(c) - r - 5, 2 * r + 10, 2 * r + 10, "none", "#000");
  doc.EndGroup();
  doc.BeginGroup("sites");
  for (std::size_t s = 0; s < map.sites.size(); ++s) {
    const std::uint32_t v = map.sites[s];
    if (!placed(v)) continue;
    doc.Circle(px(v), py(v), r + 5, CategoryColor(s), "#000", 1.5);
  }
  for (std::size_t s = 0; s < map.sites.size() && s < map.site_labels.size(); ++s)  // over every mark
    if (placed(map.sites[s])) doc.Text(px(map.sites[s]) + r + 7, py(map.sites[s]) - r - 4, map.site_labels[s], 12);
  doc.EndGroup();

  // The footer: the scale bar (at most a quarter of the drawing wide), then the legend.
  const double footer = kTitle + plot_height;
  const double pixels_per_unit = scale / 2;
  const ScaleBar bar = map.unit.empty() && map.metres_per_unit <= 0
                           ? ScaleBar{}
                           : ChooseScaleBar((kSize - 2 * kMargin) / 4 / pixels_per_unit, map.metres_per_unit, map.unit);
  if (map.unit.empty() && map.metres_per_unit <= 0) {
    doc.BeginGroup("scale");
    doc.Text(kMargin, footer + 18, "positions: a layout of the distances, no scale", 11);
    doc.EndGroup();
  } else if (bar.units > 0) {
    const double x0 = kMargin, x1 = kMargin + bar.units * pixels_per_unit, y = footer + 14;
    doc.BeginGroup("scale");
    doc.Line(x0, y, x1, y, "#000", 2);
    doc.Line(x0, y - 4, x0, y + 4, "#000", 1.5);
    doc.Line(x1, y - 4, x1, y + 4, "#000", 1.5);
    doc.Text(x1 + 8, y + 4, bar.label, 11);
    doc.EndGroup();
  }
  doc.BeginGroup("legend");
  double x = kMargin;
  const double y = footer + 42;
  if (!map.sites.empty()) {
    x = LegendEntry(doc, x, y, "site (its label)",
                    [&](double cx, double cy) { doc.Circle(cx, cy, 5, CategoryColor(0), "#000", 1.5); });
  }
  std::string demand = map.sites.empty() ? "vertex" : "demand, coloured by its site";
  if (step > 1) demand += " (1 in " + std::to_string(step) + " drawn)";
  x = LegendEntry(doc, x, y, demand,
                  [&](double cx, double cy) { doc.Circle(cx, cy, 3, map.sites.empty() ? "#999" : CategoryColor(0)); });
  if (unserved && !map.sites.empty())
    x = LegendEntry(doc, x, y, "no site", [&](double cx, double cy) { doc.Circle(cx, cy, 3, "#999"); });
  if (!map.center.empty())
    x = LegendEntry(doc, x, y, "center", [&](double cx, double cy) { doc.Circle(cx, cy, 5, "none", "#000", 2); });
  if (!map.periphery.empty())
    x = LegendEntry(doc, x, y, "periphery",
                    [&](double cx, double cy) { doc.Rect(cx - 5, cy - 5, 10, 10, "none", "#000"); });
  if (roads)
    x = LegendEntry(doc, x, y, "road", [&](double cx, double cy) { doc.Line(cx - 6, cy, cx + 6, cy, "#bbb", 1.5); });
  else if (!map.arcs.empty())
    LegendEntry(doc, x, y, "roads not drawn (" + std::to_string(map.arcs.size()) + " arcs)", [](double, double) {});
  doc.EndGroup();
  return doc.Finish();
}

}  // namespace gdist
