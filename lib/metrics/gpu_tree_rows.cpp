#include "lib/metrics/gpu_tree_rows.hpp"

#include "lib/core/element_traits.hpp"
#include "lib/util/error.hpp"

namespace gdist {

TreeBackendDecision ChooseTreeBackend(Backend requested, bool unit_weights, std::size_t n, std::size_t arcs,
                                      int cpu_threads, const std::function<GpuStatus()>& probe) {
  if (requested == Backend::kCpu) return {Backend::kCpu, "requested"};
  if (!unit_weights) {
    if (requested == Backend::kGpu)
      throw Error(
          "--backend gpu: the sparse engine's GPU trees are BFS trees (unit weights) and this graph is "
          "weighted; use --backend cpu or auto");
    return {Backend::kCpu, "weighted trees run on the CPU"};
  }
  const double cpu_seconds = static_cast<double>(n) * static_cast<double>(arcs) * kCpuSourceArcSeconds /
                             static_cast<double>(cpu_threads > 0 ? cpu_threads : 1);
  if (requested == Backend::kAuto && cpu_seconds < 1.0)
    return {Backend::kCpu, "the CPU's bit-parallel BFS is faster than starting the GPU"};
  const GpuStatus gpu = probe();
  if (!gpu.usable) {
    if (requested == Backend::kGpu) throw Error("--backend gpu: no usable GPU (" + gpu.reason + ")");
    return {Backend::kCpu, "no usable GPU (" + gpu.reason + ")"};
  }
  return {Backend::kGpu, gpu.reason};
}

TreeRows TreeRowsFromSweep(const BfsSweep& sweep, std::size_t n, const TreeRowsRequest& request) {
  const std::size_t k = sweep.sources.size();
  TreeRows out;
  if (request.summary || request.eccentricity_only) out.summary.resize(k);
  if (request.centrality) out.centrality.resize(k);
  for (std::size_t i = 0; i < k; ++i) {
    const BfsSourceStats& s = sweep.sources[i];
    if (request.eccentricity_only) {
      out.summary[i].farthest.value = s.eccentricity;
      continue;
    }
    if (request.summary) {
      SummaryRow& r = out.summary[i];
      r.total = static_cast<double>(s.total);
      if (s.eccentricity > 0) r.farthest = {static_cast<double>(s.eccentricity), s.farthest};
      r.unreachable = n - s.reached;
      r.first_unreachable = s.first_unreached == kNoVertex ? kNoColumn : s.first_unreached;
    }
    if (request.centrality) {
      CentralityRow& c = out.centrality[i];
      c.harmonic = s.harmonic;
      if (s.nearest_level > 0) {
        c.lo = s.nearest_level;
        c.hi = s.eccentricity;
      }
    }
  }
  if (request.values && !request.eccentricity_only) out.values.counts = sweep.level_pairs;
  return out;
}

template <class W> TreeRows GpuTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                        const TreeRowsRequest& request) {
  if (trees.method() != TreeMethod::kBfs) throw Error("GpuTreeRows: the GPU trees are BFS trees (unit weights)");
  const CsrView<W> v = trees.direction() == TreeDirection::kFrom ? trees.graph().Out() : trees.graph().In();
  return TreeRowsFromSweep(SweepSourcesOnGpu(BfsGraph{v.n, v.offsets, v.targets}, sources.data(), sources.size()),
                           trees.n(), request);
}

#define GDIST_INSTANTIATE(W) \
  template TreeRows GpuTreeRows(const ShortestPathTrees<W>&, std::span<const std::uint32_t>, const TreeRowsRequest&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
