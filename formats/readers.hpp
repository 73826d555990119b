// One function per format. Each parses only (no duplicate or self-loop policy:
// that is applied when the matrix is built); read_graph.cpp picks one.
#pragma once
#include <string>

#include "formats/input_file.hpp"
#include "lib/core/graph.hpp"

namespace gdist {

Graph ReadDimacs(InputFile& in);        // dimacs_gr.cpp (also PACE "p tw")
Graph ReadEdgeList(InputFile& in);      // edge_list.cpp
Graph ReadMatrixMarket(InputFile& in);  // matrix_market.cpp
Graph ReadNthu(InputFile& in);          // nthu_bin.cpp
Graph ReadOrlib(InputFile& in);         // orlib_pmed.cpp
Graph ReadMetis(InputFile& in);         // metis_graph.cpp

}  // namespace gdist
