#include "lib/graph/csr.hpp"

#include <numeric>

#include "lib/core/element_traits.hpp"

namespace gdist {

template <class W> CsrArcs<W> TransposeArcs(const CsrView<W>& out) {
  const std::size_t n = out.n;
  const std::uint64_t arcs = n ? out.offsets[n] : 0;
  CsrArcs<W> in;
  in.offsets.assign(n + 1, 0);
  for (std::uint64_t a = 0; a < arcs; ++a) ++in.offsets[out.targets[a] + 1];
  std::partial_sum(in.offsets.begin(), in.offsets.end(), in.offsets.begin());
  in.targets.resize(arcs);
  in.weights.resize(arcs);
  std::vector<std::uint64_t> next(in.offsets.begin(), in.offsets.end() - 1);
  // Sources visited in increasing order, so each in-list comes out sorted.
  for (std::size_t u = 0; u < n; ++u) {
    for (std::uint64_t a = out.offsets[u]; a < out.offsets[u + 1]; ++a) {
      std::uint64_t slot = next[out.targets[a]]++;
      in.targets[slot] = static_cast<std::uint32_t>(u);
      in.weights[slot] = out.weights[a];
    }
  }
  return in;
}

#define GDIST_INSTANTIATE(T) template CsrArcs<T> TransposeArcs(const CsrView<T>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
