#include "lib/pipeline/write_distances.hpp"

#include <cstdint>
#include <type_traits>

#include "lib/matrix/matrix_export.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/matrix/nthu_output.hpp"
#include "lib/util/error.hpp"

namespace gdist {

template <class T> void WriteDistances(const std::string& path, const std::string& to, const DistMatrix<T>& m,
                                       const NextHopMatrix* next, bool narrow, bool as_float) {
  const int scale = m.meta().decimal_scale;
  if (to == "nthu" && scale > 0)
    throw Error(path + ": the distances are exact decimals (" + std::to_string(scale) +
                (scale == 1 ? " decimal place)" : " decimal places)") +
                " and the NTHU format holds integers only; write gdm, csv or npy");
  if (to == "nthu") WriteNthuOutput(path, m);
  else if (to == "npy") WriteNpy(path, m.view(), NpyValues{scale, as_float});
  else if (to == "npz") WriteNpz(path, m.view(), m.meta().labels, NpyValues{scale, as_float});
  else if (to == "csv") WriteCsvMatrix(path, m.view(), m.meta().labels, scale);
  else if constexpr (std::is_same_v<T, std::int32_t>) {
    if (!narrow || !TryWriteMatrixFileInt16(path, m, next)) WriteMatrixFile(path, m, next);
  } else {
    WriteMatrixFile(path, m, next);
  }
}

#define GDIST_INSTANTIATE(T)                                                                                       \
  template void WriteDistances(const std::string&, const std::string&, const DistMatrix<T>&, const NextHopMatrix*, \
                               bool, bool);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
