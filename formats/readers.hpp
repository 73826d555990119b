// One function per format. Each parses only (no duplicate or self-loop policy:
// that is applied when the matrix is built); read_graph.cpp picks one.
#pragma once
#include <string>

#include "lib/core/graph.hpp"

namespace gdist {

Graph ReadDimacs(const std::string& path);        // dimacs_gr.cpp (also PACE "p tw")
Graph ReadEdgeList(const std::string& path);      // edge_list.cpp
Graph ReadMatrixMarket(const std::string& path);  // matrix_market.cpp
Graph ReadNthu(const std::string& path);          // nthu_bin.cpp
Graph ReadOrlib(const std::string& path);         // orlib_pmed.cpp
Graph ReadMetis(const std::string& path);         // metis_graph.cpp

}  // namespace gdist
