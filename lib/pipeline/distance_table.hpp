// Sources x targets tables of a graph (gapsp --sources S --targets T, gcenter
// GRAPH --candidates C --demands D): the k x t distances d(sources[i],
// targets[j]) without the k x n rows. The road hierarchy computes them where
// the graph has one (road_run.hpp's HierarchyTable); this file holds the
// other route, shortest-path trees gathered at the targets block by block,
// and the one writer of a table in every output format.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lib/core/backend.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/sparse/csr_graph.hpp"

namespace gdist {

// d(sources[i], targets[j]) at [i * targets.size() + j] (direction out; in:
// d(targets[j], sources[i]), the trees into each source). The trees run in
// blocks of sources whose n-wide rows fit kSourceRowsBudget, on `backend`
// as ComputeCandidateRows runs them. Throws gdist::Error as the trees do.
template <class W> std::vector<W> TreeTable(const CsrGraph<W>& g, std::span<const std::uint32_t> sources,
                                            std::span<const std::uint32_t> targets, Direction direction, int threads,
                                            Backend backend = Backend::kCpu);

// A table written to `out` as `to` says: "gdm" a table matrix file
// (docs/FORMAT.md, "Tables"), "csv", "npy" or "npz" (matrix_export.hpp); rows
// and columns named by `labels` (the graph's) of sources and targets.
template <class W> void WriteDistanceTable(const std::string& out, const std::string& to, const std::vector<W>& table,
                                           std::span<const std::uint32_t> sources,
                                           std::span<const std::uint32_t> targets, const VertexLabels& labels,
                                           bool directed, bool as_float);

}  // namespace gdist
