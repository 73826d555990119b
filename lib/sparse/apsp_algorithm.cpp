#include "lib/sparse/apsp_algorithm.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "lib/core/element_traits.hpp"

namespace gdist {

bool ParseApspAlgorithm(const std::string& s, ApspAlgorithm* out) {
  if (s == "auto") *out = ApspAlgorithm::kAuto;
  else if (s == "fw") *out = ApspAlgorithm::kFloydWarshall;
  else if (s == "dijkstra") *out = ApspAlgorithm::kTrees;
  else if (s == "ch") *out = ApspAlgorithm::kHierarchy;
  else return false;
  return true;
}

const char* ApspAlgorithmName(ApspAlgorithm a) {
  switch (a) {
    case ApspAlgorithm::kAuto: return "auto";
    case ApspAlgorithm::kFloydWarshall: return "fw";
    case ApspAlgorithm::kTrees: return "dijkstra";
    case ApspAlgorithm::kHierarchy: return "ch";
  }
  return "unknown";
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
