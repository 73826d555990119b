#include "lib/siting/covering_mip.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "lib/siting/cover_reduction.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"

#ifdef GDIST_HAVE_CBC
#include <coin/CbcConfig.h>  // CBC_VERSION
#include <coin/Cbc_C_Interface.h>
#include <coin/Clp_C_Interface.h>

#include <coin/CbcEventHandler.hpp>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/ClpEventHandler.hpp>
#include <coin/OsiClpSolverInterface.hpp>
#include <string>

#include "lib/siting/deadline.hpp"
#endif

namespace gdist {

// CLP aborts the process (an assertion in ClpSimplex::createRim) on an
// objective coefficient of 1e25 or more, and its numerics fail well before:
// such a program is refused with the reason instead (issue 26: a cost or
// weight of 1e26 crashed gcenter with SIGABRT).
constexpr double kLargestCoinObjective = 1e20;

void RequireMipObjectiveScale(double largest) {
  if (largest < kLargestCoinObjective) return;
  throw Error("COIN-OR CLP/CBC: the program's objective has a coefficient of " + ExactText(largest) +
              " (a weight, an opening cost, or a weight times a cost), past the " + ExactText(kLargestCoinObjective) +
              " it solves reliably; scale the costs or weights down");
}

#ifndef GDIST_HAVE_CBC

bool HaveMipSolver() { return false; }
std::string MipSolverName() { return {}; }
MipAnswer SolveMinCoverMip(const CoverLists&, const std::vector<std::uint32_t>&, const MipOptions&) { return {}; }
MipAnswer SolveMaxCoverMip(const CoverLists&, const std::vector<double>&, const std::vector<std::uint32_t>&,
                           std::size_t, const MipOptions&) {
  return {};
}
MipAnswer SolveBackupCoverMip(const CoverLists&, const std::vector<double>&, const std::vector<std::uint32_t>&,
                              std::size_t, const MipOptions&) {
  return {};
}
MipAnswer SolveAssignmentMip(const AssignmentProgram&, const MipOptions&) { return {}; }

#else

bool HaveMipSolver() { return true; }
std::string MipSolverName() {
#ifdef CBC_VERSION
  return "COIN-OR CBC " CBC_VERSION;
#else
  return "COIN-OR CBC";
#endif
}

namespace {

// Column-major coefficients of the candidates' y columns over the rows: entry
// `coef` at each row the candidate covers.
struct Columns {
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value;
};

void AddCandidateColumns(const CoverLists& L, const CoverRows& rows, double coef, int extra_row, Columns* cols) {
  std::vector<std::size_t> seen_in(rows.rep.size(), ~std::size_t{0});
  for (std::size_t k = 0; k < L.m; ++k) {
    cols->start.push_back(static_cast<CoinBigIndex>(cols->index.size()));
    for (std::size_t i = 0; i < L.num_covered(k); ++i) {
      const std::int32_t row = rows.row_of[L.covered(k)[i]];
      if (row < 0 || seen_in[row] == k) continue;
      seen_in[row] = k;
      cols->index.push_back(row);
      cols->value.push_back(coef);
    }
    if (extra_row >= 0) {
      cols->index.push_back(extra_row);
      cols->value.push_back(1.0);
    }
  }
}

struct Problem {
  int ncols = 0, nrows = 0;
  Columns cols;
  std::vector<double> collb, colub, obj, rowlb, rowub;
  int num_integer = 0;  // the first num_integer columns are 0/1 integers
  double sense = 1;     // 1 minimise, -1 maximise
  double constant = 0;  // added to the objective
  // Every integer solution's objective is a multiple of this (0: unknown):
  // CBC may then stop once no better multiple is left.
  double objective_step = 0;
};

void RequireCoinScale(const Problem& P) {
  double largest = 0;
  for (double c : P.obj) largest = std::max(largest, std::fabs(c));
  RequireMipObjectiveScale(largest);
}

// The LP relaxation with CLP.
MipAnswer SolveRelaxation(const Problem& P, double time_limit_s, int max_iterations) {
  RequireCoinScale(P);
  MipAnswer a;
  Clp_Simplex* clp = Clp_newModel();
  Clp_setLogLevel(clp, 0);
  Clp_loadProblem(clp, P.ncols, P.nrows, P.cols.start.data(), P.cols.index.data(), P.cols.value.data(), P.collb.data(),
                  P.colub.data(), P.obj.data(), P.rowlb.data(), P.rowub.data());
  Clp_setOptimizationDirection(clp, P.sense);
  if (time_limit_s > 0) Clp_setMaximumSeconds(clp, time_limit_s);
  if (max_iterations > 0) Clp_setMaximumIterations(clp, max_iterations);
  Clp_initialSolve(clp);
  a.iterations = Clp_numberIterations(clp);
  if (Clp_isProvenOptimal(clp)) {
    a.status = MipAnswer::Status::kOptimal;
    a.objective = Clp_objectiveValue(clp) + P.constant;
    a.bound = a.objective;
  } else if (Clp_isProvenPrimalInfeasible(clp)) {
    a.status = MipAnswer::Status::kInfeasible;
  } else {
    a.status = MipAnswer::Status::kStopped;
    a.bound = P.sense > 0 ? -INFINITY : INFINITY;
  }
  Clp_deleteModel(clp);
  return a;
}

// The integer program with CBC; `start` (column values) seeds it. `values`:
// the best solution's columns, when the caller needs more than the sites.
// `cutoff`: only solutions at most it.
MipAnswer SolveInteger(const Problem& P, const MipOptions& o, std::optional<double> cutoff, std::size_t m,
                       std::vector<double>* values, const std::vector<double>* start = nullptr) {
  RequireCoinScale(P);
  MipAnswer a;
  Cbc_Model* cbc = Cbc_newModel();
  Cbc_setLogLevel(cbc, 0);
  Cbc_loadProblem(cbc, P.ncols, P.nrows, P.cols.start.data(), P.cols.index.data(), P.cols.value.data(), P.collb.data(),
                  P.colub.data(), P.obj.data(), P.rowlb.data(), P.rowub.data());
  Cbc_setObjSense(cbc, P.sense);
  for (int j = 0; j < P.num_integer; ++j) Cbc_setInteger(cbc, j);
  if (o.time_limit_s > 0) Cbc_setMaximumSeconds(cbc, o.time_limit_s);
  if (o.max_nodes > 0) Cbc_setMaximumNodes(cbc, o.max_nodes);
  if (cutoff) Cbc_setCutoff(cbc, *cutoff);
  if (o.first_solution) Cbc_setMaximumSolutions(cbc, 1);
  // A proof to 1e-9 relative: CBC's default allowable gaps would stop short
  // of one. With integral objectives, a bound less than one step above the
  // incumbent already proves it.
  Cbc_setAllowableGap(cbc, P.objective_step > 0 ? P.objective_step * (1 - 1e-6) : 1e-9);
  Cbc_setAllowableFractionGap(cbc, 1e-12);
  std::vector<int> idx;
  if (start) {
    idx.resize(start->size());
    std::iota(idx.begin(), idx.end(), 0);
    Cbc_setMIPStartI(cbc, static_cast<int>(idx.size()), idx.data(), start->data());
  }
  Cbc_solve(cbc);
  const double* x = Cbc_bestSolution(cbc);
  if (x) {
    if (values) values->assign(x, x + P.ncols);
    for (std::size_t k = 0; k < m; ++k)
      if (x[k] > 0.5) a.sites.push_back(static_cast<std::uint32_t>(k));
    a.objective = Cbc_getObjValue(cbc) + P.constant;
  }
  if (Cbc_isProvenOptimal(cbc) && x) {
    a.status = MipAnswer::Status::kOptimal;
    a.bound = a.objective;
  } else if (Cbc_isProvenInfeasible(cbc) || (Cbc_isProvenOptimal(cbc) && !x)) {
    a.status = MipAnswer::Status::kInfeasible;
  } else {
    a.status = MipAnswer::Status::kStopped;
    a.bound = Cbc_getBestPossibleObjValue(cbc) + P.constant;
  }
  Cbc_deleteModel(cbc);
  return a;
}

// The deadline inside CLP: every simplex iteration of every LP CBC solves
// (root, cut passes, strong branching, nodes) ends here; past the deadline
// the LP stops (status 5, "stopped by event"). `fired` tells the caller that
// CBC's bound and any infeasibility it reports no longer hold.
class ClpDeadline : public ClpEventHandler {
 public:
  ClpDeadline(double deadline, bool* fired) : deadline_(deadline), fired_(fired) {}
  int event(Event e) override {
    if (e != endOfIteration || (++calls_ & 31) != 0) return -1;
    if (!*fired_ && SteadySeconds() < deadline_) return -1;
    *fired_ = true;
    return 0;
  }
  ClpEventHandler* clone() const override { return new ClpDeadline(*this); }

