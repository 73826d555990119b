// Linked instead of gpu_rank_tiles.cu when the build has no CUDA.
#include <cstdint>

#include "lib/distributed/rank_tiles.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(std::size_t, std::size_t, int) {
  throw Error("this build has no CUDA backend");
}
template std::unique_ptr<RankTiles<std::int32_t>> MakeGpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<std::int64_t>> MakeGpuRankTiles(std::size_t, std::size_t, int);
template std::unique_ptr<RankTiles<float>> MakeGpuRankTiles(std::size_t, std::size_t, int);

}  // namespace gdist
