#include "python/src/progress_callback.hpp"

#include <nanobind/stl/string.h>

#include <memory>

namespace gdist::python {

namespace nb = nanobind;

ProgressFn PythonProgress(nb::object fn) {
  if (fn.is_none()) return {};
  // The engine copies and drops the hook on its own threads, without the GIL:
  // the callable is released under it.
  std::shared_ptr<nb::object> callable(new nb::object(std::move(fn)), [](nb::object* p) {
    nb::gil_scoped_acquire acquire;
    delete p;
  });
  return [callable](const ApspProgress& p) {
    nb::gil_scoped_acquire acquire;
    try {
      (*callable)(p.rounds_done, p.rounds_total, p.unit, p.task);
    } catch (nb::python_error& e) {
      e.discard_as_unraisable("gdist progress callback");
    }
  };
}

}  // namespace gdist::python
