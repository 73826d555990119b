#include "lib/siting/siting_files.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>
#include <type_traits>

#include "formats/input_file.hpp"
#include "formats/token_parse.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/metrics/summary_report.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/csv_field.hpp"
#include "lib/util/error.hpp"
#include "lib/util/format_number.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

namespace {

// Each line's fields by the edge-list rules (formats/token_parse.hpp: CSV
// with RFC 4180 quotes, TSV names with spaces, else blanks), empty fields
// dropped; blank lines and '#' comments skipped. f(line number, the trimmed
// line, its fields).
// Read through InputFile, so list files are held to the graph files' limits
// (a line past the longest allowed is refused with its number, not read whole).
template <class F> void ForEachLine(const std::string& path, F f) {
  InputFile in(path);
  std::string_view line;
  std::vector<std::string_view> views;
  while (in.NextLine(&line)) {
    const std::size_t no = in.line_number();
    const std::string_view t = TrimBlanks(line);
    if (t.empty() || t.front() == '#') continue;
    if (!SplitAllFields(t, &views))
      throw ParseError(path, no, "expected a quoted field to end with '\"' before the next separator");
    std::vector<std::string> fields;
    for (std::string_view v : views)
      if (!v.empty()) fields.emplace_back(v);
    if (!fields.empty()) f(no, t, fields);
  }
}

std::uint32_t Resolve(const std::string& path, std::size_t no, const std::string& label, const VertexLabels& labels) {
  auto v = labels.find(label);
  if (!v) throw ParseError(path, no, "vertex " + Quoted(label) + " is not a vertex of the input");
  return static_cast<std::uint32_t>(*v);
}

}  // namespace

std::vector<double> ReadWeightsFile(const std::string& path, const VertexLabels& labels, std::size_t n,
                                    double unlisted) {
  std::vector<double> w(n, unlisted);
  std::vector<std::size_t> listed_on(n, 0);  // the line that gave each vertex its weight
  bool first = true;
  ForEachLine(path, [&](std::size_t no, std::string_view line, std::vector<std::string> f) {
    // "Piazza del Popolo 3": blanks alone separate, so the name is all but the last field.
    if (f.size() > 2 && line.find_first_of(",\t\"") == std::string_view::npos) {
      const std::size_t cut = line.find_last_of(' ');
      f = {std::string(TrimBlanks(line.substr(0, cut))), f.back()};
    }
    double x;
    const bool numeric = f.size() >= 2 && ParseDouble(f[1], &x);
    if (first && !numeric && !labels.find(f[0])) {  // a header line
      first = false;
      return;
    }
    first = false;
    if (f.size() != 2)
      throw ParseError(path, no, "expected 'label,weight' (2 fields), got " + std::to_string(f.size()));
    if (!numeric || !std::isfinite(x) || x < 0)
      throw ParseError(path, no, "weight " + Quoted(f[1]) + " is not a finite number >= 0");
    const std::uint32_t v = Resolve(path, no, f[0], labels);
    if (listed_on[v])
      throw ParseError(path, no,
                       "vertex " + Quoted(f[0]) + " is listed twice (first on line " + std::to_string(listed_on[v]) +
                           "); give each vertex one weight");
    listed_on[v] = no;
    w[v] = x;
  });
  return w;
}

std::vector<std::uint32_t> ReadVertexListFile(const std::string& path, const VertexLabels& labels) {
  std::vector<std::uint32_t> out;
  bool first = true;
  ForEachLine(path, [&](std::size_t no, std::string_view line, const std::vector<std::string>& f) {
    if (first && !labels.find(f[0]) && (f[0] == "label" || f[0] == "vertex" || f[0] == "id")) {  // a header line
      first = false;
      return;
    }
    first = false;
    // The whole line when it names a vertex ("Depot A"), else its only field.
    const std::string whole(line);
    if (!labels.find(whole) && f.size() > 1)
      throw ParseError(
          path, no,
          "expected one vertex label per line, got " + std::to_string(f.size()) + " fields (" + Quoted(whole) + ")");
    out.push_back(Resolve(path, no, labels.find(whole) ? whole : f[0], labels));
  });
  if (out.empty()) throw Error(path + ": lists no vertex");
  return out;
}

template <class T> void WriteAssignmentCsv(const std::string& path, const SitingProblem<T>& prob,
                                           const std::vector<NamedResult>& results, const VertexLabels& labels) {
  std::ostringstream text;  // numbers as ExactText: they read back as themselves
  const bool json_lines = IsJsonLinesPath(path);
  if (!json_lines) text << "model,p,demand,weight,site,distance\n";
  for (const NamedResult& r : results) {
    const Assignment& a = r.result->assignment;
    for (std::size_t u = 0; u < prob.num_demands(); ++u) {
      const bool served = std::isfinite(a.distance[u]);
      // The cost as the input gave it, in its own type: whole costs exactly
      // (past 2^53 too), float32 costs with a float's digits.
      auto write_distance = [&](auto&& out) { out(prob.InputCost(u, a.site[u])); };
      if (json_lines) {  // one object per line; an unserved demand has null site and distance
        JsonWriter row(text);
        row.BeginObject().Key("model").Str(r.model).Key("p").Number(double(r.p)).Key("demand");
        WriteLabel(row, labels, prob.demand_vertex(u));
        row.Key("weight").Number(prob.weight(u)).Key("site");
        if (served) WriteLabel(row, labels, prob.candidate_vertex(a.site[u]));
        else row.Null();
        row.Key("distance");
        if (served) write_distance([&](auto v) { row.Value(v); });
        else row.Null();
        row.EndObject();
        text << '\n';
        continue;
      }
      text << r.model << ',' << r.p << ',' << CsvField(labels.label(prob.demand_vertex(u))) << ','
           << ExactText(prob.weight(u)) << ',';
      if (served) {
        text << CsvField(labels.label(prob.candidate_vertex(a.site[u]))) << ',';
        write_distance([&](auto v) { text << ExactText(v); });
      } else text << ',';
      text << '\n';
    }
  }
  WriteTextFile(path, text.str());
}

#define GDIST_INSTANTIATE(T)                                                                                     \
  template void WriteAssignmentCsv(const std::string&, const SitingProblem<T>&, const std::vector<NamedResult>&, \
                                   const VertexLabels&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
