#include "lib/siting/lagrangian_bound.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <unordered_map>

#include "lib/core/element_traits.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

SortedCosts SortedCosts::Sized(std::size_t nd, std::size_t m, std::size_t width) {
  SortedCosts c;
  c.nd = nd;
  c.m = m;
  c.width = width;
  c.cost.resize(nd * width);
  c.cand.resize(nd * width);
  if (width == m) c.rank.resize(nd * m);
  else c.tail.resize(nd);
  return c;
}

void SortedCosts::SetRow(std::size_t u, const std::vector<std::pair<double, std::uint32_t>>& ascending) {
  for (std::size_t i = 0; i < width; ++i) {
    cost[u * width + i] = ascending[i].first;
    cand[u * width + i] = ascending[i].second;
    if (!rank.empty()) rank[static_cast<std::size_t>(ascending[i].second) * nd + u] = static_cast<std::uint32_t>(i);
  }
  if (truncated()) tail[u] = ascending[width].first;
}

namespace {

// Puts the `width` cheapest pairs of `row` first, ascending, and the next
// cheapest after them (a truncated row's tail): the prefix of the whole
// row's sort, ties in candidate order.
void SortPrefix(std::vector<std::pair<double, std::uint32_t>>* row, std::size_t width) {
  if (width >= row->size()) {
    std::sort(row->begin(), row->end());
    return;
  }
  const auto end = row->begin() + static_cast<std::ptrdiff_t>(width + 1);
  std::nth_element(row->begin(), end - 1, row->end());
  std::sort(row->begin(), end);
}

}  // namespace

template <class T> std::optional<SortedCosts> BuildSortedCosts(const SitingProblem<T>& prob, double penalty,
                                                               std::size_t max_entries, bool take_out_row_minima,
                                                               bool truncate) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  if (m == 0) return std::nullopt;
  std::size_t width = m;
  if (nd * m > max_entries) {
    if (!truncate) return std::nullopt;
    width = std::min(m - 1, max_entries / 3 * 4 / nd);  // the bytes of max_entries ranked entries
    if (width < kMinTruncatedWidth) return std::nullopt;
  }
  SortedCosts c = SortedCosts::Sized(nd, m, width);
  bool integral = true;
#pragma omp parallel num_threads(ThreadsFor(nd, m, prob.threads())) reduction(&& : integral)
  {
    std::vector<T> scratch(m);
    std::vector<std::pair<double, std::uint32_t>> row(m);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t u = 0; u < nd; ++u) {
      const T* r = prob.DemandRow(u, 0, m, scratch.data());
      const double w = prob.weight(u);
      for (std::size_t k = 0; k < m; ++k) {
        const double d = SitingProblem<T>::Reachable(r[k]) ? static_cast<double>(r[k]) : penalty;
        row[k] = {w * d, static_cast<std::uint32_t>(k)};
        integral = integral && std::floor(w * d) == w * d;
      }
      SortPrefix(&row, width);
      c.SetRow(u, row);
    }
  }
  c.integral = integral;
  auto offsets = std::make_shared<std::vector<double>>();  // what each row had taken out
  if (take_out_row_minima && integral) {
    double constant = 0;  // whole numbers: exact while below 2^53
    for (std::size_t u = 0; u < nd; ++u) constant += c.row_cost(u)[0];
    if (constant < 0x1p53) {
      offsets->resize(nd);
      for (std::size_t u = 0; u < nd; ++u) {
        double* row = c.cost.data() + u * width;
        const double least = row[0];
        for (std::size_t i = 0; i < width; ++i) row[i] -= least;  // whole: exact
        if (c.truncated()) c.tail[u] -= least;
        (*offsets)[u] = least;
      }
      c.constant = constant;
    }
  }
  if (c.truncated())  // the same arithmetic as the rows': the same bits
    c.entry_cost = [&prob, penalty, offsets](std::size_t u, std::uint32_t k) {
      const T v = prob.Cost(u, k);
      const double d = SitingProblem<T>::Reachable(v) ? static_cast<double>(v) : penalty;
      return prob.weight(u) * d - (offsets->empty() ? 0.0 : (*offsets)[u]);
    };
  return c;
}

#define GDIST_INSTANTIATE(T) \
  template std::optional<SortedCosts> BuildSortedCosts(const SitingProblem<T>&, double, std::size_t, bool, bool);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

