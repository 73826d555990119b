// The input adapter of the Python binding: a gdist::Graph (lib/core/graph.hpp)
// from NumPy edge arrays, or from any file the tools read (ReadGraph). The
// Python side (python/gdist/inputs.py) turns NetworkX graphs, SciPy sparse
// matrices and dense matrices into these edge arrays first.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lib/core/graph.hpp"

namespace gdist::python {

namespace nb = nanobind;

using VertexArray = nb::ndarray<const std::int64_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
// float64 or int64 (inputs.py casts every other dtype to one of them).
using WeightArray = nb::ndarray<nb::ro, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

// Arcs src[i] -> dst[i] of weight w[i] over vertices 0..n-1 (both directions
// when !directed); labels: one name per vertex, else the indices 0..n-1.
// Throws gdist::Error naming the edge as the readers name a line ("edge
// arrays:12: ...", the 12th edge counting from 1) on a vertex out of range or
// a weight that is NaN, infinite or past the largest integer weight.
Graph GraphFromEdgeArrays(std::size_t n, const VertexArray& src, const VertexArray& dst, const WeightArray& w,
                          bool directed, std::optional<std::vector<std::string>> labels);

// Any graph file the tools read (formats/read_graph.hpp); undirected: every
// edge stands for both arcs whatever the format says.
Graph GraphFromFile(const std::string& path, bool undirected);

void BindGraphInput(nb::module_& m);

}  // namespace gdist::python
