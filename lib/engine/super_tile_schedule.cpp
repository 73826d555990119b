#include "lib/engine/super_tile_schedule.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/util/error.hpp"

namespace gdist {

SuperTileGrid::SuperTileGrid(std::size_t stride, std::size_t side) : stride_(stride), side_(std::min(side, stride)) {
  if (stride == 0 || stride % kTile != 0 || side_ == 0 || side_ % kTile != 0)
    throw Error("super-tile grid: stride " + std::to_string(stride) + " and side " + std::to_string(side) +
                " must be positive multiples of " + std::to_string(kTile));
  blocks_ = (stride_ + side_ - 1) / side_;
}

std::size_t SuperTileGrid::extent(std::size_t b) const { return std::min(side_, stride_ - b * side_); }

std::vector<SuperStep> SuperRoundSteps(std::size_t blocks, std::size_t round) {
  std::vector<SuperStep> steps;
  steps.reserve(blocks * blocks);
  const BlockId d{round, round};
  steps.push_back({SuperOp::kClose, d, d, d});
  for (std::size_t j = 0; j < blocks; ++j)
    if (j != round) steps.push_back({SuperOp::kRowPanel, {round, j}, d, {round, j}});
  for (std::size_t i = 0; i < blocks; ++i) {
    if (i == round) continue;
    const BlockId col{i, round};
    steps.push_back({SuperOp::kColumnPanel, col, col, d});
    for (std::size_t j = 0; j < blocks; ++j)
      if (j != round) steps.push_back({SuperOp::kRest, {i, j}, col, {round, j}});
  }
  return steps;
}

std::size_t SuperTileSideFor(std::size_t stride, std::size_t element_bytes, std::size_t budget_bytes, int slots) {
  const double per_slot = double(budget_bytes) / double(std::max(slots, 1)) / double(element_bytes);
  std::size_t side = static_cast<std::size_t>(std::sqrt(std::max(per_slot, 0.0))) / kTile * kTile;
  side = std::max<std::size_t>(side, kTile);
  return std::min(side, PaddedSize(stride));
}

}  // namespace gdist
