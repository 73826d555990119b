// The small text files gcenter's siting flags read, and the assignment it
// writes. Vertices are named by the input's labels throughout.
//   --weights FILE      "label,weight" per line (comma, tab or spaces); vertices
//                       not listed weigh 0, i.e. are not demand
//   --candidates FILE   one label per line (first field; the rest is ignored)
//   --fixed FILE        same shape as --candidates
// Blank lines and lines starting with '#' are skipped; a first line whose
// weight is not a number is taken as a header.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lib/core/vertex_labels.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

// `unlisted`: the value of a vertex the file does not list (0 for weights and
// capacities; NaN for opening costs, so a candidate without one is refused, not free).
std::vector<double> ReadWeightsFile(const std::string& path, const VertexLabels& labels, std::size_t n,
                                    double unlisted = 0.0);
std::vector<std::uint32_t> ReadVertexListFile(const std::string& path, const VertexLabels& labels);

// One named result of one model, for the assignment file and the maps. The
// model's name is the same whether it ran once or in a sweep; p tells the runs
// of a sweep apart.
struct NamedResult {
  std::string model;  // "p_median", "p_center", "cover", "max_cover", ...
  std::size_t p = 0;  // the new sites asked for (p-median, p-center, ...) or opened (cover, facility location)
  const SitingResult* result = nullptr;
};

// model,p,demand,weight,site,distance - one line per demand vertex and model;
// site and distance are empty when no site reaches the demand.
template <class T> void WriteAssignmentCsv(const std::string& path, const SitingProblem<T>& prob,
                                           const std::vector<NamedResult>& results, const VertexLabels& labels);

}  // namespace gdist
