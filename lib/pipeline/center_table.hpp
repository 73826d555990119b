// The center run's siting on a candidates x demands table: a table matrix file
// (gapsp GRAPH T.gdm --sources C --targets D), or computed from a graph for
// gcenter GRAPH --candidates C --demands D (the road hierarchy's table for a
// .gch or --engine ch, else the candidates' trees gathered at the demands).
// Solved as a cost table (cost_matrix_siting.hpp): the demands are the
// columns, the candidates and fixed sites the rows, named apart.
#pragma once
#include <string>

#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/center_report.hpp"

namespace gdist {

// Each returns the report text; the files are committed.
std::string CenterOnTableFile(const MappedMatrixFile& file, const CenterRun& run);
std::string CenterOnDemandTable(CenterRun& run);

}  // namespace gdist
