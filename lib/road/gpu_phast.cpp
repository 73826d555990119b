#include "lib/road/gpu_phast.hpp"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/road/hierarchy_search.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> PhastLevels PhastSweepLevels(const ContractionHierarchy<W>& ch) {
  const HierarchyArcs<W>& down = ch.down;
  std::vector<std::uint32_t> level(ch.n, 0);
  std::uint32_t top = 0;
  // Down arcs into v come from higher positions: theirs are known when v is reached going down.
  for (std::size_t v = ch.n; v-- > 0;) {
    std::uint32_t l = 0;
    for (std::uint64_t a = down.offsets[v]; a < down.offsets[v + 1]; ++a) l = std::max(l, level[down.ends[a]] + 1);
    level[v] = l;
    top = std::max(top, l);
  }
  PhastLevels out;
  out.offsets.assign(ch.n ? top + 2 : 1, 0);
  for (std::size_t v = 0; v < ch.n; ++v) ++out.offsets[level[v] + 1];
  for (std::size_t l = 1; l < out.offsets.size(); ++l) out.offsets[l] += out.offsets[l - 1];
  out.vertices.resize(ch.n);
  std::vector<std::uint32_t> next(out.offsets.begin(), out.offsets.end() - 1);
  for (std::size_t v = 0; v < ch.n; ++v) out.vertices[next[level[v]]++] = static_cast<std::uint32_t>(v);
  return out;
}

template <class W> PhastSweepArcs<W> PhastArcsOf(const ContractionHierarchy<W>& ch, const PhastLevels& levels) {
  PhastSweepArcs<W> a;
  a.n = ch.n;
  a.offsets = ch.down.offsets.data();
  a.ends = ch.down.ends.data();
  a.weights = ch.down.weights.data();
  a.position_of = ch.position_of.data();
  a.level_offsets = levels.offsets.data();
  a.level_vertices = levels.vertices.data();
  a.levels = levels.offsets.size() - 1;
  return a;
}

template <class W>
PhastBatchFn<W> PhastBatches(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources, int threads) {
  for (std::uint32_t s : sources)
    if (s >= ch.n)
      throw Error("GPU PHAST: source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(ch.n) + ")");
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  // One search per thread, kept between batches (their arrays are n long).
  auto searches =
      std::make_shared<std::vector<HierarchySearch<W>>>(static_cast<std::size_t>(nt), HierarchySearch<W>(ch.n));
  return [&ch, sources, nt, searches](std::size_t b, std::vector<PhastSeed<W>>& seeds,
                                      std::vector<std::uint32_t>& batch) -> std::size_t {
    const std::size_t first = b * kPhastGpuLanes;
    if (first >= sources.size()) return 0;
    const std::size_t count = std::min(kPhastGpuLanes, sources.size() - first);
    batch.assign(sources.begin() + first, sources.begin() + first + count);
    std::vector<std::vector<PhastSeed<W>>> per_lane(count);
#pragma omp parallel for num_threads(nt) schedule(dynamic, 4)
    for (std::size_t lane = 0; lane < count; ++lane) {
      HierarchySearch<W>& search = (*searches)[static_cast<std::size_t>(omp_get_thread_num())];
      search.Start(ch.position_of[batch[lane]]);
      search.RunToEnd(ch.up);
      for (std::uint32_t v : search.Settled())
        per_lane[lane].push_back({v, static_cast<std::uint32_t>(lane), search.Distance(v)});
    }
    seeds.clear();
    for (const auto& lane : per_lane) seeds.insert(seeds.end(), lane.begin(), lane.end());
    return count;
  };
}

template <class W> void CheckTableTargets(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> targets) {
  for (std::uint32_t t : targets)
    if (t >= ch.n)
      throw Error("GPU PHAST: target " + std::to_string(t) + " is not a vertex (n=" + std::to_string(ch.n) + ")");
}

template <class W> PhastSweepStats GpuPhastRows(const ContractionHierarchy<W>& ch,
                                                std::span<const std::uint32_t> sources, W* out, std::size_t stride,
                                                int threads) {
  if (stride < ch.n) throw Error("GPU PHAST: row stride below n");
  const PhastLevels levels = PhastSweepLevels(ch);
  const std::size_t batches = (sources.size() + kPhastGpuLanes - 1) / kPhastGpuLanes;
  return PhastRowsToHostOnDevice(PhastArcsOf(ch, levels), batches, PhastBatches(ch, sources, threads), out, stride);
}

template <class W> PhastSweepStats GpuPhastSweep(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources, std::size_t stride,
                                                 const std::function<void(const DeviceRowBlock<W>&)>& visit,
                                                 int threads) {
  if (stride < ch.n) throw Error("GPU PHAST: row stride below n");
  const PhastLevels levels = PhastSweepLevels(ch);
  const std::size_t batches = (sources.size() + kPhastGpuLanes - 1) / kPhastGpuLanes;
  return SweepPhastOnDevice(PhastArcsOf(ch, levels), batches, PhastBatches(ch, sources, threads), stride, visit);
}

template <class W> PhastSweepStats GpuPhastTable(const ContractionHierarchy<W>& ch,
                                                 std::span<const std::uint32_t> sources,
                                                 std::span<const std::uint32_t> targets, W* out, int threads) {
  CheckTableTargets(ch, targets);
  const PhastLevels levels = PhastSweepLevels(ch);
  const std::size_t batches = (sources.size() + kPhastGpuLanes - 1) / kPhastGpuLanes;
  return PhastTableOnDevice(PhastArcsOf(ch, levels), batches, PhastBatches(ch, sources, threads), targets.data(),
                            targets.size(), out);
}

#define GDIST_INSTANTIATE(W)                                                                                          \
  template PhastLevels PhastSweepLevels(const ContractionHierarchy<W>&);                                              \
  template PhastSweepArcs<W> PhastArcsOf(const ContractionHierarchy<W>&, const PhastLevels&);                         \
  template void CheckTableTargets(const ContractionHierarchy<W>&, std::span<const std::uint32_t>);                    \
  template PhastBatchFn<W> PhastBatches(const ContractionHierarchy<W>&, std::span<const std::uint32_t>, int);         \
  template PhastSweepStats GpuPhastRows(const ContractionHierarchy<W>&, std::span<const std::uint32_t>, W*,           \
                                        std::size_t, int);                                                            \
  template PhastSweepStats GpuPhastSweep(const ContractionHierarchy<W>&, std::span<const std::uint32_t>, std::size_t, \
                                         const std::function<void(const DeviceRowBlock<W>&)>&, int);                  \
  template PhastSweepStats GpuPhastTable(const ContractionHierarchy<W>&, std::span<const std::uint32_t>,              \
                                         std::span<const std::uint32_t>, W*, int);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
