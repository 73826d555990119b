#include "lib/metrics/summary_report.hpp"

#include <charconv>
#include <cmath>
#include <sstream>

#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

void WriteVertexList(std::ostream& out, const std::vector<std::size_t>& vs, const VertexLabels& labels) {
  constexpr std::size_t kShown = 20;
  for (std::size_t i = 0; i < vs.size() && i < kShown; ++i) out << (i ? " " : "") << CsvField(labels.label(vs[i]));
  if (vs.size() > kShown) out << " ... (" << vs.size() << " vertices; " << OptionText(Option::kJson) << " lists all)";
}

void WriteVertexArray(JsonWriter& json, const std::vector<std::size_t>& vs, const VertexLabels& labels) {
  json.BeginArray();
  for (std::size_t v : vs) WriteLabel(json, labels, v);
  json.EndArray();
}

bool CenterUndefined(const DistanceSummary& s) { return s.n > 0 && !s.radius.finite(); }
bool PeripheryUndefined(const DistanceSummary& s) { return s.n > 0 && !s.diameter.finite(); }

// What makes them defined: a component of the graph, or the reachable vertices' eccentricities.
std::string UndefinedHint(bool directed, const Connectivity* c) {
  std::string hint;
  if (c && c->graph_input) hint = OptionText(Option::kLargestComponent, directed ? "strong" : "weak") + " or ";
  return hint + OptionText(Option::kReachableOnly) + " defines them";
}

}  // namespace

std::string UndefinedReason(const DistanceSummary& s, bool directed, const Connectivity* c) {
  if (!CenterUndefined(s) && !PeripheryUndefined(s)) return {};
  std::string why = directed ? "not strongly connected" : "not connected";
  if (c && c->components > 0)
    why += ": " + std::to_string(c->components) + (directed ? " strong components" : " components") + ", largest " +
           std::to_string(c->largest);
  return why;
}

// Always a string, whatever the labels look like: a reader keys on labels, and
// "785" from one file must equal "785" from another (docs/CLI.md, "JSON").
void WriteLabel(JsonWriter& json, const VertexLabels& labels, std::size_t v) { json.Str(labels.label(v)); }

void WriteSummaryText(std::ostream& out, const DistanceSummary& s, const VertexLabels& labels, bool directed,
                      const Connectivity* connectivity) {
  const std::string why = UndefinedReason(s, directed, connectivity);
  out << "vertices           " << s.n << (directed ? " (directed)" : " (undirected)") << "\n";
  out << "diameter           " << s.diameter.Text();
  if (s.n > 0)
    out << "  (" << CsvField(labels.label(s.diameter_from)) << " -> " << CsvField(labels.label(s.diameter_to)) << ")";
  out << "\nradius             " << s.radius.Text() << "\n";
  // Undefined: the reason once, then what defines them.
  const std::string undefined = "undefined (" + why + "; " + UndefinedHint(directed, connectivity) + ")";
  out << "center             ";
  if (CenterUndefined(s)) out << undefined;
  else WriteVertexList(out, s.center, labels);
  out << "\nperiphery          ";
  if (PeripheryUndefined(s)) out << (CenterUndefined(s) ? "undefined (as the center)" : undefined);
  else WriteVertexList(out, s.periphery, labels);
  out << "\n1-median           ";
  if (s.median) out << CsvField(labels.label(*s.median)) << " (total distance " << s.median_total.Text() << ")";
  else out << "none (no vertex reaches every other; try " << OptionText(Option::kReachableOnly) << ")";
  out << "\nunreachable pairs  " << s.unreachable_pairs << "\n";
}

void WriteSummaryJson(JsonWriter& json, const DistanceSummary& s, const VertexLabels& labels, bool directed,
                      const Connectivity* connectivity) {
  json.Key("n").Number(static_cast<double>(s.n));
  json.Key("directed").Bool(directed);
  json.Key("diameter");
  s.diameter.Write(json);
  json.Key("diameter_pair");
  if (s.n > 0 && s.diameter.finite()) {
    json.BeginArray();
    WriteLabel(json, labels, s.diameter_from);
    WriteLabel(json, labels, s.diameter_to);
    json.EndArray();
  } else {
    json.Null();
  }
  json.Key("radius");
  s.radius.Write(json);
  json.Key("center");
  if (CenterUndefined(s)) json.Null();
  else WriteVertexArray(json, s.center, labels);
  json.Key("periphery");
  if (PeripheryUndefined(s)) json.Null();
  else WriteVertexArray(json, s.periphery, labels);
  json.Key("median");
  if (s.median) {
    json.BeginObject();
    json.Key("vertex");
    WriteLabel(json, labels, *s.median);
    json.Key("total");
    s.median_total.Write(json);
    json.EndObject();
  } else {
    json.Null();
  }
  json.Key("unreachable_pairs").Number(static_cast<double>(s.unreachable_pairs));
  json.Key("undefined_reason");
  if (const std::string why = UndefinedReason(s, directed, connectivity); why.empty()) json.Null();
  else json.Str(why);
}

}  // namespace gdist
