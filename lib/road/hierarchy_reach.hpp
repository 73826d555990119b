// The arcs of a hierarchy (its graph's arcs that survived and its shortcuts)
// as a CSR graph in original vertex ids. A vertex reaches another in it
// exactly when it does in the graph the hierarchy came from (every shortest
// path is an up-down path of hierarchy arcs, and each shortcut stands for a
// path), so its weak and strong components are the graph's: what a saved
// .gch answers without the graph. Its distances are the graph's too, but
// trees on it would not be PHAST's. Topology and weights only: no labels.
#pragma once
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

template <class W> CsrGraph<W> HierarchyReachGraph(const ContractionHierarchy<W>& ch);

}  // namespace gdist
