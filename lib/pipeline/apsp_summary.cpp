#include "lib/pipeline/apsp_summary.hpp"

#include <iomanip>
#include <sstream>

#include "lib/core/decimal_scale.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

namespace {

void WriteHierarchyJson(JsonWriter& w, const ApspRunResult& r) {
  const HierarchyApspResult& h = *r.hierarchy;
  w.Key("n").Number(static_cast<double>(h.n));
  if (h.rows) w.Key("rows").Number(static_cast<double>(h.rows));
  w.Key("algorithm").Str("ch");
  w.Key("algorithm_reason").Str(h.plan.reasons.front());
  w.Key("backend").Str(BackendName(h.report.used)).Key("backend_note").Str(h.report.note);
  w.Key("element_bits").Number(h.report.element_bits);
  w.Key("hierarchy").Str(h.from_file ? "read" : "built");
  w.Key("shortcuts").Number(static_cast<double>(h.shortcuts));
  w.Key("read_s").Number(h.read_s).Key("contract_s").Number(h.contract_s);
  w.Key("apsp_s").Number(h.apsp_s).Key("write_s").Number(h.write_s);
  WritePlanJson(w, h.plan);
}

void WriteDistributedGraphJson(JsonWriter& w, const ApspRunResult& r) {
  w.Key("n").Number(static_cast<double>(r.n));
  w.Key("backend").Str(r.engine.used == Backend::kGpu ? "gpu" : "cpu");
  w.Key("backend_note").Str(r.engine.note);
  w.Key("element_bits").Number(r.engine.element_bits);
  w.Key("read_s").Number(r.read_s).Key("apsp_s").Number(r.apsp_s);
  w.Key("metrics_s").Number(r.metrics_s).Key("write_s").Number(r.write_s);
}

void WritePlannedJson(JsonWriter& w, const ApspRunResult& r) {
  const ApspReport& e = r.engine;
  w.Key("n").Number(static_cast<double>(r.n));
  if (r.rows) w.Key("rows").Number(static_cast<double>(*r.rows));
  w.Key("algorithm").Str(ApspAlgorithmName(r.plan.algorithm()));
  w.Key("algorithm_reason").Str(r.plan.reasons.front());
  if (r.tree_method) w.Key("tree_method").Str(TreeMethodName(*r.tree_method));
  w.Key("backend").Str(BackendName(e.used));
  w.Key("backend_note").Str(e.note);
  w.Key("element_bits").Number(e.element_bits);
  w.Key("precision_reason").Str(e.precision_reason);
  w.Key("distance_bound");
  if (e.distance_bound >= 0) w.Raw(DecimalScale{r.decimal_scale}.Text(e.distance_bound));
  else w.Null();
  if (r.decimal_scale > 0) w.Key("decimal_digits").Number(r.decimal_scale);
  w.Key("read_s").Number(r.read_s).Key("apsp_s").Number(r.apsp_s);
  if (r.next_hops_s) w.Key("next_hops_s").Number(*r.next_hops_s);
  w.Key("write_s").Number(r.write_s);
  WritePlanJson(w, r.plan);
}

}  // namespace

void WriteApspJson(std::ostream& out, const ApspRunResult& r) {
  JsonWriter w(out);
  w.BeginObject();
  switch (r.shape) {
    case ApspRunResult::Shape::kHierarchy: WriteHierarchyJson(w, r); break;
    case ApspRunResult::Shape::kDistributedGraph: WriteDistributedGraphJson(w, r); break;
    case ApspRunResult::Shape::kPlanned: WritePlannedJson(w, r); break;
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
    s << r.n << " vertices, " << r.engine.note << "; read " << r.read_s << " s, apsp " << r.apsp_s << " s, metrics "
      << r.metrics_s << " s, write " << r.write_s << " s";
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
