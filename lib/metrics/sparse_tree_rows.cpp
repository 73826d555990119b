#include "lib/metrics/sparse_tree_rows.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/sparse/ms_bfs.hpp"

namespace gdist {

void DistanceValueCounts::Merge(const DistanceValueCounts& o) {
  exact &= o.exact;
  if (o.counts.size() > counts.size()) counts.resize(o.counts.size(), 0);
  for (std::size_t v = 0; v < o.counts.size(); ++v) counts[v] += o.counts[v];
}

namespace {

template <class W> void CountValues(const W* dist, std::size_t s, std::size_t n, DistanceValueCounts& values) {
  const W inf = ElementTraits<W>::kInf;
  for (std::size_t j = 0; j < n; ++j) {
    if (j == s || dist[j] >= inf) continue;
    const W x = dist[j];
    if (!(x >= W(0)) || static_cast<double>(x) >= static_cast<double>(DistanceValueCounts::kMaxValue) ||
        static_cast<double>(x) != std::floor(static_cast<double>(x))) {
      values.exact = false;
      continue;
    }
    const auto v = static_cast<std::size_t>(x);
    if (v >= values.counts.size()) values.counts.resize(std::max(v + 1, values.counts.size() * 2), 0);
    ++values.counts[v];
  }
}

// Unit weights: batches of 64*kWords sources through the bit-parallel BFS.
template <int kWords> void MsBfsRows(std::size_t n, const CsrView<std::uint8_t>& view,
                                     std::span<const std::uint32_t> sources, const TreeRowsRequest& request, int nt,
                                     TreeRows& out, ProgressCounter* progress) {
  using Bfs = MultiSourceBfs<kWords>;
  constexpr std::size_t kBatch = Bfs::kMaxSources;
  const std::int64_t batches = static_cast<std::int64_t>((sources.size() + kBatch - 1) / kBatch);
  std::vector<DistanceValueCounts> values(nt);
#pragma omp parallel num_threads(nt)
  {
    Bfs bfs(n, view.offsets, view.targets);
    DistanceValueCounts& my_values = values[omp_get_thread_num()];
    std::vector<std::uint64_t> level_count(kBatch);
    std::vector<std::uint32_t> ecc(kBatch), far_col(kBatch), lowest(kBatch);
    std::vector<std::uint64_t> reached(kBatch), sum(kBatch);
    std::vector<double> harmonic(kBatch);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < batches; ++b) {
      const std::size_t first = static_cast<std::size_t>(b) * kBatch;
      const std::size_t count = std::min(kBatch, sources.size() - first);
      const auto batch = sources.subspan(first, count);
      std::fill(ecc.begin(), ecc.end(), 0u);
      if (request.eccentricity_only) {
        bfs.Run(
            batch, [](std::uint32_t, std::uint32_t, const typename Bfs::Mask&) {},
            [&](std::uint32_t level, const typename Bfs::Mask& any) {
              Bfs::ForEachBit(any, [&](int j) { ecc[j] = level; });
            });
        for (std::size_t j = 0; j < count; ++j) out.summary[first + j].farthest.value = ecc[j];
        if (progress) progress->Add(count);
        continue;
      }
      std::fill(level_count.begin(), level_count.end(), 0);
      std::fill(far_col.begin(), far_col.end(), 0xFFFFFFFFu);
      std::fill(lowest.begin(), lowest.end(), 0u);
      std::fill(reached.begin(), reached.end(), 0);
      std::fill(sum.begin(), sum.end(), 0);
      std::fill(harmonic.begin(), harmonic.end(), 0.0);
      std::uint64_t level_pairs = 0;
      bfs.Run(
          batch,
          [&](std::uint32_t level, std::uint32_t v, const typename Bfs::Mask& mask) {
            Bfs::ForEachBit(mask, [&](int j) {
              ++level_count[j];
              // Vertices come in no particular order within a level: keep the smallest.
              if (level > ecc[j] || (level == ecc[j] && v < far_col[j])) {
                ecc[j] = level;
                far_col[j] = v;
              }
            });
          },
          [&](std::uint32_t level, const typename Bfs::Mask& any) {
            level_pairs = 0;
            Bfs::ForEachBit(any, [&](int j) {
              const std::uint64_t c = level_count[j];
              reached[j] += c;
              sum[j] += c * level;
              if (level > 0) {
                harmonic[j] += static_cast<double>(c) / level;
                if (lowest[j] == 0) lowest[j] = level;
                level_pairs += c;
              }
              level_count[j] = 0;
            });
            if (request.values && level > 0) {
              if (level >= my_values.counts.size())
                my_values.counts.resize(std::max<std::size_t>(level + 1, 2 * my_values.counts.size()), 0);
              my_values.counts[level] += level_pairs;
            }
          });
      for (std::size_t j = 0; j < count; ++j) {
        const std::size_t i = first + j;
        if (request.summary) {
          SummaryRow& r = out.summary[i];
          r.total = static_cast<double>(sum[j]);
          if (ecc[j] > 0) r.farthest = {static_cast<double>(ecc[j]), far_col[j]};
          r.exact = true;  // hop counts: exact integers
          r.exact_total = sum[j];
          r.exact_farthest = ecc[j];
          r.unreachable = n - reached[j];
          r.first_unreachable = kNoColumn;
        }
        if (request.centrality) {
          CentralityRow& c = out.centrality[i];
          c.harmonic = harmonic[j];
          if (lowest[j] > 0) {
            c.lo = lowest[j];
            c.hi = ecc[j];
          }
        }
      }
      if (request.summary) {
        // The first vertex each source misses: one scan for the batch.
        typename Bfs::Mask pending{};
        for (std::size_t j = 0; j < count; ++j)
          if (reached[j] < n) pending[j / 64] |= std::uint64_t{1} << (j % 64);
        for (std::size_t v = 0; v < n; ++v) {
          std::uint64_t left = 0;
          typename Bfs::Mask missing;
          for (int w = 0; w < kWords; ++w) {
            missing[w] = pending[w] & ~bfs.Seen(static_cast<std::uint32_t>(v))[w];
            pending[w] &= ~missing[w];
            left |= pending[w];
          }
          Bfs::ForEachBit(missing, [&](int j) { out.summary[first + j].first_unreachable = v; });
          if (!left) break;
        }
      }
      if (progress) progress->Add(count);
    }
  }
  for (const DistanceValueCounts& v : values) out.values.Merge(v);
}

}  // namespace

