// The distances the Python calls hand back: the library's own padded matrix
// (lib/matrix/dist_matrix.hpp) and, with paths, its next-hop matrix, shown to
// NumPy without a copy (a read-only n x n view whose row stride is the
// padded one; the view keeps this object alive). Also the way in for a
// distance matrix the user has as a NumPy array (copied into that layout).
// DistanceRows: the rows of some sources only (gdist.rows, or a rectangular
// .gdm of gapsp --sources read into NumPy), k x n in the same layout.
#pragma once
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lib/engine/apsp.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/pipeline/candidate_rows.hpp"
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

// Row r: the distances from vertex rows.vertices[r] to every vertex (the
// columns); the siting calls read them as the candidates' costs, as gcenter
// reads a rectangular file.
struct DistanceRows {
  std::variant<CandidateRows<std::int32_t>, CandidateRows<std::int64_t>, CandidateRows<float>, CandidateRows<double>>
      rows;
  bool directed = true;
  VertexLabels labels;          // the columns'
  std::optional<RunPlan> plan;  // computed here (not given as an array)
  ApspReport engine;
};

// A 1-D NumPy array owning `values` (no copy).
template <class V> nb::object ArrayOf(std::vector<V> values) {
  auto* owned = new std::vector<V>(std::move(values));
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<std::vector<V>*>(p); });
  const std::size_t shape[1] = {owned->size()};
  return nb::cast(nb::ndarray<nb::numpy, V, nb::ndim<1>>(owned->data(), 1, shape, owner));
}

// The vertex labels as Python sees them: (base, n) for a range, else the list of strings.
nb::object LabelsObject(const VertexLabels& labels);

void BindDistanceMatrix(nb::module_& m);

}  // namespace gdist::python
