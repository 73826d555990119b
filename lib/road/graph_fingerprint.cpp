// The fingerprint a hierarchy keeps of its graph: sizes, direction, element
// type and a crc32 of the out-arcs exactly as BuildCsrGraph laid them out.
#include <zlib.h>

#include <cstdio>
#include <string>

#include "lib/road/contraction_hierarchy.hpp"

namespace gdist {
namespace {

template <class T> std::uint32_t Crc(std::uint32_t crc, const std::vector<T>& v) {
  if (v.empty()) return crc;  // zlib resets the crc on a null buffer
  return static_cast<std::uint32_t>(
      crc32_z(crc, reinterpret_cast<const Bytef*>(v.data()), static_cast<z_size_t>(v.size() * sizeof(T))));
}

}  // namespace

template <class W> GraphFingerprint FingerprintOf(const CsrGraph<W>& g) {
  GraphFingerprint f;
  f.n = g.n;
  f.arcs = g.arc_count();
  f.directed = g.directed ? 1 : 0;
  f.element = static_cast<std::uint32_t>(ElementTraits<W>::kType);
  f.arcs_crc32 = Crc(Crc(Crc(0, g.out.offsets), g.out.targets), g.out.weights);
  return f;
}

std::string DescribeFingerprint(const GraphFingerprint& f) {
  char crc[16];
  std::snprintf(crc, sizeof crc, "%08x", f.arcs_crc32);
  return std::string(f.directed ? "directed" : "undirected") + " " + ElementName(static_cast<ElementType>(f.element)) +
         " graph, n=" + std::to_string(f.n) + ", arcs=" + std::to_string(f.arcs) + ", arcs crc32 " + crc;
}

#define GDIST_INSTANTIATE(W) template GraphFingerprint FingerprintOf<W>(const CsrGraph<W>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
