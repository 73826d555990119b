#include "lib/matrix/nthu_output.hpp"

#include "lib/core/element_traits.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

template <class T> void WriteNthuOutput(const std::string& path, const DistMatrix<T>& m) {
  if constexpr (!std::is_same_v<T, std::int32_t>) {
    throw Error(path + ": " + OptionText(Option::kMatrixFormat, "nthu") + " writes int32 only; this matrix is " +
                ElementTraits<T>::kName);
  } else {
    AtomicFile out(path);
    out.ShowProgress(m.n() * m.n() * sizeof(T));
    if (m.stride() == m.n()) {
      out.Write(m.data(), m.n() * m.n() * sizeof(T));
    } else {
      for (std::size_t i = 0; i < m.n(); ++i) out.Write(m.row(i), m.n() * sizeof(T));
    }
    out.Commit();
  }
}

#define GDIST_INSTANTIATE(T) template void WriteNthuOutput<T>(const std::string&, const DistMatrix<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
