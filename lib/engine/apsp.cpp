#include "lib/engine/apsp.hpp"

#include <chrono>
#include <cmath>

#include "lib/engine/backend_choice.hpp"
#include "lib/engine/cpu_backend.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/engine/negative_cycle.hpp"
#include "lib/engine/range_check.hpp"
#include "lib/util/error.hpp"

namespace gdist {

bool ParseBackend(const std::string& s, Backend* out) {
  if (s == "auto") *out = Backend::kAuto;
  else if (s == "cpu") *out = Backend::kCpu;
  else if (s == "gpu") *out = Backend::kGpu;
  else return false;
  return true;
}

const char* BackendName(Backend b) {
  switch (b) {
    case Backend::kAuto: return "auto";
    case Backend::kCpu: return "cpu";
    case Backend::kGpu: return "gpu";
  }
  return "?";
}

namespace {

struct WeightRange {
  double max_abs = 0;
  bool negative = false;
};

template <class T> WeightRange ScanWeights(DistMatrix<T>& m) {
  const T inf = ElementTraits<T>::kInf;
  WeightRange r;
  for (std::size_t i = 0; i < m.n(); ++i) {
    T* row = m.row(i);
    if (row[i] < T(0))
      throw Error("negative cycle: vertex " + m.meta().labels.label(i) + " has a negative self-loop");
    row[i] = T(0);  // a vertex is at distance 0 from itself
    for (std::size_t j = 0; j < m.n(); ++j) {
      T w = row[j];
      if (w >= inf) continue;
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(w)) throw Error("the matrix holds a NaN weight at row " + std::to_string(i));
      }
      double a = std::fabs(static_cast<double>(w));
      r.max_abs = std::max(r.max_abs, a);
      r.negative |= w < T(0);
    }
  }
  return r;
}

}  // namespace

template <class T> ApspReport SolveApsp(DistMatrix<T>& m, const ApspOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  ApspReport report;
  if (m.meta().kind == MatrixKind::kDistance) throw Error("the input is already a distance matrix");
  const WeightRange range = ScanWeights(m);
  if (!PathSumsFit<T>(m.n(), range.max_abs, range.negative))
    throw Error(std::string("path lengths can reach ") + std::to_string(PathSumBound(m.n(), range.max_abs)) +
                ", past what " + ElementTraits<T>::kName +
                " holds with INF to spare; convert with 'gconvert --type int64' (exact) or '--type float32'");
  if (range.negative) {
    if (auto v = FindNegativeCycle(m.view()))
      throw Error("negative cycle: vertex " + m.meta().labels.label(*v) + " lies on a cycle of negative length");
  }

  GpuStatus gpu = options.backend == Backend::kCpu ? GpuStatus{} : ProbeGpu();
  BackendDecision choice = ChooseBackend(options.backend, ElementTraits<T>::kType, m.stride(), gpu);
  report.used = choice.backend;
  report.note = choice.note;
  if (choice.backend == Backend::kGpu) {
    if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>) {
      GpuFloydWarshall(m.data(), m.stride(), GpuRunInfo{range.max_abs, range.negative, m.n()});
    }
  } else {
    CpuFloydWarshall(m.data(), m.stride(), options.threads);
  }

  if constexpr (std::is_integral_v<T>) {
    // "INF + negative" sums sit just below INF: they are unreachable pairs.
    if (range.negative) {
      const T bound = static_cast<T>(PathSumBound(m.n(), range.max_abs));
      for (std::size_t i = 0; i < m.n(); ++i) {
        T* row = m.row(i);
        for (std::size_t j = 0; j < m.n(); ++j)
          if (row[j] > bound) row[j] = ElementTraits<T>::kInf;
      }
    }
  }
  for (std::size_t i = 0; i < m.n(); ++i)
    if (m.at(i, i) < T(0))  // cannot happen after the check above; kept as a last guard
      throw Error("negative cycle through vertex " + m.meta().labels.label(i));
  m.meta().kind = MatrixKind::kDistance;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

template ApspReport SolveApsp<std::int32_t>(DistMatrix<std::int32_t>&, const ApspOptions&);
template ApspReport SolveApsp<std::int64_t>(DistMatrix<std::int64_t>&, const ApspOptions&);
template ApspReport SolveApsp<float>(DistMatrix<float>&, const ApspOptions&);

}  // namespace gdist
