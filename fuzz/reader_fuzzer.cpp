// libFuzzer target for one graph reader (GDIST_FUZZ_FORMAT, an InputFormat
// enumerator; kAuto fuzzes detection too; kOsm libosmium's PBF and XML
// parsing under our road reader, when scripts/fuzz.sh finds libosmium). Every input must either parse or
// throw gdist::Error: a crash, a sanitizer report, a hang or an allocation past
// libFuzzer's -rss_limit_mb is a bug. Small graphs also go through the element
// type choice and the adjacency build, where weights are checked.
#include <cstddef>
#include <cstdint>

#include "formats/read_graph.hpp"
#include "fuzz/fuzz_input.hpp"
#include "lib/matrix/adjacency.hpp"
#include "lib/util/error.hpp"
#include "lib/util/progress.hpp"

#ifndef GDIST_FUZZ_FORMAT
#define GDIST_FUZZ_FORMAT kAuto
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gdist::SetQuiet(true);  // the readers' notes (OpenStreetMap's skips) would flood the log
  gdist::fuzz::MemoryFile file(data, size);
  if (!file.ok()) return 0;
  gdist::ReadOptions options;
  options.format = gdist::InputFormat::GDIST_FUZZ_FORMAT;
  options.limits.max_line_bytes = 1 << 16;  // the fuzzer's inputs are small; keep runs fast
  try {
    const gdist::Graph g = gdist::ReadGraph(file.path(), options);
    if (g.labels.size() != g.n) __builtin_trap();
    for (const gdist::Edge& e : g.edges)
      if (e.from >= g.n || e.to >= g.n) __builtin_trap();
    if (g.n <= 512) {
      const gdist::ElementType type = gdist::ChooseElementType(g);
      gdist::DispatchElement(type, [&](auto zero) {
        using T = decltype(zero);
        (void)gdist::BuildAdjacency<T>(g, gdist::AdjacencyOptions{});
        return 0;
      });
    }
  } catch (const gdist::Error&) {}
  return 0;
}
