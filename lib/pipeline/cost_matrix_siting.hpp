// gcenter --cost-matrix FILE: a demand x facility cost table
// (formats/cost_matrix.hpp) as the rectangular siting input of SitingProblem:
// one row per facility over the demand columns, facility f numbered D + f
// after the D demands. Demands and facilities are named apart (a place may be
// both), so --weights resolves against the demand names and --candidates /
// --fixed against the facility names.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "formats/cost_matrix.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/element_type.hpp"
#include "lib/matrix/page_buffer.hpp"
#include "lib/siting/siting_files.hpp"

namespace gdist {

// The names of a cost table's two sides.
struct CostMatrixNames {
  VertexLabels demands, facilities;
  VertexLabels all;  // demands, then facilities: what the reports print

  explicit CostMatrixNames(const CostMatrix& m)
      : CostMatrixNames(VertexLabels::FromStrings(m.demands), VertexLabels::FromStrings(m.facilities)) {}
  // A table's columns (demands) and rows (facilities): center_table.hpp.
  CostMatrixNames(VertexLabels demand_names, VertexLabels facility_names)
      : demands(std::move(demand_names)), facilities(std::move(facility_names)) {
    std::vector<std::string> both;
    for (const VertexLabels* side : {&demands, &facilities})
      for (std::size_t i = 0; i < side->size(); ++i) both.push_back(side->label(i));
    all = VertexLabels::FromStrings(std::move(both));
  }
  // --candidates / --fixed: facility names, numbered after the demands.
  std::vector<std::uint32_t> ReadFacilities(const std::string& path) const {
    std::vector<std::uint32_t> v = ReadVertexListFile(path, facilities);
    for (std::uint32_t& x : v) x += static_cast<std::uint32_t>(demands.size());
    return v;
  }
};

// The element type that holds every cost exactly: int32 (or int64) for whole
// numbers below its INF, float64 otherwise. Empty cells become the type's INF.
inline ElementType CostElementType(const CostMatrix& m) {
  // Whole costs stay whole (int64 past 2^53 too: never rounded through a double).
  const std::int64_t most = m.integral ? m.LargestWhole() : 0;
  if (!m.integral || most >= ElementTraits<std::int64_t>::kInf) return ElementType::kFloat64;
  return most < ElementTraits<std::int32_t>::kInf ? ElementType::kInt32 : ElementType::kInt64;
}

template <class T> struct FacilityRows {
  PageBuffer buffer;
  MatrixView<T> view;                     // one row per facility over the demand columns, padded stride
  std::vector<std::uint32_t> row_vertex;  // facility f is vertex D + f
};

template <class T> FacilityRows<T> CostMatrixRows(const CostMatrix& m) {
  const std::size_t d = m.demands.size(), f = m.facilities.size(), stride = PaddedSize(d);
  FacilityRows<T> rows;
  rows.buffer = PageBuffer(std::max<std::size_t>(1, f) * stride * sizeof(T));
  T* data = static_cast<T*>(rows.buffer.data());
  std::fill(data, data + f * stride, ElementTraits<T>::kInf);  // padding columns stay INF
  for (std::size_t u = 0; u < d; ++u)
    for (std::size_t k = 0; k < f; ++k) {
      if constexpr (std::is_integral_v<T>) {  // CostElementType chose T: every cost is whole
        const std::int64_t c = m.whole_at(u, k);
        if (c != CostMatrix::kNoService) data[k * stride + u] = static_cast<T>(c);
      } else {
        const double c = m.at(u, k);
        if (std::isfinite(c)) data[k * stride + u] = static_cast<T>(c);
      }
    }
  rows.view = MatrixView<T>{data, d, stride};
  for (std::size_t k = 0; k < f; ++k) rows.row_vertex.push_back(static_cast<std::uint32_t>(d + k));
  return rows;
}

}  // namespace gdist