namespace {

// Old row -> new row, merging rows whose candidate sequences are equal;
// returns the number of new rows.
std::size_t MergeEqualOrders(const SortedCosts& c, std::vector<std::uint32_t>* row_of) {
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_hash;  // hash -> new rows
  std::vector<std::uint32_t> first_of;                                    // new row -> an old row
  row_of->resize(c.nd);
  for (std::size_t u = 0; u < c.nd; ++u) {
    const std::uint32_t* cand = c.row_cand(u);
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the candidate sequence
    for (std::size_t i = 0; i < c.m; ++i) h = (h ^ cand[i]) * 1099511628211ull;
    std::vector<std::uint32_t>& same = by_hash[h];
    auto equal = [&](std::uint32_t r) { return std::equal(cand, cand + c.m, c.row_cand(first_of[r])); };
    const auto it = std::find_if(same.begin(), same.end(), equal);
    if (it != same.end()) {
      (*row_of)[u] = *it;
    } else {
      (*row_of)[u] = static_cast<std::uint32_t>(first_of.size());
      same.push_back((*row_of)[u]);
      first_of.push_back(static_cast<std::uint32_t>(u));
    }
  }
  return first_of.size();
}

}  // namespace

namespace {

// Truncated rows over the kept candidates, built again from their entry_cost:
// whole when they take no more bytes than the rows do now (16 bytes a ranked
// entry, 12 a truncated one), else truncated at the same width.
SortedCosts RebuildTruncated(const SortedCosts& from, const std::vector<std::uint32_t>& keep, int threads) {
  const std::size_t nd = from.nd, m = keep.size();
  const std::size_t width = 4 * m <= 3 * from.width ? m : std::min(from.width, m - 1);
  SortedCosts c = SortedCosts::Sized(nd, m, width);
  c.integral = from.integral;
  c.constant = from.constant;
  if (c.truncated())
    c.entry_cost = [f = from.entry_cost, keep](std::size_t u, std::uint32_t k) { return f(u, keep[k]); };
#pragma omp parallel num_threads(ThreadsFor(nd, m, threads))
  {
    std::vector<std::pair<double, std::uint32_t>> row(m);
#pragma omp for schedule(dynamic, 64)
    for (std::size_t u = 0; u < nd; ++u) {
      for (std::size_t k = 0; k < m; ++k) row[k] = {from.entry_cost(u, keep[k]), static_cast<std::uint32_t>(k)};
      SortPrefix(&row, width);
      c.SetRow(u, row);
    }
  }
  return c;
}

}  // namespace

SortedCosts KeepCandidates(const SortedCosts& from, const std::vector<std::uint32_t>& keep,
                           std::vector<std::uint32_t>* row_of, int threads) {
  const std::size_t nd = from.nd, m = keep.size();
  SortedCosts c;
  if (from.truncated()) {
    c = RebuildTruncated(from, keep, threads);
  } else {
    std::vector<std::uint32_t> renumber(from.m, static_cast<std::uint32_t>(m));
    for (std::size_t i = 0; i < m; ++i) renumber[keep[i]] = static_cast<std::uint32_t>(i);
    c = SortedCosts::Sized(nd, m);
    c.integral = from.integral;
    c.constant = from.constant;
    std::vector<std::pair<double, std::uint32_t>> row;
    for (std::size_t u = 0; u < nd; ++u) {
      row.clear();
      for (std::size_t i = 0; i < from.m; ++i) {
        const std::uint32_t k = renumber[from.row_cand(u)[i]];
        if (k < m) row.emplace_back(from.row_cost(u)[i], k);
      }
      c.SetRow(u, row);
    }
  }
  if (!row_of) return c;
  if (c.truncated()) {  // their orders past the width are unknown: no merging
    row_of->resize(nd);
    std::iota(row_of->begin(), row_of->end(), 0u);
    return c;
  }
  const std::size_t merged_rows = MergeEqualOrders(c, row_of);
  if (merged_rows == nd) return c;
  // Summed rows stay ascending: each part ascends along the shared order.
  SortedCosts merged = SortedCosts::Sized(merged_rows, m);
  merged.integral = c.integral;
  merged.constant = c.constant;
  std::fill(merged.cost.begin(), merged.cost.end(), 0.0);
  for (std::size_t u = 0; u < nd; ++u) {
    const std::size_t r = (*row_of)[u];
    for (std::size_t i = 0; i < m; ++i) merged.cost[r * m + i] += c.row_cost(u)[i];
    std::copy(c.row_cand(u), c.row_cand(u) + m, merged.cand.begin() + static_cast<std::ptrdiff_t>(r * m));
  }
  for (std::size_t r = 0; r < merged_rows; ++r)
    for (std::size_t i = 0; i < m; ++i)
      merged.rank[static_cast<std::size_t>(merged.cand[r * m + i]) * merged_rows + r] = static_cast<std::uint32_t>(i);
  return merged;
}

