// libFuzzer target for the .gdm reader: header, sections, labels, payload
// checksum and values. Every input must open and load or throw gdist::Error.
// Inputs start from real files (a seed per shape: ranges, string labels,
// next hops) so the fuzzer reaches past the magic and the header checksum.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_input.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gdist::fuzz::MemoryFile file(data, size);
  if (!file.ok()) return 0;
  try {
    gdist::MappedMatrixFile m(file.path());
    const auto& info = m.info();
    if (info.meta.labels.size() != info.n) __builtin_trap();
    if (info.n > 0) (void)info.meta.labels.label(info.n - 1);
    if (info.n <= 1024) {
      gdist::DispatchElement(info.type, [&](auto zero) {
        using T = decltype(zero);
        const auto d = gdist::LoadMatrix<T>(m, /*verify_crc=*/true);
        volatile T sink = d.at(info.n == 0 ? 0 : info.n - 1, 0);
        (void)sink;
        return 0;
      });
    }
  } catch (const gdist::Error&) {}
  return 0;
}
