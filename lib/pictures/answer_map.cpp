#include "lib/pictures/answer_map.hpp"

#include <cmath>

#include "lib/core/element_traits.hpp"

namespace gdist {

template <class T>
void AddSiting(SiteMap* map, const SitingProblem<T>& prob, const SitingResult& result, const VertexLabels& labels) {
  map->sites.clear();
  map->site_labels.clear();
  for (std::uint32_t k : result.sites) {
    map->sites.push_back(prob.candidate_vertex(k));
    map->site_labels.push_back(labels.label(prob.candidate_vertex(k)));
  }
  // served_by indexes `sites`: the assignment names candidates, so map each candidate to its slot.
  std::vector<std::uint32_t> slot(prob.num_candidates(), kNoSite);
  for (std::size_t s = 0; s < result.sites.size(); ++s) slot[result.sites[s]] = std::uint32_t(s);
  map->served_by.assign(prob.num_vertices(), kNoSite);
  const auto& served = result.assignment.site;
  for (std::size_t u = 0; u < served.size() && u < prob.num_demands(); ++u)
    if (served[u] != UINT32_MAX) map->served_by[prob.demand_vertex(u)] = slot[served[u]];
}

template <class T> std::vector<Point2> MapPositions(const MatrixView<T>& d,
                                                    const std::optional<std::vector<Point2>>& coordinates,
                                                    std::string* note) {
  if (coordinates && coordinates->size() == d.n) {
    std::size_t missing = 0;
    for (const auto& p : *coordinates) missing += std::isnan(p.first) || std::isnan(p.second);
    if (missing == 0) {
      *note = "coordinates from the input";
      return *coordinates;
    }
    *note = std::to_string(missing) + " vertices have no coordinates: drawn by a Pivot MDS layout instead";
  } else {
    *note = "no coordinates: drawn by a Pivot MDS layout of the distances";
  }
  return PivotMdsLayout(d);
}

#define GDIST_ANSWER_MAP_INSTANTIATE(T)                                                                         \
  template void AddSiting<T>(SiteMap*, const SitingProblem<T>&, const SitingResult&, const VertexLabels&);      \
  template std::vector<Point2> MapPositions<T>(const MatrixView<T>&, const std::optional<std::vector<Point2>>&, \
                                               std::string*);
GDIST_FOR_EACH_ELEMENT(GDIST_ANSWER_MAP_INSTANTIATE)
#undef GDIST_ANSWER_MAP_INSTANTIATE

}  // namespace gdist
