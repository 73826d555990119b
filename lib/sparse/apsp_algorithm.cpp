#include "lib/sparse/apsp_algorithm.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>

#include "lib/core/element_traits.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// Floyd-Warshall relaxations per second per CPU thread (the landed CPU
// engine on the 2-core EPYC: 1.2e11 int32 on 2 threads, bench/RESULTS.md #4)
// and on one H100 (about 88% of the min-plus ceilings, anchors.md).
double FwRate(ElementType type, bool gpu, int threads) {
  if (gpu && (type == ElementType::kInt32 || type == ElementType::kFloat32))
    return type == ElementType::kInt32 ? 1.4e13 : 1.15e13;
  double per_thread = 6.0e10;
  switch (type) {
    case ElementType::kInt32: per_thread = 6.0e10; break;
    case ElementType::kFloat32: per_thread = 5.0e10; break;
    case ElementType::kInt64: per_thread = 2.0e10; break;
    case ElementType::kFloat64: per_thread = 1.5e10; break;
  }
  return per_thread * threads;
}

// Seconds per unit of one tree's work, per thread, measured on the dev
// machine with bench/sparse_apsp_bench (bench/RESULTS.md, "Sparse APSP and
// siting on graphs"): a BFS costs (m + n) units, Dijkstra (m + n) log2(n).
// The BFS figure is for row blocks (bit-parallel BFS, 256 sources per sweep),
// where writing each distance into its row costs most (one row per source, a
// cache line per element); calibrated against Floyd-Warshall in the same runs
// (4elt; m = 5n at n = 4000, where the two are about even).
constexpr double kBfsRowBlockSecondsPerUnit = 3.0e-9;
constexpr double kDijkstraSecondsPerUnit = 0.9e-9;
constexpr double kJohnsonExtraFactor = 1.3;  // wider int64/double keys and the potentials

std::string Seconds(double s) {
  std::ostringstream o;
  o.precision(s < 10 ? 2 : 3);
  o << s << " s";
  return o.str();
}

}  // namespace

bool ParseApspAlgorithm(const std::string& s, ApspAlgorithm* out) {
  if (s == "auto") *out = ApspAlgorithm::kAuto;
  else if (s == "fw") *out = ApspAlgorithm::kFloydWarshall;
  else if (s == "dijkstra") *out = ApspAlgorithm::kTrees;
  else return false;
  return true;
}

const char* ApspAlgorithmName(ApspAlgorithm a) {
  switch (a) {
    case ApspAlgorithm::kAuto: return "auto";
    case ApspAlgorithm::kFloydWarshall: return "fw";
    case ApspAlgorithm::kTrees: return "dijkstra";
  }
  return "unknown";
}

ApspCostEstimate EstimateApspCost(const ApspCostInputs& in) {
  const double n = static_cast<double>(in.n), m = static_cast<double>(in.arcs);
  const int threads = in.threads > 0 ? in.threads : 1;
  ApspCostEstimate e;
  e.fw_s = n * n * n / FwRate(in.type, in.fw_on_gpu, threads);
  const double sweep = m + n;
  double per_tree = 0;
  switch (in.method) {
    case TreeMethod::kBfs: per_tree = sweep * kBfsRowBlockSecondsPerUnit; break;
    case TreeMethod::kDijkstraRadix:
    case TreeMethod::kDijkstraBinaryHeap: per_tree = sweep * std::log2(n + 2) * kDijkstraSecondsPerUnit; break;
    case TreeMethod::kJohnsonRadix:
    case TreeMethod::kJohnsonBinaryHeap:
      per_tree = sweep * std::log2(n + 2) * kDijkstraSecondsPerUnit * kJohnsonExtraFactor;
      break;
  }
  e.trees_s = n * per_tree / threads;
  return e;
}

ApspAlgorithmDecision ChooseApspAlgorithm(ApspAlgorithm requested, const ApspCostInputs& in,
                                          const ApspTreeLimits& limits) {
  ApspAlgorithmDecision d;
  d.cost = EstimateApspCost(in);
  const std::string estimate = "estimated " + std::string(TreeMethodName(in.method)) + " trees " +
                               Seconds(d.cost.trees_s) + ", Floyd-Warshall " + Seconds(d.cost.fw_s) +
                               (in.fw_on_gpu ? " on the GPU" : "");
  switch (requested) {
    case ApspAlgorithm::kFloydWarshall:
      d.algorithm = ApspAlgorithm::kFloydWarshall;
      d.reason = "asked for";
      return d;
    case ApspAlgorithm::kTrees:
      if (!limits.refusal.empty()) throw Error("--algorithm dijkstra: " + limits.refusal);
      d.algorithm = ApspAlgorithm::kTrees;
      d.reason = limits.same_bytes ? "asked for" : "asked for; float sums may round differently from Floyd-Warshall's";
      return d;
    case ApspAlgorithm::kAuto: break;
  }
  d.algorithm = ApspAlgorithm::kFloydWarshall;
  if (!limits.refusal.empty()) {
    d.reason = limits.refusal;
  } else if (!limits.same_bytes) {
    d.reason = "float weights whose path sums may round differently in trees (--algorithm dijkstra runs them)";
  } else if (d.cost.trees_s < d.cost.fw_s) {
    d.algorithm = ApspAlgorithm::kTrees;
    d.reason = estimate;
  } else {
    d.reason = estimate;
  }
  return d;
}

template <class W> bool FloatSumsExact(const CsrGraph<W>& g) {
  if constexpr (std::is_integral_v<W>) {
    return true;
  } else {
    constexpr int kDigits = std::numeric_limits<W>::digits;
    int low = std::numeric_limits<int>::max();  // exponent of the lowest set bit over all weights
    double max_abs = 0;
    for (const W w : g.out.weights) {
      const double a = std::fabs(static_cast<double>(w));
      if (a == 0) continue;
      int e = 0;
      const double f = std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
      const auto mantissa = static_cast<std::uint64_t>(std::ldexp(f, 53));
      low = std::min(low, e - 53 + std::countr_zero(mantissa));
      max_abs = std::max(max_abs, a);
    }
    if (max_abs == 0) return true;
    const double n1 = static_cast<double>(g.n > 0 ? g.n - 1 : 0);
    // Every sum is a multiple of 2^low; it is exact while its magnitude in
    // units of 2^low stays below 2^digits.
    return 4 * n1 * std::ldexp(max_abs, -low) < std::ldexp(1.0, kDigits);
  }
}

#define GDIST_INSTANTIATE(T) template bool FloatSumsExact(const CsrGraph<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
