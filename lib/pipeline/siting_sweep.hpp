// gcenter's p sweeps (--p-median 5,10,20, --p-center 2,4,8): one solve per p,
// reported as a table (text), an array (JSON: each element holds "p" and the
// object a single run prints under the model's key) and an objective curve
// (--curve FILE, SVG).
#pragma once
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "lib/metrics/summary_report.hpp"
#include "lib/pictures/chart.hpp"
#include "lib/siting/siting_report.hpp"
#include "lib/siting/siting_result.hpp"
#include "lib/siting/whole_objective.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

struct SweepPoint {
  std::size_t p = 0;
  SitingResult result;
};

template <class T> void WriteSweepText(std::ostream& out, const std::string& title,
                                       const std::vector<SweepPoint>& sweep, const SitingProblem<T>& prob,
                                       const VertexLabels& labels) {
  auto pad = [](std::string s, std::size_t width) {
    return std::string(width > s.size() ? width - s.size() : 1, ' ') + s;  // a wide number keeps a blank before it
  };
  out << title << "\n"
      << pad("p", 6) << pad("objective", 16) << pad("bound", 16) << pad("gap", 10) << pad("optimal", 9) << "  sites\n";
  for (const SweepPoint& s : sweep) {
    const SitingResult& r = s.result;
    const bool bound = r.has_bound();
    // Objective and bound as the report prints them: every digit (whole ones past 2^53 too).
    const std::string objective = ObjectiveText(r), lower = BoundText(r);
    out << pad(std::to_string(s.p), 6) << pad(objective, 16) << pad(lower, 16)
        << pad(bound ? FormatNumber(100 * r.gap(), 3) + "%" : "-", 10) << pad(r.optimal ? "yes" : "no", 9) << "  ";
    constexpr std::size_t kShown = 12;
    for (std::size_t i = 0; i < r.sites.size() && i < kShown; ++i)
      out << (i ? " " : "") << CsvField(labels.label(prob.candidate_vertex(r.sites[i])));  // as the report's sites
    if (r.sites.size() > kShown) out << " ...";
    out << "\n";
  }
}

template <class T> void WriteSweepJson(JsonWriter& json, const std::string& key, const std::vector<SweepPoint>& sweep,
                                       const SitingProblem<T>& prob, const VertexLabels& labels) {
  json.Key(key + "_sweep").BeginArray();
  for (const SweepPoint& s : sweep) {
    json.BeginObject();
    json.Key("p").Number(double(s.p));
    WriteSitingJson(json, key, s.result, prob, labels);
    json.EndObject();
  }
  json.EndArray();
}

// Objective against p; the title names the model and its objective.
inline std::string SweepCurveSvg(const std::string& title, const std::string& y_label,
                                 const std::vector<SweepPoint>& sweep) {
  std::vector<double> x, y;
  for (const SweepPoint& s : sweep) {
    x.push_back(double(s.p));
    y.push_back(s.result.objective);
  }
  return CurveSvg(x, y, {title, "p (new sites)", y_label});
}

}  // namespace gdist
