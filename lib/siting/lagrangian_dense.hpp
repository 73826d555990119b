// The p-median's Lagrangian pass over the whole demand x candidate matrix,
// every entry read in each iteration: for instances whose sorted rows
// (SortedCosts) do not fit, where the GPU pass (lagrangian_device.hpp) runs
// it at memory speed. DenseMedianLagrangian is its CPU twin: the same terms
// summed in the same order (lagrangian_terms.hpp), so both give the same bits,
// and with at most kLagrangianSliceRows demands the same bits as the sorted
// rows' pass. The step logic is RunSubgradient's, shared by all of them.
#pragma once
#include <cstdint>
#include <vector>

#include "lib/siting/lagrangian_bound.hpp"
#include "lib/siting/siting_problem.hpp"

namespace gdist {

template <class T> class DenseMedianLagrangian : public LagrangianPass {
 public:
  // caps: each demand's multiplier cap (DenseCaps). Unreachable pairs cost `penalty`.
  DenseMedianLagrangian(const SitingProblem<T>& prob, double penalty, std::size_t num_open, std::vector<double> caps);

  std::size_t num_demands() const override { return prob_.num_demands(); }
  std::size_t num_candidates() const override { return prob_.num_candidates(); }
  std::size_t num_open() const override { return p_; }
  bool Evaluate(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                LagrangianPoint* point) const override;
  void Subgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                   std::vector<double>* g) const override;
  std::vector<double> NearestCosts(const std::vector<std::uint32_t>& sites) const override;
  std::vector<double> Caps(const std::vector<FacilityState>& state) const override;

 private:
  const SitingProblem<T>& prob_;
  double penalty_;
  std::size_t p_;
  std::vector<double> cap_;
};

// Each demand's multiplier cap, as MedianLagrangian takes it from the sorted
// row: the weighted cost at rank CapRank(m, p), or the first cost above the
// cheapest when the costs up to that rank are all equal. One selection per row.
template <class T> std::vector<double> DenseCaps(const SitingProblem<T>& prob, double penalty, std::size_t num_open);

// Every weighted cost is an integer (integer distances and weights): then so
// is every objective, and a bound rounds up.
template <class T> bool IntegralWeightedCosts(const SitingProblem<T>& prob, double penalty);

// Caps under `state`: `caps` lowered to each demand's cost to its nearest
// site forced open (MedianLagrangian::Caps), for the dense passes.
std::vector<double> CapsUnder(const LagrangianPass& pass, std::vector<double> caps,
                              const std::vector<FacilityState>& state);

}  // namespace gdist
