// The center run's siting on rows of candidates, never the n x n matrix: a
// rectangular matrix file (gapsp --sources), a demand x facility cost table,
// the candidates' shortest-path trees on a graph, or their PHAST rows over
// the road hierarchy (a .gch, or a graph with the hierarchy engine).
#pragma once
#include <string>

#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/center_report.hpp"

namespace gdist {

// Each returns the report text; the files are committed.
std::string CenterOnRectangularFile(const MappedMatrixFile& file, const CenterRun& run);
std::string CenterOnCostMatrix(CenterRun& run);

// Siting at places (--places): their network distances as a cost table in
// memory (place_siting.hpp), solved as CenterOnCostMatrix; --geojson maps it.
std::string CenterOnPlaces(CenterRun& run);

// Both draw the maps (--svg, --geojson) where the graph's coordinates place the vertices.
std::string CenterOnCandidateTrees(CenterRun& run);
std::string CenterOnHierarchyCandidates(CenterRun& run);

// The refusal of a cost table with metrics, --per-vertex or pictures.
void CheckCostMatrixRequest(const CenterRequest& req);

}  // namespace gdist
