#include "lib/plan/graph_shape.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/plan/cost_model.hpp"
#include "lib/sparse/apsp_algorithm.hpp"
#include "lib/sparse/bfs_work_sample.hpp"

namespace gdist {

template <class W> GraphShape ShapeOf(const CsrGraph<W>& g, PlanQuestion question, bool sample_shared_bfs) {
  GraphShape shape{g.n, g.arc_count(), TreeMethodFor(g), ElementTraits<W>::kType, FloatSumsExact(g)};
  // The whole matrix and the metrics take every vertex as a source, in id
  // order: the shared BFS's batches, whose first one is the sample.
  if (sample_shared_bfs && shape.method == TreeMethod::kBfs && question != PlanQuestion::kRows) {
    std::vector<std::uint32_t> first(std::min<std::size_t>(g.n, 256));
    std::iota(first.begin(), first.end(), 0u);
    shape.shared_bfs_arcs_per_tree = SharedBfsArcsPerSource(g, first);
  }
  return shape;
}

bool DenseMatrixFits(std::size_t n, ElementType type, std::optional<std::uint64_t> host_memory) {
  const double side = static_cast<double>(PaddedSize(n));
  return !host_memory || side * side * static_cast<double>(ElementSize(type)) <=
                             cost::kDenseMatrixShareOfMemory * static_cast<double>(*host_memory);
}

#define GDIST_INSTANTIATE(T) template GraphShape ShapeOf<T>(const CsrGraph<T>&, PlanQuestion, bool);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
