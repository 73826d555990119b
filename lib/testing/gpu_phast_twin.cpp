#include "lib/testing/gpu_phast_twin.hpp"

#include <omp.h>

#include <algorithm>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/road/gpu_phast.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W> void PhastTableTwin(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources,
                                       std::span<const std::uint32_t> targets, W* out, int threads) {
  CheckTableTargets(ch, targets);
  // Block by block as the device does (kPhastGpuLanes rows at a time), gathered at the targets.
  std::vector<W> rows(kPhastGpuLanes * ch.n);
  for (std::size_t first = 0; first < sources.size(); first += kPhastGpuLanes) {
    const std::size_t count = std::min(kPhastGpuLanes, sources.size() - first);
    PhastRowsTwin(ch, sources.subspan(first, count), rows.data(), ch.n, threads);
    for (std::size_t r = 0; r < count; ++r)
      for (std::size_t j = 0; j < targets.size(); ++j)
        out[(first + r) * targets.size() + j] = rows[r * ch.n + targets[j]];
  }
}

template <class W> void PhastRowsTwin(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources, W* out,
                                      std::size_t stride, int threads) {
  if (stride < ch.n) throw Error("GPU PHAST: row stride below n");
  constexpr std::size_t K = kPhastGpuLanes;
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const PhastLevels levels = PhastSweepLevels(ch);
  const PhastSweepArcs<W> h = PhastArcsOf(ch, levels);
  const PhastBatchFn<W> batch = PhastBatches(ch, sources, threads);
  std::vector<W> lines(std::max<std::size_t>(1, ch.n) * K);
  std::vector<PhastSeed<W>> seeds;
  std::vector<std::uint32_t> batch_sources;
  std::size_t first = 0;
  for (std::size_t b = 0;; ++b) {
    const std::size_t count = batch(b, seeds, batch_sources);
    if (count == 0) break;
    std::fill(lines.begin(), lines.end(), ElementTraits<W>::kInf);
    for (const PhastSeed<W>& s : seeds) lines[std::size_t(s.position) * K + s.lane] = s.distance;
    for (std::size_t level = 0; level < h.levels; ++level) {
      const auto begin = static_cast<std::int64_t>(h.level_offsets[level]);
      const auto end = static_cast<std::int64_t>(h.level_offsets[level + 1]);
#pragma omp parallel for num_threads(nt) schedule(static)
      for (std::int64_t i = begin; i < end; ++i) {
        const std::uint32_t v = h.level_vertices[i];
        W* line = &lines[std::size_t(v) * K];
        for (std::uint64_t a = h.offsets[v]; a < h.offsets[v + 1]; ++a) {
          const W* from = &lines[std::size_t(h.ends[a]) * K];
          for (std::size_t k = 0; k < K; ++k) {
            const W d = from[k] + h.weights[a];
            line[k] = d < line[k] ? d : line[k];
          }
        }
      }
    }
    for (std::size_t lane = 0; lane < count; ++lane)
      for (std::size_t v = 0; v < ch.n; ++v)
        out[(first + lane) * stride + v] = lines[std::size_t(h.position_of[v]) * K + lane];
    first += count;
  }
}

#define GDIST_INSTANTIATE(W)                                                                                         \
  template void PhastRowsTwin(const ContractionHierarchy<W>&, std::span<const std::uint32_t>, W*, std::size_t, int); \
  template void PhastTableTwin(const ContractionHierarchy<W>&, std::span<const std::uint32_t>,                       \
                               std::span<const std::uint32_t>, W*, int);
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
