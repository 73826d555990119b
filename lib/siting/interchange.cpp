#include "lib/siting/interchange.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <limits>
#include <random>

#include "lib/siting/cost_models.hpp"
#include "lib/util/error.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

namespace {

// The largest model cost when every model cost is a whole number (unreachable
// pairs at the penalty), or -1 when some may not be.
template <class T> double WholeModelCostBound(const MedianCost<T>& model, double max_finite) {
  if (!std::is_integral_v<T> || model.penalty != std::floor(model.penalty)) return -1;
  return std::max(model.penalty, max_finite);
}
template <class T> double WholeModelCostBound(const CoverCost<T>&, double) { return 1; }  // 0 or 1

}  // namespace

// What a rescanned row costs, relative to a p-median row: under 0/1 costs
// every candidate within the radius passes the table's bound (cost 0 < d2),
// under median costs only those nearer than the second site; measured on the
// 2000-vertex sample, a cover row's terms take about 4 times as long.
template <class Model> constexpr std::uint64_t kRowWeight = 1;
template <class T> constexpr std::uint64_t kRowWeight<CoverCost<T>> = 4;

template <class T, class Model>
Interchange<T, Model>::Interchange(const SitingProblem<T>& prob, Model model, const std::vector<std::uint32_t>& sites,
                                   std::size_t num_fixed)
    : prob_(prob),
      model_(model),
      num_fixed_(num_fixed),
      p_(sites.size()),
      m_(prob.num_candidates()),
      nd_(prob.num_demands()) {
  if (p_ == 0) throw Error("a solution needs at least one site");
  column_.resize(nd_);
  table_ = MakeGainTable(prob_, model_);
  bool whole_weights = true;
  for (double w : prob_.weights()) whole_weights = whole_weights && w == std::floor(w);
  const double largest = WholeModelCostBound(model_, prob_.max_finite());
  whole_ = whole_weights && largest >= 0 && prob_.total_weight() * largest < 0x1p52;
  Reset(sites);
}

template <class T, class Model> double Interchange<T, Model>::SavingTolerance() const {
  return whole_ ? 0.5 : static_cast<double>(nd_ + 1) * 0x1p-52 * std::abs(objective_);
}

template <class T, class Model> void Interchange<T, Model>::NearestTwo(std::size_t u, UserState* s) const {
  s->phi1 = s->phi2 = kNoSlot;
  s->d1 = s->d2 = model_.penalty;
  for (std::size_t j = 0; j < p_; ++j) {
    const double c = model_(prob_.Cost(u, sites_[j]));
    if (s->phi1 == kNoSlot || c < s->d1) {
      s->phi2 = s->phi1;
      s->d2 = s->d1;
      s->phi1 = static_cast<std::uint32_t>(j);
      s->d1 = c;
    } else if (s->phi2 == kNoSlot || c < s->d2) {
      s->phi2 = static_cast<std::uint32_t>(j);
      s->d2 = c;
    }
  }
  if (s->phi2 == kNoSlot) s->d2 = model_.penalty;  // a single site: "no second" = unreachable
}

template <class T, class Model> void Interchange<T, Model>::Reset(const std::vector<std::uint32_t>& sites) {
  sites_ = sites;
  p_ = sites_.size();
  slot_of_.assign(m_, -1);
  for (std::size_t j = 0; j < p_; ++j) slot_of_[sites_[j]] = static_cast<std::int32_t>(j);
  state_.resize(nd_);
  table_->Clear(p_);
  loss_.assign(p_, 0);
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(nd_, p_, prob_.threads()))
  for (std::size_t u = 0; u < nd_; ++u) NearestTwo(u, &state_[u]);
  for (std::size_t u = 0; u < nd_; ++u) loss_[state_[u].phi1] += prob_.weight(u) * (state_[u].d2 - state_[u].d1);
  std::vector<std::uint32_t> all(nd_);
  for (std::size_t u = 0; u < nd_; ++u) all[u] = static_cast<std::uint32_t>(u);
  Rescan(all, nullptr);
  objective_ = ComputeObjective();
  work_ += static_cast<std::uint64_t>(nd_) * (m_ + p_);
}

