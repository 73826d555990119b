// Point-to-point shortest routes from a hierarchy: a bidirectional query
// (forward search up from the source, backward search up from the target,
// alternating by smaller key, stopped when neither can beat the best meeting
// vertex), then every shortcut of the up-down path unpacked through its middle
// vertex into arcs of the graph.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/hierarchy_search.hpp"

namespace gdist {

template <class W> struct ChRoute {
  W distance = ElementTraits<W>::kInf;  // INF: the target is unreachable
  std::vector<std::uint32_t> vertices;  // original vertices, source first; empty when unreachable
};

// One router per thread (it keeps two searches' workspace); ch must outlive it.
template <class W> class ChRouter {
 public:
  explicit ChRouter(const ContractionHierarchy<W>& ch) : ch_(ch), forward_(ch.n), backward_(ch.n) {}

  // Throws gdist::Error when s or t is not a vertex.
  ChRoute<W> Route(std::uint32_t s, std::uint32_t t);
  W Distance(std::uint32_t s, std::uint32_t t);

 private:
  // Best meeting position (or kNoMiddle when none) and the distance through it.
  std::pair<std::uint32_t, W> Meet(std::uint32_t s, std::uint32_t t);

  const ContractionHierarchy<W>& ch_;
  HierarchySearch<W> forward_, backward_;
};

}  // namespace gdist
