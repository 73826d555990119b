// Which gain table a solver gets: the GPU one when the problem's costs were
// uploaded (SitingProblem::device()), else the CPU one.
#include "lib/siting/gain_table.hpp"

#include <type_traits>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/siting_device.hpp"

namespace gdist {

template <class T, class Model> std::unique_ptr<GainTable> MakeGainTable(const SitingProblem<T>& prob, Model model) {
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, float>)
    if (prob.device()) return MakeGpuGainTable<T, Model>(prob.device(), model);
  return MakeCpuGainTable(prob, model);
}

#define GDIST_INSTANTIATE(T, M) template std::unique_ptr<GainTable> MakeGainTable(const SitingProblem<T>&, M<T>);
GDIST_INSTANTIATE(std::int32_t, MedianCost)
GDIST_INSTANTIATE(std::int64_t, MedianCost)
GDIST_INSTANTIATE(float, MedianCost)
GDIST_INSTANTIATE(double, MedianCost)
GDIST_INSTANTIATE(std::int32_t, CoverCost)
GDIST_INSTANTIATE(std::int64_t, CoverCost)
GDIST_INSTANTIATE(float, CoverCost)
GDIST_INSTANTIATE(double, CoverCost)
#undef GDIST_INSTANTIATE

}  // namespace gdist
