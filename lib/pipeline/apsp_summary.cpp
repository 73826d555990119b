#include "lib/pipeline/apsp_summary.hpp"

#include <iomanip>
#include <optional>
#include <sstream>

#include "lib/core/decimal_scale.hpp"
#include "lib/util/json_writer.hpp"
#include "lib/util/report_number.hpp"

namespace gdist {

namespace {

// Every key of gapsp's --json, whatever ran (docs/schema/gapsp.schema.json):
// what does not apply to this run is null.
struct ApspJson {
  std::size_t n = 0;
  std::optional<std::size_t> rows;
  std::optional<std::string> algorithm, algorithm_reason, tree_method, precision_reason, hierarchy;
  std::string backend, backend_note;
  int element_bits = 0;
  std::optional<std::string> distance_bound;  // exact text (decimals as the input wrote them)
  int decimal_digits = 0;
  std::optional<double> shortcuts, contract_s, next_hops_s, metrics_s;
  double read_s = 0, apsp_s = 0, write_s = 0;
  const RunPlan* plan = nullptr;
};

void Optional(JsonWriter& w, const char* key, const std::optional<std::string>& v) {
  w.Key(key);
  if (v) w.Str(*v);
  else w.Null();
}

void Seconds(JsonWriter& w, const char* key, std::optional<double> v) {
  w.Key(key);
  if (v) w.Number(MeasuredSeconds(*v));
  else w.Null();
}

void WriteFields(JsonWriter& w, const ApspJson& f) {
  w.Key("n").Number(static_cast<double>(f.n));
  w.Key("rows");
  if (f.rows) w.Number(static_cast<double>(*f.rows));
  else w.Null();
  Optional(w, "algorithm", f.algorithm);
  Optional(w, "algorithm_reason", f.algorithm_reason);
  Optional(w, "tree_method", f.tree_method);
  w.Key("backend").Str(f.backend).Key("backend_note").Str(f.backend_note);
  w.Key("element_bits").Number(f.element_bits);
  Optional(w, "precision_reason", f.precision_reason);
  w.Key("distance_bound");
  if (f.distance_bound) w.Raw(*f.distance_bound);
  else w.Null();
  w.Key("decimal_digits");
  if (f.decimal_digits > 0) w.Number(f.decimal_digits);
  else w.Null();
  Optional(w, "hierarchy", f.hierarchy);
  w.Key("shortcuts");
  if (f.shortcuts) w.Number(*f.shortcuts);
  else w.Null();
  Seconds(w, "read_s", f.read_s);
  Seconds(w, "contract_s", f.contract_s);
  Seconds(w, "apsp_s", f.apsp_s);
  Seconds(w, "next_hops_s", f.next_hops_s);
  Seconds(w, "metrics_s", f.metrics_s);
  Seconds(w, "write_s", f.write_s);
  if (f.plan) WritePlanJson(w, *f.plan);
  else w.Key("plan").Null();
}

ApspJson HierarchyFields(const ApspRunResult& r) {
  const HierarchyApspResult& h = *r.hierarchy;
  ApspJson f;
  f.n = h.n;
  if (h.rows) f.rows = h.rows;
  f.algorithm = "ch";
  f.algorithm_reason = h.plan.reasons.front();
  f.backend = BackendName(h.report.used);
  f.backend_note = h.report.note;
  f.element_bits = h.report.element_bits;
  f.hierarchy = h.from_file ? "read" : "built";
  f.shortcuts = static_cast<double>(h.shortcuts);
  f.read_s = h.read_s;
  f.contract_s = h.contract_s;
  f.apsp_s = h.apsp_s;
  f.write_s = h.write_s;
  f.plan = &h.plan;
  return f;
}

ApspJson DistributedGraphFields(const ApspRunResult& r) {
  ApspJson f;
  f.n = r.n;
  f.algorithm = "fw";
  f.backend = BackendName(r.engine.used);
  f.backend_note = r.engine.note;
  f.element_bits = r.engine.element_bits;
  f.precision_reason = r.engine.precision_reason;
  if (r.engine.distance_bound >= 0) f.distance_bound = DecimalScale{r.decimal_scale}.Text(r.engine.distance_bound);
  f.read_s = r.read_s;
  f.apsp_s = r.apsp_s;
  f.metrics_s = r.metrics_s;
  f.write_s = r.write_s;
  return f;
}

ApspJson PlannedFields(const ApspRunResult& r) {
  const ApspReport& e = r.engine;
  ApspJson f;
  f.n = r.n;
  f.rows = r.rows;
  f.algorithm = ApspAlgorithmName(r.plan.algorithm());
  f.algorithm_reason = r.plan.reasons.front();
  if (r.tree_method) f.tree_method = TreeMethodName(*r.tree_method);
  f.backend = BackendName(e.used);
  f.backend_note = e.note;
  f.element_bits = e.element_bits;
  f.precision_reason = e.precision_reason;
  if (e.distance_bound >= 0) f.distance_bound = DecimalScale{r.decimal_scale}.Text(e.distance_bound);
  f.decimal_digits = r.decimal_scale;
  f.read_s = r.read_s;
  f.apsp_s = r.apsp_s;
  f.next_hops_s = r.next_hops_s;
  f.write_s = r.write_s;
  f.plan = &r.plan;
  return f;
}

}  // namespace

void WriteApspJson(std::ostream& out, const ApspRunResult& r) {
  JsonWriter w(out);
  w.BeginObject();
  switch (r.shape) {
    case ApspRunResult::Shape::kHierarchy: WriteFields(w, HierarchyFields(r)); break;
    case ApspRunResult::Shape::kDistributedGraph: WriteFields(w, DistributedGraphFields(r)); break;
    case ApspRunResult::Shape::kPlanned: WriteFields(w, PlannedFields(r)); break;
  }
  w.EndObject();
  out << "\n";
}

std::string ApspSummaryLine(const ApspRunResult& r) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(3);
  if (r.shape == ApspRunResult::Shape::kHierarchy) {
    const HierarchyApspResult& h = *r.hierarchy;
    s << h.n << " vertices";
    if (h.rows) s << ", " << h.rows << " rows";
    s << ", algorithm ch (" << h.plan.reasons.front() << "; " << h.report.note << "); read " << h.read_s
      << " s, contract " << h.contract_s << " s, apsp " << h.apsp_s << " s, write " << h.write_s << " s";
    return s.str();
  }
  if (r.shape == ApspRunResult::Shape::kDistributedGraph) {
    s << r.n << " vertices, " << r.engine.note << ", " << r.engine.element_bits << "-bit elements ("
      << r.engine.precision_reason << "); read " << r.read_s << " s, apsp " << r.apsp_s << " s, metrics " << r.metrics_s
      << " s, write " << r.write_s << " s";
    return s.str();
  }
  const ApspReport& e = r.engine;
  s << r.n << " vertices";
  if (r.rows) s << ", " << *r.rows << " rows";
  s << ", algorithm " << ApspAlgorithmName(r.plan.algorithm()) << " (" << r.plan.reasons.front() << "), backend "
    << BackendName(e.used) << " (" << e.note << "), " << e.element_bits << "-bit elements (" << e.precision_reason
    << "); read " << r.read_s << " s, apsp " << r.apsp_s << " s";
  if (r.next_hops_s) s << ", next hops " << *r.next_hops_s << " s";
  s << ", write " << r.write_s << " s";
  return s.str();
}

}  // namespace gdist
