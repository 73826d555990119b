// gdist.metrics. On a distance matrix: the summary and centralities of
// gcenter --json (lib/metrics/distance_metrics.hpp, the same backend choice),
// as the JSON text the tool prints (the Python side parses it, so the keys are
// the tool's) plus the per-vertex values as NumPy arrays. On a graph:
// gcenter's own run on it (lib/pipeline/center_graph.hpp), its JSON report and
// its per-vertex table.
#pragma once
#include <nanobind/nanobind.h>

namespace gdist::python {

void BindMetricsCalls(nanobind::module_& m);

}  // namespace gdist::python
