#include "python/src/distance_matrix.hpp"

#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <cstring>
#include <type_traits>

#include "lib/core/element_traits.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/util/error.hpp"

namespace gdist::python {

namespace {

using AnyArray = nb::ndarray<nb::ro, nb::ndim<2>, nb::device::cpu>;

template <class T> nb::object ViewOf(const T* data, std::size_t n, std::size_t stride, nb::handle owner) {
  const std::size_t shape[2] = {n, n};
  const std::int64_t strides[2] = {static_cast<std::int64_t>(stride), 1};
  return nb::cast(nb::ndarray<nb::numpy, const T, nb::ndim<2>>(data, 2, shape, owner, strides));
}

// A user's n x n distance matrix into the padded layout. Floating types keep
// their infinities; in whole-number types the library's INF (2^30-1 in int32,
// 2^62-1 in int64, as in its files) is "no path" and a larger value is
// refused, so that no distance is silently read as one.
template <class T> DistMatrix<T> CopyIn(const AnyArray& a, std::optional<bool> directed) {
  const std::size_t n = a.shape(0);
  DistMatrix<T> m(n);
  const T* src = static_cast<const T*>(a.data());
  const std::int64_t rs = a.stride(0), cs = a.stride(1);
  bool symmetric = true;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const T v = src[static_cast<std::int64_t>(i) * rs + static_cast<std::int64_t>(j) * cs];
      if constexpr (std::is_integral_v<T>) {
        if (v > ElementTraits<T>::kInf)
          throw Error("distance " + std::to_string(v) + " at (" + std::to_string(i) + ", " + std::to_string(j) +
                      ") is past " + std::to_string(ElementTraits<T>::kInf) +
                      ", this type's 'no path'; pass a float64 matrix with numpy.inf for no path");
      } else if (std::isnan(v)) {
        throw Error("distance NaN at (" + std::to_string(i) + ", " + std::to_string(j) + ")");
      }
      m.at(i, j) = v;
    }
  if (!directed)
    for (std::size_t i = 0; i < n && symmetric; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (m.at(i, j) != m.at(j, i)) {
          symmetric = false;
          break;
        }
  m.meta().directed = directed ? *directed : !symmetric;
  m.meta().kind = MatrixKind::kDistance;
  return m;
}

DistanceMatrix FromArray(const AnyArray& a, std::optional<bool> directed,
                         std::optional<std::vector<std::string>> labels) {
  if (a.shape(0) != a.shape(1))
    throw Error("a distance matrix must be square, not " + std::to_string(a.shape(0)) + " x " +
                std::to_string(a.shape(1)));
  DistanceMatrix d;
  const auto t = a.dtype();
  if (t == nb::dtype<std::int32_t>()) d.matrix = CopyIn<std::int32_t>(a, directed);
  else if (t == nb::dtype<std::int64_t>()) d.matrix = CopyIn<std::int64_t>(a, directed);
  else if (t == nb::dtype<float>()) d.matrix = CopyIn<float>(a, directed);
  else if (t == nb::dtype<double>()) d.matrix = CopyIn<double>(a, directed);
  else throw Error("a distance matrix must be int32, int64, float32 or float64");
  std::visit(
      [&](auto& m) {
        if (labels && labels->size() != m.n())
          throw Error(std::to_string(labels->size()) + " labels for " + std::to_string(m.n()) + " vertices");
        m.meta().labels = labels ? VertexLabels::FromStrings(std::move(*labels)) : VertexLabels::Range(m.n(), 0);
      },
      d.matrix);
  return d;
}

nb::dict PlanDict(const RunPlan& plan, const ApspReport& engine) {
  nb::dict d;
  d["engine"] = PlanEngineName(plan.engine);
  d["backend"] = BackendName(engine.used);
  d["element_bits"] = engine.element_bits;
  d["estimate_s"] = plan.estimate_s;
  d["memory_bytes"] = plan.memory_bytes;
  d["reasons"] = plan.reasons;
  d["seconds"] = engine.seconds;
  d["note"] = engine.note;
  return d;
}

}  // namespace

std::size_t DistanceMatrix::n() const {
  return std::visit([](const auto& m) { return m.n(); }, matrix);
}

const MatrixMeta& DistanceMatrix::meta() const {
  return *std::visit([](const auto& m) { return &m.meta(); }, matrix);
}

nb::object LabelsObject(const VertexLabels& labels) {
  if (labels.is_range()) return nb::make_tuple(labels.base(), labels.size());
  return nb::cast(labels.strings());
}

void BindDistanceMatrix(nb::module_& m) {
  nb::class_<DistanceMatrix>(m, "DistanceMatrix", "Distances in the library's own (padded) buffer.")
      .def_prop_ro("n", &DistanceMatrix::n)
      .def_prop_ro("directed", [](const DistanceMatrix& d) { return d.meta().directed; })
      .def_prop_ro("labels", [](const DistanceMatrix& d) { return LabelsObject(d.meta().labels); })
      .def_prop_ro("dtype", [](const DistanceMatrix& d) { return std::string(ElementName(TypeOf(d.matrix))); })
      .def_prop_ro("inf",
                   [](const DistanceMatrix& d) {
                     return std::visit(
                         [](const auto& mat) -> nb::object {
                           using T = std::decay_t<decltype(*mat.data())>;
                           return nb::cast(ElementTraits<T>::kInf);
                         },
                         d.matrix);
                   })
      .def("array",
           [](nb::handle self) {
             const DistanceMatrix& d = nb::cast<const DistanceMatrix&>(self);
             return std::visit([&](const auto& mat) { return ViewOf(mat.data(), mat.n(), mat.stride(), self); },
                               d.matrix);
           })
      .def("next_hops",
           [](nb::handle self) -> nb::object {
             const DistanceMatrix& d = nb::cast<const DistanceMatrix&>(self);
             if (!d.next) return nb::none();
             return ViewOf(d.next->data(), d.next->n(), d.next->stride(), self);
           })
      .def_prop_ro("plan", [](const DistanceMatrix& d) -> nb::object {
        if (!d.plan || !d.engine) return nb::none();
        return PlanDict(*d.plan, *d.engine);
      });
  m.def(
      "matrix_from_array",
      [](const AnyArray& a, std::optional<bool> directed, std::optional<std::vector<std::string>> labels) {
        nb::gil_scoped_release release;
        return FromArray(a, directed, std::move(labels));
      },
      nb::arg("array"), nb::arg("directed").none() = nb::none(), nb::arg("labels").none() = nb::none());
}

}  // namespace gdist::python