bool ChooseOpenSet(const std::vector<FacilityState>& state, std::size_t num_open, double sum_lambda,
                   LagrangianPoint* point) {
  std::vector<std::uint32_t> free;
  point->chosen.clear();
  const std::vector<double>& rho = point->rho;
  const std::size_t m = rho.size();
  double bound = sum_lambda;
  for (std::size_t k = 0; k < m; ++k) {
    if (state[k] == FacilityState::kOpen) {
      point->chosen.push_back(static_cast<std::uint32_t>(k));
      bound += rho[k];
    } else if (state[k] == FacilityState::kFree) {
      free.push_back(static_cast<std::uint32_t>(k));
    }
  }
  if (point->chosen.size() > num_open || point->chosen.size() + free.size() < num_open) return false;
  const std::size_t need = num_open - point->chosen.size();
  auto by_rho = [&](std::uint32_t a, std::uint32_t b) { return rho[a] < rho[b] || (rho[a] == rho[b] && a < b); };
  if (need > 0 && need < free.size()) std::nth_element(free.begin(), free.begin() + need, free.end(), by_rho);
  point->rho_last_in = -std::numeric_limits<double>::infinity();
  point->rho_first_out = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < free.size(); ++i) {
    const std::uint32_t k = free[i];
    if (i < need) {
      point->chosen.push_back(k);
      bound += rho[k];
      point->rho_last_in = std::max(point->rho_last_in, rho[k]);
    } else {
      point->rho_first_out = std::min(point->rho_first_out, rho[k]);
    }
  }
  point->bound = bound;
  return true;
}

MedianLagrangian::MedianLagrangian(const SortedCosts& costs, std::size_t num_open, int threads)
    : c_(costs), p_(num_open), threads_(std::max(1, threads)) {
  const std::size_t cap_index = CapRank(c_.m, p_), w = c_.width;
  cap_.resize(c_.nd);
  for (std::size_t u = 0; u < c_.nd; ++u) {
    const double* row = c_.row_cost(u);
    // A truncated row: no higher than its tail, where its kept prefix ends.
    const double last = c_.truncated() ? c_.tail[u] : row[w - 1];
    cap_[u] = cap_index < w ? std::min(row[cap_index], last) : last;
    if (cap_[u] == row[0]) {  // a flat start: the first cost above it, if any
      const double* above = std::upper_bound(row, row + w, row[0]);
      cap_[u] = above < row + w ? *above : last;
    }
  }
}

std::vector<double> MedianLagrangian::Caps(const std::vector<FacilityState>& state) const {
  std::vector<double> caps = cap_;
  if (c_.truncated()) {  // no ranks: each row's first forced-open entry (none: its cost is past the cap)
    if (std::none_of(state.begin(), state.end(), [](FacilityState s) { return s == FacilityState::kOpen; }))
      return caps;
    for (std::size_t u = 0; u < c_.nd; ++u)
      for (std::size_t i = 0; i < c_.width; ++i)
        if (state[c_.row_cand(u)[i]] == FacilityState::kOpen) {
          caps[u] = std::min(caps[u], c_.row_cost(u)[i]);
          break;
        }
    return caps;
  }
  for (std::size_t k = 0; k < c_.m; ++k) {
    if (state[k] != FacilityState::kOpen) continue;
    const std::uint32_t* rank = c_.rank.data() + k * c_.nd;
    for (std::size_t u = 0; u < c_.nd; ++u) caps[u] = std::min(caps[u], c_.row_cost(u)[rank[u]]);
  }
  return caps;
}

