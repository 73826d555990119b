#include "python/src/graph_input.hpp"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <limits>

#include "formats/read_graph.hpp"
#include "lib/core/weight.hpp"
#include "lib/util/error.hpp"

namespace gdist::python {

namespace {

// Messages name an edge as the readers name a line: "edge arrays:N: ...", N counting from 1.
constexpr const char* kSource = "edge arrays";

// The weight facts a reader records (lib/core/weight.hpp) for a double.
Weight WeightOfDouble(double v, std::size_t edge) {
  if (!std::isfinite(v)) throw ParseError(kSource, edge, "weight " + std::to_string(v) + " (weights must be finite)");
  Weight w;
  w.value = v;
  w.is_integer = v == std::floor(v) && std::fabs(v) <= kTwoTo53;
  w.integer = w.is_integer ? static_cast<std::int64_t>(v) : 0;
  w.float32_keeps_digits = static_cast<double>(static_cast<float>(v)) == v;
  return w;
}

Weight WeightOfInteger(std::int64_t v, std::size_t edge) {
  if (v > kMaxIntegerWeight || v < -kMaxIntegerWeight)
    throw ParseError(kSource, edge, "weight " + std::to_string(v) + " is past +-(2^62-2), the largest integer weight");
  Weight w;
  w.value = static_cast<double>(v);
  w.integer = v;
  w.is_integer = true;
  w.float32_keeps_digits = static_cast<std::int64_t>(static_cast<float>(v)) == v;
  return w;
}

std::uint32_t VertexOf(std::int64_t v, std::size_t n, std::size_t edge, const char* end) {
  if (v < 0 || static_cast<std::uint64_t>(v) >= n)
    throw ParseError(kSource, edge,
                     std::string(end) + " vertex " + std::to_string(v) +
                         " is not a vertex index (0 to n - 1, n = " + std::to_string(n) + ")");
  return static_cast<std::uint32_t>(v);
}

}  // namespace

Graph GraphFromEdgeArrays(std::size_t n, const VertexArray& src, const VertexArray& dst, const WeightArray& w,
                          bool directed, std::optional<std::vector<std::string>> labels) {
  const std::size_t m = src.shape(0);
  if (dst.shape(0) != m || w.shape(0) != m)
    throw Error("src, dst and weights differ in length (" + std::to_string(m) + ", " + std::to_string(dst.shape(0)) +
                ", " + std::to_string(w.shape(0)) + ")");
  if (n > std::numeric_limits<std::uint32_t>::max()) throw Error("more than 2^32-1 vertices");
  const bool integers = w.dtype() == nb::dtype<std::int64_t>();
  if (!integers && w.dtype() != nb::dtype<double>()) throw Error("weights must be int64 or float64");
  if (labels && labels->size() != n)
    throw Error(std::to_string(labels->size()) + " labels for " + std::to_string(n) + " vertices");
  Graph g;
  g.n = n;
  g.directed = directed;
  g.format_name = kSource;
  g.source = kSource;
  g.labels = labels ? VertexLabels::FromStrings(std::move(*labels)) : VertexLabels::Range(n, 0);
  g.edges.reserve(m);
  const std::int64_t* s = src.data();
  const std::int64_t* d = dst.data();
  for (std::size_t i = 0; i < m; ++i) {
    const std::uint32_t u = VertexOf(s[i], n, i + 1, "source"), v = VertexOf(d[i], n, i + 1, "target");
    const Weight weight = integers ? WeightOfInteger(static_cast<const std::int64_t*>(w.data())[i], i + 1)
                                   : WeightOfDouble(static_cast<const double*>(w.data())[i], i + 1);
    g.AddEdge(u, v, weight, i + 1);
  }
  return g;
}

Graph GraphFromFile(const std::string& path, bool undirected) {
  ReadOptions options;
  options.undirected = undirected;
  return ReadGraph(path, options);
}

void BindGraphInput(nb::module_& m) {
  nb::class_<Graph>(m, "Graph", "A graph as the library holds it (arcs, labels); build it with gdist.graph().")
      .def_ro("n", &Graph::n)
      .def_ro("directed", &Graph::directed)
      .def_ro("integral_weights", &Graph::integral_weights)
      .def_prop_ro("arcs", [](const Graph& g) { return g.edges.size(); })
      .def_ro("format", &Graph::format_name)
      .def_prop_ro("labels", [](const Graph& g) -> nb::object {
        if (g.labels.is_range()) return nb::make_tuple(g.labels.base(), g.labels.size());
        return nb::cast(g.labels.strings());
      });
  m.def(
      "graph_from_edges",
      [](std::size_t n, const VertexArray& src, const VertexArray& dst, const WeightArray& w, bool directed,
         std::optional<std::vector<std::string>> labels) {
        nb::gil_scoped_release release;
        return GraphFromEdgeArrays(n, src, dst, w, directed, std::move(labels));
      },
      nb::arg("n"), nb::arg("src"), nb::arg("dst"), nb::arg("weights"), nb::arg("directed"), nb::arg("labels").none());
  m.def(
      "graph_from_file",
      [](const std::string& path, bool undirected) {
        nb::gil_scoped_release release;
        return GraphFromFile(path, undirected);
      },
      nb::arg("path"), nb::arg("undirected") = false);
}

}  // namespace gdist::python
