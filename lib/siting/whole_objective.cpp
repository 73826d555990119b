#include "lib/siting/whole_objective.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lib/core/element_traits.hpp"

namespace gdist {

namespace {

// a * b + c in 128 bits, or false when it overflows.
bool MulAdd(Int128 a, Int128 b, Int128 c, Int128* out) {
  Int128 ab;
  return !__builtin_mul_overflow(a, b, &ab) && !__builtin_add_overflow(ab, c, out);
}

// Sum of a_i * b_i as the double nearest its exact value: each product's
// rounding error (fma) and each addition's (Neumaier) carried apart. An
// objective of decimal costs then prints as the decimal (467975.5), not with
// the noise of one summation order (467975.5000000001).
class CompensatedSum {
 public:
  void AddProduct(double a, double b) {
    const double p = a * b;
    Add(p);
    carry_ += std::fma(a, b, -p);
  }
  void Add(double x) {
    const double t = sum_ + x;
    carry_ += std::fabs(sum_) >= std::fabs(x) ? (sum_ - t) + x : (x - t) + sum_;
    sum_ = t;
  }
  double Value() const { return sum_ + carry_; }

 private:
  double sum_ = 0, carry_ = 0;
};

// A weighted sum of costs that are not whole: the objective recomputed from
// the assignment, compensated; a bound within the sums' rounding of it is it.
template <class T> void RecomputeWeightedSum(const SitingProblem<T>& prob, SitingResult* r, double fixed_part) {
  const Assignment& a = r->assignment;
  CompensatedSum total;
  total.Add(fixed_part);
  for (std::size_t u = 0; u < prob.num_demands(); ++u) {
    if (a.site[u] == std::numeric_limits<std::uint32_t>::max()) return;  // unserved: no objective to state
    total.AddProduct(prob.weight(u), static_cast<double>(prob.InputCost(u, a.site[u])));
  }
  r->objective = total.Value();
  if (r->has_bound() && SitingResult::Meet(r->objective, r->bound)) r->bound = r->objective;
}

}  // namespace

std::string WholeText(Int128 v) {
  const bool negative = v < 0;
  UInt128 u = negative ? UInt128{0} - static_cast<UInt128>(v) : static_cast<UInt128>(v);
  std::string digits;
  do {
    digits.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  if (negative) digits.push_back('-');
  return std::string(digits.rbegin(), digits.rend());
}

template <class T>
void FinishCostObjective(const SitingProblem<T>& prob, ObjectiveFold fold, SitingResult* r, double fixed_part) {
  // What the shift took from every served demand's cost, in the objective's units.
  const double offset = static_cast<double>(prob.cost_offset());
  const double shift = fold == ObjectiveFold::kWeightedSum ? offset * prob.total_weight() : offset;
  const double shifted_bound = r->bound;
  r->objective += shift;
  if (r->has_bound()) r->bound += shift;
  if (fold == ObjectiveFold::kLargest) r->radius = r->objective;
  bool whole = std::is_integral_v<T> && fixed_part == std::floor(fixed_part) && std::fabs(fixed_part) < 0x1p62;
  for (double w : prob.weights()) whole &= w == std::floor(w) && w < 0x1p53;
  if (!whole && fold == ObjectiveFold::kWeightedSum && prob.cost_offset() == 0)
    RecomputeWeightedSum(prob, r, fixed_part);
  if constexpr (std::is_integral_v<T>) {
    if (!whole) return;
    const Assignment& a = r->assignment;
    Int128 total = static_cast<std::int64_t>(fixed_part), largest = 0, weight = 0;
    for (std::size_t u = 0; u < prob.num_demands(); ++u) {
      if (a.site[u] == std::numeric_limits<std::uint32_t>::max()) return;  // unserved: no objective to state
      const auto w = static_cast<std::int64_t>(prob.weight(u));
      const std::int64_t c = prob.InputCost(u, a.site[u]);
      if (!MulAdd(w, c, total, &total) || !MulAdd(1, w, weight, &weight)) return;  // past 2^127: doubles only
      largest = std::max<Int128>(largest, c);
    }
    const bool sum = fold == ObjectiveFold::kWeightedSum;
    r->whole_objective = sum ? total : largest;
    if (!r->has_bound() || !(std::fabs(shifted_bound) < 0x1p62)) return;
    // Proven on whole shifted costs, the bound is whole there (rounded up).
    Int128 bound;
    if (!MulAdd(prob.cost_offset(), sum ? weight : 1, static_cast<std::int64_t>(std::ceil(shifted_bound)), &bound))
      return;
    r->whole_bound = bound;
    r->optimal = bound >= *r->whole_objective;
  }
}

#define GDIST_INSTANTIATE(T) \
  template void FinishCostObjective(const SitingProblem<T>&, ObjectiveFold, SitingResult*, double);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
