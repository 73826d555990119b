// gcenter DIST: metrics of a distance matrix (streamed from the mmapped file),
// or of any graph file / adjacency matrix (APSP computed in-process first).
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/input_flags.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/metrics/summary_report.hpp"

namespace {

struct Request {
  bool json = false;
  std::string per_vertex;
  gdist::MetricsOptions metrics;
};

template <class T>
int Report(const gdist::MatrixView<T>& d, const gdist::MatrixMeta& meta, const Request& req) {
  gdist::DistanceSummary s = gdist::Summarize(d, req.metrics);
  if (!req.per_vertex.empty()) gdist::WritePerVertexCsv(req.per_vertex, s, meta.labels);
  if (req.json) {
    gdist::JsonWriter json(std::cout);
    json.BeginObject();
    gdist::WriteSummaryJson(json, s, meta.labels, meta.directed);
    json.EndObject();
    std::cout << "\n";
  } else {
    gdist::WriteSummaryText(std::cout, s, meta.labels, meta.directed);
  }
  return gdist::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Distance metrics: eccentricity, diameter, radius, center, periphery, 1-median.", "gcenter"};
  std::string in, backend = "auto";
  Request req;
  gdist::InputFlags flags;
  app.add_option("DIST", in, "distance matrix from gapsp, or any graph/adjacency file (APSP runs first)")
      ->required();
  app.add_flag("--json", req.json, "machine-readable output");
  app.add_option("--per-vertex", req.per_vertex, "write vertex,eccentricity,total,unreachable CSV to FILE");
  app.add_flag("--reachable-only", req.metrics.reachable_only,
               "eccentricity over reachable vertices only (igraph's convention); default: infinite");
  app.add_option("-j,--threads", req.metrics.threads, "threads (0 = all cores)");
  app.add_option("--backend", backend, "APSP backend when DIST is not a distance matrix")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  flags.Add(app);
  app.footer("EXAMPLES:\n  gcenter dist.gdm\n  gcenter dist.gdm --json --per-vertex ecc.csv\n"
             "  gcenter rome99.gr                    # APSP in-process");
  return gdist::RunApp(app, argc, argv, [&]() -> int {
    gdist::InputOptions input = flags.Options();
    if (input.read.format == gdist::InputFormat::kAuto && gdist::IsMatrixFile(in)) {
      gdist::MappedMatrixFile file(in);
      if (file.info().meta.kind == gdist::MatrixKind::kDistance)
        return gdist::DispatchElement(file.info().type, [&](auto zero) {
          using T = decltype(zero);
          return Report(file.view<T>(), file.info().meta, req);
        });
    }
    gdist::AnyMatrix m = gdist::LoadInput(in, input);
    gdist::ApspOptions opts;
    gdist::ParseBackend(backend, &opts.backend);
    opts.threads = req.metrics.threads;
    return std::visit([&](auto& mat) {
      gdist::SolveApsp(mat, opts);
      return Report(mat.view(), mat.meta(), req);
    }, m);
  });
}
