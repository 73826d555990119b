#include "lib/siting/siting_report.hpp"

#include <cmath>
#include <sstream>
#include <string>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

std::string ObjectiveText(const SitingResult& r) {
  return r.whole_objective ? WholeText(*r.whole_objective) : ExactText(r.objective);
}

std::string BoundText(const SitingResult& r) {
  return r.whole_bound ? WholeText(*r.whole_bound) : r.has_bound() ? ExactText(r.bound) : "none";
}

template <class T> void WriteSitingJson(JsonWriter& json, const std::string& key, const SitingResult& r,
                                        const SitingProblem<T>& prob, const VertexLabels& labels) {
  json.Key(key).BeginObject();
  json.Key("sites").BeginArray();
  for (std::uint32_t k : r.sites) WriteLabel(json, labels, prob.candidate_vertex(k));
  json.EndArray();
  json.Key("objective");
  if (r.whole_objective) json.Raw(WholeText(*r.whole_objective));  // exact past 2^53 and int64
  else json.Number(r.objective);
  // The models that may take capacities say whether they did, so their key set is one.
  if (key == "p_median" || key == "facility_location") json.Key("capacitated").Bool(r.capacitated);
  json.Key("new_sites").Number(static_cast<double>(r.sites.size() - prob.fixed().size()));
  json.Key("fixed_sites").Number(static_cast<double>(prob.fixed().size()));
  if (r.cover_minimum_proven) {  // backup cover: P taken from the set cover (no --p)
    json.Key("p_from").Str("cover");
    json.Key("cover_minimum_proven").Bool(*r.cover_minimum_proven);
  }
  if (r.radius >= 0 && key != "p_center") json.Key("radius").Number(r.radius);
  if (key == "max_cover")
    json.Key("covered_fraction").Number(prob.total_weight() > 0 ? r.objective / prob.total_weight() : 0);
  json.Key("unserved").Number(static_cast<double>(r.assignment.unserved));
  // The proven bound: below the objective for the minimising models, above it for max-cover.
  json.Key(r.bound_is_upper ? "upper_bound" : "lower_bound");
  if (r.whole_bound) json.Raw(WholeText(*r.whole_bound));
  else if (r.has_bound()) json.Number(r.bound);
  else json.Null();
  json.Key("gap");
  if (r.has_bound() && std::isfinite(r.gap())) json.Number(r.gap());
  else json.Null();
  json.Key("optimal").Bool(r.optimal);
  json.Key("method").Str(r.method);
  json.Key("bound_method").Str(r.has_bound() ? r.bound_method : "none");
  json.Key("backend").Str(prob.backend_note());
  json.EndObject();
}

template <class T> void WriteSitingText(std::ostream& out, const std::string& title, const SitingResult& r,
                                        const SitingProblem<T>& prob, const VertexLabels& labels) {
  out << title << "\n  sites      ";
  constexpr std::size_t kShown = 40;
  // Names quoted as the CSV files quote them, so one holding a blank stays one name.
  for (std::size_t i = 0; i < r.sites.size() && i < kShown; ++i)
    out << (i ? " " : "") << CsvField(labels.label(prob.candidate_vertex(r.sites[i])));
  if (r.sites.size() > kShown)
    out << " ... (" << r.sites.size() << " sites; " << OptionText(Option::kJson) << " lists all)";
  out << "\n  objective  " << ObjectiveText(r);
  if (r.assignment.unserved) out << "  (" << r.assignment.unserved << " demand vertices reached by no site)";
  out << "\n  method     " << r.method << "\n";
  if (r.has_bound()) {
    out << (r.bound_is_upper ? "  upper bnd  " : "  lower bnd  ") << BoundText(r) << "  gap "
        << FormatNumber(100 * r.gap(), 4) << "%" << (r.optimal ? "  (proven optimal)" : "") << "\n";
    out << "  proof      " << r.bound_method << "\n";
  } else {
    out << (r.bound_is_upper ? "  upper bnd" : "  lower bnd") << "  none (not proven)\n";
  }
  out << "  backend    " << prob.backend_note() << "\n";
}

#define GDIST_INSTANTIATE(T)                                                                                     \
  template void WriteSitingJson(JsonWriter&, const std::string&, const SitingResult&, const SitingProblem<T>&,   \
                                const VertexLabels&);                                                            \
  template void WriteSitingText(std::ostream&, const std::string&, const SitingResult&, const SitingProblem<T>&, \
                                const VertexLabels&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
