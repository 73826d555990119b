#include "lib/siting/lagrangian_bound.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "lib/core/element_traits.hpp"
#include "lib/util/interruption.hpp"

namespace gdist {

SortedCosts SortedCosts::Sized(std::size_t nd, std::size_t m) {
  SortedCosts c;
  c.nd = nd;
  c.m = m;
  c.cost.resize(nd * m);
  c.cand.resize(nd * m);
  c.rank.resize(nd * m);
  return c;
}

void SortedCosts::SetRow(std::size_t u, const std::vector<std::pair<double, std::uint32_t>>& ascending) {
  for (std::size_t i = 0; i < m; ++i) {
    cost[u * m + i] = ascending[i].first;
    cand[u * m + i] = ascending[i].second;
    rank[static_cast<std::size_t>(ascending[i].second) * nd + u] = static_cast<std::uint32_t>(i);
  }
}

template <class T> std::optional<SortedCosts> BuildSortedCosts(const SitingProblem<T>& prob, double penalty,
                                                               std::size_t max_entries, bool take_out_row_minima) {
  const std::size_t nd = prob.num_demands(), m = prob.num_candidates();
  if (nd * m > max_entries || m == 0) return std::nullopt;
  SortedCosts c = SortedCosts::Sized(nd, m);
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
      std::sort(row.begin(), row.end());
      c.SetRow(u, row);
    }
  }
  c.integral = integral;
  if (take_out_row_minima && integral) {
    double constant = 0;  // whole numbers: exact while below 2^53
    for (std::size_t u = 0; u < nd; ++u) constant += c.row_cost(u)[0];
    if (constant < 0x1p53) {
      for (std::size_t u = 0; u < nd; ++u) {
        double* row = c.cost.data() + u * m;
        const double least = row[0];
        for (std::size_t i = 0; i < m; ++i) row[i] -= least;  // whole: exact
      }
      c.constant = constant;
    }
  }
  return c;
}

#define GDIST_INSTANTIATE(T) \
  template std::optional<SortedCosts> BuildSortedCosts(const SitingProblem<T>&, double, std::size_t, bool);
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

SortedCosts KeepCandidates(const SortedCosts& from, const std::vector<std::uint32_t>& keep,
                           std::vector<std::uint32_t>* row_of) {
  const std::size_t nd = from.nd, m = keep.size();
  std::vector<std::uint32_t> renumber(from.m, static_cast<std::uint32_t>(m));
  for (std::size_t i = 0; i < m; ++i) renumber[keep[i]] = static_cast<std::uint32_t>(i);
  SortedCosts c = SortedCosts::Sized(nd, m);
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
  if (!row_of) return c;
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
  const std::size_t cap_index = CapRank(c_.m, p_);
  cap_.resize(c_.nd);
  for (std::size_t u = 0; u < c_.nd; ++u) {
    const double* row = c_.row_cost(u);
    cap_[u] = row[cap_index];
    if (cap_[u] == row[0]) {  // a flat start: the first cost above it, if any
      const double* above = std::upper_bound(row, row + c_.m, row[0]);
      cap_[u] = above < row + c_.m ? *above : row[c_.m - 1];
    }
  }
}

