// gdist.p_median, p_center, cover and max_cover on a distance matrix, or on
// rows of some sources as gcenter reads a rectangular file (the sources are
// the candidates, every column a demand): the siting models of gcenter
// (lib/siting/siting_models.hpp) with its defaults, answering the sites,
// objective, bound, gap, optimality and each demand's site and distance; the
// models' progress reports go to progress= (progress_callback.hpp).
#pragma once
#include <nanobind/nanobind.h>

namespace gdist::python {

void BindSitingCalls(nanobind::module_& m);

}  // namespace gdist::python
