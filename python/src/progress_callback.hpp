// A Python callable as the engines' progress hook (lib/engine/progress.hpp):
// called as fn(done, total, unit, task) from whichever thread reports (the
// GIL taken for the call), e.g. (12, 63, "rounds", "apsp"). An exception the
// callable raises is reported as unraisable and the run goes on; the call
// cannot stop a run.
#pragma once
#include <nanobind/nanobind.h>

#include "lib/engine/progress.hpp"

namespace gdist::python {

// None: no hook (an empty ProgressFn).
ProgressFn PythonProgress(nanobind::object fn);

}  // namespace gdist::python
