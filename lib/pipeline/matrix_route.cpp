#include "lib/pipeline/matrix_route.hpp"

#include <sstream>

#include "formats/token_parse.hpp"
#include "lib/core/decimal_scale.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/pipeline/route_report.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// The stored row of vertex v, if the rows file holds one.
std::optional<std::size_t> RowOf(const MatrixFileInfo& info, std::size_t v) {
  for (std::size_t r = 0; r < info.row_sources.size(); ++r)
    if (info.row_sources[r] == v) return r;
  return std::nullopt;
}

template <class T> bool Reachable(T d) { return d < ElementTraits<T>::kInf; }

// The distance alone, as a route's JSON with what a rows file cannot know set to null.
template <class T>
std::string DistanceText(const VertexLabels& labels, std::size_t from, std::size_t to, T d, bool json, int scale) {
  if (!json) return std::string("length ").append(RouteNumber(d, scale)).append("\n");
  return RouteEndsJson(labels, from, to, [&](JsonWriter& w) {
    if (scale > 0) w.Raw(RouteNumber(d, scale));
    else w.Value(d);
  });
}

// The distances of one stored row: every target's as CSV, or `to`'s at `column` (the row of the other
// end of an undirected pair holds it at `from`): a route whose vertices are unknown, `note` saying where
// the route is. `labels` names `from` and `to` (a table's: TableEndLabels).
template <class T> MatrixPathAnswer DistancesFrom(const MappedMatrixFile& file, const T* distances, std::size_t from,
                                                  std::optional<std::size_t> to, std::size_t column, bool json,
                                                  const std::string& note, const VertexLabels& labels) {
  const MatrixFileInfo& info = file.info();
  const VertexLabels& columns = info.meta.labels;
  const int scale = info.meta.decimal_scale;
  MatrixPathAnswer answer;
  if (!to) {
    std::ostringstream out;
    out << "target,distance\n";
    for (std::size_t t = 0; t < info.n; ++t) {
      out << CsvField(columns.label(t)) << ',';
      if (Reachable(distances[t])) out << RouteNumber(distances[t], scale);
      out << '\n';
    }
    answer.text = out.str();
    return answer;
  }
  const T d = distances[column];
  if (!Reachable(d)) {
    answer.no_path = true;
    return answer;
  }
  answer.text = DistanceText(labels, from, *to, d, json, scale);
  answer.note = note;
  return answer;
}

template <class T>
MatrixPathAnswer RowsPath(const MappedMatrixFile& file, std::size_t from, std::optional<std::size_t> to, bool json) {
  const MatrixFileInfo& info = file.info();
  const VertexLabels& labels = info.meta.labels;
  const std::string graph_route =
      "give the graph file instead of " + file.path() + " (a contraction-hierarchy query, no matrix)";
  std::optional<std::size_t> row = RowOf(info, from);
  std::size_t column = to.value_or(0);
  if (!row && to && !info.meta.directed) {  // undirected: the row of the other end holds the same distance
    row = RowOf(info, *to);
    column = from;
  }
  if (!row)
    throw Error(file.path() + ": holds the distances from " + std::to_string(info.row_sources.size()) + " of its " +
                std::to_string(info.n) + " vertices only, and " + Quoted(labels.label(from)) +
                (to && !info.meta.directed ? std::string(" and ") + Quoted(labels.label(*to)) + " are not among them"
                                           : std::string(" is not one of them")) +
                ": for routes and distances from any vertex, " + graph_route + "; or write the rows with " +
                Quoted(labels.label(from)) + " among " + OptionText(Option::kSources, "FILE"));
  return DistancesFrom<T>(file, file.row<T>(*row), from, to, column, json,
                          file.path() + " keeps distances, not routes (no next hops); for the route, " + graph_route,
                          labels);
}

template <class T>
MatrixPathAnswer SquarePath(const MappedMatrixFile& file, std::size_t from, std::optional<std::size_t> to, bool json) {
  const auto& meta = file.info().meta;
  if (!file.next_hops().data)  // distances only: the answer a rows file gives, every row present
    return DistancesFrom<T>(file, file.row<T>(from), from, to, to.value_or(0), json,
                            file.path() + " keeps distances, not routes (no next hops); for the route, write it with " +
                                OptionText(Option::kPaths) + " or give the graph file",
                            meta.labels);
  MatrixPathAnswer answer;
  if (!to) {
    answer.text = TreeCsv(meta.labels, file.view<T>(), file.next_hops(), from, meta.decimal_scale);
    return answer;
  }
  auto route = FindRoute(file.view<T>(), file.next_hops(), from, *to);
  if (!route) {
    answer.no_path = true;
    return answer;
  }
  answer.text = RouteText(meta.labels, route->vertices, route->weights, route->length, json, meta.decimal_scale);
  answer.route.assign(route->vertices.begin(), route->vertices.end());
  answer.length = static_cast<double>(route->length) / Pow10(meta.decimal_scale);
  return answer;
}

}  // namespace

VertexLabels TableEndLabels(const MatrixFileInfo& info) {
  std::vector<std::string> all;
  for (const VertexLabels* side : {&info.meta.labels, &info.row_labels})
    for (std::size_t i = 0; i < side->size(); ++i) all.push_back(side->label(i));
  return VertexLabels::FromStrings(std::move(all));
}

MatrixPathAnswer TableFilePath(const MappedMatrixFile& file, std::size_t row, std::optional<std::size_t> column,
                               bool json) {
  const VertexLabels ends = TableEndLabels(file.info());
  return DispatchElement(file.info().type, [&](auto zero) {
    using T = decltype(zero);
    return DistancesFrom<T>(file, file.row<T>(row), file.info().n + row, column, column.value_or(0), json,
                            file.path() + " is a table of distances, not routes; for the route, give the graph file",
                            ends);
  });
}

MatrixPathAnswer MatrixFilePath(const MappedMatrixFile& file, std::size_t from, std::optional<std::size_t> to,
                                bool json) {
  return DispatchElement(file.info().type, [&](auto zero) {
    using T = decltype(zero);
    return file.info().rectangular ? RowsPath<T>(file, from, to, json) : SquarePath<T>(file, from, to, json);
  });
}

}  // namespace gdist
