#include "lib/pipeline/road_apsp.hpp"

#include <vector>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/nthu_output.hpp"
#include "lib/pipeline/apsp_estimate.hpp"
#include "lib/pipeline/apsp_plan.hpp"
#include "lib/pipeline/distance_table.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/sources_file.hpp"
#include "lib/pipeline/write_distances.hpp"
#include "lib/plan/memory_plan.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/util/phase_timer.hpp"

namespace gdist {

HierarchyApspResult RunHierarchyApsp(const HierarchyApspRequest& r, const InputOptions& input, ProgressFn progress) {
  return RunHierarchyApsp(r, LoadHierarchy(r.in, input, r.threads), progress);
}

HierarchyApspResult RunHierarchyApsp(const HierarchyApspRequest& r, const LoadedHierarchy& loaded,
                                     ProgressFn progress) {
  HierarchyApspResult result;
  PhaseTimer timer;
  result.from_file = loaded.from_file;
  result.shortcuts = loaded.shortcuts;
  result.read_s = loaded.read_s;
  result.contract_s = loaded.contract_s;
  const RunContext context(r.threads, r.backend == Backend::kGpu ? r.backend : Backend::kCpu);
  std::visit(
      [&](const auto& ch) {
        using W = std::decay_t<decltype(ch.up.weights[0])>;
        result.n = ch.n;
        PlanRequest question;
        question.algorithm = ApspAlgorithm::kHierarchy;
        question.hierarchy_saved = loaded.from_file;
        std::vector<std::uint32_t> rows, cols;
        if (!r.sources.empty()) {
          rows = ReadSourcesFile(r.sources, ch.labels);
          question.question = PlanQuestion::kRows;
          question.rows = rows.size();
        }
        if (!r.targets.empty()) cols = ReadSourcesFile(r.targets, ch.labels);
        result.rows = rows.size();
        const GraphShape shape{ch.n, ch.up.size() + ch.down.size(), TreeMethod::kDijkstraRadix, ElementTraits<W>::kType,
                               true};
        question.input_bytes = InputFileBytes(r.in);
        question.input_matrix_file = loaded.from_file;
        question.output = !cols.empty() || r.out.empty() ? PlanOutput::kNone
                          : r.to == "csv"                ? PlanOutput::kText
                                                         : PlanOutput::kBinary;
        result.plan = PlanDistances(question, shape, context);
        if (r.voice.speaks())
          PrintRunEstimate(
              r.voice.name + " (" + std::to_string(rows.empty() ? ch.n : rows.size()) + " PHAST trees on " +
                  (result.plan.backend == Backend::kGpu ? std::string("the GPU")
                                                        : std::to_string(context.threads()) + " CPU threads") +
                  ")",
              static_cast<double>(result.plan.memory_bytes), result.plan.estimate, "PHAST trees");
        if (!cols.empty()) {
          const std::vector<W> table = HierarchyTable(ch, rows, cols, r.threads, result.plan.backend);
          result.report.note =
              std::string(result.plan.backend == Backend::kGpu ? "GPU PHAST table, " : "CH many-to-many table, ") +
              std::to_string(rows.size()) + " x " + std::to_string(cols.size());
          result.report.element_bits = static_cast<int>(8 * sizeof(W));
          result.apsp_s = timer.Lap();
          WriteDistanceTable(r.out, r.to, table, rows, cols, ch.labels, ch.directed, r.as_float);
          result.write_s = timer.Lap();
          return;
        }
        if (!rows.empty()) {
          result.report = WriteHierarchyRows(ch, rows, r.out, r.threads, progress, result.plan.backend);
          result.apsp_s = result.report.seconds;  // computing and writing interleave, block by block
          result.write_s = timer.Lap() - result.report.seconds;
          return;
        }
        RefuseIfTooLarge(r.in, RunNeeds{ch.n, ElementTraits<W>::kType, false});
        DistMatrix<W> m(ch.n);
        m.meta().directed = ch.directed;
        m.meta().labels = ch.labels;
        m.meta().lon_lat = ch.lon_lat;
        result.report = HierarchyRowsIntoMatrix(ch, m, r.threads, progress, result.plan.backend);
        result.apsp_s = timer.Lap();
        WriteDistances(r.out, r.to, m, nullptr, r.narrow, r.as_float);
        result.write_s = timer.Lap();
      },
      loaded.hierarchy);
  return result;
}

}  // namespace gdist
