// The distances the Python calls hand back: the library's own padded matrix
// (lib/matrix/dist_matrix.hpp) and, with paths, its next-hop matrix, shown to
// NumPy without a copy (a read-only n x n view whose row stride is the
// padded one; the view keeps this object alive). Also the way in for a
// distance matrix the user has as a NumPy array (copied into that layout).
#pragma once
#include <nanobind/nanobind.h>

#include <optional>
#include <string>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/plan/planner.hpp"

namespace gdist::python {

namespace nb = nanobind;

struct DistanceMatrix {
  AnyMatrix matrix;                   // kind kDistance
  std::optional<NextHopMatrix> next;  // paths=True
  std::optional<RunPlan> plan;        // computed here (not given as an array)
  std::optional<ApspReport> engine;

  std::size_t n() const;
  const MatrixMeta& meta() const;
};

// The vertex labels as Python sees them: (base, n) for a range, else the list of strings.
nb::object LabelsObject(const VertexLabels& labels);

void BindDistanceMatrix(nb::module_& m);

}  // namespace gdist::python
