#include "lib/siting/facility_location_dual.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "lib/siting/deadline.hpp"

namespace gdist {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class Ascent {
 public:
  Ascent(const FacilityCosts& c, const std::vector<signed char>& state, double deadline)
      : c_(c), state_(state), deadline_(deadline) {}

  bool Late() const { return deadline_ > 0 && SteadySeconds() > deadline_; }

  // v_u at each demand's cheapest candidate left; false: some demand has none.
  bool Start(FacilityDual* d) {
    d->v.assign(c_.nd, 0);
    d->slack.assign(c_.m, 0);
    for (std::size_t k = 0; k < c_.m; ++k) d->slack[k] = state_[k] == kFacilityFree ? c_.f[k] : 0;
    pos_.assign(c_.nd, 0);
    blocker_.assign(c_.nd, 0);
    freed_.assign(c_.m, 0);
    for (std::size_t u = 0; u < c_.nd; ++u) {
      const std::uint32_t* o = Row(u);
      std::uint32_t i = 0;
      while (i < c_.reach[u] && Closed(o[i])) ++i;
      if (i == c_.reach[u]) return false;
      d->v[u] = c_.cost(u, o[i]);
      pos_[u] = Advance(u, i, d->v[u]);
    }
    return true;
  }

  // One step of demand u: to its next level, or until a candidate it pays into is tight.
  bool Step(std::size_t u, FacilityDual* d) {
    const std::uint32_t* o = Row(u);
    const std::uint32_t p = pos_[u], r = c_.reach[u];
    std::uint32_t i = p;
    while (i < r && Closed(o[i])) ++i;
    const double level = i < r ? c_.cost(u, o[i]) : kInf;
    double room = kInf;
    std::uint32_t tightest = 0;
    for (std::uint32_t j = 0; j < p; ++j)
      if (!Closed(o[j]) && d->slack[o[j]] < room) room = d->slack[o[j]], tightest = o[j];
    const double to_level = level - d->v[u];
    const double delta = std::min(to_level, room);
    if (!(delta > 0)) {  // room 0: blocked by `tightest` until its slack grows
      blocker_[u] = tightest;
      return false;
    }
    for (std::uint32_t j = 0; j < p; ++j)
      if (!Closed(o[j])) {
        double& s = d->slack[o[j]];
        s = s <= delta ? 0 : s - delta;  // the binding ones exactly tight
      }
    d->v[u] = delta == to_level ? level : d->v[u] + delta;
    pos_[u] = Advance(u, p, d->v[u]);
    return true;
  }

  // Passes over every demand but `skip` until none rises. Past a deadline
  // too: every demand then pays into a tight candidate, so the tight ones
  // serve every demand (the primal a time limit returns).
  void Run(FacilityDual* d, std::size_t skip) {
    for (bool rose = true; rose;) {
      rose = false;
      for (std::size_t u = 0; u < c_.nd; ++u)
        if (u != skip && Step(u, d)) rose = true;
    }
  }

  // Erlenkotter's adjustment at demand u, kept only where the sum does not fall.
  bool Adjust(std::size_t u, FacilityDual* d) {
    const std::uint32_t* o = Row(u);
    const double vu = d->v[u];
    int tight = 0;
    double below = -kInf;  // the largest level under v_u
    for (std::uint32_t j = 0; j < pos_[u]; ++j) {
      const std::uint32_t k = o[j];
      if (Closed(k)) continue;
      const double g = c_.cost(u, k);
      if (g < vu) {
        below = std::max(below, g);
        tight += d->slack[k] == 0;
      }
    }
    if (tight < 2) return false;
    const FacilityDual saved = *d;
    const std::vector<std::uint32_t> saved_pos = pos_, saved_blocker = blocker_;
    const double before = Sum(*d);
    const double freed = vu - below;
    for (std::uint32_t j = 0; j < pos_[u]; ++j)
      if (!Closed(o[j]) && c_.cost(u, o[j]) < vu) {
        freed_[o[j]] |= d->slack[o[j]] == 0;
        d->slack[o[j]] += freed;
      }
    d->v[u] = below;
    std::uint32_t p = 0;
    while (p < c_.reach[u] && c_.cost(u, o[p]) <= below) ++p;
    pos_[u] = p;
    // Every demand was blocked by a tight candidate it pays into: only those
    // blocked by one that was freed can rise, and rising frees nothing, so
    // once they and then u have risen every demand is blocked again.
    rising_.clear();
    for (std::size_t j = 0; j < c_.nd; ++j)
      if (j != u && freed_[blocker_[j]]) rising_.push_back(static_cast<std::uint32_t>(j));
    for (std::uint32_t j = 0; j < pos_[u]; ++j) freed_[o[j]] = 0;
    for (bool rose = true; rose;) {
      rose = false;
      for (std::uint32_t j : rising_) rose |= Step(j, d);
    }
    while (Step(u, d)) {}
    if (Sum(*d) > before) return true;
    *d = saved;
    pos_ = saved_pos;
    blocker_ = saved_blocker;
    return false;
  }

  double Sum(const FacilityDual& d) const {
    double s = 0;
    for (double x : d.v) s += x;
    return s;
  }

 private:
  const std::uint32_t* Row(std::size_t u) const { return &c_.order[u * c_.m]; }
  bool Closed(std::uint32_t k) const { return state_[k] == kFacilityClosed; }
  // The first position past `from` whose cost is above v (closed ones included: they are skipped).
  std::uint32_t Advance(std::size_t u, std::uint32_t from, double v) const {
    const std::uint32_t* o = Row(u);
    while (from < c_.reach[u] && c_.cost(u, o[from]) <= v) ++from;
    return from;
  }

  const FacilityCosts& c_;
  const std::vector<signed char>& state_;
  const double deadline_;
  std::vector<std::uint32_t> rising_;   // Adjust's demands that may rise
  std::vector<std::uint32_t> blocker_;  // per demand: a tight candidate it pays into (once blocked)
  std::vector<char> freed_;             // per candidate: tight, and freed by the adjustment at hand
  std::vector<std::uint32_t> pos_;      // per demand: its candidates of cost <= v_u are order[0, pos)
};

}  // namespace

std::vector<signed char> FacilityRootState(const FacilityCosts& c) {
  std::vector<signed char> s(c.m, kFacilityFree);
  for (std::size_t k = 0; k < c.m; ++k)
    if (c.fixed[k]) s[k] = kFacilityOpen;
  return s;
}

FacilityDual FacilityDualAscent(const FacilityCosts& c, const std::vector<signed char>& state, int adjust_rounds,
                                double deadline) {
  FacilityDual d;
  const std::vector<signed char> root = state.empty() ? FacilityRootState(c) : std::vector<signed char>();
  Ascent a(c, state.empty() ? root : state, deadline);
  if (!a.Start(&d)) {
    d.feasible = false;
    d.bound = kInf;
    return d;
  }
  a.Run(&d, c.nd);
  for (int round = 0; round < adjust_rounds; ++round) {
    bool better = false;
    for (std::size_t u = 0; u < c.nd && !(u % 64 == 0 && a.Late()); ++u) better |= a.Adjust(u, &d);
    if (!better) break;
  }
  const std::vector<signed char>& s = state.empty() ? root : state;
  d.bound = a.Sum(d);
  for (std::size_t k = 0; k < c.m; ++k)
    if (s[k] == kFacilityOpen) d.bound += c.f[k];
  return d;
}

}  // namespace gdist
