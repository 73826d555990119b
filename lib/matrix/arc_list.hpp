// Outgoing arcs of every vertex (CSR), taken from an adjacency matrix before
// the engine overwrites it with distances: path reconstruction (lib/paths) and
// the negative-cycle certificate (lib/engine/negative_cycle) both need them.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"

namespace gdist {

template <class T> struct ArcList {
  std::vector<std::size_t> first;  // arcs of u: [first[u], first[u+1])
  std::vector<std::uint32_t> head;
  std::vector<T> weight;
  std::size_t n() const { return first.empty() ? 0 : first.size() - 1; }
};

// Every finite off-diagonal cell is an arc; heads are in increasing order.
// The arcs are counted first and refused (gdist::Error naming both sizes)
// when they need more than bytes_available beside the matrix (default:
// HostMemoryAvailable()), instead of failing in the allocation.
template <class T> ArcList<T> ArcsOfAdjacency(const MatrixView<T>& adjacency);
template <class T>
ArcList<T> ArcsOfAdjacency(const MatrixView<T>& adjacency, std::optional<std::uint64_t> bytes_available);

// Bytes an ArcList of n vertices and `arcs` arcs of T holds.
template <class T> std::uint64_t ArcListBytes(std::uint64_t n, std::uint64_t arcs) {
  return (n + 1) * sizeof(std::size_t) + arcs * (sizeof(std::uint32_t) + sizeof(T));
}

}  // namespace gdist
