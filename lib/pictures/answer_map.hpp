// From gcenter's answers to a SiteMap: which vertex each chosen site is, who
// serves each demand, where every vertex is drawn (the input's coordinates,
// else a Pivot MDS layout of the distances).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "lib/pictures/site_map.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

// Sites, their labels and every demand's serving site from one model's result.
template <class T>
void AddSiting(SiteMap* map, const SitingProblem<T>& prob, const SitingResult& result, const VertexLabels& labels);

// Positions: `coordinates` when it places every vertex, else Pivot MDS of `d`.
// `note` says which was used (for the app's stderr line).
template <class T> std::vector<Point2> MapPositions(const MatrixView<T>& d,
                                                    const std::optional<std::vector<Point2>>& coordinates,
                                                    std::string* note);

}  // namespace gdist
