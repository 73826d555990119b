#include "lib/sparse/tree_apsp.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/core/range_check.hpp"
#include "lib/engine/distance_bound.hpp"
#include "lib/graph/dial_queue.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/sparse/row_blocks.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

template <class W>
ApspReport TreesReport(const ShortestPathTrees<W>& trees, int threads, std::size_t count, const RowSource<W>& source) {
  ApspReport r;
  r.used = source.rows ? Backend::kGpu : Backend::kCpu;
  r.note = source.rows ? source.note
                       : std::string(TreeMethodName(trees.method())) + " trees from " + std::to_string(count) +
                             " sources on " + std::to_string(threads) + " threads";
  r.element_bits = static_cast<int>(8 * sizeof(W));
  r.precision_reason = "the trees run in the matrix's type";
  return r;
}

// The caller's rows (the GPU's) when given, else the CPU trees.
template <class W> void RowsFrom(const RowSource<W>& source, const ShortestPathTrees<W>& trees,
                                 std::span<const std::uint32_t> sources, W* out, std::size_t stride, int threads,
                                 ProgressCounter* progress) {
  if (!source.rows) return TreeRows(trees, sources, out, stride, threads, progress);
  source.rows(sources, out, stride);
  progress->Add(sources.size());
}

// SolveApsp's proof past (n-1) x max|w| (lib/engine/apsp.cpp), on the CSR
// arcs: non-negative int32 weights whose graph bounds every finite distance by
// kMaxDistanceBoundLimit. A tree's labels are then sums d(u) + w with both
// below INF: no overflow.
template <class W> bool DistancesProvenSmall(const CsrGraph<W>& g) {
  if constexpr (std::is_same_v<W, std::int32_t>) {
    if (g.has_negative) return false;
    return BoundLargestDistance(g.Out(), kMaxDistanceBoundLimit).within_limit;  // the arcs in place, no copy
  } else {
    return false;
  }
}

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

template <class W> void CheckPathSums(const CsrGraph<W>& g) {
  const double max_abs = static_cast<double>(g.max_abs_weight);
  if (!PathSumsFit<W>(g.n, max_abs, g.has_negative) && !DistancesProvenSmall(g))
    throw Error(
        std::string("path lengths can reach ") + std::to_string(PathSumBound(g.n, max_abs)) + ", past what " +
        ElementTraits<W>::kName + " holds with INF to spare; convert with " +
        (std::is_same_v<W, std::int32_t>
             ? "'" + OptionText(Option::kType, "int64") + "' (exact) or '" + OptionText(Option::kType, "float64") + "'"
             : "'" + OptionText(Option::kType, "float64") + "' (rounded to 53 bits)"));
}

template <class W> void TreeRows(const ShortestPathTrees<W>& trees, std::span<const std::uint32_t> sources, W* out,
                                 std::size_t stride, int threads, ProgressCounter* progress) {
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const bool counted = progress && *progress;
  if constexpr (std::is_integral_v<W>) {
    const CsrGraph<W>& g = trees.graph();
    const std::uint64_t buckets = static_cast<std::uint64_t>(g.max_abs_weight) + 1;
    if (trees.method() == TreeMethod::kDijkstraRadix && buckets <= kDialMaxBuckets) {
      const CsrView<W> view = trees.direction() == TreeDirection::kFrom ? g.Out() : g.In();
      const std::int64_t k = static_cast<std::int64_t>(sources.size());
#pragma omp parallel num_threads(nt)
      {
        DialQueue queue(static_cast<std::size_t>(buckets));
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t i = 0; i < k; ++i) {
          if (InterruptionRequested()) continue;  // thrown below, once the threads have joined
          queue.Run<W>(view, sources[static_cast<std::size_t>(i)], out + static_cast<std::size_t>(i) * stride,
                       ElementTraits<W>::kInf);
          if (counted) progress->Add(1);
        }
      }
      ThrowIfInterrupted();
      return;
    }
  }
  if (!counted) {
    trees.Rows(sources, out, stride, nt);
    return;
  }
  if (trees.method() != TreeMethod::kBfs) {
    trees.ForEachTree(sources, nt, [&](int, std::size_t i, std::uint32_t, const W* dist) {
      std::copy(dist, dist + trees.n(), out + i * stride);
      progress->Add(1);
    });
    return;
  }
  // Bit-parallel BFS sweeps: blocks of at least 512 sources per thread keep the sweeps full.
  const std::size_t block =
      std::max<std::size_t>(std::size_t{512} * static_cast<std::size_t>(nt), sources.size() / 100);
  for (std::size_t first = 0; first < sources.size(); first += block) {
    const std::size_t count = std::min(block, sources.size() - first);
    trees.Rows(sources.subspan(first, count), out + first * stride, stride, nt);
    progress->Add(count);
  }
}

