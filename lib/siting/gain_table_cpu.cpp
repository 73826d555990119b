// The CPU gain table: threads own candidate ranges, so no two threads write
// the same gain or extra entry, and each reads every changed row once.
#include <omp.h>

#include <type_traits>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/gain_table.hpp"

namespace gdist {

namespace {

template <class T, class Model> class CpuGainTable final : public GainTable {
 public:
  CpuGainTable(const SitingProblem<T>& prob, Model model) : prob_(prob), model_(model), m_(prob.num_candidates()) {}

  void Clear(std::size_t slots) override {
    gain_.assign(m_, 0);
    extra_.assign(slots * m_, 0);
  }

  void Apply(const std::vector<UserChange>& changes) override {
    if (changes.empty()) return;
    const bool with_extra = !extra_.empty();
#pragma omp parallel num_threads(ThreadsFor(changes.size() * m_, prob_.threads()))
    {
      const std::size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
      const std::size_t lo = m_ * t / nt, hi = m_ * (t + 1) / nt;
      std::vector<T> scratch(hi - lo);
      for (const UserChange& ch : changes) {
        const T* row = prob_.DemandRow(ch.user, lo, hi, scratch.data());
        double* ex_old = ch.has_old() && with_extra ? extra_.data() + std::size_t{ch.old_slot} * m_ : nullptr;
        double* ex_new = with_extra ? extra_.data() + std::size_t{ch.new_slot} * m_ : nullptr;
        const double reach = ch.reach();
        auto add = [&](std::size_t k, double c) {
          const GainTerms terms = TermsFor(ch, c);
          gain_[k] += terms.gain;
          if (ex_old) ex_old[k] += terms.extra_old;
          if (ex_new) ex_new[k] += terms.extra_new;
        };
        if constexpr (std::is_integral_v<T>) {
          const T bound = model_.Below(reach);  // compare raw entries, convert the few that pass
          for (std::size_t k = lo; k < hi; ++k)
            if (row[k - lo] < bound) add(k, model_(row[k - lo]));
        } else {
          for (std::size_t k = lo; k < hi; ++k) {
            const double c = model_(row[k - lo]);
            if (c < reach) add(k, c);
          }
        }
      }
    }
  }

  const std::vector<double>& Gains() override { return gain_; }

  SwapChoice BestSwap(const std::vector<double>& loss, const std::vector<std::int32_t>& slot_of, std::size_t num_fixed,
                      double tol) override {
    const std::size_t slots = loss.size();
    SwapChoice best;
    best.profit = tol;
    std::uint64_t best_index = UINT64_MAX;
    if (num_fixed >= slots) return best;
#pragma omp parallel num_threads(ThreadsFor((slots - num_fixed) * m_, prob_.threads()))
    {
      double my_best = tol;
      std::uint64_t my_index = UINT64_MAX;
#pragma omp for schedule(static) nowait
      for (std::size_t r = num_fixed; r < slots; ++r) {
        const double* ex = extra_.data() + r * m_;
        const double base = -loss[r];
        for (std::size_t f = 0; f < m_; ++f) {
          const double profit = gain_[f] + base + ex[f];
          if (profit > tol && slot_of[f] < 0 && BetterSwap(profit, r * m_ + f, my_best, my_index)) {
            my_best = profit;
            my_index = r * m_ + f;
          }
        }
      }
#pragma omp critical
      if (my_index != UINT64_MAX && BetterSwap(my_best, my_index, best.profit, best_index)) {
        best.profit = my_best;
        best_index = my_index;
      }
    }
    if (best_index != UINT64_MAX) {
      best.slot = static_cast<std::uint32_t>(best_index / m_);
      best.cand = static_cast<std::uint32_t>(best_index % m_);
    }
    return best;
  }

 private:
  const SitingProblem<T>& prob_;
  Model model_;
  std::size_t m_;
  std::vector<double> gain_, extra_;  // extra_: slots x m_
};

}  // namespace

template <class T, class Model> std::unique_ptr<GainTable> MakeCpuGainTable(const SitingProblem<T>& prob, Model model) {
  return std::make_unique<CpuGainTable<T, Model>>(prob, model);
}

#define GDIST_INSTANTIATE(T, M) \
  template std::unique_ptr<GainTable> MakeCpuGainTable(const SitingProblem<T>&, M<T>);
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
