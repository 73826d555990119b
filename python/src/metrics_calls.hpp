// gdist.metrics on a distance matrix: the summary and centralities of
// gcenter --json (lib/metrics/distance_metrics.hpp, the same backend choice),
// as the JSON text the tool prints (the Python side parses it, so the keys are
// the tool's) plus the per-vertex values as NumPy arrays.
#pragma once
#include <nanobind/nanobind.h>

namespace gdist::python {

void BindMetricsCalls(nanobind::module_& m);

}  // namespace gdist::python