template <class W> ApspReport SolveApspByTrees(const CsrGraph<W>& g, DistMatrix<W>& m, int threads, ProgressFn progress,
                                               const RowSource<W>& source) {
  const auto t0 = std::chrono::steady_clock::now();
  if (m.n() != g.n) throw Error("internal error: the matrix and the graph differ in size");
  CheckPathSums(g);
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const ShortestPathTrees<W> trees(g, TreeDirection::kFrom);  // Johnson: a negative cycle throws here
  std::vector<std::uint32_t> all(g.n);
  std::iota(all.begin(), all.end(), 0u);
  ProgressCounter counter(std::move(progress), "apsp", std::string(TreeMethodName(trees.method())) + " trees", "trees",
                          g.n);
  RowsFrom(source, trees, all, m.data(), m.stride(), nt, &counter);
  counter.Finish();
  m.meta().kind = MatrixKind::kDistance;
  ApspReport r = TreesReport(trees, nt, g.n, source);
  r.seconds = Since(t0);
  return r;
}

template <class W> ApspReport WriteSourceRows(const CsrGraph<W>& g, std::span<const std::uint32_t> sources,
                                              const std::string& path, int threads, std::size_t budget_bytes,
                                              ProgressFn progress, const RowSource<W>& source) {
  const auto t0 = std::chrono::steady_clock::now();
  CheckPathSums(g);
  const int nt = threads > 0 ? threads : omp_get_max_threads();
  const ShortestPathTrees<W> trees(g, TreeDirection::kFrom);
  MatrixMeta meta;
  meta.directed = g.directed;
  meta.kind = MatrixKind::kDistance;
  meta.labels = g.labels;
  meta.decimal_scale = g.decimal_scale;
  meta.lon_lat = g.lon_lat;
  RowMatrixWriter<W> out(path, g.n, meta, std::vector<std::uint64_t>(sources.begin(), sources.end()));
  const std::size_t block = RowBlockRows(sources.size(), out.stride() * sizeof(W), nt, budget_bytes);
  ProgressCounter counter(std::move(progress), "apsp", std::string(TreeMethodName(trees.method())) + " trees", "trees",
                          sources.size());
  ForEachRowBlock<W>(
      sources, out.stride(), block,
      [&](std::span<const std::uint32_t> some, W* rows, std::size_t stride) {
        RowsFrom(source, trees, some, rows, stride, nt, &counter);
      },
      [&](std::size_t, std::size_t count, const W* rows) { out.Append(rows, count); });
  counter.Finish();
  out.Commit();
  ApspReport r = TreesReport(trees, nt, sources.size(), source);
  r.seconds = Since(t0);
  return r;
}

#define GDIST_INSTANTIATE(W)                                                                                       \
  template void TreeRows(const ShortestPathTrees<W>&, std::span<const std::uint32_t>, W*, std::size_t, int,        \
                         ProgressCounter*);                                                                        \
  template void CheckPathSums(const CsrGraph<W>&);                                                                 \
  template ApspReport SolveApspByTrees(const CsrGraph<W>&, DistMatrix<W>&, int, ProgressFn, const RowSource<W>&);  \
  template ApspReport WriteSourceRows(const CsrGraph<W>&, std::span<const std::uint32_t>, const std::string&, int, \
                                      std::size_t, ProgressFn, const RowSource<W>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
