// The CPU twin of the GPU's gathered upload (siting_device.hpp): every
// demand's candidate costs in one contiguous row, built once per problem when
// the matrix does not already hold them that way (direction out on a directed
// matrix reads a column per demand, a candidate subset a scattered row). The
// solvers then read each demand row with unit stride, as on the GPU.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/page_buffer.hpp"

namespace gdist {

// block[u * stride + k] = rows_are_demands ? d.at(demand[u], cand_row[k]) : d.at(cand_row[k], demand[u]),
// stride = GatheredRowStride(cand_row.size()); padding cells are left as zero.
template <class T> PageBuffer GatherCosts(const MatrixView<T>& d, bool rows_are_demands,
                                          const std::vector<std::uint32_t>& demand,
                                          const std::vector<std::uint32_t>& cand_row, int threads);

}  // namespace gdist
