#include "lib/plan/cost_model.hpp"

#include <algorithm>
#include <cmath>

#include "lib/core/element_traits.hpp"
#include "lib/engine/progress.hpp"
#include "lib/sparse/shortest_paths.hpp"

namespace gdist {

namespace {

double CpuFwRatePerThread(ElementType type) {
  switch (type) {
    case ElementType::kInt32: return cost::kCpuFwRelaxPerThreadInt32;
    case ElementType::kFloat32: return cost::kCpuFwRelaxPerThreadFloat32;
    case ElementType::kInt64: return cost::kCpuFwRelaxPerThreadInt64;
    case ElementType::kFloat64: return cost::kCpuFwRelaxPerThreadFloat64;
  }
  return cost::kCpuFwRelaxPerThreadInt64;
}

double PerThread(int threads) { return threads > 0 ? threads : 1; }

// How many times one thread's speed the CPU trees (and the contraction's
// rounds of independent sets) reach on `threads`.
double ThreadsSpeedup(int threads) { return std::pow(PerThread(threads), cost::kCpuTreesThreadScaling); }

}  // namespace

double FloydWarshallSeconds(double n, ElementType type, Backend where, int threads, bool int16) {
  const bool gpu_type = type == ElementType::kInt32 || type == ElementType::kFloat32;
  double rate = CpuFwRatePerThread(type) * PerThread(threads);
  if (where == Backend::kGpu && gpu_type) {
    const double ceiling = type == ElementType::kFloat32 ? kH100CeilingFloat32
                           : int16                       ? kH100CeilingInt16
                                                         : kH100CeilingInt32;
    return cost::kGpuFwRunSeconds + n * n * n / (cost::kGpuFwShareOfCeiling * ceiling);
  }
  return n * n * n / rate;
}

double OutOfCoreFloydWarshallSeconds(double stride, double side, ElementType type, int threads) {
  if (!(side > 0) || !(stride > 0)) return 0;
  const double blocks = std::ceil(stride / side), tiles = side / double(kTile);
  const double rate = CpuFwRatePerThread(type), t = PerThread(threads);
  const double block_relax = side * side * side;
  // Per round: (B-1)^2 bulk blocks, 2(B-1) panel blocks and one diagonal block.
  const double bulk = (blocks - 1) * (blocks - 1) * block_relax / (rate * std::min(t, tiles * tiles));
  const double thin = (2 * (blocks - 1) + 1) * block_relax / (rate * std::min(t, tiles));
  const double steps = blocks * blocks * blocks;
  const double copy = steps * cost::kOutOfCoreBlocksCopiedPerStep * side * side * double(ElementSize(type)) /
                      cost::kOutOfCoreCopyBytesPerSecond;
  return blocks * (bulk + thin) + copy + steps * cost::kOutOfCoreStepSeconds;
}

double TreesSeconds(double trees, double arcs, TreeMethod method, Backend where, int threads, bool gpu_bfs) {
  const bool bfs = method == TreeMethod::kBfs;
  if (where == Backend::kGpu)
    return std::max(trees, cost::kGpuTreesWaveSources) * arcs *
           (bfs && gpu_bfs ? cost::kGpuBfsSourceArcSeconds : cost::kGpuWeightedSourceArcSeconds);
  double per_arc = bfs ? cost::kCpuBfsSourceArcSeconds : cost::kCpuDijkstraSourceArcSeconds;
  if (method == TreeMethod::kJohnsonRadix || method == TreeMethod::kJohnsonBinaryHeap)
    per_arc *= cost::kJohnsonExtraFactor;
  return trees * arcs * per_arc / ThreadsSpeedup(threads);
}

double SharedBfsTreesSeconds(double trees, double n, double arcs_per_tree, int threads) {
  return trees * (arcs_per_tree * cost::kCpuSharedBfsArcSeconds + n * cost::kCpuSharedBfsVertexSeconds) /
         ThreadsSpeedup(threads);
}

double HierarchySeconds(double trees, double n, double arcs, bool saved, int threads, Backend where) {
  // Contraction runs rounds of independent sets in parallel (weighted NY: 3.5-4.4 s on the dev
  // machine's 2 contended cores, 0.66-0.85 s on the H100 machine's 16).
  const double contract = saved ? 0.0 : arcs * cost::kCpuContractionArcSeconds / ThreadsSpeedup(threads);
  if (where == Backend::kGpu) return contract + trees * n * cost::kGpuPhastSourceVertexSeconds;
  return contract + trees * n * cost::kCpuPhastVertexSeconds / PerThread(threads);
}

double BoundingTreeCount(double n, bool every_eccentricity) {
  // Never more than a tree from every vertex.
  return std::min(n, cost::kBoundingTrees * std::pow(n / cost::kBoundingReferenceVertices, cost::kBoundingTreesGrowth) +
                         (every_eccentricity ? cost::kEveryEccentricityTreesPerVertex * n : 0.0));
}

double BoundedHierarchySeconds(double n, double arcs, bool saved, bool every_eccentricity, int threads) {
  const double trees = BoundingTreeCount(n, false);
  double seconds =
      HierarchySeconds(0, n, arcs, saved, threads) +
      trees * n * cost::kBoundingTreeVertexSeconds / PerThread(std::min(threads, cost::kBoundingUsefulThreads));
  if (every_eccentricity) seconds += HierarchySeconds(cost::kEveryEccentricityTreesPerVertex * n, n, 0, true, threads);
  return seconds;
}

double BoundedTreesSeconds(double n, double arcs, TreeMethod method, bool every_eccentricity, int threads) {
  // Each tree with its bound passes over the vertices, on at most the threads that help.
  const int useful = std::min(threads, cost::kBoundingUsefulThreads);
  return BoundingTreeCount(n, every_eccentricity) *
         (cost::kBoundingTreeArcFactor * TreesSeconds(1, arcs, method, Backend::kCpu, 1) +
          n * cost::kBoundingTreeVertexSeconds) /
         PerThread(useful);
}

double HierarchyTrialSeconds(double contract_s, double sweeps_s, double trees_s) {
  const double budget = cost::kTrialContractionSlack * contract_s;
  // Given up, the trial cost its budget on top of the trees; finished, the hierarchy must win.
  const bool loss_bounded = budget <= cost::kHierarchyTrialGain * trees_s;
  return loss_bounded && contract_s + sweeps_s < trees_s ? budget : 0.0;
}

double MetricsPassSeconds(double matrix_bytes, Backend where, int threads) {
  if (where == Backend::kGpu) return cost::kGpuMetricsStartSeconds + matrix_bytes / cost::kGpuMetricsBytesPerSecond;
  return matrix_bytes / (cost::kCpuMetricsBytesPerThreadSecond * PerThread(threads));
}

bool GpuMetricsPays(double matrix_bytes, int cpu_threads) {
  return MetricsPassSeconds(matrix_bytes, Backend::kCpu, cpu_threads) >
         MetricsPassSeconds(matrix_bytes, Backend::kGpu, cpu_threads);
}

double ReadSeconds(double bytes, bool matrix_file) {
  return bytes / (matrix_file ? cost::kMatrixReadBytesPerSecond : cost::kGraphReadBytesPerSecond);
}

double WriteSeconds(double bytes) { return bytes / cost::kWriteBytesPerSecond; }

double TextWriteSeconds(double distances) {
  const double bytes = distances * cost::kTextBytesPerDistance;
  return bytes / cost::kTextFormatBytesPerSecond + WriteSeconds(bytes);
}

double MatrixFillSeconds(double bytes) { return bytes / cost::kMatrixFillBytesPerSecond; }

double CpuShare(int threads, int cores, double load) {
  const double want = std::max(0.0, load) + PerThread(threads);
  return want > cores && cores > 0 ? std::max(0.05, cores / want) : 1.0;
}

}  // namespace gdist
