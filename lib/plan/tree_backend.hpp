// Where shortest-path trees run, CPU or GPU: which trees the GPU runs for a
// graph (its BFS for unit weights, its weighted kernel for non-negative int32
// or float32 weights) and, for k trees, whether starting the GPU pays
// (cost_model.hpp's tree rates). Pure host logic, tested without a GPU; the
// planner, the metrics' tree rows and the siting candidates' rows ask here.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

#include "lib/core/backend.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

struct TreeBackendDecision {
  Backend backend = Backend::kCpu;
  std::string note;  // why
};

// Which trees of a graph the GPU runs: BFS trees (unit weights), weighted
// trees (non-negative int32 / float32 weights), or none (why_not says why:
// negative arcs need Johnson's potentials, 64-bit types have no GPU row pass).
struct GpuTreeKind {
  enum Kind { kNone, kBfs, kWeighted } kind = kNone;
  std::string why_not;
};
// The element types the GPU trees write rows in (its weighted kernel and row passes).
bool IsGpuRowType(ElementType type);
GpuTreeKind GpuTreeKindFor(ElementType type, TreeMethod method);
// The kind whose rows the GPU writes (siting candidates, gapsp's rows: its
// weighted kernel, unit weights included): kNone for BFS trees of 64-bit
// distances too.
GpuTreeKind GpuRowsKindFor(ElementType type, TreeMethod method);
template <class W> GpuTreeKind GpuTreeKindOf(TreeMethod method) {
  return GpuTreeKindFor(ElementTraits<W>::kType, method);
}
template <class W> GpuTreeKind GpuRowsKindOf(TreeMethod method) {
  return GpuRowsKindFor(ElementTraits<W>::kType, method);
}

// Where `trees` trees of a graph of `arcs` arcs run: cpu, or gpu for the
// kinds above; auto takes the GPU when the CPU would take over
// cost::kGpuTreesWorthCpuSeconds (TreesSeconds) and probe() finds a usable
// GPU. A GPU asked for but not usable throws "<backend gpu>: no usable GPU
// (...)", and with a kind the GPU does not run says why.
TreeBackendDecision ChooseTreeBackend(Backend requested, const GpuTreeKind& kind, std::size_t trees, std::size_t arcs,
                                      int cpu_threads, const std::function<GpuStatus()>& probe);

}  // namespace gdist
