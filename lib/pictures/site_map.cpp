#include "lib/pictures/site_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/pictures/svg_document.hpp"

namespace gdist {

std::string SiteMapSvg(const SiteMap& map, std::size_t max_points, std::size_t max_arcs) {
  constexpr double kSize = 800, kMargin = 40, kTitle = 36;
  const std::size_t n = map.position.size();
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
  const double scale = (kSize - 2 * kMargin) / span;
  const double width = diff(x_hi, x_lo) * scale + 2 * kMargin, height = diff(y_hi, y_lo) * scale + 2 * kMargin + kTitle;
  SvgDocument doc(std::max(width, 320.0), height);
  auto px = [&](std::uint32_t v) { return kMargin + diff(map.position[v].first, x_lo) * scale; };
  auto py = [&](std::uint32_t v) {
    const double y = map.position[v].second;
    return kTitle + kMargin + (map.y_up ? diff(y_hi, y) : diff(y, y_lo)) * scale;
  };
  doc.Title(map.title);
  doc.Text(doc.width() / 2, 24, map.title, 15, "middle");

  const std::size_t arc_step = map.arcs.size() > max_arcs ? (map.arcs.size() + max_arcs - 1) / max_arcs : 1;
  for (std::size_t a = 0; a < map.arcs.size(); a += arc_step) {
    const auto [u, v] = map.arcs[a];
    if (u < n && v < n) doc.Line(px(u), py(u), px(v), py(v), "#bbb", 0.6);
  }
  const std::size_t step = n > max_points ? (n + max_points - 1) / max_points : 1;
  const double r = std::clamp(300.0 / std::sqrt(double(std::max<std::size_t>(n / step, 1))), 0.8, 4.0);
  for (std::uint32_t v = 0; v < n; v += std::uint32_t(step)) {
    const std::uint32_t s = v < map.served_by.size() ? map.served_by[v] : kNoSite;
    doc.Circle(px(v), py(v), r, s == kNoSite ? "#999" : CategoryColor(s));
  }
  for (std::uint32_t c : map.center)
    if (c < n) doc.Circle(px(c), py(c), r + 7, "none", "#000", 2);
  for (std::size_t s = 0; s < map.sites.size(); ++s) {
    const std::uint32_t v = map.sites[s];
    if (v >= n) continue;
    doc.Circle(px(v), py(v), r + 5, CategoryColor(s), "#000", 1.5);
    if (s < map.site_labels.size()) doc.Text(px(v) + r + 7, py(v) - r - 4, map.site_labels[s], 12);
  }
  return doc.Finish();
}

}  // namespace gdist