std::vector<double> MedianLagrangian::Caps(const std::vector<FacilityState>& state) const {
  std::vector<double> caps = cap_;
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
  auto scan = [&](std::size_t u, double* acc, double* every) {
    const double l = lambda[u];
    const double* cost = c_.row_cost(u);
    const std::uint32_t* cand = c_.row_cand(u);
    if (cost[m / 2] < l && cost[m / 2] == cost[0]) {
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
    for (; i < m && cost[i] < l; ++i) acc[cand[i]] += cost[i] - l;
    point->below[u] = static_cast<std::uint32_t>(i);
    return l;
  };
  double sum_lambda = 0, every = 0;
  // The relaxed prefixes are a small part of each row: parallel only when large.
  const int threads = ThreadsFor(nd, m / 512, threads_);
  if (threads == 1) {
    for (std::size_t u = 0; u < nd; ++u) sum_lambda += scan(u, rho.data(), &every);
  } else {
#pragma omp parallel num_threads(threads) reduction(+ : sum_lambda, every)
    {
      std::vector<double> mine(m, 0);
#pragma omp for schedule(static)
      for (std::size_t u = 0; u < nd; ++u) sum_lambda += scan(u, mine.data(), &every);
#pragma omp critical
      for (std::size_t k = 0; k < m; ++k) rho[k] += mine[k];
    }
  }
  if (every != 0)
    for (double& r : rho) r += every;
  return ChooseOpenSet(state, p_, sum_lambda, point);
}

void MedianLagrangian::Subgradient(const std::vector<double>&, const LagrangianPoint& point,
                                   std::vector<double>* g) const {
  const std::size_t nd = c_.nd, m = c_.m;
  const std::vector<std::uint32_t>& below = point.below;
  g->assign(nd, 1.0);
  std::size_t prefix_entries = 0;
  for (std::uint32_t b : below) prefix_entries += b;
  if (point.chosen.size() * nd <= prefix_entries) {  // few open sites: read their ranks
    for (std::uint32_t k : point.chosen) {
      const std::uint32_t* rank = c_.rank.data() + static_cast<std::size_t>(k) * nd;
      for (std::size_t u = 0; u < nd; ++u) (*g)[u] -= rank[u] < below[u] ? 1.0 : 0.0;
    }
    return;
  }
  std::vector<char> open(m, 0);
  for (std::uint32_t k : point.chosen) open[k] = 1;
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
  for (std::size_t u = 0; u < c_.nd; ++u)
    for (std::size_t i = 0; i < c_.m; ++i)
      if (open[c_.row_cand(u)[i]]) {
        nearest[u] = c_.row_cost(u)[i];
        break;
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
  const std::vector<double> caps = lag.Caps(state);
  for (std::size_t u = 0; u < nd; ++u) (*lambda)[u] = std::clamp((*lambda)[u], 0.0, caps[u]);
  double f = options.start_step;
  std::size_t since_better = 0;
  std::vector<double> share(lag.num_candidates(), 0.0);
  double share_weight = 0;
  for (std::size_t it = 0; it < options.max_iterations; ++it) {
    if (InterruptionRequested()) break;  // the best bound so far stands; the caller throws (interruption.hpp)
    if (!lag.Evaluate(state, *lambda, &point)) return point;  // infeasible state: bound stays -inf
    for (std::uint32_t k : point.chosen) share[k] += static_cast<double>(it + 1);
    share_weight += static_cast<double>(it + 1);
    if (point.bound > best.bound) {
      best = point;
      best_lambda = *lambda;
      since_better = 0;
    } else if (++since_better >= options.patience) {
      f /= 2;
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
    lag.Subgradient(*lambda, point, &g);
    double norm = 0;
    for (double x : g) norm += x * x;
    if (norm == 0) break;  // the relaxation serves every demand once: its bound is its value
    const double target = std::max(*upper, point.bound + 1e-9 * (std::fabs(point.bound) + 1));
    const double step = f * (target - point.bound) / norm;
    // Any multipliers give a valid bound; capping each at its row's K-th
    // cost keeps the scanned prefixes short while the steps oscillate.
    for (std::size_t u = 0; u < nd; ++u) (*lambda)[u] = std::clamp((*lambda)[u] + step * g[u], 0.0, caps[u]);
    if (options.deadline_s > 0 && (it & 7) == 7 && SteadySeconds() > options.deadline_s) break;
  }
  *lambda = best_lambda;
  if (share_weight > 0)
    for (double& x : share) x /= share_weight;
  best.open_share = std::move(share);
  return best;
}

}  // namespace gdist
