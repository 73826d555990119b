// gdist.apsp and gdist.rows: the all-pairs run of gapsp without its files.
// The same planner (lib/pipeline/apsp_plan.hpp, lib/plan/planner.hpp) picks
// the engine (Floyd-Warshall or a tree per source), the backend and the
// element type, so a graph gets the engine here that gapsp gives it; the
// distances stay in the library's buffers (distance_matrix.hpp). The road
// hierarchy (gapsp --algorithm ch) is not offered here yet.
#pragma once
#include <nanobind/nanobind.h>

namespace gdist::python {

void BindApspCalls(nanobind::module_& m);

}  // namespace gdist::python