template <class T, class Model> double Interchange<T, Model>::ComputeObjective() const {
  double obj = 0;
  for (std::size_t u = 0; u < nd_; ++u) obj += prob_.weight(u) * state_[u].d1;
  return obj;
}

template <class T, class Model>
void Interchange<T, Model>::Rescan(const std::vector<std::uint32_t>& users, const std::vector<UserState>* old_states) {
  changes_.resize(users.size());
  for (std::size_t i = 0; i < users.size(); ++i) {
    const std::uint32_t u = users[i];
    UserChange& ch = changes_[i];
    ch.user = u;
    ch.weight = prob_.weight(u);
    ch.new_slot = state_[u].phi1;
    ch.new_d1 = state_[u].d1;
    ch.new_d2 = state_[u].d2;
    if (old_states) {
      const UserState& o = (*old_states)[i];
      ch.old_slot = o.phi1;
      ch.old_d1 = o.d1;
      ch.old_d2 = o.d2;
    } else {
      ch.old_slot = kNoSlot;
    }
  }
  table_->Apply(changes_);
}

template <class T, class Model> void Interchange<T, Model>::Swap(std::size_t slot, std::uint32_t cand) {
  const std::uint32_t r = static_cast<std::uint32_t>(slot);
  slot_of_[sites_[slot]] = -1;
  sites_[slot] = cand;
  slot_of_[cand] = static_cast<std::int32_t>(slot);
  prob_.FacilityColumn(cand, column_.data());

  std::vector<std::uint32_t> affected;
  std::vector<UserState> old;
  for (std::size_t u = 0; u < nd_; ++u) {
    const UserState& s = state_[u];
    const double c = model_(column_[u]);
    if (s.phi1 == r || s.phi2 == r || c < s.d2) {
      affected.push_back(static_cast<std::uint32_t>(u));
      old.push_back(s);
    }
  }
#pragma omp parallel for schedule(dynamic, 64) num_threads(ThreadsFor(affected.size() * p_, prob_.threads()))
  for (std::size_t i = 0; i < affected.size(); ++i) {
    const std::size_t u = affected[i];
    UserState& s = state_[u];
    if (s.phi1 == r || s.phi2 == r) {
      NearestTwo(u, &s);  // the slot it relied on changed: look at every site
    } else {
      const double c = model_(column_[u]);  // the new site only moves in front
      if (c < s.d1) {
        s.phi2 = s.phi1;
        s.d2 = s.d1;
        s.phi1 = r;
        s.d1 = c;
      } else {
        s.phi2 = r;
        s.d2 = c;
      }
    }
  }
  for (std::size_t i = 0; i < affected.size(); ++i) {
    const std::size_t u = affected[i];
    const double w = prob_.weight(u);
    loss_[old[i].phi1] -= w * (old[i].d2 - old[i].d1);
    loss_[state_[u].phi1] += w * (state_[u].d2 - state_[u].d1);
    objective_ += w * (state_[u].d1 - old[i].d1);
  }
  Rescan(affected, &old);
  work_ += nd_ + static_cast<std::uint64_t>(affected.size()) * (m_ + p_) * kRowWeight<Model>;
}

template <class T, class Model> bool Interchange<T, Model>::ImproveOnce() {
  if (num_fixed_ >= p_) return false;
  // Whole costs and weights: the running sums are exact, any saving (>= 1)
  // counts. Otherwise a saving must exceed the rounding of the swap's own
  // terms; the objective's size (a common offset on every cost) is no measure.
  const SwapTolerance tol = whole_ ? SwapTolerance{0.5, 0} : SwapTolerance{0, 1e-9};
  const SwapChoice best = table_->BestSwap(loss_, slot_of_, num_fixed_, tol);
  work_ += static_cast<std::uint64_t>(p_) * m_;
  if (!best.found()) return false;
  Swap(best.slot, best.cand);
  return true;
}

template <class T, class Model> std::size_t Interchange<T, Model>::LocalSearch() {
  std::size_t swaps = 0;
  while (ImproveOnce()) ++swaps;
  objective_ = ComputeObjective();  // drop the drift of the incremental sums
  return swaps;
}

