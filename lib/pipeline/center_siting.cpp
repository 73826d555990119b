#include "lib/pipeline/center_siting.hpp"

#include <limits>

#include "lib/pipeline/siting_progress_bar.hpp"
#include "lib/siting/siting_models.hpp"
#include "lib/siting/siting_report.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"

namespace gdist {

namespace {

std::string Num(double v) { return ExactText(v); }

}  // namespace

SiteLists ReadSiteLists(const CenterRequest& req, const VertexLabels& labels, std::size_t n) {
  SiteLists s;
  if (!req.weights.empty()) s.weights = ReadWeightsFile(req.weights, labels, n);
  if (!req.candidates.empty()) s.candidates = ReadVertexListFile(req.candidates, labels);
  if (!req.fixed.empty()) s.fixed = ReadVertexListFile(req.fixed, labels);
  if (!req.capacities.empty()) s.capacities = ReadWeightsFile(req.capacities, labels, n);
  if (!req.opening_costs.empty())  // a candidate the file does not list is refused, not opened for free
    s.opening_costs = ReadWeightsFile(req.opening_costs, labels, n, std::numeric_limits<double>::quiet_NaN());
  return s;
}

SiteLists ReadSiteLists(const CenterRequest& req, const CostMatrixNames& names) {
  SiteLists s;
  if (!req.weights.empty()) s.weights = ReadWeightsFile(req.weights, names.demands, names.demands.size());
  if (!req.candidates.empty()) s.candidates = names.ReadFacilities(req.candidates);
  if (!req.fixed.empty()) s.fixed = names.ReadFacilities(req.fixed);
  if (!req.capacities.empty()) {  // facility f is vertex D + f
    const std::vector<double> by_facility = ReadWeightsFile(req.capacities, names.facilities, names.facilities.size());
    s.capacities = std::vector<double>(names.demands.size(), 0.0);
    s.capacities->insert(s.capacities->end(), by_facility.begin(), by_facility.end());
  }
  if (!req.opening_costs.empty()) {
    const std::vector<double> by_facility = ReadWeightsFile(
        req.opening_costs, names.facilities, names.facilities.size(), std::numeric_limits<double>::quiet_NaN());
    s.opening_costs = std::vector<double>(names.demands.size(), 0.0);
    s.opening_costs->insert(s.opening_costs->end(), by_facility.begin(), by_facility.end());
  }
  return s;
}

template <class T> void SolveSitingModels(const MatrixView<T>& d, const MatrixMeta& meta, const CenterRequest& req,
                                          const std::vector<std::uint32_t>* row_vertex, const SiteLists* lists,
                                          JsonWriter& json, std::ostream& text, SitingAnswers<T>& out) {
  const VertexLabels& labels = meta.labels;
  SitingInput input;
  ParseDirection(req.direction, &input.direction);
  input.symmetric = !meta.directed;
  input.threads = req.metrics_options.threads;
  input.backend = req.backend;
  input.labels = &labels;
  SiteLists read = lists ? *lists : ReadSiteLists(req, labels, d.n);
  const std::optional<std::vector<double>> capacities = std::move(read.capacities);
  const std::optional<std::vector<double>> opening_costs = std::move(read.opening_costs);
  input.weights = std::move(read.weights);
  input.candidates = std::move(read.candidates);
  input.fixed = std::move(read.fixed);
  auto& prob = out.prob;
  if (row_vertex) prob.emplace(d, *row_vertex, input);
  else prob.emplace(d, input);
  if (prob->num_demands() == 0) throw Error("no demand: every vertex has weight 0");
  // p: the sites asked for; 0 for the models that choose how many (cover, facility location).
  auto show = [&](const std::string& key, const std::string& title, const SitingResult& r, std::size_t p) {
    if (req.json) WriteSitingJson(json, key, r, *prob, labels);
    else WriteSitingText(text, title, r, *prob, labels);
    out.done.push_back({key, p ? p : r.sites.size() - prob->fixed().size(), &r});
  };
  // Each model gets its own bars, ended before the next model starts.
  SitingProgressBar bar;
  auto options_for = [&](const std::string& model) {
    SitingOptions o = req.siting;
    o.progress = bar.Start(model);
    return o;
  };
  // A model with one p prints as before; with several, a table (or a JSON array) of the sweep.
  auto solve_all = [&](const std::vector<std::size_t>& ps, std::vector<SweepPoint>& points, const std::string& key,
                       const std::string& name, const std::string& objective, auto solve) {
    points.resize(ps.size());  // sized before solving: `done` points into them
    const bool sweep = ps.size() > 1;
    for (std::size_t i = 0; i < ps.size(); ++i) {
      points[i].p = ps[i];
      points[i].result = solve(ps[i], options_for(sweep ? name + " p=" + std::to_string(ps[i]) : name));
      if (!sweep) show(key, name + " (p = " + std::to_string(ps[i]) + ", " + objective + ")", points[i].result, ps[i]);
      else out.done.push_back({key, ps[i], &points[i].result});
    }
    if (!sweep) return;
    if (req.json) WriteSweepJson(json, key, points, *prob, labels);
    else WriteSweepText(text, name + " sweep (" + objective + ")", points, *prob, labels);
  };
  solve_all(req.p_median, out.medians, "p_median", "p-median", "total weighted distance",
            [&](std::size_t p, const SitingOptions& o) {
              return capacities ? SolveCapacitatedPMedian(*prob, p, *capacities, o) : SolvePMedian(*prob, p, o);
            });
  solve_all(req.p_center, out.centers, "p_center", "p-center", "largest distance",
            [&](std::size_t p, const SitingOptions& o) { return SolvePCenter(*prob, p, o); });
  if (req.cover >= 0) {
    out.cover = SolveCover(*prob, req.cover, options_for("cover"));
    show("cover", "cover (radius " + Num(req.cover) + ", number of sites)", out.cover, 0);
  }
  if (req.max_cover >= 0) {
    out.max_cover = SolveMaxCover(*prob, req.max_cover, req.p, options_for("max-cover"));
    show("max_cover",
         "max-cover (radius " + Num(req.max_cover) + ", p = " + std::to_string(req.p) + ", covered demand weight)",
         out.max_cover, req.p);
  }
  if (req.p_dispersion) {
    out.dispersion = SolvePDispersion(*prob, req.p_dispersion, options_for("p-dispersion"));
    show("p_dispersion", "p-dispersion (p = " + std::to_string(req.p_dispersion) + ", smallest distance between sites)",
         out.dispersion, req.p_dispersion);
  }
  if (req.backup_cover >= 0) {
    // No --p: P is the set cover's minimum at R (spopt's LSCPB).
    out.backup = SolveBackupCover(*prob, req.backup_cover, req.p, options_for("backup-cover"));
    const std::size_t p = out.backup.sites.size() - prob->fixed().size();
    show("backup_cover",
         "backup-cover (radius " + Num(req.backup_cover) + ", p = " + std::to_string(p) +
             (req.p ? "" : ", the set cover's minimum") + ", demand weight covered twice)",
         out.backup, p);
  }
  if (req.facility_location) {
    out.location = SolveFacilityLocation(*prob, *opening_costs, capacities ? &*capacities : nullptr,
                                         options_for("facility-location"));
    show("facility_location",
         std::string(capacities ? "capacitated " : "") + "facility location (opening costs + total weighted distance)",
         out.location, 0);
  }
}

template <class T>
void WriteSitingFiles(const CenterRequest& req, const SitingAnswers<T>& answers, const VertexLabels& labels) {
  if (!req.assignment.empty() && answers.prob) WriteAssignmentCsv(req.assignment, *answers.prob, answers.done, labels);
  if (!req.curve.empty()) {
    const bool median = answers.medians.size() > 1;
    WriteTextFile(req.curve,
                  SweepCurveSvg(median ? "p-median: total weighted distance by p" : "p-center: largest distance by p",
                                median ? "total weighted distance" : "largest distance",
                                median ? answers.medians : answers.centers));
  }
}

#define GDIST_CENTER_SITING(T)                                                                                     \
  template void SolveSitingModels(const MatrixView<T>&, const MatrixMeta&, const CenterRequest&,                   \
                                  const std::vector<std::uint32_t>*, const SiteLists*, JsonWriter&, std::ostream&, \
                                  SitingAnswers<T>&);                                                              \
  template void WriteSitingFiles(const CenterRequest&, const SitingAnswers<T>&, const VertexLabels&);
GDIST_CENTER_SITING(std::int32_t)
GDIST_CENTER_SITING(std::int64_t)
GDIST_CENTER_SITING(float)
GDIST_CENTER_SITING(double)
#undef GDIST_CENTER_SITING

}  // namespace gdist
