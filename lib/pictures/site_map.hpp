// The map picture of gcenter --svg: every vertex at its position, arcs when
// known, the chosen sites as large labelled markers, each demand coloured by
// the site that serves it (its service area), the center vertices ringed and
// the periphery boxed; a legend of these marks and a scale bar (metres or
// kilometres for geographic coordinates, the positions' own units otherwise).
// Layers are <g id="..."> groups: roads, demands, center, periphery, sites,
// scale, legend.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lib/pictures/layout_2d.hpp"

namespace gdist {

inline constexpr std::uint32_t kNoSite = UINT32_MAX;

// Big graphs: at most this many demand marks (every k-th vertex; sites,
// center and periphery always drawn) and road segments (more: no roads, the
// background would dominate the file), so a map of NY stays a few MB.
inline constexpr std::size_t kMapMaxPoints = 20000;
inline constexpr std::size_t kMapMaxArcs = 60000;

struct SiteMap {
  std::string title;
  std::vector<Point2> position;                               // per vertex; NaN: not placed, not drawn
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;  // optional, vertex pairs
  std::vector<std::uint32_t> sites;                           // vertex ids of the sites
  std::vector<std::string> site_labels;                       // the user's names for them
  std::vector<std::uint32_t> served_by;                       // per vertex: index into `sites`, or kNoSite
  std::vector<std::uint32_t> center;                          // vertex ids ringed as the graph's center
  std::vector<std::uint32_t> periphery;                       // vertex ids boxed as the graph's periphery
  bool y_up = false;                                          // geographic coordinates: north is up
  // The scale bar: metres per unit of `position` (geographic coordinates
  // projected by map_projection.hpp); 0: the bar counts `unit`s instead;
  // `unit` empty: positions without a scale (a layout), said in its place.
  double metres_per_unit = 0;
  std::string unit = "coordinate units";
};

// The scale bar's length in map units: the largest 1, 2 or 5 x 10^k (in
// metres when metres_per_unit > 0) no longer than `max_units`; its label
// ("500 m", "2 km", "50 coordinate units"). Length 0: none fits.
struct ScaleBar {
  double units = 0;
  std::string label;
};
ScaleBar ChooseScaleBar(double max_units, double metres_per_unit, const std::string& unit);

std::string SiteMapSvg(const SiteMap& map, std::size_t max_points = kMapMaxPoints, std::size_t max_arcs = kMapMaxArcs);

}  // namespace gdist
