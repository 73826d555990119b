// The map picture of gcenter --svg: every vertex at its position, arcs when
// known, the chosen sites as large labelled markers, each demand coloured by
// the site that serves it (its service area), the center vertices ringed.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lib/pictures/layout_2d.hpp"

namespace gdist {

inline constexpr std::uint32_t kNoSite = UINT32_MAX;

struct SiteMap {
  std::string title;
  std::vector<Point2> position;                               // per vertex
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;  // optional, vertex pairs
  std::vector<std::uint32_t> sites;                           // vertex ids of the sites
  std::vector<std::string> site_labels;                       // the user's names for them
  std::vector<std::uint32_t> served_by;                       // per vertex: index into `sites`, or kNoSite
  std::vector<std::uint32_t> center;                          // vertex ids ringed as the graph's center
  bool y_up = false;                                          // geographic coordinates: north is up
};

// Large graphs are thinned to at most `max_points` drawn vertices (every
// site and center vertex always drawn) so the file stays viewable.
std::string SiteMapSvg(const SiteMap& map, std::size_t max_points = 40000, std::size_t max_arcs = 60000);

}  // namespace gdist
