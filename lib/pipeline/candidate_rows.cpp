#include "lib/pipeline/candidate_rows.hpp"

#include <algorithm>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/sparse/tree_apsp.hpp"

namespace gdist {

template <class W> CandidateRows<W> ComputeCandidateRows(const CsrGraph<W>& g, std::vector<std::uint32_t> vertices,
                                                         Direction direction, int threads, ProgressFn progress) {
  CheckPathSums(g);
  CandidateRows<W> rows;
  rows.vertices = std::move(vertices);
  const std::size_t stride = PaddedSize(g.n), k = rows.vertices.size();
  rows.buffer = PageBuffer(std::max<std::size_t>(1, k) * stride * sizeof(W));
  W* data = static_cast<W*>(rows.buffer.data());
  std::fill(data, data + k * stride, ElementTraits<W>::kInf);  // padding columns stay INF
  const ShortestPathTrees<W> trees(g, direction == Direction::kIn ? TreeDirection::kTo : TreeDirection::kFrom);
  ProgressCounter counter(std::move(progress), "siting rows", std::string(TreeMethodName(trees.method())) + " trees",
                          "trees", k);
  TreeRows(trees, rows.vertices, data, stride, threads, &counter);
  counter.Finish();
  rows.view = MatrixView<W>{data, g.n, stride};
  return rows;
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
                                                 ProgressFn);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
