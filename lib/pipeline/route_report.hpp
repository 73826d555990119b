// gpath's answers, as the tool prints them: a route (text or JSON), the JSON
// of "no path", and the tree from one source as CSV (from a matrix file's
// next hops). Kept beside the runs so the tool only parses flags and prints.
#pragma once
#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/paths/route.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/json_writer.hpp"
#include "lib/util/terminal_text.hpp"

namespace gdist {

// A route's JSON when only its ends are known (one schema for a route,
// docs/schema/gpath.schema.json): write_length(w) writes the length (or null),
// the hops, vertices and weights are null.
template <class WriteLength>
std::string RouteEndsJson(const VertexLabels& labels, std::size_t from, std::size_t to, WriteLength&& write_length) {
  std::ostringstream out;
  JsonWriter w(out);
  w.BeginObject();
  w.Key("from");
  WriteLabel(w, labels, from);
  w.Key("to");
  WriteLabel(w, labels, to);
  w.Key("length");
  write_length(w);
  w.Key("hops").Null().Key("vertices").Null().Key("weights").Null();
  w.EndObject();
  out << "\n";
  return out.str();
}

// "no path" with --json: the route's keys, each null but the ends.
inline std::string NoPathJson(const VertexLabels& labels, std::size_t from, std::size_t to) {
  return RouteEndsJson(labels, from, to, [](JsonWriter& w) { w.Null(); });
}

// A distance or weight as the report prints it: exactly, and for a matrix of
// exact decimals (decimal_scale > 0, lib/core/decimal_scale.hpp) as the decimal the input wrote.
template <class T> std::string RouteNumber(T v, int decimal_scale) {
  if constexpr (std::is_integral_v<T>)
    if (decimal_scale > 0) return DecimalScale{decimal_scale}.Text(v);
  return ExactText(v);
}

// One route: its length, the vertices and each arc's weight, as text or JSON.
template <class T, class V> std::string RouteText(const VertexLabels& labels, const std::vector<V>& vertices,
                                                  const std::vector<T>& weights, T length, bool json,
                                                  int decimal_scale = 0) {
  std::ostringstream out;
  const auto value = [&](JsonWriter& w, T x) {
    if (decimal_scale > 0) w.Raw(RouteNumber(x, decimal_scale));
    else w.Value(x);
  };
  if (json) {
    JsonWriter w(out);
    w.BeginObject();
    w.Key("from");
    WriteLabel(w, labels, vertices.front());
    w.Key("to");
    WriteLabel(w, labels, vertices.back());
    w.Key("length");
    value(w, length);
    w.Key("hops").Number(static_cast<double>(weights.size()));
    w.Key("vertices").BeginArray();
    for (auto v : vertices) WriteLabel(w, labels, v);
    w.EndArray();
    w.Key("weights").BeginArray();
    for (auto x : weights) value(w, x);
    w.EndArray();
    w.EndObject();
    out << "\n";
  } else {
    out << "length " << RouteNumber(length, decimal_scale) << ", " << weights.size() << " arcs\n";
    for (std::size_t k = 0; k < vertices.size(); ++k) {
      out << TerminalText(labels.label(vertices[k]));
      if (k < weights.size()) out << " -(" << RouteNumber(weights[k], decimal_scale) << ")-> ";
    }
    out << "\n";
  }
  return out.str();
}

// The tree from `from` by a matrix's next hops: target,distance,next_hop,hops.
template <class T> std::string TreeCsv(const VertexLabels& labels, const MatrixView<T>& d,
                                       const MatrixView<std::int32_t>& next, std::size_t from, int decimal_scale = 0) {
  std::ostringstream out;
  out << "target,distance,next_hop,hops\n";
  for (std::size_t t = 0; t < d.n; ++t) {
    out << labels.label(t) << ',';
    auto route = FindRoute(d, next, from, t);
    if (route) {
      out << RouteNumber(route->length, decimal_scale) << ',';
      if (t != from) out << labels.label(route->vertices[1]);
      out << ',' << route->weights.size();
    } else {
      out << ",,";
    }
    out << '\n';
  }
  return out.str();
}

}  // namespace gdist
