// The BFS trees of up to 64 sources at once, kept vertex-major: lane j of
// vertex v is d(sources[j], v) in hops (kUnreached when no path). One
// bit-parallel sweep (ms_bfs.hpp) makes all of them, and the consumers that
// fold trees into per-vertex bounds (eccentricity and closeness bounding) then
// read one vertex's 64 distances from two cache lines. uint16 lanes: the
// caller checks that no distance can reach 65535 (Fits).
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "lib/sparse/ms_bfs.hpp"

namespace gdist {

class BfsLanes {
 public:
  static constexpr int kLanes = 64;
  static constexpr std::uint16_t kUnreached = 0xFFFF;

  BfsLanes(std::size_t n, const std::uint64_t* offsets, const std::uint32_t* targets)
      : n_(n), bfs_(n, offsets, targets), lanes_(n * kLanes) {}

  // A graph whose every shortest path has fewer than 65535 arcs (e.g. fewer
  // than 65535 vertices, or a proven diameter bound below it).
  static bool Fits(std::size_t distance_bound) { return distance_bound < kUnreached; }

  // Trees of sources[0..k), k <= 64; afterwards Distances(v)[j] and
  // eccentricity(j) (the largest finite level), reached(j), total(j) and
  // histogram(j).
  void Run(std::span<const std::uint32_t> sources) {
    k_ = sources.size();
    std::fill(lanes_.begin(), lanes_.end(), kUnreached);
    ecc_.assign(kLanes, 0);
    reached_.assign(kLanes, 0);
    total_.assign(kLanes, 0);
    level_count_.assign(kLanes, 0);
    histogram_.assign(kLanes, {});
    bfs_.Run(
        sources,
        [&](std::uint32_t level, std::uint32_t v, const Mask& mask) {
          std::uint16_t* row = lanes_.data() + static_cast<std::size_t>(v) * kLanes;
          Bfs::ForEachBit(mask, [&](int j) {
            row[j] = static_cast<std::uint16_t>(level);
            ++level_count_[j];
          });
        },
        [&](std::uint32_t level, const Mask& any) {
          Bfs::ForEachBit(any, [&](int j) {
            ecc_[j] = level;
            reached_[j] += level_count_[j];
            total_[j] += level_count_[j] * level;
            histogram_[j].push_back(level_count_[j]);
            level_count_[j] = 0;
          });
        });
  }

  std::size_t size() const { return k_; }
  const std::uint16_t* Distances(std::size_t v) const { return lanes_.data() + v * kLanes; }
  std::uint32_t eccentricity(std::size_t j) const { return ecc_[j]; }
  std::uint64_t reached(std::size_t j) const { return reached_[j]; }
  std::uint64_t total(std::size_t j) const { return total_[j]; }
  // Vertices at each level 0..eccentricity(j) from source j.
  const std::vector<std::uint64_t>& histogram(std::size_t j) const { return histogram_[j]; }

 private:
  using Bfs = MultiSourceBfs<1>;
  using Mask = Bfs::Mask;
  std::size_t n_, k_ = 0;
  Bfs bfs_;
  std::vector<std::uint16_t> lanes_;
  std::vector<std::uint32_t> ecc_;
  std::vector<std::uint64_t> reached_, total_, level_count_;
  std::vector<std::vector<std::uint64_t>> histogram_;
};

}  // namespace gdist
