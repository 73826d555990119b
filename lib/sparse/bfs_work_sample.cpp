#include "lib/sparse/bfs_work_sample.hpp"

#include <algorithm>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/ms_bfs.hpp"

namespace gdist {

template <class W> double SharedBfsArcsPerSource(const CsrGraph<W>& g, std::span<const std::uint32_t> sources) {
  using Bfs = MultiSourceBfs<4>;
  const std::span<const std::uint32_t> batch = sources.first(std::min<std::size_t>(Bfs::kMaxSources, sources.size()));
  if (batch.empty()) return 0;
  const CsrView<W> view = g.Out();
  Bfs bfs(g.n, view.offsets, view.targets);
  std::uint64_t scanned = 0;
  bfs.Run(
      batch,
      [&](std::uint32_t, std::uint32_t v, const Bfs::Mask&) { scanned += view.offsets[v + 1] - view.offsets[v]; },
      [](std::uint32_t, const Bfs::Mask&) {});
  return static_cast<double>(scanned) / static_cast<double>(batch.size());
}

#define GDIST_INSTANTIATE(T) \
  template double SharedBfsArcsPerSource<T>(const CsrGraph<T>&, std::span<const std::uint32_t>);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
