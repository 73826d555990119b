#include "lib/siting/siting_problem.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/engine/gpu_backend.hpp"
#include "lib/siting/gathered_costs.hpp"
#include "lib/siting/siting_backend.hpp"
#include "lib/siting/siting_device.hpp"
#include "lib/util/error.hpp"
#include "lib/util/host_memory.hpp"

namespace gdist {

bool ParseDirection(const std::string& s, Direction* out) {
  if (s == "out") *out = Direction::kOut;
  else if (s == "in") *out = Direction::kIn;
  else return false;
  return true;
}

template <class T> SitingProblem<T>::SitingProblem(const MatrixView<T>& d, const SitingInput& input) : d_(d) {
  Init(input, nullptr);
}

template <class T>
SitingProblem<T>::SitingProblem(const MatrixView<T>& rows, const std::vector<std::uint32_t>& row_vertex,
                                const SitingInput& input)
    : d_(rows) {
  Init(input, &row_vertex);
}

template <class T> void SitingProblem<T>::Init(const SitingInput& input, const std::vector<std::uint32_t>* row_vertex) {
  labels_ = input.labels;
  const std::size_t n = d_.n;
  threads_ = input.threads > 0 ? input.threads : omp_get_max_threads();
  candidate_rows_ = row_vertex != nullptr;
  stored_rows_ = candidate_rows_ ? row_vertex->size() : n;
  // A symmetric matrix is read along the demand's row whatever the direction:
  // rows are contiguous, columns cost one cache line per element. Candidate
  // rows are read as they are (a demand's costs are a column of them).
  symmetric_ = input.symmetric && !candidate_rows_;
  rows_are_demands_ = !candidate_rows_ && (input.symmetric || input.direction == Direction::kIn);
  // Vertex ids of candidates: the columns 0..n-1, and with rows of candidates
  // also ids past them (facilities that are not demand columns).
  std::size_t ids = n;
  if (candidate_rows_)
    for (std::uint32_t v : *row_vertex) ids = std::max<std::size_t>(ids, std::size_t{v} + 1);

  for (std::size_t v = 0; v < n; ++v) {
    const double w = input.weights ? (*input.weights)[v] : 1.0;
    if (!(w >= 0) || !std::isfinite(w))
      throw Error("demand weight of " + VertexName(static_cast<std::uint32_t>(v)) + " is not a finite number >= 0");
    if (w > 0) {
      demand_.push_back(static_cast<std::uint32_t>(v));
      weight_.push_back(w);
      total_weight_ += w;
    }
  }
  const std::vector<std::uint32_t>* listed = input.candidates ? &*input.candidates : row_vertex;
  if (listed) {
    std::vector<char> seen(ids, 0);
    for (std::uint32_t v : *listed) {
      if (v >= ids) throw Error("candidate vertex index " + std::to_string(v) + " is out of range");
      if (!seen[v]) cand_.push_back(v);
      seen[v] = 1;
    }
    for (std::uint32_t v : input.fixed)  // a site that exists can serve, candidate or not
      if (v < ids && !seen[v]) {
        cand_.push_back(v);
        seen[v] = 1;
      }
    std::sort(cand_.begin(), cand_.end());
  } else {
    cand_.resize(n);
    for (std::size_t v = 0; v < n; ++v) cand_[v] = static_cast<std::uint32_t>(v);
  }
  identity_candidates_ = cand_.size() == n;
  cand_row_ = cand_;
  if (candidate_rows_) {
    std::vector<std::int64_t> row_of(ids, -1);
    for (std::size_t r = 0; r < row_vertex->size(); ++r) row_of[(*row_vertex)[r]] = static_cast<std::int64_t>(r);
    for (std::size_t k = 0; k < cand_.size(); ++k) {
      if (row_of[cand_[k]] < 0)
        throw Error(VertexName(cand_[k]) +
                    " is a candidate or fixed site without a row of costs (not among the sources)");
      cand_row_[k] = static_cast<std::uint32_t>(row_of[cand_[k]]);
    }
  }
  std::vector<std::int64_t> index_of(ids, -1);
  for (std::size_t k = 0; k < cand_.size(); ++k) index_of[cand_[k]] = static_cast<std::int64_t>(k);
  for (std::uint32_t v : input.fixed) {
    if (v >= ids) throw Error("fixed site index " + std::to_string(v) + " is out of range");
    const auto k = static_cast<std::uint32_t>(index_of[v]);
    if (std::find(fixed_.begin(), fixed_.end(), k) == fixed_.end()) fixed_.push_back(k);
  }

  ChooseBackend(input.backend);
  // One pass for the largest finite cost: solvers price an unreachable pair
  // just above it (see docs/SITING.md, "Unreachable pairs").
  if (device_) {
    DeviceCostRange(*device_, &max_finite_, &any_unreachable_);
    return;
  }
  if (input.gather) GatherIfWorthIt();
  const std::size_t nd = demand_.size(), m = cand_.size();
  double mx = 0;
  bool unreachable = false;
#pragma omp parallel num_threads(ThreadsFor(nd, m, threads_)) reduction(max : mx) reduction(|| : unreachable)
  {
    std::vector<T> scratch(m);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = DemandRow(u, 0, m, scratch.data());
      for (std::size_t k = 0; k < m; ++k) {
        if (!Reachable(row[k])) unreachable = true;
        else mx = std::max(mx, static_cast<double>(row[k]));
      }
    }
  }
  max_finite_ = mx;
  any_unreachable_ = unreachable;
  if constexpr (std::is_same_v<T, std::int64_t>) ShiftWholeCostsPastDoubles();
}

