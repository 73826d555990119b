#include "lib/metrics/gpu_tree_rows.hpp"

#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// The element types the GPU trees write rows in (its weighted kernel and row passes).
template <class W> constexpr bool kGpuRowType = std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>;

}  // namespace

TreeRows TreeRowsFromSweep(const BfsSweep& sweep, std::size_t n, const TreeRowsRequest& request) {
  const std::size_t k = sweep.sources.size();
  TreeRows out;
  if (request.summary || request.eccentricity_only) out.summary.resize(k);
  if (request.centrality) out.centrality.resize(k);
  for (std::size_t i = 0; i < k; ++i) {
    const BfsSourceStats& s = sweep.sources[i];
    if (request.eccentricity_only) {
      out.summary[i].farthest.value = s.eccentricity;
      out.summary[i].exact = true;
      out.summary[i].exact_farthest = s.eccentricity;
      continue;
    }
    if (request.summary) {
      SummaryRow& r = out.summary[i];
      r.total = static_cast<double>(s.total);
      if (s.eccentricity > 0) r.farthest = {static_cast<double>(s.eccentricity), s.farthest};
      r.exact = true;  // hop counts: exact integers
      r.exact_total = s.total;
      r.exact_farthest = s.eccentricity;
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

namespace {

template <class W> TreeRows WeightedGpuTreeRows(const ShortestPathTrees<W>& trees,
                                                std::span<const std::uint32_t> sources,
                                                const TreeRowsRequest& request) {
  const CsrView<W> v = trees.View();
  std::vector<std::uint32_t> ordered;  // a batch's trees share their frontiers
  const std::vector<std::uint32_t> order =
      SourcesInLocalityOrder(BfsGraph{v.n, v.offsets, v.targets}, sources.data(), sources.size(), &ordered);
  const GpuSsspRowReductions red =
      ReduceSsspRowsOnGpu<W>(SsspGraph<W>{v.n, v.offsets, v.targets, v.weights}, ordered.data(), ordered.size());
  TreeRows out;
  const std::size_t k = sources.size();
  if (request.summary || request.eccentricity_only) out.summary.resize(k);
  if (request.centrality) out.centrality.resize(k);
  for (std::size_t r = 0; r < k; ++r) {
    if (!out.summary.empty()) out.summary[order[r]] = red.summary[r];
    if (!out.centrality.empty()) out.centrality[order[r]] = red.centrality[r];
  }
  out.values.exact = false;  // counted by GpuHistogramPass
  return out;
}

}  // namespace

template <class W> TreeRows GpuTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                        const TreeRowsRequest& request) {
  const GpuTreeKind kind = GpuTreeKindOf(trees);
  if (kind.kind == GpuTreeKind::kNone) throw Error("GpuTreeRows: " + kind.why_not);
  if constexpr (kGpuRowType<W>)
    if (kind.kind == GpuTreeKind::kWeighted) return WeightedGpuTreeRows(trees, sources, request);
  const CsrView<W> v = trees.View();
  return TreeRowsFromSweep(SweepSourcesOnGpu(BfsGraph{v.n, v.offsets, v.targets}, sources.data(), sources.size()),
                           trees.n(), request);
}

template <class W> std::vector<std::uint64_t> GpuHistogramPass(const ShortestPathTrees<W>& trees,
                                                               std::span<const std::uint32_t> sources,
                                                               const HistogramShape& shape, bool directed) {
  if constexpr (kGpuRowType<W>) {
    if (GpuTreeKindOf(trees).kind == GpuTreeKind::kWeighted) {
      const CsrView<W> v = trees.View();
      std::vector<std::uint32_t> ordered;
      SourcesInLocalityOrder(BfsGraph{v.n, v.offsets, v.targets}, sources.data(), sources.size(), &ordered);
      return SsspHistogramOnGpu<W>(SsspGraph<W>{v.n, v.offsets, v.targets, v.weights}, ordered.data(), ordered.size(),
                                   directed, shape, nullptr);
    }
  }
  throw Error("GpuHistogramPass: the GPU histogram pass takes weighted trees (int32 or float32)");
}

#define GDIST_INSTANTIATE(W)                                                                                          \
  template TreeRows GpuTreeRows(const ShortestPathTrees<W>&, std::span<const std::uint32_t>, const TreeRowsRequest&); \
  template std::vector<std::uint64_t> GpuHistogramPass(const ShortestPathTrees<W>&, std::span<const std::uint32_t>,   \
                                                       const HistogramShape&, bool);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
