// The one graph world under every engine: arcs in compressed sparse rows. A
// direction's arcs (CsrArcs: offsets, targets, weights) and a read-only view
// of them (CsrView) are what the sparse engine's trees, the dense engine's
// 16-bit distance bound, strong components and the bucket queue all read.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gdist {

// One direction of a CSR graph: arcs of v are [offsets[v], offsets[v+1]).
template <class W> struct CsrView {
  std::size_t n = 0;
  const std::uint64_t* offsets = nullptr;
  const std::uint32_t* targets = nullptr;
  const W* weights = nullptr;

  std::span<const std::uint32_t> Targets(std::size_t v) const {
    return {targets + offsets[v], static_cast<std::size_t>(offsets[v + 1] - offsets[v])};
  }
  std::span<const W> Weights(std::size_t v) const {
    return {weights + offsets[v], static_cast<std::size_t>(offsets[v + 1] - offsets[v])};
  }
  std::size_t Degree(std::size_t v) const { return static_cast<std::size_t>(offsets[v + 1] - offsets[v]); }
};

// Arcs of one direction: offsets (n+1), targets and weights (one per arc).
// The sparse engine keeps each vertex's arcs sorted by target, one arc per
// ordered pair (lib/sparse/csr_graph.hpp).
template <class W> struct CsrArcs {
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> targets;
  std::vector<W> weights;

  CsrView<W> View(std::size_t n) const { return {n, offsets.data(), targets.data(), weights.data()}; }
};

// In-arcs from out-arcs (the transpose), each in-list sorted by source.
template <class W> CsrArcs<W> TransposeArcs(const CsrView<W>& out);
template <class W> CsrArcs<W> TransposeArcs(std::size_t n, const CsrArcs<W>& out) { return TransposeArcs(out.View(n)); }

// Non-negative int32 arcs with their vertex count, built from an adjacency
// matrix or a Graph: the input of the 16-bit distance bound
// (lib/engine/distance_bound.hpp). The arcs leaving v are heads/weights
// [offsets[v], offsets[v+1]).
struct ArcCsr {
  std::size_t n = 0;
  std::vector<std::uint64_t> offsets;  // n + 1 entries
  std::vector<std::uint32_t> heads;
  std::vector<std::int32_t> weights;
  std::size_t arcs() const { return heads.size(); }
  CsrView<std::int32_t> View() const { return {n, offsets.data(), heads.data(), weights.data()}; }
};

}  // namespace gdist
