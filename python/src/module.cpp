// gdist._gdist: the extension module behind python/gdist (the Python side
// turns NumPy, SciPy and NetworkX inputs into its calls). gdist::Error from
// the library becomes gdist.Error with the library's message, whose options
// are spelled as gdist's keyword arguments (option_spelling.hpp).
#include <nanobind/nanobind.h>

#include "lib/util/error.hpp"
#include "lib/util/interruption.hpp"
#include "python/src/apsp_calls.hpp"
#include "python/src/distance_matrix.hpp"
#include "python/src/graph_input.hpp"
#include "python/src/metrics_calls.hpp"
#include "python/src/option_spelling.hpp"
#include "python/src/siting_calls.hpp"

namespace nb = nanobind;

NB_MODULE(_gdist, m) {
  m.doc() = "gdist's C++ library: all-pairs shortest paths, metrics and siting (use the gdist package)";
  // Library messages name options by meaning; here they read as gdist's keywords.
  gdist::python::InstallPythonOptionSpelling();
  nb::exception<gdist::Error>(m, "Error");
  // Ctrl-C stopped the run (interruption.hpp): what Python raises for Ctrl-C.
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const gdist::Interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
  gdist::python::BindGraphInput(m);
  gdist::python::BindDistanceMatrix(m);
  gdist::python::BindApspCalls(m);
  gdist::python::BindMetricsCalls(m);
  gdist::python::BindSitingCalls(m);
#ifdef GDIST_HAVE_CUDA
  m.attr("has_cuda") = true;
#else
  m.attr("has_cuda") = false;
#endif
}