bool MedianLagrangian::Evaluate(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                                LagrangianPoint* point) const {
  const std::size_t nd = c_.nd, m = c_.m;
  std::vector<double>& rho = point->rho;
  rho.assign(m, 0);
  point->below.resize(nd);
  // Adds demand u's relaxed prefix to acc (or to *every, a term of every
  // candidate's rho); returns lambda_u.
  const std::size_t w = c_.width;
  auto scan = [&](std::size_t u, double* acc, double* every) {
    // A truncated row lists every cost below its tail: a multiplier above
    // it counts as its tail (RunSubgradient's caps never set one there).
    const double l = c_.truncated() ? std::min(lambda[u], c_.tail[u]) : lambda[u];
    const double* cost = c_.row_cost(u);
    const std::uint32_t* cand = c_.row_cand(u);
    if (w == m && cost[m / 2] < l && cost[m / 2] == cost[0]) {
      // A long prefix of equal costs (MCLP's 0/1 rows: the covering sites):
      // the same term for every candidate, less the rest of the row's.
      const std::size_t below = static_cast<std::size_t>(std::lower_bound(cost, cost + m, l) - cost);
      if (cost[below - 1] == cost[0]) {
        const double term = cost[0] - l;
        *every += term;
        for (std::size_t i = below; i < m; ++i) acc[cand[i]] -= term;
        point->below[u] = static_cast<std::uint32_t>(below);
        return l;
      }
    }
    std::size_t i = 0;
    for (; i < w && cost[i] < l; ++i) acc[cand[i]] += cost[i] - l;
    point->below[u] = static_cast<std::uint32_t>(i);
    return l;
  };
  double sum_lambda = 0, every = 0;
  // The relaxed prefixes are a small part of each row: parallel only when
  // large. A truncated row's prefix is a large part of it (NY: 73 of 169).
  const int threads = c_.truncated() ? ThreadsFor(nd, w / 4, threads_) : ThreadsFor(nd, m / 512, threads_);
  if (threads == 1) {
    for (std::size_t u = 0; u < nd; ++u) sum_lambda += scan(u, rho.data(), &every);
  } else {
    // Each thread's sums, added in thread order: the same bits every run.
    std::vector<double> parts, lambdas, everys;
    int used = 1;
#pragma omp parallel num_threads(threads)
    {
#pragma omp single
      {
        used = omp_get_num_threads();
        parts.assign(static_cast<std::size_t>(used) * m, 0.0);
        lambdas.assign(static_cast<std::size_t>(used), 0.0);
        everys.assign(static_cast<std::size_t>(used), 0.0);
      }
      const std::size_t t = static_cast<std::size_t>(omp_get_thread_num());
      double* mine = parts.data() + t * m;
      double my_lambda = 0, my_every = 0;
#pragma omp for schedule(static)
      for (std::size_t u = 0; u < nd; ++u) my_lambda += scan(u, mine, &my_every);
      lambdas[t] = my_lambda;
      everys[t] = my_every;
    }
    for (std::size_t t = 0; t < static_cast<std::size_t>(used); ++t) {
      sum_lambda += lambdas[t];
      every += everys[t];
      for (std::size_t k = 0; k < m; ++k) rho[k] += parts[t * m + k];
    }
  }
  if (every != 0)
    for (double& r : rho) r += every;
  return ChooseOpenSet(state, p_, sum_lambda, point);
}

bool MedianLagrangian::Update(const std::vector<FacilityState>& state, const std::vector<double>& lambda,
                              const std::vector<double>& before, const std::vector<std::uint32_t>& changed,
                              LagrangianPoint* point) const {
  const std::size_t nd = c_.nd;
  // Past a few changes a fresh pass costs less than the updates.
  if (!c_.truncated() || point->below.size() != nd || point->rho.size() != c_.m || changed.size() * 8 > nd)
    return Evaluate(state, lambda, point);
  double* rho = point->rho.data();
  for (std::uint32_t u : changed) {
    const double* cost = c_.row_cost(u);
    const std::uint32_t* cand = c_.row_cand(u);
    const double old_l = std::min(before[u], c_.tail[u]), l = std::min(lambda[u], c_.tail[u]);
    for (std::size_t i = 0; i < point->below[u]; ++i) rho[cand[i]] -= cost[i] - old_l;
    std::size_t i = 0;
    for (; i < c_.width && cost[i] < l; ++i) rho[cand[i]] += cost[i] - l;
    point->below[u] = static_cast<std::uint32_t>(i);
  }
  double sum_lambda = 0;
  for (std::size_t u = 0; u < nd; ++u) sum_lambda += std::min(lambda[u], c_.tail[u]);
  return ChooseOpenSet(state, p_, sum_lambda, point);
}

