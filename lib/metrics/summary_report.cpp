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

}  // namespace

void WriteLabel(JsonWriter& json, const VertexLabels& labels, std::size_t v) {
  if (labels.all_integers()) json.Raw(labels.label(v));
  else json.Str(labels.label(v));
}

void WriteSummaryText(std::ostream& out, const DistanceSummary& s, const VertexLabels& labels, bool directed) {
  out << "vertices           " << s.n << (directed ? " (directed)" : " (undirected)") << "\n";
  out << "diameter           " << s.diameter.Text();
  if (s.n > 0)
    out << "  (" << CsvField(labels.label(s.diameter_from)) << " -> " << CsvField(labels.label(s.diameter_to)) << ")";
  out << "\nradius             " << s.radius.Text() << "\n";
  out << "center             ";
  WriteVertexList(out, s.center, labels);
  out << "\nperiphery          ";
  WriteVertexList(out, s.periphery, labels);
  out << "\n1-median           ";
  if (s.median) out << CsvField(labels.label(*s.median)) << " (total distance " << s.median_total.Text() << ")";
  else out << "none (no vertex reaches every other; try " << OptionText(Option::kReachableOnly) << ")";
  out << "\nunreachable pairs  " << s.unreachable_pairs << "\n";
}

void WriteSummaryJson(JsonWriter& json, const DistanceSummary& s, const VertexLabels& labels, bool directed) {
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
  WriteVertexArray(json, s.center, labels);
  json.Key("periphery");
  WriteVertexArray(json, s.periphery, labels);
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
}

}  // namespace gdist