 private:
  double deadline_;
  bool* fired_;
  unsigned calls_ = 0;
};

// ... and between nodes, heuristics and cut passes (CBC's events).
class CbcDeadline : public CbcEventHandler {
 public:
  CbcDeadline(double deadline, bool* fired) : deadline_(deadline), fired_(fired) {}
  CbcAction event(CbcEvent) override {
    if (!*fired_ && SteadySeconds() < deadline_) return noAction;
    *fired_ = true;
    return stop;
  }
  CbcEventHandler* clone() const override { return new CbcDeadline(*this); }

 private:
  double deadline_;
  bool* fired_;
};

int NoCallback(CbcModel*, int) { return 0; }

// The integer program with CBC's C++ API (the same CbcMain1 as the C
// interface's Cbc_solve, with the same settings), so that the deadline
// handlers above reach its LPs. `cutoff`: only solutions at most it.
MipAnswer SolveIntegerBefore(const Problem& P, const MipOptions& o, std::optional<double> cutoff, std::size_t m,
                             std::vector<double>* values, const std::vector<double>* start = nullptr) {
  RequireCoinScale(P);
  MipAnswer a;
  bool fired = false;
  const double deadline = o.deadline > 0 ? o.deadline : INFINITY;
  const double left = deadline - SteadySeconds();
  if (left <= 0) {
    a.status = MipAnswer::Status::kStopped;
    a.interrupted = true;
    return a;
  }
  OsiClpSolverInterface solver;
  solver.loadProblem(P.ncols, P.nrows, P.cols.start.data(), P.cols.index.data(), P.cols.value.data(), P.collb.data(),
                     P.colub.data(), P.obj.data(), P.rowlb.data(), P.rowub.data());
  solver.setObjSense(P.sense);
  for (int j = 0; j < P.num_integer; ++j) solver.setInteger(j);
  solver.messageHandler()->setLogLevel(0);
  solver.getModelPtr()->setLogLevel(0);
  ClpDeadline clp_stop(deadline, &fired);
  solver.getModelPtr()->passInEventHandler(&clp_stop);
  CbcModel model(solver);
  model.setLogLevel(0);
  CbcDeadline cbc_stop(deadline, &fired);
  model.passInEventHandler(&cbc_stop);
  CbcSolverUsefulData data;
  data.noPrinting_ = true;
  CbcMain0(model, data);
  if (start) {  // by the solver's column names, as CBC's C interface passes one
    std::vector<std::pair<std::string, double>> named;
    for (int j = 0; j < P.ncols; ++j) named.emplace_back(solver.getColName(j), (*start)[j]);
    model.setMIPStart(named);
  }
  const double gap = P.objective_step > 0 ? P.objective_step * (1 - 1e-6) : 1e-9;
  char gap_text[64];
  std::snprintf(gap_text, sizeof gap_text, "%.17g", gap);
  std::vector<std::string> args = {"gdist", "-log", "0", "-allowableGap", gap_text, "-ratioGap", "1e-12"};
  // No idiot crash for the first LP: it makes no simplex iterations, so the
  // deadline handler would not see it.
  if (std::isfinite(left)) args.insert(args.end(), {"-seconds", std::to_string(left), "-idiotCrash", "0"});
  if (o.max_nodes > 0) args.insert(args.end(), {"-maxNodes", std::to_string(o.max_nodes)});
  if (o.first_solution) args.insert(args.end(), {"-maxSolutions", "1"});
  if (cutoff) {
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", *cutoff);
    args.insert(args.end(), {"-cutoff", text});
  }
  args.insert(args.end(), {"-solve", "-quit"});
  std::vector<const char*> argv;
  for (const std::string& x : args) argv.push_back(x.c_str());
  CbcMain1(static_cast<int>(argv.size()), argv.data(), model, NoCallback, data);
  const double* x = model.bestSolution();
  if (x) {
    if (values) values->assign(x, x + P.ncols);
    for (std::size_t k = 0; k < m; ++k)
      if (x[k] > 0.5) a.sites.push_back(static_cast<std::uint32_t>(k));
    a.objective = model.getObjValue() + P.constant;
  }
  a.interrupted = fired;
  if (!fired && model.isProvenOptimal() && x) {
    a.status = MipAnswer::Status::kOptimal;
    a.bound = a.objective;
  } else if (!fired && (model.isProvenInfeasible() || (model.isProvenOptimal() && !x))) {
    a.status = MipAnswer::Status::kInfeasible;
  } else {
    a.status = MipAnswer::Status::kStopped;
    a.bound = fired ? (P.sense > 0 ? -INFINITY : INFINITY) : model.getBestPossibleObjValue() + P.constant;
  }
  return a;
}

// The covering programs' integer program: a time limit is a deadline too, so
// that it holds inside CBC's LPs (SolveIntegerBefore). With CBC's own clock
// only, the set-cover program of 2,000 points ran 4 s past a 0.2 s limit
// (LSCP's proof before backup cover), the backup program's root LP of 5,000
// demands 28 s past its limit.
MipAnswer SolveCoveringInteger(const Problem& P, MipOptions o, std::optional<double> cutoff, std::size_t m,
                               const std::vector<double>* start) {
  if (o.deadline <= 0 && o.time_limit_s > 0) o.deadline = SteadySeconds() + o.time_limit_s;
  return o.deadline > 0 ? SolveIntegerBefore(P, o, cutoff, m, nullptr, start)
                        : SolveInteger(P, o, cutoff, m, nullptr, start);
}

std::vector<char> Mark(std::size_t m, const std::vector<std::uint32_t>& ks) {
  std::vector<char> mark(m, 0);
  for (std::uint32_t k : ks) mark[k] = 1;
  return mark;
}

}  // namespace

MipAnswer SolveMinCoverMip(const CoverLists& L, const std::vector<std::uint32_t>& fixed, const MipOptions& o) {
  const std::vector<char> is_fixed = Mark(L.m, fixed);
  const CoverRows rows = MergeCoverRows(L, nullptr, is_fixed);
  MipAnswer a;
  if (rows.uncoverable) {
    a.status = MipAnswer::Status::kInfeasible;
    return a;
  }
  Problem P;
  P.ncols = static_cast<int>(L.m);
  P.nrows = static_cast<int>(rows.rep.size());
  AddCandidateColumns(L, rows, 1.0, -1, &P.cols);
  P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
  const std::vector<std::uint32_t> by = Dominators(L, rows, RowsOfCandidates(L, rows), is_fixed);
  P.collb.resize(L.m);
  P.colub.resize(L.m);
  for (std::size_t k = 0; k < L.m; ++k) {
    P.collb[k] = is_fixed[k] ? 1.0 : 0.0;
    P.colub[k] = by[k] == k ? 1.0 : 0.0;
  }
  P.obj.assign(L.m, 1.0);
  P.rowlb.assign(P.nrows, 1.0);
  P.rowub.assign(P.nrows, INFINITY);
  P.num_integer = P.ncols;
  P.objective_step = 1;  // a number of sites
  if (o.relax) return SolveRelaxation(P, o.time_limit_s, o.max_iterations);
  std::vector<double> start;
  if (o.start) {
    start.assign(L.m, 0.0);
    for (std::uint32_t k : Replaced(*o.start, by)) start[k] = 1.0;
  }
  // Fewer than `cutoff` sites: at most cutoff - 1, so a node whose LP needs
  // more than that (plus rounding) is pruned. Half a site above it would keep
  // every node with an LP in (c - 1, c - 0.5): that search took 19.8 s for
  // LSCP's "no 11 sites" at 1000 demands.
  std::optional<double> fewer;
  if (o.cutoff > 0) fewer = o.cutoff - 1 + 1e-6;
  return SolveCoveringInteger(P, o, fewer, L.m, o.start ? &start : nullptr);
}

MipAnswer SolveMaxCoverMip(const CoverLists& L, const std::vector<double>& weights,
                           const std::vector<std::uint32_t>& fixed, std::size_t p, const MipOptions& o) {
  const std::vector<char> is_fixed = Mark(L.m, fixed);
  const CoverRows rows = MergeCoverRows(L, &weights, is_fixed);
  Problem P;
  const int nr = static_cast<int>(rows.rep.size());
  P.ncols = static_cast<int>(L.m) + nr;
  P.nrows = nr + 1;  // coverage rows, then the site count
  AddCandidateColumns(L, rows, -1.0, nr, &P.cols);
  for (int r = 0; r < nr; ++r) {  // z_r
    P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
    P.cols.index.push_back(r);
    P.cols.value.push_back(1.0);
  }
  P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
  const std::vector<std::uint32_t> by = Dominators(L, rows, RowsOfCandidates(L, rows), is_fixed);
  P.collb.assign(P.ncols, 0.0);
  P.colub.assign(P.ncols, 1.0);
  for (std::size_t k = 0; k < L.m; ++k) {
    P.collb[k] = is_fixed[k] ? 1.0 : 0.0;
    P.colub[k] = by[k] == k ? 1.0 : 0.0;
  }
  P.obj.assign(P.ncols, 0.0);
  for (int r = 0; r < nr; ++r) P.obj[L.m + r] = rows.weight[r];
  P.rowlb.assign(P.nrows, -INFINITY);
  P.rowub.assign(P.nrows, 0.0);
  // At most p new sites: with dominated candidates left out fewer may be
  // left, and more sites never cover less (the answer is padded to p).
  P.rowlb[nr] = static_cast<double>(fixed.size());
  P.rowub[nr] = static_cast<double>(p + fixed.size());
  P.num_integer = static_cast<int>(L.m);
  P.sense = -1;
  P.constant = rows.fixed_weight;
  bool whole = std::floor(rows.fixed_weight) == rows.fixed_weight;
  for (double w : rows.weight) whole = whole && std::floor(w) == w;
  P.objective_step = whole ? 1 : 0;  // whole weights: the covered weight is a whole number
  if (o.relax) return SolveRelaxation(P, o.time_limit_s, o.max_iterations);
  std::vector<double> start;
  const std::vector<std::uint32_t> start_sites = o.start ? Replaced(*o.start, by) : std::vector<std::uint32_t>{};
  if (o.start) {
    start.assign(P.ncols, 0.0);
    for (std::uint32_t k : start_sites) start[k] = 1.0;
    for (std::uint32_t k : start_sites)
      for (std::size_t i = 0; i < L.num_covered(k); ++i) {
        const std::int32_t r = rows.row_of[L.covered(k)[i]];
        if (r >= 0) start[L.m + r] = 1.0;
      }
  }
  MipAnswer a = SolveCoveringInteger(P, o, std::nullopt, L.m, o.start ? &start : nullptr);
  if (!a.sites.empty()) {  // pad to p new sites
    std::vector<char> open = Mark(L.m, a.sites);
    for (std::size_t k = 0; k < L.m && a.sites.size() < p + fixed.size(); ++k)
      if (!open[k]) {
        open[k] = 1;
        a.sites.push_back(static_cast<std::uint32_t>(k));
      }
  }
  return a;
}

MipAnswer SolveAssignmentMip(const AssignmentProgram& A, const MipOptions& o) {
  const std::size_t nd = A.nd, m = A.m;
  const std::vector<char> is_fixed = Mark(m, A.fixed);
  MipAnswer a;
  // The pairs that can be served, by candidate: x column i serves pair_of[i].
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pair_of;
  std::vector<char> servable(nd, 0);
  for (std::size_t k = 0; k < m; ++k)
    for (std::size_t u = 0; u < nd; ++u)
      if (std::isfinite(A.cost[u * m + k]) && !(A.capacity && A.weights[u] > (*A.capacity)[k]) &&
          !(A.closed && (*A.closed)[k] && !is_fixed[k])) {
        pair_of.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(k)});
        servable[u] = 1;
      }
  if (std::find(servable.begin(), servable.end(), 0) != servable.end()) {
    a.status = MipAnswer::Status::kInfeasible;  // some demand no candidate can serve (below the cutoff)
    return a;
  }
  // Rows: each demand served once; then, with capacities, per candidate its
  // load; then per pair x_uk <= y_k; then the site count (= max_sites).
  // The pair links stay beside the capacity rows: the load rows alone relax to
  // fractional sites far below the optimum, and CBC took 4.9x as long on a
  // 30-demand instance (bench/siting_models_race.sh; spopt's PMedian keeps both).
  const int capacity_row = static_cast<int>(nd);
  const int link_row = capacity_row + static_cast<int>(A.capacity ? m : 0);
  const int count_row = link_row + static_cast<int>(pair_of.size());
  Problem P;
  P.nrows = count_row + (A.max_sites ? 1 : 0);
  std::vector<std::vector<int>> pair_rows_of(m);  // candidate k's link rows
  for (std::size_t i = 0; i < pair_of.size(); ++i)
    pair_rows_of[pair_of[i].second].push_back(link_row + static_cast<int>(i));
  P.obj.assign(m, 0.0);
  for (std::size_t k = 0; k < m; ++k) {
    P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
    if (A.capacity) {
      P.cols.index.push_back(capacity_row + static_cast<int>(k));
      P.cols.value.push_back(-(*A.capacity)[k]);
    }
    for (int row : pair_rows_of[k]) {
      P.cols.index.push_back(row);
      P.cols.value.push_back(-1.0);
    }
    if (A.max_sites) {
      P.cols.index.push_back(count_row);
      P.cols.value.push_back(1.0);
    }
    if (A.opening) P.obj[k] = (*A.opening)[k];
  }
  for (std::size_t i = 0; i < pair_of.size(); ++i) {
    const auto [u, k] = pair_of[i];
    P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
    P.cols.index.push_back(static_cast<int>(u));
    P.cols.value.push_back(1.0);
    if (A.capacity) {
      P.cols.index.push_back(capacity_row + static_cast<int>(k));
      P.cols.value.push_back(A.weights[u]);
    }
    P.cols.index.push_back(link_row + static_cast<int>(i));
    P.cols.value.push_back(1.0);
    P.obj.push_back(A.weights[u] * A.cost[u * m + k]);
  }
  P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
  P.ncols = static_cast<int>(m + pair_of.size());
  P.collb.assign(P.ncols, 0.0);
  P.colub.assign(P.ncols, 1.0);
  for (std::size_t k = 0; k < m; ++k) {
    P.collb[k] = is_fixed[k] ? 1.0 : 0.0;
    if (A.closed && (*A.closed)[k] && !is_fixed[k]) P.colub[k] = 0.0;
  }
  P.rowlb.assign(P.nrows, -INFINITY);
  P.rowub.assign(P.nrows, 0.0);  // load - Q y <= 0, links: x - y <= 0
  for (std::size_t u = 0; u < nd; ++u) P.rowlb[u] = P.rowub[u] = 1.0;
  if (A.max_sites) {
    P.rowlb[count_row] = static_cast<double>(*A.max_sites);
    P.rowub[count_row] = static_cast<double>(*A.max_sites);
  }
  P.num_integer = P.ncols;
  bool whole = true;
  for (double c : P.obj) whole = whole && std::floor(c) == c;
  P.objective_step = whole ? 1 : 0;
  if (o.relax) return SolveRelaxation(P, o.time_limit_s, o.max_iterations);
  std::vector<double> values;
  a = o.deadline > 0 || A.cutoff ? SolveIntegerBefore(P, o, A.cutoff, m, &values)
                                 : SolveInteger(P, o, std::nullopt, m, &values);
  if (a.sites.empty()) return a;
  a.assigned.assign(nd, 0);
  for (std::size_t i = 0; i < pair_of.size(); ++i)
    if (values[m + i] > 0.5) a.assigned[pair_of[i].first] = pair_of[i].second;
  std::vector<std::uint32_t> sites = A.fixed;  // fixed first (the count row already holds max_sites)
  for (std::uint32_t k : a.sites)
    if (!is_fixed[k]) sites.push_back(k);
  a.sites = sites;
  return a;
}