void MedianLagrangian::UpdateSubgradient(const std::vector<double>& lambda, const LagrangianPoint& point,
                                         const std::vector<std::uint32_t>& before_chosen,
                                         const std::vector<std::uint32_t>& changed, std::vector<double>* g) const {
  std::vector<std::uint32_t> chosen = point.chosen;
  std::sort(chosen.begin(), chosen.end());
  if (!c_.truncated() || g->size() != c_.nd || chosen != before_chosen || changed.size() * 8 > c_.nd) {
    Subgradient(lambda, point, g);
    return;
  }
  std::vector<char> open(c_.m, 0);
  for (std::uint32_t k : chosen) open[k] = 1;
  for (std::uint32_t u : changed) {
    const std::uint32_t* cand = c_.row_cand(u);
    double served = 0;
    for (std::size_t i = 0; i < point.below[u]; ++i) served += open[cand[i]];
    (*g)[u] = 1.0 - served;
  }
}

void MedianLagrangian::Subgradient(const std::vector<double>&, const LagrangianPoint& point,
                                   std::vector<double>* g) const {
  const std::size_t nd = c_.nd, m = c_.m;
  const std::vector<std::uint32_t>& below = point.below;
  g->assign(nd, 1.0);
  std::size_t prefix_entries = 0;
  for (std::uint32_t b : below) prefix_entries += b;
  if (!c_.rank.empty() && point.chosen.size() * nd <= prefix_entries) {  // few open sites: read their ranks
    for (std::uint32_t k : point.chosen) {
      const std::uint32_t* rank = c_.rank.data() + static_cast<std::size_t>(k) * nd;
      for (std::size_t u = 0; u < nd; ++u) (*g)[u] -= rank[u] < below[u] ? 1.0 : 0.0;
    }
    return;
  }
  std::vector<char> open(m, 0);
  for (std::uint32_t k : point.chosen) open[k] = 1;
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(prefix_entries, threads_))
  for (std::size_t u = 0; u < nd; ++u) {
    const std::uint32_t* cand = c_.row_cand(u);
    double served = 0;
    for (std::size_t i = 0; i < below[u]; ++i) served += open[cand[i]];
    (*g)[u] = 1.0 - served;
  }
}

double LagrangianPass::Objective(const std::vector<std::uint32_t>& sites) const {
  double total = 0;
  for (double c : NearestCosts(sites)) total += c;
  return total;
}

std::vector<double> MedianLagrangian::NearestCosts(const std::vector<std::uint32_t>& sites) const {
  std::vector<char> open(c_.m, 0);
  for (std::uint32_t k : sites) open[k] = 1;
  std::vector<double> nearest(c_.nd, 0);
#pragma omp parallel for schedule(static) num_threads(ThreadsFor(c_.nd, c_.width, threads_))
  for (std::size_t u = 0; u < c_.nd; ++u) {
    std::size_t i = 0;
    while (i < c_.width && !open[c_.row_cand(u)[i]]) ++i;
    if (i < c_.width) {
      nearest[u] = c_.row_cost(u)[i];
    } else if (c_.truncated()) {  // every site is past the row's prefix: read their costs
      double best = std::numeric_limits<double>::infinity();
      for (std::uint32_t k : sites) best = std::min(best, c_.entry_cost(u, k));
      nearest[u] = best;
    }
  }
  return nearest;
}

std::vector<double> StartMultipliers(const LagrangianPass& lag, const std::vector<std::uint32_t>& sites) {
  return lag.NearestCosts(sites);
}

