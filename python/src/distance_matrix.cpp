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

// A user's distance into the library's layout. Floating types keep their
// infinities; in whole-number types the library's INF (2^30-1 in int32,
// 2^62-1 in int64, as in its files) is "no path" and a larger value is
// refused, so that no distance is silently read as one.
template <class T> T Checked(T v, std::size_t i, std::size_t j) {
  if constexpr (std::is_integral_v<T>) {
    if (v > ElementTraits<T>::kInf)
      throw Error("distance " + std::to_string(v) + " at (" + std::to_string(i) + ", " + std::to_string(j) +
                  ") is past " + std::to_string(ElementTraits<T>::kInf) +
                  ", this type's 'no path'; pass a float64 matrix with numpy.inf for no path");
  } else if (std::isnan(v)) {
    throw Error("distance NaN at (" + std::to_string(i) + ", " + std::to_string(j) + ")");
  }
  return v;
}

// Rows x cols of the array into `out` (row stride `stride` elements), checked.
template <class T> void CopyChecked(const AnyArray& a, T* out, std::size_t stride) {
  const T* src = static_cast<const T*>(a.data());
  const std::int64_t rs = a.stride(0), cs = a.stride(1);
  for (std::size_t i = 0; i < a.shape(0); ++i)
    for (std::size_t j = 0; j < a.shape(1); ++j)
      out[i * stride + j] = Checked(src[static_cast<std::int64_t>(i) * rs + static_cast<std::int64_t>(j) * cs], i, j);
}

// A user's n x n distance matrix into the padded layout.
template <class T> DistMatrix<T> CopyIn(const AnyArray& a, std::optional<bool> directed) {
  const std::size_t n = a.shape(0);
  DistMatrix<T> m(n);
  CopyChecked(a, m.data(), m.stride());
  bool symmetric = true;
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

// The one of the four element types the array holds, as a value of it (T{}).
template <class F> auto DispatchArray(const AnyArray& a, F&& f) {
  const auto t = a.dtype();
  if (t == nb::dtype<std::int32_t>()) return f(std::int32_t{});
  if (t == nb::dtype<std::int64_t>()) return f(std::int64_t{});
  if (t == nb::dtype<float>()) return f(float{});
  if (t == nb::dtype<double>()) return f(double{});
  throw Error("a distance matrix must be int32, int64, float32 or float64");
}

VertexLabels LabelsFor(std::optional<std::vector<std::string>> labels, std::size_t n) {
  if (labels && labels->size() != n)
    throw Error(std::to_string(labels->size()) + " labels for " + std::to_string(n) + " vertices");
  return labels ? VertexLabels::FromStrings(std::move(*labels)) : VertexLabels::Range(n, 0);
}

DistanceMatrix FromArray(const AnyArray& a, std::optional<bool> directed,
                         std::optional<std::vector<std::string>> labels) {
  if (a.shape(0) != a.shape(1))
    throw Error("a distance matrix must be square, not " + std::to_string(a.shape(0)) + " x " +
                std::to_string(a.shape(1)));
  DistanceMatrix d;
  d.matrix = DispatchArray(a, [&](auto zero) -> AnyMatrix { return CopyIn<decltype(zero)>(a, directed); });
  std::visit([&](auto& m) { m.meta().labels = LabelsFor(std::move(labels), m.n()); }, d.matrix);
  return d;
}

// k x n rows (row r from vertex sources[r]) into the rows' layout.
DistanceRows RowsFromArray(const AnyArray& a, std::vector<std::uint32_t> sources, bool directed,
                           std::optional<std::vector<std::string>> labels) {
  const std::size_t n = a.shape(1);
  if (sources.size() != a.shape(0))
    throw Error(std::to_string(sources.size()) + " sources for " + std::to_string(a.shape(0)) + " rows");
  for (std::uint32_t s : sources)
    if (s >= n) throw Error("source " + std::to_string(s) + " is not a vertex (0.." + std::to_string(n) + "-1)");
  DistanceRows d;
  d.rows = DispatchArray(a, [&](auto zero) -> decltype(d.rows) {
    using T = decltype(zero);
    CandidateRows<T> rows = BlankCandidateRows<T>(std::move(sources), n);
    CopyChecked(a, static_cast<T*>(rows.buffer.data()), rows.view.stride);
    return rows;
  });
  d.directed = directed;
  d.labels = LabelsFor(std::move(labels), n);
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
  nb::class_<DistanceRows>(m, "DistanceRows", "The rows of some sources, in the library's own buffer.")
      .def("array",
           [](nb::handle self) {
             const DistanceRows& d = nb::cast<const DistanceRows&>(self);
             return std::visit(
                 [&](const auto& r) {
                   using T = std::decay_t<decltype(*r.view.data)>;
                   const std::size_t shape[2] = {r.vertices.size(), r.view.n};
                   const std::int64_t strides[2] = {static_cast<std::int64_t>(r.view.stride), 1};
                   return nb::cast(nb::ndarray<nb::numpy, const T, nb::ndim<2>>(r.view.data, 2, shape, self, strides));
                 },
                 d.rows);
           })
      .def_prop_ro("inf",
                   [](const DistanceRows& d) {
                     return std::visit(
                         [](const auto& r) -> nb::object {
                           using T = std::decay_t<decltype(*r.view.data)>;
                           return nb::cast(ElementTraits<T>::kInf);
                         },
                         d.rows);
                   })
      .def_prop_ro("plan", [](const DistanceRows& d) -> nb::object {
        if (!d.plan) return nb::none();
        nb::dict p;
        p["engine"] = PlanEngineName(d.plan->engine);
        p["backend"] = BackendName(d.engine.used);
        p["reasons"] = d.plan->reasons;
        return p;
      });
  m.def(
      "rows_from_array",
      [](const AnyArray& a, std::vector<std::uint32_t> sources, bool directed,
         std::optional<std::vector<std::string>> labels) {
        nb::gil_scoped_release release;
        return RowsFromArray(a, std::move(sources), directed, std::move(labels));
      },
      nb::arg("array"), nb::arg("sources"), nb::arg("directed"), nb::arg("labels").none() = nb::none());
  m.def(
      "matrix_from_array",
      [](const AnyArray& a, std::optional<bool> directed, std::optional<std::vector<std::string>> labels) {
        nb::gil_scoped_release release;
        return FromArray(a, directed, std::move(labels));
      },
      nb::arg("array"), nb::arg("directed").none() = nb::none(), nb::arg("labels").none() = nb::none());
}

}  // namespace gdist::python
