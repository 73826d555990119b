#include "lib/pipeline/candidate_rows.hpp"

#include <omp.h>

#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/metrics/gpu_sssp_rows.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/gpu_ms_bfs.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The trees in the BFS sweep's locality order (a batch's frontiers overlap),
// each row copied to its place.
template <class W> void RowsOnGpu(const ShortestPathTrees<W>& trees, const std::vector<std::uint32_t>& vertices, W* out,
                                  std::size_t stride) {
  const CsrView<W> v = trees.View();
  std::vector<std::uint32_t> ordered;
  const std::vector<std::uint32_t> order =
      SourcesInLocalityOrder(BfsGraph{v.n, v.offsets, v.targets}, vertices.data(), vertices.size(), &ordered);
  SsspRowsToHost<W>(SsspGraph<W>{v.n, v.offsets, v.targets, v.weights}, ordered.data(), ordered.size(), order.data(),
                    out, stride);
}

}  // namespace

template <class W>
TreeBackendDecision CandidateRowsBackend(const CsrGraph<W>& g, std::size_t k, int threads, Backend backend) {
  return ChooseTreeBackend(backend, GpuRowsKindOf<W>(TreeMethodFor(g)), k, g.arc_count(),
                           threads > 0 ? threads : omp_get_max_threads(), ProbeGpu);
}

template <class W> CandidateRows<W> BlankCandidateRows(std::vector<std::uint32_t> vertices, std::size_t n) {
  CandidateRows<W> rows;
  rows.vertices = std::move(vertices);
  const std::size_t stride = PaddedSize(n), k = rows.vertices.size();
  rows.buffer = PageBuffer(std::max<std::size_t>(1, k) * stride * sizeof(W));
  W* data = static_cast<W*>(rows.buffer.data());
  std::fill(data, data + k * stride, ElementTraits<W>::kInf);
  rows.view = MatrixView<W>{data, n, stride};
  return rows;
}

template <class W> CandidateRows<W> ComputeCandidateRows(const CsrGraph<W>& g, std::vector<std::uint32_t> vertices,
                                                         Direction direction, int threads, Backend backend,
                                                         ProgressFn progress) {
  CheckPathSums(g);
  CandidateRows<W> rows = BlankCandidateRows<W>(std::move(vertices), g.n);
  const std::size_t stride = rows.view.stride, k = rows.vertices.size();
  W* data = static_cast<W*>(rows.buffer.data());
  const ShortestPathTrees<W> trees(g, direction == Direction::kIn ? TreeDirection::kTo : TreeDirection::kFrom);
  const std::string method = std::string(TreeMethodName(trees.method())) + " trees";
  const TreeBackendDecision where = CandidateRowsBackend(g, k, threads, backend);
  bool gpu = where.backend == Backend::kGpu;
  ProgressCounter counter(std::move(progress), "siting rows", gpu ? method + " on the GPU" : method, "trees", k);
  if constexpr (std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>) {
    try {
      if (gpu) {
        RowsOnGpu(trees, rows.vertices, data, stride);
        counter.Set(k);
      }
    } catch (const GpuOutOfMemory&) {
      if (backend == Backend::kGpu) throw;  // auto goes on on the CPU
      gpu = false;
    }
  }
  if (!gpu) TreeRows(trees, rows.vertices, data, stride, threads, &counter);
  counter.Finish();
  return rows;
}

template <class W> RowSource<W> GpuRowSource(const CsrGraph<W>& g) {
  RowSource<W> source;
  const GpuTreeKind kind = GpuRowsKindOf<W>(TreeMethodFor(g));
  if (kind.kind == GpuTreeKind::kNone) throw Error(OptionText(Option::kBackend, "gpu") + ": " + kind.why_not);
  if constexpr (std::is_same_v<W, std::int32_t> || std::is_same_v<W, float>) {
    auto trees = std::make_shared<const ShortestPathTrees<W>>(g, TreeDirection::kFrom);
    source.rows = [trees](std::span<const std::uint32_t> sources, W* out, std::size_t stride) {
      RowsOnGpu(*trees, std::vector<std::uint32_t>(sources.begin(), sources.end()), out, stride);
    };
    source.note = std::string(TreeMethodName(trees->method())) + " trees on the GPU (batched, " +
                  std::to_string(g.arc_count()) + " arcs)";
  }
  return source;
}

std::vector<std::uint32_t> RowVerticesFor(const std::vector<std::uint32_t>& candidates,
                                          const std::vector<std::uint32_t>& fixed) {
  std::vector<std::uint32_t> v = candidates;
  v.insert(v.end(), fixed.begin(), fixed.end());
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

#define GDIST_INSTANTIATE(T)                                                                                     \
  template CandidateRows<T> ComputeCandidateRows(const CsrGraph<T>&, std::vector<std::uint32_t>, Direction, int, \
                                                 Backend, ProgressFn);                                           \
  template TreeBackendDecision CandidateRowsBackend(const CsrGraph<T>&, std::size_t, int, Backend);              \
  template RowSource<T> GpuRowSource(const CsrGraph<T>&);                                                        \
  template CandidateRows<T> BlankCandidateRows(std::vector<std::uint32_t>, std::size_t);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
