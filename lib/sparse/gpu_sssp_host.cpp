// Host code of the batched GPU shortest paths (gpu_sssp.hpp) that runs in
// every build: the input checks and the near-far step. (The kernel's CPU twin
// is test support: lib/testing/gpu_sssp_twin.cpp.)
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/sparse/gpu_sssp.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class W>
void CheckSsspInputs(const SsspGraph<W>& g, const std::uint32_t* sources, std::size_t count, std::size_t stride) {
  const std::size_t n = g.n;
  if (stride < n)
    throw Error("the GPU shortest paths: row stride " + std::to_string(stride) + " < n " + std::to_string(n));
  for (std::size_t i = 0; i < count; ++i)
    if (sources[i] >= n)
      throw Error("tree source " + std::to_string(sources[i]) + " is not a vertex (n = " + std::to_string(n) + ")");
  for (std::size_t a = 0; a < g.offsets[n]; ++a)
    if (!(g.weights[a] >= W(0)))
      throw Error("the GPU shortest paths need non-negative weights (arc " + std::to_string(a) + ")");
}

double SsspDeltaFactor() {
  if (const char* env = std::getenv("GDIST_SSSP_DELTA_FACTOR")) return std::strtod(env, nullptr);
  return kSsspDeltaFactor;
}

template <class W> W SsspDelta(const SsspGraph<W>& g, double factor) {
  const std::uint64_t arcs = g.offsets[g.n];
  if (factor <= 0 || arcs == 0) return W(0);
  double sum = 0;
  for (std::uint64_t a = 0; a < arcs; ++a) sum += static_cast<double>(g.weights[a]);
  const double delta = factor * sum / static_cast<double>(arcs);
  if constexpr (std::is_integral_v<W>)
    return static_cast<W>(std::clamp(std::round(delta), 1.0, static_cast<double>(ElementTraits<W>::kInf) / 4));
  return static_cast<W>(delta > 0 ? delta : 1);
}

template std::int32_t SsspDelta(const SsspGraph<std::int32_t>&, double);
template void CheckSsspInputs(const SsspGraph<std::int32_t>&, const std::uint32_t*, std::size_t, std::size_t);
template void CheckSsspInputs(const SsspGraph<float>&, const std::uint32_t*, std::size_t, std::size_t);
template float SsspDelta(const SsspGraph<float>&, double);

}  // namespace gdist
