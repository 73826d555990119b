// A Python callable as the engines' progress hook (lib/engine/progress.hpp):
// called as fn(done, total, unit, task) from whichever thread reports (the
// GIL taken for the call), e.g. (12, 63, "rounds", "apsp"). An exception the
// callable raises is reported as unraisable and the run goes on; the call
// cannot stop a run.
#pragma once
#include <nanobind/nanobind.h>

#include <string>

#include "lib/engine/progress.hpp"
#include "lib/siting/siting_result.hpp"

namespace gdist::python {

// None: no hook (an empty ProgressFn).
ProgressFn PythonProgress(nanobind::object fn);

// The same callable as a siting model's hook (SitingOptions::progress, the
// reports gcenter draws as its bars, lib/pipeline/siting_progress_bar.hpp),
// called with the same four arguments, task "MODEL: PHASE" ("p-median: local
// search"): a phase with a budget as (thousandths of it used, 1000,
// "permille", task), never going back within the phase (the search's own
// share can: patience restarts after an improvement); an open-ended one
// (branch and bound) as (nodes, None, "nodes", task). None: no hook.
SitingProgressFn PythonSitingProgress(nanobind::object fn, std::string model);

}  // namespace gdist::python