namespace {

// Walks the engine back to `target` by swapping the sites that differ: a few
// incremental swaps instead of a full rebuild (one pass over the matrix).
template <class Engine> void RevertTo(Engine& engine, const std::vector<std::uint32_t>& target) {
  std::vector<std::uint32_t> want(target.begin() + engine.num_fixed(), target.end());
  std::sort(want.begin(), want.end());
  std::vector<std::uint32_t> have(engine.sites().begin() + engine.num_fixed(), engine.sites().end());
  std::sort(have.begin(), have.end());
  std::vector<std::uint32_t> add, drop;
  std::set_difference(want.begin(), want.end(), have.begin(), have.end(), std::back_inserter(add));
  std::set_difference(have.begin(), have.end(), want.begin(), want.end(), std::back_inserter(drop));
  for (std::size_t i = 0; i < add.size(); ++i) {
    const auto& sites = engine.sites();
    const std::size_t slot = std::find(sites.begin(), sites.end(), drop[i]) - sites.begin();
    engine.Swap(slot, add[i]);
  }
}

}  // namespace

template <class T, class Model>
std::vector<std::uint32_t> SwapSearch(const SitingProblem<T>& prob, Model model, std::vector<std::uint32_t> sites,
                                      std::size_t num_fixed, const SwapSearchOptions& options, double* best_objective) {
  Interchange<T, Model> engine(prob, model, sites, num_fixed);
  engine.LocalSearch();
  std::vector<std::uint32_t> best = engine.sites();
  double best_obj = engine.objective();
  const std::size_t free = sites.size() - num_fixed, m = prob.num_candidates();
  const auto t0 = std::chrono::steady_clock::now();
  std::mt19937_64 rng(options.seed);
  std::size_t since_improvement = 0;
  // Shake size grows by one after each failure and drops back to 1 after a
  // success: the neighbourhood schedule of VNS (Hansen & Mladenovic 1997).
  const std::size_t max_kicks = std::min<std::size_t>(free, options.max_kicks);
  std::size_t kicks = 1;
  for (std::size_t round = 0; round < options.max_rounds && free > 0 && m > sites.size(); ++round) {
    if (best_obj <= options.stop_at) break;
    if (options.patience && since_improvement >= options.patience) break;
    if (options.max_work && engine.work() >= options.max_work) break;
    if (InterruptionRequested()) break;  // the caller throws (interruption.hpp)
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (options.time_limit_s > 0 && elapsed > options.time_limit_s) break;
    if (options.progress) {  // the search ends at the first of its budgets
      double used = double(round) / double(options.max_rounds);
      if (options.patience) used = std::max(used, double(since_improvement) / double(options.patience));
      if (options.time_limit_s > 0) used = std::max(used, elapsed / options.time_limit_s);
      if (options.max_work) used = std::max(used, double(engine.work()) / double(options.max_work));
      options.progress({"local search", round, used, best_obj});
    }
    for (std::size_t i = 0; i < kicks; ++i) {
      std::uint32_t cand;
      do cand = static_cast<std::uint32_t>(rng() % m);
      while (engine.is_open(cand));
      engine.Swap(num_fixed + rng() % free, cand);
    }
    engine.LocalSearch();
    const double tol = engine.SavingTolerance();  // both objectives are fresh sums (LocalSearch)
    if (engine.objective() < best_obj - tol) {
      best_obj = engine.objective();
      best = engine.sites();
      since_improvement = 0;
      kicks = 1;
    } else {
      ++since_improvement;
      kicks = kicks >= max_kicks ? 1 : kicks + 1;
      // Equal objectives are kept (a walk along the plateau); worse ones go back.
      if (engine.objective() > best_obj + tol) RevertTo(engine, best);
    }
  }
  if (best_objective) *best_objective = best_obj;
  return best;
}

#define GDIST_INSTANTIATE(T, M)                                                                             \
  template class Interchange<T, M<T>>;                                                                      \
  template std::vector<std::uint32_t> SwapSearch(const SitingProblem<T>&, M<T>, std::vector<std::uint32_t>, \
                                                 std::size_t, const SwapSearchOptions&, double*);
GDIST_FOR_EACH_SITING_INSTANCE(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
