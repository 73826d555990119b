// Buckets as one CSR array by vertex position, filled in target order so the
// table does not depend on the thread count.
#include "lib/road/ch_table.hpp"

#include <omp.h>

#include <algorithm>
#include <string>
#include <vector>

#include "lib/road/hierarchy_search.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

template <class W> struct BucketEntry {
  std::uint32_t target;  // index into the targets
  W distance;            // d(vertex, target)
};

void CheckVertices(std::span<const std::uint32_t> vertices, std::size_t n, const char* what) {
  for (std::uint32_t v : vertices)
    if (v >= n)
      throw Error(std::string("distance table: ") + what + " " + std::to_string(v) +
                  " is not a vertex (n=" + std::to_string(n) + ")");
}

}  // namespace

template <class W> void ChTable(const ContractionHierarchy<W>& ch, std::span<const std::uint32_t> sources,
                                std::span<const std::uint32_t> targets, W* out, std::size_t stride, int threads) {
  CheckVertices(sources, ch.n, "source");
  CheckVertices(targets, ch.n, "target");
  if (stride < targets.size()) throw Error("distance table: row stride below the number of targets");
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const std::int64_t t = static_cast<std::int64_t>(targets.size());
  const std::int64_t k = static_cast<std::int64_t>(sources.size());

  // Backward search spaces, one list per target.
  std::vector<std::vector<std::pair<std::uint32_t, W>>> spaces(targets.size());
#pragma omp parallel num_threads(nt)
  {
    HierarchySearch<W> search(ch.n);
#pragma omp for schedule(dynamic, 8)
    for (std::int64_t j = 0; j < t; ++j) {
      search.Start(ch.position_of[targets[j]]);
      search.RunToEnd(ch.down, &ch.up);  // stall-on-demand: fewer bucket entries
      auto& space = spaces[j];
      space.reserve(search.Settled().size());
      for (std::uint32_t v : search.Settled()) space.push_back({v, search.Distance(v)});
    }
  }
  std::vector<std::uint64_t> bucket_start(ch.n + 1, 0);
  for (const auto& space : spaces)
    for (const auto& [v, d] : space) ++bucket_start[v + 1];
  for (std::size_t v = 0; v < ch.n; ++v) bucket_start[v + 1] += bucket_start[v];
  std::vector<BucketEntry<W>> buckets(bucket_start.back());
  {
    std::vector<std::uint64_t> fill(bucket_start.begin(), bucket_start.end() - 1);
    for (std::size_t j = 0; j < spaces.size(); ++j) {
      for (const auto& [v, d] : spaces[j]) buckets[fill[v]++] = {static_cast<std::uint32_t>(j), d};
      spaces[j] = {};
    }
  }

  // Forward searches scan the buckets.
#pragma omp parallel num_threads(nt)
  {
    HierarchySearch<W> search(ch.n);
#pragma omp for schedule(dynamic, 8)
    for (std::int64_t i = 0; i < k; ++i) {
      W* row = out + static_cast<std::size_t>(i) * stride;
      std::fill(row, row + t, ElementTraits<W>::kInf);
      search.Start(ch.position_of[sources[i]]);
      search.RunToEnd(ch.up, &ch.down);
      for (std::uint32_t v : search.Settled()) {
        const W d = search.Distance(v);
        for (std::uint64_t b = bucket_start[v], e = bucket_start[v + 1]; b < e; ++b) {
          const W c = d + buckets[b].distance;
          W& cell = row[buckets[b].target];
          if (c < cell) cell = c;
        }
      }
    }
  }
}

#define GDIST_INSTANTIATE(W)                                                               \
  template void ChTable<W>(const ContractionHierarchy<W>&, std::span<const std::uint32_t>, \
                           std::span<const std::uint32_t>, W*, std::size_t, int);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