template <class W> TreeRows ComputeTreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources,
                                            const TreeRowsRequest& request, int threads, ProgressCounter* progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const std::size_t n = trees.n(), k = sources.size();
  TreeRows out;
  if (request.summary || request.eccentricity_only) out.summary.resize(k);
  if (request.centrality) out.centrality.resize(k);
  if (trees.method() == TreeMethod::kBfs) {
    const CsrView<W> v = trees.direction() == TreeDirection::kFrom ? trees.graph().Out() : trees.graph().In();
    const CsrView<std::uint8_t> topology{v.n, v.offsets, v.targets, nullptr};
    const std::size_t per_thread = (k + nt - 1) / static_cast<std::size_t>(nt);
    if (per_thread >= 128) MsBfsRows<4>(n, topology, sources, request, nt, out, progress);
    else MsBfsRows<1>(n, topology, sources, request, nt, out, progress);
    return out;
  }
  std::vector<DistanceValueCounts> values(nt);
  trees.ForEachTree(sources, nt, [&](int thread, std::size_t i, std::uint32_t s, const W* dist) {
    if (request.summary || request.eccentricity_only) out.summary[i] = ScanSummaryRow(dist, n);
    if (request.centrality) out.centrality[i] = ScanCentralityRow(dist, s, n);
    if (request.values) CountValues(dist, s, n, values[thread]);
    if (progress) progress->Add(1);
  });
  for (const DistanceValueCounts& v : values) out.values.Merge(v);
  return out;
}

template <class W> std::vector<std::uint64_t> HistogramPass(const ShortestPathTrees<W>& trees,
                                                            std::span<const std::uint32_t> sources,
                                                            const HistogramShape& shape, bool directed, int threads,
                                                            ProgressCounter* progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const std::size_t n = trees.n();
  const W inf = ElementTraits<W>::kInf;
  std::vector<std::vector<std::uint64_t>> mine(nt, std::vector<std::uint64_t>(shape.bins, 0));
  trees.ForEachTree(sources, nt, [&](int thread, std::size_t, std::uint32_t s, const W* dist) {
    std::vector<std::uint64_t>& counts = mine[thread];
    for (std::size_t j = directed ? 0 : s + 1; j < n; ++j) {
      if (j == s || dist[j] >= inf) continue;
      ++counts[HistogramBinOf(dist[j], shape)];
    }
    if (progress) progress->Add(1);
  });
  std::vector<std::uint64_t> counts(shape.bins, 0);
  for (const auto& m : mine)
    for (std::size_t b = 0; b < shape.bins; ++b) counts[b] += m[b];
  return counts;
}

#define GDIST_INSTANTIATE(W)                                                                                     \
  template TreeRows ComputeTreeRows(const ShortestPathTrees<W>&, std::span<const std::uint32_t>,                 \
                                    const TreeRowsRequest&, int, ProgressCounter*);                              \
  template std::vector<std::uint64_t> HistogramPass(const ShortestPathTrees<W>&, std::span<const std::uint32_t>, \
                                                    const HistogramShape&, bool, int, ProgressCounter*);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