MipAnswer SolveBackupCoverMip(const CoverLists& L, const std::vector<double>& weights,
                              const std::vector<std::uint32_t>& fixed, std::size_t p, const MipOptions& o) {
  const std::vector<char> is_fixed = Mark(L.m, fixed);
  MipAnswer a;
  for (std::size_t u = 0; u < L.nd; ++u)
    if (L.num_covering(u) == 0) {
      a.status = MipAnswer::Status::kInfeasible;
      return a;
    }
  // One row per demand (a fixed site covers it once, not twice: no row drops
  // out), then the site count; columns y_k, then z_u.
  Problem P;
  const int nr = static_cast<int>(L.nd);
  P.ncols = static_cast<int>(L.m) + nr;
  P.nrows = nr + 1;
  for (std::size_t k = 0; k < L.m; ++k) {
    P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
    for (std::size_t i = 0; i < L.num_covered(k); ++i) {
      P.cols.index.push_back(static_cast<int>(L.covered(k)[i]));
      P.cols.value.push_back(1.0);
    }
    P.cols.index.push_back(nr);
    P.cols.value.push_back(1.0);
  }
  for (int u = 0; u < nr; ++u) {
    P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
    P.cols.index.push_back(u);
    P.cols.value.push_back(-1.0);
  }
  P.cols.start.push_back(static_cast<CoinBigIndex>(P.cols.index.size()));
  P.collb.assign(P.ncols, 0.0);
  P.colub.assign(P.ncols, 1.0);
  for (std::size_t k = 0; k < L.m; ++k) P.collb[k] = is_fixed[k] ? 1.0 : 0.0;
  P.obj.assign(P.ncols, 0.0);
  bool whole = true;
  for (int u = 0; u < nr; ++u) {
    P.obj[L.m + u] = weights[u];
    whole = whole && std::floor(weights[u]) == weights[u];
  }
  P.rowlb.assign(P.nrows, 1.0);
  P.rowub.assign(P.nrows, INFINITY);
  P.rowlb[nr] = static_cast<double>(fixed.size());
  P.rowub[nr] = static_cast<double>(p + fixed.size());
  P.num_integer = static_cast<int>(L.m);
  P.sense = -1;
  P.objective_step = whole ? 1 : 0;
  if (o.relax) return SolveRelaxation(P, o.time_limit_s, o.max_iterations);
  // A start (a cover: LSCP's) as whole columns: its sites, and z_u = 1 where two cover u.
  std::vector<double> start;
  if (o.start) {
    start.assign(P.ncols, 0.0);
    for (std::uint32_t k : *o.start) start[k] = 1.0;
    for (std::size_t u = 0; u < L.nd; ++u) {
      std::size_t count = 0;
      for (std::size_t i = 0; i < L.num_covering(u); ++i) count += start[L.covering(u)[i]] > 0.5;
      start[L.m + u] = count >= 2 ? 1.0 : 0.0;
    }
  }
  a = SolveCoveringInteger(P, o, std::nullopt, L.m, o.start ? &start : nullptr);
  if (!a.sites.empty()) {  // fixed first, padded to p new sites: more sites never cover less
    std::vector<std::uint32_t> sites = fixed;
    std::vector<char> open = is_fixed;
    for (std::uint32_t k : a.sites)
      if (!open[k]) {
        open[k] = 1;
        sites.push_back(k);
      }
    for (std::uint32_t k = 0; k < L.m && sites.size() < p + fixed.size(); ++k)
      if (!open[k]) {
        open[k] = 1;
        sites.push_back(k);
      }
    a.sites = sites;
  }
  return a;
}

#endif

}  // namespace gdist
