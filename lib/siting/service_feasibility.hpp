// p-median and p-center serve every demand: an answer that leaves one out is
// no answer (docs/SITING.md, "Unreachable pairs"). When some demand x
// candidate pairs are unreachable, whether p sites can reach every demand at
// all is a set-cover question on the reachable pairs; this settles it before
// the model is solved: a set of sites that serves everyone (the solvers'
// fallback start), or gdist::Error saying why there is none, proven (a
// demand no site reaches, or CBC's covering program) or not found.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist {

// nullopt when every pair is reachable (any p sites serve everyone) or the
// reachable pairs are too many to list (above 2^24; the caller's final check
// catches an answer that leaves a demand out). Otherwise p_total sites, the fixed ones
// first, that reach every demand. `model` names the model in messages.
template <class T> std::optional<std::vector<std::uint32_t>> SitesServingEveryDemand(const SitingProblem<T>& prob,
                                                                                     std::size_t p_total,
                                                                                     const std::string& model,
                                                                                     const SitingOptions& options);

// Throws gdist::Error when `a` leaves a demand unserved: the last line of
// defence of the models that must serve every demand.
void RequireEveryDemandServed(const Assignment& a, const std::string& model);

// What an unreachable pair costs p-median's solvers: with unreachable pairs,
// more than any answer that serves every demand can cost (sum_u w_u times the
// largest finite cost), so the penalised optimum serves everyone whenever
// some answer does and its bound is the served optimum's.
template <class T> double ServeAllPenalty(const SitingProblem<T>& prob);

// Throws gdist::Error when the model's sums could pass the largest double:
// `weight_total` times `largest_term` (the most a sum adds per unit of weight:
// the largest cost, or an unreachable pair's penalty, which the start prices
// every demand at), with room for the solvers' intermediate sums. Beyond it an
// objective is inf and a gap NaN, so such inputs are refused, never answered
// with "objective inf" (issue 26). `largest_cost` is the input's, for the message.
void RequireRepresentableSums(const std::string& model, double weight_total, double largest_term, double largest_cost);

// The room below the largest double a model's largest sum must leave: the
// Lagrangian's multipliers, differences and step sizes, and CBC's sums, run
// up to a few times the largest sum.
inline constexpr double kSumRoom = 16;

}  // namespace gdist
