// --largest-component for the tools that read a graph and keep it as a graph
// or a matrix (gconvert, gapsp): the largest strongly or weakly connected part
// of a graph input, labels and coordinates kept. An OpenStreetMap extract cut
// at a border leaves one-way stubs that reach nothing; this is how they go.
// (gcenter applies the same choice to its CSR graph: center_graph.cpp.)
#pragma once
#include <cstddef>
#include <string>

#include "lib/core/graph.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/sparse/components.hpp"

namespace gdist {

// Leaves in *g only the vertices of its largest component (the lowest
// component id among equals, as lib/sparse/components) and the arcs between
// them, vertices renumbered in their old order. Returns how many vertices went.
std::size_t KeepLargestComponent(Graph* g, ComponentKind kind);

// ReadGraph, then options.largest_component when set (a note on stderr says
// how many vertices it kept, unless -q).
Graph ReadInputGraph(const std::string& path, const InputOptions& options);

}  // namespace gdist