LagrangianPoint RunSubgradient(const LagrangianPass& lag, const std::vector<FacilityState>& state,
                               std::vector<double>* lambda, double* upper, std::vector<std::uint32_t>* incumbent,
                               double prune_at, const SubgradientOptions& options) {
  const std::size_t nd = lag.num_demands();
  LagrangianPoint best, point;
  best.bound = -std::numeric_limits<double>::infinity();
  std::vector<double> best_lambda = *lambda, g;
  std::vector<std::uint32_t> last_priced;
  // The last step's multipliers before it, the demands it changed, and the
  // open set whose subgradient g holds: what Update and UpdateSubgradient read.
  std::vector<double> before;
  std::vector<std::uint32_t> changed, before_chosen;
  const bool updates = lag.Updates();
  const std::vector<double> caps = lag.Caps(state);
  for (std::size_t u = 0; u < nd; ++u) (*lambda)[u] = std::clamp((*lambda)[u], 0.0, caps[u]);
  double f = options.start_step;
  std::size_t since_better = 0;
  std::vector<double> share(lag.num_candidates(), 0.0);
  double share_weight = 0;
  // The run ends at max_iterations or once the step falls below min_step: the
  // halvings it may still take measure its progress as well as the count.
  const double halvings = std::max(1.0, std::ceil(std::log2(options.start_step / options.min_step)));
  double halved = 0;
  for (std::size_t it = 0; it < options.max_iterations; ++it) {
    if (InterruptionRequested()) break;  // the best bound so far stands; the caller throws (interruption.hpp)
    if (options.progress)
      options.progress(
          {"lower bound", it,
           std::max(static_cast<double>(it) / static_cast<double>(options.max_iterations), halved / halvings),
           best.bound});
    const bool fresh = it == 0 || !updates;
    if (!(fresh ? lag.Evaluate(state, *lambda, &point) : lag.Update(state, *lambda, before, changed, &point)))
      return point;  // infeasible state: bound stays -inf
    for (std::uint32_t k : point.chosen) share[k] += static_cast<double>(it + 1);
    share_weight += static_cast<double>(it + 1);
    if (point.bound > best.bound) {
      best = point;
      best_lambda = *lambda;
      since_better = 0;
    } else if (++since_better >= options.patience) {
      f /= 2;
      ++halved;
      since_better = 0;
      if (f < options.min_step) break;
    }
    if (best.bound >= prune_at) break;
    // Pricing a set reads each row up to its nearest open site: the
    // dearest step, so only every few iterations and only for a new set.
    std::vector<std::uint32_t> sorted_chosen = point.chosen;
    std::sort(sorted_chosen.begin(), sorted_chosen.end());
    if (it % options.price_every == 0 && sorted_chosen != last_priced) {
      last_priced = sorted_chosen;
      const double value = lag.Objective(point.chosen);
      if (value < *upper) {
        *upper = value;
        *incumbent = point.chosen;
      }
    }
    if (fresh) lag.Subgradient(*lambda, point, &g);
    else lag.UpdateSubgradient(*lambda, point, before_chosen, changed, &g);
    if (updates) before_chosen = std::move(sorted_chosen);
    double norm = 0;
    for (double x : g) norm += x * x;
    if (norm == 0) break;  // the relaxation serves every demand once: its bound is its value
    const double target = std::max(*upper, point.bound + 1e-9 * (std::fabs(point.bound) + 1));
    const double step = f * (target - point.bound) / norm;
    // Any multipliers give a valid bound; capping each at its row's K-th
    // cost keeps the scanned prefixes short while the steps oscillate.
    if (updates) {
      before = *lambda;
      changed.clear();
    }
    for (std::size_t u = 0; u < nd; ++u) {
      (*lambda)[u] = std::clamp((*lambda)[u] + step * g[u], 0.0, caps[u]);
      if (updates && (*lambda)[u] != before[u]) changed.push_back(static_cast<std::uint32_t>(u));
    }
    if (options.deadline_s > 0 && (it & 7) == 7 && SteadySeconds() > options.deadline_s) break;
  }
  *lambda = best_lambda;
  // An updated point's sums rounded otherwise than a fresh pass's: the bound
  // returned is the fresh pass's at the best multipliers (the same bits every run).
  if (updates && best.bound > -std::numeric_limits<double>::infinity()) lag.Evaluate(state, best_lambda, &best);
  if (share_weight > 0)
    for (double& x : share) x /= share_weight;
  best.open_share = std::move(share);
  return best;
}

}  // namespace gdist
