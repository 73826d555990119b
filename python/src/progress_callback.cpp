#include "python/src/progress_callback.hpp"

#include <nanobind/stl/string.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

namespace gdist::python {

namespace nb = nanobind;

namespace {

// The engines copy and drop the hook on their own threads, without the GIL:
// the callable is released under it.
std::shared_ptr<nb::object> HeldCallable(nb::object fn) {
  return std::shared_ptr<nb::object>(new nb::object(std::move(fn)), [](nb::object* p) {
    nb::gil_scoped_acquire acquire;
    delete p;
  });
}

template <class... Args> void Call(const nb::object& fn, Args&&... args) {
  try {
    fn(std::forward<Args>(args)...);
  } catch (nb::python_error& e) {
    e.discard_as_unraisable("gdist progress callback");
  }
}

}  // namespace

ProgressFn PythonProgress(nb::object fn) {
  if (fn.is_none()) return {};
  std::shared_ptr<nb::object> callable = HeldCallable(std::move(fn));
  return [callable](const ApspProgress& p) {
    nb::gil_scoped_acquire acquire;
    Call(*callable, p.rounds_done, p.rounds_total, p.unit, p.task);
  };
}

SitingProgressFn PythonSitingProgress(nb::object fn, std::string model) {
  if (fn.is_none()) return {};
  struct State {
    std::string model, phase;
    std::size_t permille = 0;  // the most reported in this phase
  };
  auto state = std::make_shared<State>();
  state->model = std::move(model);
  std::shared_ptr<nb::object> callable = HeldCallable(std::move(fn));
  return [callable, state](const SitingProgress& p) {
    nb::gil_scoped_acquire acquire;  // also guards the state
    if (state->phase != p.phase) {
      state->phase = p.phase;
      state->permille = 0;
    }
    const std::string task = state->model + ": " + state->phase;
    if (p.fraction >= 0) {
      const auto now = static_cast<std::size_t>(std::floor(1000 * std::min(1.0, p.fraction)));
      state->permille = std::max(state->permille, now);
      Call(*callable, state->permille, 1000, "permille", task);
    } else {
      Call(*callable, p.steps, nb::none(), "nodes", task);
    }
  };
}

}  // namespace gdist::python
