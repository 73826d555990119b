// The matrix-wide half of the swap-based solvers: per-candidate gains and the
// p x m "extra" table of the fast interchange (swap_terms.hpp), updated from
// batches of UserChange, and the best-swap scan over them. The solvers keep
// every per-demand state on the host and touch the matrix rows only through
// this interface, so one implementation runs on the CPU (gain_table_cpu.cpp)
// and one on the GPU (kernels/cuda/siting_device_gain_table.cu) with the same
// arithmetic (TermsFor) and the same tie rule (BetterSwap).
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/siting/siting_problem.hpp"
#include "lib/siting/swap_terms.hpp"

namespace gdist {

class GainTable {
 public:
  virtual ~GainTable() = default;
  // gain := 0 (m entries); extra := 0 (slots x m entries; 0 slots: gains only).
  virtual void Clear(std::size_t slots) = 0;
  // Applies every change: one read of each changed demand's row.
  virtual void Apply(const std::vector<UserChange>& changes) = 0;
  // The current gains, m entries (a host copy for the GPU table).
  virtual const std::vector<double>& Gains() = 0;
  // argmax over slots r >= num_fixed and candidates f with slot_of[f] < 0 of
  // gain[f] - loss[r] + extra[r][f], if it Improves by more than tol (BetterSwap breaks ties).
  virtual SwapChoice BestSwap(const std::vector<double>& loss, const std::vector<std::int32_t>& slot_of,
                              std::size_t num_fixed, SwapTolerance tol) = 0;
};

// The GPU table when the problem has its matrix on a GPU (SitingProblem::device()),
// else the CPU one. Model: MedianCost<T> or CoverCost<T>.
template <class T, class Model> std::unique_ptr<GainTable> MakeGainTable(const SitingProblem<T>& prob, Model model);

// The CPU implementation, also the reference the GPU one is tested against.
template <class T, class Model> std::unique_ptr<GainTable> MakeCpuGainTable(const SitingProblem<T>& prob, Model model);

}  // namespace gdist