// Whole costs reach 2^53 (max_finite_, a double, is at least 2^53 exactly
// then): shift them by the smallest so the solvers' doubles hold them
// exactly, in a demand-major copy. Costs spanning 2^53 or more cannot be.
template <class T> void SitingProblem<T>::ShiftWholeCostsPastDoubles() {
  if constexpr (std::is_integral_v<T>) {
    if (max_finite_ < 0x1p53) return;
    const std::size_t nd = demand_.size(), m = cand_.size();
    T lo = ElementTraits<T>::kInf, hi = 0;
    std::vector<T> scratch(m);
    for (std::size_t u = 0; u < nd; ++u) {
      const T* row = DemandRow(u, 0, m, scratch.data());
      for (std::size_t k = 0; k < m; ++k)
        if (Reachable(row[k])) {
          lo = std::min(lo, row[k]);
          hi = std::max(hi, row[k]);
        }
    }
    if (hi - lo >= (std::int64_t{1} << 53))
      throw Error("costs from " + std::to_string(lo) + " to " + std::to_string(hi) +
                  " span 2^53 or more: the siting solvers compare costs as doubles, which cannot tell such costs "
                  "apart exactly; scale the costs down (or subtract a common offset)");
    if (!gathered_.data()) {
      gathered_ = GatherCosts(d_, rows_are_demands_, demand_, cand_row_, ThreadsFor(nd, m, threads_));
      gathered_stride_ = GatheredRowStride(m);
    }
    T* costs = static_cast<T*>(gathered_.data());
    for (std::size_t u = 0; u < nd; ++u)
      for (std::size_t k = 0; k < m; ++k)
        if (Reachable(costs[u * gathered_stride_ + k])) costs[u * gathered_stride_ + k] -= lo;
    cost_offset_ = lo;
    max_finite_ = static_cast<double>(hi - lo);
  }
}

template <class T> bool SitingProblem<T>::has_site_distances() const {
  for (std::uint32_t v : cand_)
    if (v >= d_.n) return false;
  return true;
}

template <class T> SitingCostLayout SitingProblem<T>::Layout() const {
  SitingCostLayout L;
  L.type = ElementTraits<T>::kType;
  L.matrix = d_.data;
  L.n = stored_rows_;  // rows of the matrix; a demand index is a column < stride
  L.stride = d_.stride;
  L.rows_are_demands = rows_are_demands_;
  L.demand = demand_.data();
  L.nd = demand_.size();
  L.cand = identity_candidates_ && !candidate_rows_ ? nullptr : cand_row_.data();
  L.m = cand_.size();
  return L;
}

