#include "lib/metrics/sparse_metrics.hpp"

#include <omp.h>

#include <functional>
#include <numeric>
#include <ostream>
#include <string>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/metrics/gpu_tree_rows.hpp"
#include "lib/metrics/sparse_all_eccentricities.hpp"
#include "lib/metrics/sparse_closeness_bounds.hpp"
#include "lib/metrics/sparse_eccentricity_bounds.hpp"
#include "lib/metrics/sparse_tree_rows.hpp"

namespace gdist {

ComponentCounts CountComponents(const Components& weak, const Components& strong) {
  ComponentCounts c;
  c.weak = weak.count;
  c.strong = strong.count;
  c.largest_weak = weak.count ? weak.sizes[weak.largest] : 0;
  c.largest_strong = strong.count ? strong.sizes[strong.largest] : 0;
  return c;
}

template <class W> ComponentCounts CountComponents(const CsrGraph<W>& g) {
  const Components weak = WeakComponents(g);
  return CountComponents(weak, g.directed ? StrongComponents(g) : weak);
}

namespace {

// Every tree: the dense path's reductions over each source's tree.
template <class W> void EveryTree(const CsrGraph<W>& g, const SparseMetricsRequest& request, SparseMetrics& m) {
  const std::size_t n = g.n;
  const int nt = request.options.threads > 0 ? request.options.threads : omp_get_max_threads();
  const ShortestPathTrees<W> trees(g, TreeDirection::kFrom);
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  TreeRowsRequest want;
  want.centrality = request.centrality;
  want.values = request.centrality;
  const std::string method = std::string(TreeMethodName(trees.method())) + " trees";
  const TreeBackendDecision where =
      ChooseTreeBackend(request.options.backend, GpuTreeKindOf(trees), n, g.arc_count(), nt, ProbeGpu);
  bool gpu = where.backend == Backend::kGpu;
  TreeRows rows;
  {
    ProgressCounter counter(request.progress, "metrics", gpu ? method + " on the GPU" : method, "trees", n);
    try {
      if (gpu) {
        rows = GpuTreeRows(trees, all, want);
        counter.Set(n);  // one launch for every tree
      }
    } catch (const GpuOutOfMemory&) {
      if (request.options.backend == Backend::kGpu) throw;  // auto goes on on the CPU
      gpu = false;
    }
    if (!gpu) rows = ComputeTreeRows(trees, all, want, nt, &counter);
    counter.Finish();
  }
  m.trees = n;
  m.method = gpu ? "every tree (GPU)" : "every tree";
  m.summary = SummaryFromRows(rows.summary, request.options, std::is_integral_v<W>);
  if (!request.centrality) return;
  m.has_centrality = true;
  m.centrality = CentralityFromRows(m.summary, rows.centrality, g.directed);
  const HistogramShape shape = ShapeHistogramOfRows(rows.centrality, std::is_integral_v<W>, kHistogramBins);
  if (shape.bins == 0) return;
  DistanceHistogram& hist = m.centrality.histogram;
  hist.SetShape(shape);
  if (rows.values.exact) {
    // Integer distances counted by value over ordered pairs; an undirected
    // graph's pairs come twice (d(i,j) == d(j,i) exactly for integers).
    hist.counts.assign(shape.bins, 0);
    for (std::size_t v = 0; v < rows.values.counts.size(); ++v)
      if (rows.values.counts[v])
        hist.counts[HistogramBinOf(static_cast<std::int64_t>(v), shape)] += rows.values.counts[v];
    if (!g.directed)
      for (auto& c : hist.counts) c /= 2;
  } else {
    ProgressCounter counter(request.progress, "histogram", gpu ? method + " on the GPU" : method, "trees", n);
    if (gpu) {
      hist.counts = GpuHistogramPass(trees, all, shape, g.directed);  // the rows' pass ran there: the GPU fits
      counter.Set(n);
    } else {
      hist.counts = HistogramPass(trees, all, shape, g.directed, nt, &counter);
    }
    counter.Finish();
    m.trees += n;
  }
}

// Undirected, several components, infinite eccentricities: the dense
// summary's answer from the components (every vertex misses another).
void FromComponents(const Components& c, std::size_t n, DistanceSummary& s) {
  s.n = n;
  s.diameter = s.radius = DistanceSummary::kInfinite;
  s.diameter_from = 0;
  for (std::size_t v = 0; v < n; ++v)
    if (c.id[v] != c.id[0]) {
      s.diameter_to = v;
      break;
    }
  for (std::size_t v = 0; v < n; ++v) {
    s.center.push_back(v);
    s.periphery.push_back(v);
    s.unreachable_pairs += n - c.sizes[c.id[v]];
  }
}

}  // namespace

template <class W> SparseMetrics MetricsFromTrees(const BoundingTreeSource<W>& trees, const Components& weak,
                                                  const Components& strong, const SparseMetricsRequest& request,
                                                  const std::function<void(SparseMetrics&)>& every_tree) {
  SparseMetrics m;
  const std::size_t n = trees.n();
  const bool directed = trees.directed();
  m.components = CountComponents(weak, strong);
  const bool connected = (directed ? strong.count : weak.count) <= 1;
  if (n == 0) {
    m.summary.n = 0;
    m.summary.diameter = m.summary.radius = MetricNumber::Of(W{0});
    m.method = "empty";
    return m;
  }
  // Every eccentricity by bounding: integer weights, none negative (the bounds are exact only then).
  const bool bounded_eccentricities =
      request.eccentricities && connected && std::is_integral_v<W> && !trees.HasNegative();
  if (request.every_vertex || request.centrality || (!connected && (directed || request.options.reachable_only)) ||
      (request.eccentricities && connected && !bounded_eccentricities)) {
    every_tree(m);
    return m;
  }
  if (!connected) {
    FromComponents(weak, n, m.summary);
    if (request.eccentricities) m.summary.eccentricity.assign(n, DistanceSummary::kInfinite);
    m.method = "components";
    return m;
  }
  const int threads = request.options.threads;
  const GraphExtremes x = BoundedExtremes(trees, threads, false, request.progress);
  const MedianResult median = request.median ? BoundedMedian(trees, threads, request.progress) : MedianResult{};
  DistanceSummary& s = m.summary;
  s.n = n;
  s.diameter = x.diameter;
  s.diameter_from = x.diameter_from;
  s.diameter_to = x.diameter_to;
  s.radius = x.radius;
  s.center = x.center;
  s.periphery = x.periphery;
  if (request.median) {  // else none: the JSON's median is null
    s.median = median.vertex;
    s.median_total = median.total;
    if (n == 1) s.median_total = MetricNumber::Of(W{0});
  }
  s.unreachable_pairs = 0;
  m.method = "bounds";
  m.trees =
      x.bounding_trees * (directed ? 2 : 1) + x.exact_eccentricities + median.landmark_trees + median.exact_totals + 1;
  if (bounded_eccentricities) {
    AllEccentricities all = BoundedEccentricities(trees, threads, request.progress);
    s.eccentricity = std::move(all.eccentricity);
    m.trees += all.trees;
  }
  return m;
}

template <class W> SparseMetrics ComputeSparseMetrics(const CsrGraph<W>& g, const SparseMetricsRequest& request) {
  const Components weak = WeakComponents(g);
  const Components strong = g.directed ? StrongComponents(g) : weak;
  return MetricsFromTrees(GraphTreeSource<W>(g), weak, strong, request,
                          [&](SparseMetrics& m) { EveryTree(g, request, m); });
}

void WriteComponentsJson(JsonWriter& json, const ComponentCounts& c, bool directed) {
  json.Key("components").BeginObject();
  json.Key("weak").Number(c.weak);
  json.Key("largest_weak").Number(static_cast<double>(c.largest_weak));
  if (directed) {
    json.Key("strong").Number(c.strong);
    json.Key("largest_strong").Number(static_cast<double>(c.largest_strong));
  } else {  // one key set for both (docs/schema): strong components are a directed graph's
    json.Key("strong").Null().Key("largest_strong").Null();
  }
  json.EndObject();
}

void WriteComponentsText(std::ostream& out, const ComponentCounts& c, bool directed) {
  out << "components         " << c.weak
      << (c.weak == 1 ? " (connected" : " (largest " + std::to_string(c.largest_weak) + " vertices");
  if (directed) out << "; " << c.strong << " strong, largest " << c.largest_strong;
  out << ")\n";
}

#define GDIST_INSTANTIATE(W)                                                                                  \
  template ComponentCounts CountComponents(const CsrGraph<W>&);                                               \
  template SparseMetrics ComputeSparseMetrics(const CsrGraph<W>&, const SparseMetricsRequest&);               \
  template SparseMetrics MetricsFromTrees(const BoundingTreeSource<W>&, const Components&, const Components&, \
                                          const SparseMetricsRequest&, const std::function<void(SparseMetrics&)>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
