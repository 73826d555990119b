// Linked instead of gpu_rank_tiles.cu when the build has no CUDA.
#include <cstdint>

#include "lib/distributed/rank_tiles.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> std::unique_ptr<RankTiles<T>> MakeGpuRankTiles(const LocalTiles&, int, bool) {
  throw Error("this build has no CUDA backend");
}
template std::unique_ptr<RankTiles<std::int16_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<std::int32_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<std::int64_t>> MakeGpuRankTiles(const LocalTiles&, int, bool);
template std::unique_ptr<RankTiles<float>> MakeGpuRankTiles(const LocalTiles&, int, bool);

}  // namespace gdist