template <class T> void SitingProblem<T>::ChooseBackend(Backend requested) {
  const SitingCostLayout layout = Layout();
  if (!SitingGpuWorthProbing(requested, layout)) {
    backend_note_ = requested == Backend::kCpu ? "cpu (asked for)" : "cpu (too small to pay for a GPU)";
    return;
  }
  const SitingBackendDecision decision = ChooseSitingBackend(requested, layout, ProbeGpu());
  backend_note_ = decision.note;
  if (decision.gpu) device_ = UploadSitingCosts(layout);
}

// The solvers read each demand's row once per change, hundreds of times per
// demand in a run: a column read (one cache line per element) or a scattered
// subset costs several times a contiguous row, so the rows are gathered once
// when half the available memory holds them.
template <class T> void SitingProblem<T>::GatherIfWorthIt() {
  if (rows_are_demands_ && identity_candidates_) return;
  const std::size_t bytes = demand_.size() * GatheredRowStride(cand_.size()) * sizeof(T);
  const std::optional<std::uint64_t> available = HostMemoryAvailable();  // cgroup and RLIMIT_AS included
  if (bytes == 0 || !available || bytes > *available / 2) return;
  gathered_ = GatherCosts(d_, rows_are_demands_, demand_, cand_row_, ThreadsFor(bytes / sizeof(T), threads_));
  gathered_stride_ = GatheredRowStride(cand_.size());
}

template <class T>
const T* SitingProblem<T>::DemandRow(std::size_t u, std::size_t lo, std::size_t hi, T* scratch) const {
  if (gathered_.data()) return static_cast<const T*>(gathered_.data()) + u * gathered_stride_ + lo;
  if (rows_are_demands_) {
    const T* row = d_.row(demand_[u]);
    if (identity_candidates_) return row + lo;
    for (std::size_t k = lo; k < hi; ++k) scratch[k - lo] = row[cand_[k]];
  } else {
    const std::size_t col = demand_[u];
    for (std::size_t k = lo; k < hi; ++k) scratch[k - lo] = d_.at(cand_row_[k], col);
  }
  return scratch;
}

template <class T> void SitingProblem<T>::FacilityColumn(std::size_t k, T* out) const {
  const std::size_t nd = demand_.size();
  if (cost_offset_ != 0) {  // the shifted costs the solvers see (gathered)
    for (std::size_t u = 0; u < nd; ++u) out[u] = Cost(u, k);
    return;
  }
  if (!rows_are_demands_ || symmetric_) {
    const T* row = d_.row(cand_row_[k]);
    for (std::size_t u = 0; u < nd; ++u) out[u] = row[demand_[u]];
  } else {
    const std::size_t col = cand_[k];
    for (std::size_t u = 0; u < nd; ++u) out[u] = d_.at(demand_[u], col);
  }
}

template <class T>
Assignment Assign(const SitingProblem<T>& prob, const std::vector<std::uint32_t>& sites, double radius) {
  const std::size_t nd = prob.num_demands();
  Assignment a;
  a.site.assign(nd, std::numeric_limits<std::uint32_t>::max());
  a.distance.assign(nd, std::numeric_limits<double>::infinity());
  double total = 0, mx = 0, covered = 0;
  std::size_t unserved = 0;
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(nd * sites.size(), prob.threads())) \
    reduction(+ : total, covered, unserved) reduction(max : mx)
  for (std::size_t u = 0; u < nd; ++u) {
    for (std::uint32_t k : sites) {
      const T v = prob.Cost(u, k);
      if (!SitingProblem<T>::Reachable(v)) continue;
      const double x = static_cast<double>(v);
      if (x < a.distance[u]) {
        a.distance[u] = x;
        a.site[u] = k;
      }
    }
    if (std::isfinite(a.distance[u])) {
      total += prob.weight(u) * a.distance[u];
      mx = std::max(mx, a.distance[u]);
      if (radius >= 0 && a.distance[u] <= radius) covered += prob.weight(u);
    } else {
      ++unserved;
    }
  }
  a.total = total;
  a.max_distance = mx;
  a.covered_weight = covered;
  a.unserved = unserved;
  return a;
}

#define GDIST_INSTANTIATE(T)       \
  template class SitingProblem<T>; \
  template Assignment Assign(const SitingProblem<T>&, const std::vector<std::uint32_t>&, double);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
