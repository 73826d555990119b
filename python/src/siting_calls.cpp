#include "python/src/siting_calls.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

#include "lib/siting/siting_models.hpp"
#include "lib/siting/siting_report.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"
#include "python/src/distance_matrix.hpp"
#include "python/src/interruption.hpp"
#include "python/src/progress_callback.hpp"

namespace gdist::python {

namespace nb = nanobind;

namespace {

struct SitingCall {
  // p_median (capacitated with capacities), p_center, cover, max_cover,
  // backup_cover, p_dispersion, facility_location
  std::string model;
  std::size_t p = 0;
  double radius = -1;
  // Per vertex: capacities (unlisted 0) and opening costs (NaN: not a
  // candidate), as gcenter --capacities and --opening-costs read them.
  std::optional<std::vector<double>> capacities, opening_costs;
  SitingInput input;
  SitingOptions options;
};

struct SitingAnswer {
  SitingResult result;
  std::vector<std::int64_t> sites;   // vertices
  std::vector<std::int64_t> demand;  // vertices, with each one's site and distance
  std::vector<std::int64_t> site_of_demand;
  std::vector<double> distance;
  std::string json;  // gcenter --json's section for the model
};

template <class T>
SitingAnswer Solve(const SitingProblem<T>& prob, const SitingCall& call, const VertexLabels& labels) {
  if (prob.num_demands() == 0) throw Error("no demand: every vertex has weight 0");
  SitingAnswer a;
  if (call.model == "p_median")
    a.result = call.capacities ? SolveCapacitatedPMedian(prob, call.p, *call.capacities, call.options)
                               : SolvePMedian(prob, call.p, call.options);
  else if (call.model == "p_center") a.result = SolvePCenter(prob, call.p, call.options);
  else if (call.model == "cover") a.result = SolveCover(prob, call.radius, call.options);
  else if (call.model == "max_cover") a.result = SolveMaxCover(prob, call.radius, call.p, call.options);
  else if (call.model == "backup_cover") a.result = SolveBackupCover(prob, call.radius, call.p, call.options);
  else if (call.model == "p_dispersion") a.result = SolvePDispersion(prob, call.p, call.options);
  else if (call.model == "facility_location") {
    if (!call.opening_costs) throw Error("facility_location needs opening_costs");
    a.result =
        SolveFacilityLocation(prob, *call.opening_costs, call.capacities ? &*call.capacities : nullptr, call.options);
  } else throw Error("unknown siting model '" + call.model + "'");
  for (std::uint32_t k : a.result.sites) a.sites.push_back(prob.candidate_vertex(k));
  const Assignment& as = a.result.assignment;
  for (std::size_t u = 0; u < prob.num_demands(); ++u) {
    a.demand.push_back(prob.demand_vertex(u));
    const bool served = u < as.site.size() && as.site[u] != std::numeric_limits<std::uint32_t>::max();
    a.site_of_demand.push_back(served ? static_cast<std::int64_t>(prob.candidate_vertex(as.site[u])) : -1);
    a.distance.push_back(u < as.distance.size() ? as.distance[u] : std::numeric_limits<double>::infinity());
  }
  std::ostringstream text;
  JsonWriter json(text);
  json.BeginObject();
  WriteSitingJson(json, call.model, a.result, prob, labels);
  json.EndObject();
  a.json = text.str();
  return a;
}

// A whole distance matrix: every vertex a demand and (unless candidates=) a candidate.
template <class T> SitingAnswer Solve(const DistMatrix<T>& d, SitingCall call) {
  call.input.symmetric = !d.meta().directed;
  call.input.labels = &d.meta().labels;
  return Solve(SitingProblem<T>(d.view(), call.input), call, d.meta().labels);
}

// Rows of some sources (gdist.rows, a rectangular .gdm), as gcenter reads a
// rectangular file (lib/pipeline/center_rows.cpp): the sources are the
// candidates (candidates= narrows them), every column a demand.
template <class T> SitingAnswer Solve(const CandidateRows<T>& rows, const DistanceRows& d, SitingCall call) {
  if (d.directed && call.input.direction == Direction::kIn)
    throw Error("rows of " + std::to_string(rows.vertices.size()) + " sources: distances from the sources (" +
                OptionText(Option::kDirection, "out") + "); " + OptionText(Option::kDirection, "in") +
                " needs the distances into the candidates (the graph itself, with " + OptionText(Option::kCandidates) +
                ")");
  call.input.labels = &d.labels;
  return Solve(SitingProblem<T>(rows.view, rows.vertices, call.input), call, d.labels);
}

// The model as gcenter's bars name it ("p-median: local search").
std::string ModelTitle(std::string model) {
  for (char& c : model)
    if (c == '_') c = '-';
  return model;
}

SitingCall ParseCall(const std::string& model, std::size_t p, double radius,
                     std::optional<std::vector<std::uint32_t>> candidates, std::optional<std::vector<double>> weights,
                     std::vector<std::uint32_t> fixed, std::optional<std::vector<double>> capacities,
                     std::optional<std::vector<double>> opening_costs, const std::string& direction, bool exact,
                     double gap, std::optional<double> time_limit, std::uint64_t seed, const std::string& backend,
                     int threads, nb::object progress) {
  SitingCall call;
  call.model = model;
  call.p = p;
  call.radius = radius;
  call.capacities = std::move(capacities);
  call.opening_costs = std::move(opening_costs);
  if (!ParseDirection(direction, &call.input.direction))
    throw Error("direction must be out or in, not '" + direction + "'");
  if (!ParseBackend(backend, &call.input.backend))
    throw Error("backend must be auto, cpu or gpu, not '" + backend + "'");
  call.input.candidates = std::move(candidates);
  call.input.weights = std::move(weights);
  call.input.fixed = std::move(fixed);
  call.input.threads = threads;
  if (gap > 0 && !exact) throw Error("gap needs exact=True");
  call.options.exact = exact;
  call.options.gap = gap;
  call.options.seed = seed;
  if (time_limit) {
    call.options.time_limit_s = *time_limit;
    if (exact) call.options.proof_time_limit_s = *time_limit;
  }
  call.options.progress = PythonSitingProgress(std::move(progress), ModelTitle(model));
  return call;
}

nb::dict AnswerDict(SitingAnswer a) {
  const SitingResult& r = a.result;
  nb::dict out;
  out["sites"] = ArrayOf(std::move(a.sites));
  out["objective"] = r.objective;
  out["bound"] = r.bound;
  out["gap"] = r.gap();
  out["optimal"] = r.optimal;
  out["method"] = r.method;
  out["bound_method"] = r.bound_method;
  out["radius"] = r.radius;
  out["demand"] = ArrayOf(std::move(a.demand));
  out["site_of_demand"] = ArrayOf(std::move(a.site_of_demand));
  out["distance"] = ArrayOf(std::move(a.distance));
  out["json"] = a.json;
  return out;
}

// Either input, solved where its costs lie.
SitingAnswer SolveOn(const DistanceMatrix& d, const SitingCall& call) {
  return std::visit([&](const auto& mat) { return Solve(mat, call); }, d.matrix);
}
SitingAnswer SolveOn(const DistanceRows& d, const SitingCall& call) {
  return std::visit([&](const auto& rows) { return Solve(rows, d, call); }, d.rows);
}

// site(matrix, model, ...) for one kind of input (both overloads take the same keywords).
template <class Input> void DefSite(nb::module_& m, const char* doc) {
  m.def(
      "site",
      [](const Input& d, const std::string& model, std::size_t p, double radius,
         std::optional<std::vector<std::uint32_t>> candidates, std::optional<std::vector<double>> weights,
         std::vector<std::uint32_t> fixed, std::optional<std::vector<double>> capacities,
         std::optional<std::vector<double>> opening_costs, const std::string& direction, bool exact, double gap,
         std::optional<double> time_limit, std::uint64_t seed, const std::string& backend, int threads,
         nb::object progress) {
        const SitingCall call = ParseCall(model, p, radius, std::move(candidates), std::move(weights), std::move(fixed),
                                          std::move(capacities), std::move(opening_costs), direction, exact, gap,
                                          time_limit, seed, backend, threads, std::move(progress));
        return AnswerDict(Interruptible([&] { return SolveOn(d, call); }));
      },
      doc, nb::arg("matrix"), nb::arg("model"), nb::arg("p") = 0, nb::arg("radius") = -1.0,
      nb::arg("candidates").none() = nb::none(), nb::arg("weights").none() = nb::none(),
      nb::arg("fixed") = std::vector<std::uint32_t>{}, nb::arg("capacities").none() = nb::none(),
      nb::arg("opening_costs").none() = nb::none(), nb::arg("direction") = "out", nb::arg("exact") = false,
      nb::arg("gap") = 0.0, nb::arg("time_limit").none() = nb::none(), nb::arg("seed") = 1, nb::arg("backend") = "auto",
      nb::arg("threads") = 0, nb::arg("progress").none() = nb::none());
}

}  // namespace

void BindSitingCalls(nb::module_& m) {
  DefSite<DistanceMatrix>(m, "A siting model on a whole distance matrix.");
  DefSite<DistanceRows>(m, "A siting model on rows of some sources (the candidates), every column a demand.");
}

}  // namespace gdist::python
