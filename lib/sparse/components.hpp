// Connected components of a CSR graph: weak (arcs taken both ways) and strong
// (the graph layer's iterative Tarjan, lib/graph/strong_components.hpp), and the relabelled subgraph of
// the largest one with the input's labels kept.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/sparse/csr_graph.hpp"

namespace gdist {

enum class ComponentKind { kWeak, kStrong };

struct Components {
  std::vector<std::uint32_t> id;     // component of each vertex, 0..count-1
  std::vector<std::uint64_t> sizes;  // vertices per component
  std::uint32_t count = 0;
  std::uint32_t largest = 0;  // the biggest (the lowest id among equals)
};

// Undirected graphs: weak == strong.
template <class W> Components WeakComponents(const CsrGraph<W>& g);
template <class W> Components StrongComponents(const CsrGraph<W>& g);
template <class W> Components FindComponents(const CsrGraph<W>& g, ComponentKind kind) {
  return kind == ComponentKind::kStrong ? StrongComponents(g) : WeakComponents(g);
}

// The subgraph induced by the vertices with keep[v] != 0, numbered in their
// old order; labels follow their vertices.
template <class W> CsrGraph<W> InducedSubgraph(const CsrGraph<W>& g, const std::vector<std::uint8_t>& keep);

// The largest component's induced subgraph (g itself when it is one component).
template <class W> CsrGraph<W> LargestComponent(const CsrGraph<W>& g, ComponentKind kind);

}  // namespace gdist
