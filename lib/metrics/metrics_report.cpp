#include "lib/metrics/metrics_report.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>
#include <sstream>

#include "lib/core/element_traits.hpp"
#include "lib/metrics/distance_metrics.hpp"
#include "lib/metrics/matrix_components.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/progress.hpp"

namespace gdist {

namespace {

// The vertex with the largest value, ties to the least index (0 when there is
// none). A centrality is a sum of up to n terms that the engines add in
// different orders (the dense row's lanes, the sparse BFS's levels), so equal
// sums may differ by their rounding, at most n 2^-53 of the value each: values
// within n 2^-52 of the largest are ties, and every engine names one vertex.
std::size_t ArgMax(const std::vector<double>& v) {
  if (v.empty()) return 0;
  const double top = *std::max_element(v.begin(), v.end());
  const double tie = top - std::fabs(top) * std::ldexp(static_cast<double>(v.size()), -52);
  return static_cast<std::size_t>(std::find_if(v.begin(), v.end(), [&](double x) { return x >= tie; }) - v.begin());
}

void WriteBest(JsonWriter& json, const std::vector<double>& v, const VertexLabels& labels) {
  if (v.empty()) {
    json.Null();
    return;
  }
  const std::size_t i = ArgMax(v);
  json.BeginObject();
  json.Key("vertex");
  WriteLabel(json, labels, i);
  json.Key("value").Number(v[i]);
  json.EndObject();
}

std::string Num(double v) { return ExactText(v); }

}  // namespace

void ScaleToDecimals(DistanceSummary& s, Centrality& c, int digits) {
  if (digits <= 0) return;
  const DecimalScale scale{digits};
  for (MetricNumber& x : s.eccentricity) x = x.Scaled(digits);
  for (MetricNumber& x : s.total) x = x.Scaled(digits);
  s.diameter = s.diameter.Scaled(digits);
  s.radius = s.radius.Scaled(digits);
  s.median_total = s.median_total.Scaled(digits);
  c.wiener_index = c.wiener_index.Scaled(digits);
  const std::size_t n = s.n;
  const bool totals = s.total.size() == n && s.unreachable_from.size() == n && c.closeness.size() == n;
  Int128 exact_sum = 0;
  bool integral = totals;
  for (std::size_t i = 0; totals && i < n; ++i) {
    integral &= s.total[i].integral();
    exact_sum += s.total[i].integer();
    const double reach = static_cast<double>(n - 1 - s.unreachable_from[i]);
    const double total = s.total[i].ToDouble();  // the true total, correctly rounded
    c.closeness[i] = reach > 0 && total > 0 ? (reach / static_cast<double>(n - 1)) * (reach / total) : 0;
  }
  if (!totals)
    for (double& x : c.closeness) x *= scale.factor();
  for (double& x : c.harmonic) x *= scale.factor();  // sums of 1 / d
  if (integral && c.reachable_pairs > 0)
    c.average_path_length = static_cast<double>(static_cast<long double>(exact_sum) /
                                                static_cast<long double>(c.reachable_pairs) / scale.factor());
  else c.average_path_length /= scale.factor();
  c.histogram.decimal_digits = digits;
}

void WriteDecimalDigitsJson(JsonWriter& json, int digits) {
  json.Key("decimal_digits");
  if (digits > 0) json.Number(digits);
  else json.Null();
}

void WriteFallbackJson(JsonWriter& json, bool fell_back, const std::string& note) {
  json.Key("metrics_fallback");
  if (fell_back) json.Str(note);
  else json.Null();
}

void WriteNoCentralityJson(JsonWriter& json) {
  for (const char* key : {"average_shortest_path_length", "wiener_index", "reachable_pairs", "closeness_max",
                          "harmonic_max", "distance_histogram"})
    json.Key(key).Null();
}

void WriteCentralityJson(JsonWriter& json, const Centrality& c, const VertexLabels& labels, bool directed) {
  json.Key("average_shortest_path_length").Number(c.average_path_length);
  json.Key("wiener_index");
  c.wiener_index.Write(json);
  json.Key("reachable_pairs").Number(static_cast<double>(c.reachable_pairs));
  json.Key("closeness_max");
  WriteBest(json, c.closeness, labels);
  json.Key("harmonic_max");
  WriteBest(json, c.harmonic, labels);
  json.Key("distance_histogram").BeginObject();
  // Integer distances: the edges as exact integers (int64 past 2^53 included),
  // as the exact decimals they stand for on a scaled graph.
  if (c.histogram.integral) {
    const DecimalScale scale{c.histogram.decimal_digits};
    json.Key("min").Raw(scale.Text(static_cast<Int128>(c.histogram.int_min)));
    json.Key("bin_width").Raw(scale.Text(static_cast<Int128>(c.histogram.int_width)));
  } else if (c.histogram.decimal_digits > 0) {  // integer-valued doubles (int32: exact) on a scaled graph
    const DecimalScale scale{c.histogram.decimal_digits};
    json.Key("min").Raw(scale.Text(static_cast<Int128>(c.histogram.min)));
    json.Key("bin_width").Raw(scale.Text(static_cast<Int128>(c.histogram.bin_width)));
  } else {
    json.Key("min").Number(c.histogram.min);
    json.Key("bin_width").Number(c.histogram.bin_width);
  }
  json.Key("unit_bins").Bool(c.histogram.unit_bins);
  json.Key("pairs").Str(directed ? "ordered" : "unordered");
  json.Key("counts").BeginArray();
  for (std::uint64_t k : c.histogram.counts) json.Number(static_cast<double>(k));
  json.EndArray();
  json.EndObject();
}

void WriteCentralityText(std::ostream& out, const Centrality& c, const VertexLabels& labels, bool histogram) {
  out << "avg path length    " << (std::isnan(c.average_path_length) ? "none" : Num(c.average_path_length))
      << "  (over " << c.reachable_pairs << " connected ordered pairs)\n";
  out << "wiener index       " << c.wiener_index.Text() << "\n";
  if (!c.closeness.empty()) {
    const std::size_t a = ArgMax(c.closeness), b = ArgMax(c.harmonic);
    out << "max closeness      " << CsvField(labels.label(a)) << " (" << Num(c.closeness[a]) << ")\n";
    out << "max harmonic       " << CsvField(labels.label(b)) << " (" << Num(c.harmonic[b]) << ")\n";
  }
  if (!histogram) return;
  out << "distance histogram";
  const auto& h = c.histogram;
  for (std::size_t b = 0; b < h.counts.size(); ++b) {
    if (h.counts[b] == 0) continue;
    if (h.integral) {  // exact edges (128 bits: the last bin's upper edge may pass int64), decimals on a scaled graph
      const DecimalScale scale{h.decimal_digits};
      const Int128 lo = Int128(h.int_min) + Int128(b) * Int128(h.int_width);
      out << "\n  " << scale.Text(lo);
      if (!h.unit_bins) out << ".." << scale.Text(lo + Int128(h.int_width));
      out << "  " << h.counts[b];
      continue;
    }
    const double lo = h.min + static_cast<double>(b) * h.bin_width;
    out << "\n  " << Num(lo);
    if (!h.unit_bins) out << ".." << Num(lo + h.bin_width);
    out << "  " << h.counts[b];
  }
  out << "\n";
}

void WritePerVertexMetricsCsv(const std::string& path, const DistanceSummary& s, const Centrality& c,
                              const VertexLabels& labels) {
  std::ostringstream text;  // every number exactly: distances as they are, ratios in the shortest exact text
  if (IsJsonLinesPath(path)) {
    for (std::size_t i = 0; i < s.n; ++i) {
      JsonWriter row(text);  // one object per line; an infinite eccentricity is null
      row.BeginObject().Key("vertex");
      WriteLabel(row, labels, i);
      row.Key("eccentricity");
      s.eccentricity[i].Write(row);
      row.Key("total");
      s.total[i].Write(row);
      row.Key("unreachable").Number(double(s.unreachable_from[i]));
      row.Key("closeness").Number(c.closeness[i]).Key("harmonic").Number(c.harmonic[i]).EndObject();
      text << '\n';
    }
  } else {
    text << "vertex,eccentricity,total,unreachable,closeness,harmonic\n";
    for (std::size_t i = 0; i < s.n; ++i) {
      text << CsvField(labels.label(i)) << ',';
      if (s.eccentricity[i].finite()) text << s.eccentricity[i].Text();
      text << ',' << s.total[i].Text() << ',' << s.unreachable_from[i] << ',' << Num(c.closeness[i]) << ','
           << Num(c.harmonic[i]) << '\n';
    }
  }
  WriteTextFile(path, text.str());
}

std::string WriteMetricsJson(const std::string& path, const DistanceMetrics& metrics, const MatrixMeta& meta,
                             const std::string& per_vertex_csv, const Connectivity* connectivity) {
  std::optional<DistanceMetrics> scaled;  // exact decimals: the numbers as the user wrote them
  if (meta.decimal_scale > 0) {
    scaled = metrics;
    ScaleToDecimals(scaled->summary, scaled->centrality, meta.decimal_scale);
  }
  const DistanceMetrics& m = scaled ? *scaled : metrics;
  const DistanceSummary& s = m.summary;
  const Centrality& c = m.centrality;
  if (!per_vertex_csv.empty()) WritePerVertexMetricsCsv(per_vertex_csv, s, c, meta.labels);
  std::ostringstream text;
  JsonWriter json(text);
  json.BeginObject();
  WriteSummaryJson(json, s, meta.labels, meta.directed, connectivity);
  WriteCentralityJson(json, c, meta.labels, meta.directed);
  json.Key("components").Null();  // gcenter's keys: the components and the plan are the run's, not the matrix's
  WriteDecimalDigitsJson(json, meta.decimal_scale);
  WriteFallbackJson(json, m.fell_back, m.note);
  json.Key("plan").Null();
  json.EndObject();
  text << "\n";
  WriteTextFile(path, text.str());
  return m.fell_back ? m.note : std::string();
}

template <class T> std::string WriteMetricsJsonFile(const std::string& path, const MatrixView<T>& d,
                                                    const MatrixMeta& meta, const MetricsOptions& options,
                                                    const std::string& per_vertex_csv) {
  const DistanceMetrics m = ComputeDistanceMetrics(d, meta.directed, options);
  // Why the center is undefined, in gcenter's words: the matrix's components (one pass, only then).
  std::optional<Connectivity> connectivity;
  if (!UndefinedReason(m.summary, meta.directed, nullptr).empty()) connectivity = MatrixConnectivity(d);
  return WriteMetricsJson(path, m, meta, per_vertex_csv, connectivity ? &*connectivity : nullptr);
}

#define GDIST_INSTANTIATE(T)                                                                             \
  template std::string WriteMetricsJsonFile(const std::string&, const MatrixView<T>&, const MatrixMeta&, \
                                            const MetricsOptions&, const std::string&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
