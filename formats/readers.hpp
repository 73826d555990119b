// One function per format. Each parses only; read_graph.cpp picks one.
#pragma once
#include <string>

#include "formats/graph.hpp"

namespace gdist {

Graph ReadDimacs(const std::string& path);
Graph ReadNthu(const std::string& path);

}  // namespace gdist
