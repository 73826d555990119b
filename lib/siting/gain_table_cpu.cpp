// The CPU gain table: threads own candidate ranges, so no two threads write
// the same gain or extra entry, and each reads every changed row once. A
// thread walks its range in pieces small enough that the piece of gain[] and
// the extra rows it touches stay in cache while every change passes over it.
// int32 costs go through an AVX-512 pass where the CPU has one: the same
// per-entry arithmetic as TermsFor, in the same order, so the sums are the same
// bits as the scalar loop's and the GPU table's.
#include <immintrin.h>
#include <omp.h>

#include <algorithm>
#include <type_traits>

#include "lib/siting/cost_models.hpp"
#include "lib/siting/gain_table.hpp"

namespace gdist {

namespace {

constexpr std::size_t kPiece = 2048;  // candidates per cache piece

bool HaveAvx512() {
  static const bool yes =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  return yes;
}

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq")
#pragma GCC optimize("fp-contract=off")  // TermsFor's products are never fused with the sums
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // GCC 12's _mm512_undefined_pd in its own headers

// The terms of one change for row[0..count) (int32 costs below `bound`), added
// to gain/ex_old/ex_new (ex_* may be null). kCover: every passing cost is 0
// (CoverCost), else the cost is the entry (MedianCost). Lanes without a term
// add nothing: the accumulators are never -0.0, so adding +-0.0 keeps them.
template <bool kCover> void RowTermsAvx512(const std::int32_t* row, std::size_t count, std::int32_t bound,
                                           const UserChange& ch, double* gain, double* ex_old, double* ex_new) {
  const __m512d zero = _mm512_setzero_pd(), sign = _mm512_set1_pd(-0.0), w = _mm512_set1_pd(ch.weight);
  const __m512d od1 = _mm512_set1_pd(ch.old_d1), od2 = _mm512_set1_pd(ch.old_d2);
  const __m512d nd1 = _mm512_set1_pd(ch.new_d1), nd2 = _mm512_set1_pd(ch.new_d2);
  const __m256i b = _mm256_set1_epi32(bound);
  const bool has_old = ch.has_old();
  std::size_t k = 0;
  for (; k + 8 <= count; k += 8) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + k));
    const __mmask8 pass = _mm256_cmplt_epi32_mask(x, b);
    if (!pass) continue;
    const __m512d c = kCover ? zero : _mm512_cvtepi32_pd(x);
    const __mmask8 on = pass & _mm512_cmp_pd_mask(c, nd2, _CMP_LT_OQ);
    const __mmask8 oo = has_old ? pass & _mm512_cmp_pd_mask(c, od2, _CMP_LT_OQ) : 0;
    // t.gain = (old ? -w max(0, od1 - c) : 0) + (new ? w max(0, nd1 - c) : 0)
    __m512d g =
        _mm512_maskz_mov_pd(oo, _mm512_xor_pd(sign, _mm512_mul_pd(w, _mm512_max_pd(_mm512_sub_pd(od1, c), zero))));
    g = _mm512_mask_add_pd(g, on, g, _mm512_mul_pd(w, _mm512_max_pd(_mm512_sub_pd(nd1, c), zero)));
    _mm512_mask_storeu_pd(gain + k, pass, _mm512_add_pd(_mm512_loadu_pd(gain + k), g));
    if (ex_old && oo) {
      const __m512d e = _mm512_xor_pd(sign, _mm512_mul_pd(w, _mm512_sub_pd(od2, _mm512_max_pd(od1, c))));
      _mm512_mask_storeu_pd(ex_old + k, oo, _mm512_add_pd(_mm512_loadu_pd(ex_old + k), e));
    }
    if (ex_new && on) {
      const __m512d e = _mm512_mul_pd(w, _mm512_sub_pd(nd2, _mm512_max_pd(nd1, c)));
      _mm512_mask_storeu_pd(ex_new + k, on, _mm512_add_pd(_mm512_loadu_pd(ex_new + k), e));
    }
  }
  for (; k < count; ++k) {
    if (row[k] >= bound) continue;
    const GainTerms t = TermsFor(ch, kCover ? 0.0 : static_cast<double>(row[k]));
    gain[k] += t.gain;
    if (ex_old) ex_old[k] += t.extra_old;
    if (ex_new) ex_new[k] += t.extra_new;
  }
}

#pragma GCC diagnostic pop
#pragma GCC pop_options

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
      std::vector<T> scratch(std::min(kPiece, hi - lo));
      for (std::size_t p0 = lo; p0 < hi; p0 += kPiece) {
        const std::size_t p1 = std::min(hi, p0 + kPiece);
        for (const UserChange& ch : changes) ApplyPiece(ch, p0, p1, with_extra, scratch.data());
      }
    }
  }

  // Terms of one change for candidates [lo, hi).
  void ApplyPiece(const UserChange& ch, std::size_t lo, std::size_t hi, bool with_extra, T* scratch) {
    const T* row = prob_.DemandRow(ch.user, lo, hi, scratch);
    double* ex_old = ch.has_old() && with_extra ? extra_.data() + std::size_t{ch.old_slot} * m_ : nullptr;
    double* ex_new = with_extra ? extra_.data() + std::size_t{ch.new_slot} * m_ : nullptr;
    const double reach = ch.reach();
    if constexpr (std::is_same_v<T, std::int32_t>) {
      if (HaveAvx512()) {
        RowTermsAvx512<std::is_same_v<Model, CoverCost<T>>>(row, hi - lo, model_.Below(reach), ch, gain_.data() + lo,
                                                            ex_old ? ex_old + lo : nullptr,
                                                            ex_new ? ex_new + lo : nullptr);
        return;
      }
    }
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

  const std::vector<double>& Gains() override { return gain_; }

  SwapChoice BestSwap(const std::vector<double>& loss, const std::vector<std::int32_t>& slot_of, std::size_t num_fixed,
                      SwapTolerance tol) override {
    const std::size_t slots = loss.size();
    SwapChoice best;
    best.profit = tol.absolute;
    std::uint64_t best_index = UINT64_MAX;
    if (num_fixed >= slots) return best;
#pragma omp parallel num_threads(ThreadsFor((slots - num_fixed) * m_, prob_.threads()))
    {
      double my_best = tol.absolute;
      std::uint64_t my_index = UINT64_MAX;
#pragma omp for schedule(static) nowait
      for (std::size_t r = num_fixed; r < slots; ++r) {
        const double* ex = extra_.data() + r * m_;
        const double base = -loss[r];
        for (std::size_t f = 0; f < m_; ++f) {
          const double profit = gain_[f] + base + ex[f];
          if (Improves(profit, gain_[f], base, ex[f], tol) && slot_of[f] < 0 &&
              BetterSwap(profit, r * m_ + f, my_best, my_index)) {
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

#define GDIST_INSTANTIATE(T, M) template std::unique_ptr<GainTable> MakeCpuGainTable(const SitingProblem<T>&, M<T>);
GDIST_FOR_EACH_SITING_INSTANCE(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
