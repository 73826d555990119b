// libFuzzer target for the small input files beside a graph, one reader per
// build (GDIST_FUZZ_READER): kLists, the list files of --weights, --candidates,
// --fixed (lib/siting/siting_files) and --sources (lib/pipeline/sources_file),
// against numeric and named labels; kCostMatrix, the demand x facility cost
// table (formats/cost_matrix); kCoordinates, .co and "label x y" files
// (formats/coordinates); kPlaces, the places CSV (formats/places_csv). Every
// input must either parse into a result that keeps the reader's promises or
// throw gdist::Error: a crash, a sanitizer report, a hang or an allocation
// past libFuzzer's -rss_limit_mb is a bug.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "formats/coordinates.hpp"
#include "formats/cost_matrix.hpp"
#include "formats/places_csv.hpp"
#include "fuzz/fuzz_input.hpp"
#include "lib/core/vertex_labels.hpp"
#include "lib/pipeline/sources_file.hpp"
#include "lib/siting/siting_files.hpp"
#include "lib/util/error.hpp"
#include "lib/util/progress.hpp"

#define GDIST_READER_kLists 1
#define GDIST_READER_kCostMatrix 2
#define GDIST_READER_kCoordinates 3
#define GDIST_READER_kPlaces 4
#define GDIST_READER_ID(x) GDIST_READER_ID2(x)
#define GDIST_READER_ID2(x) GDIST_READER_##x
#ifndef GDIST_FUZZ_READER
#define GDIST_FUZZ_READER kLists
#endif
#define GDIST_READER GDIST_READER_ID(GDIST_FUZZ_READER)

namespace {

constexpr std::size_t kVertices = 16;

// Numeric labels 1..16 and named ones (the edge-list reader's kind).
const gdist::VertexLabels& Labels(bool named) {
  static const gdist::VertexLabels numeric = gdist::VertexLabels::Range(kVertices, 1);
  static const gdist::VertexLabels names = gdist::VertexLabels::FromStrings(
      {"a", "b", "c", "d", "e", "f", "g", "h", "x y", "#1", "02134", "2134", "\"q\"", "é", "1,2", "-"});
  return named ? names : numeric;
}

template <class F> void Try(F&& f) {
  try {
    f();
  } catch (const gdist::Error&) {}
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  gdist::SetQuiet(true);
  gdist::fuzz::MemoryFile file(data, size);
  if (!file.ok()) return 0;
  const std::string path = file.path();
  gdist::InputLimits limits;
  limits.max_line_bytes = 1 << 16;  // small inputs; keep runs fast
#if GDIST_READER == GDIST_READER_kLists
  for (bool named : {false, true}) {
    const gdist::VertexLabels& labels = Labels(named);
    Try([&] {
      const std::vector<double> w = gdist::ReadWeightsFile(path, labels, kVertices);
      if (w.size() != kVertices) __builtin_trap();
      for (double x : w)
        if (!(x >= 0) || !std::isfinite(x)) __builtin_trap();  // weights are finite and non-negative
    });
    Try([&] {
      for (std::uint32_t v : gdist::ReadVertexListFile(path, labels))
        if (v >= kVertices) __builtin_trap();
    });
    Try([&] {
      std::set<std::uint32_t> seen;
      for (std::uint32_t v : gdist::ReadSourcesFile(path, labels))
        if (v >= kVertices || !seen.insert(v).second) __builtin_trap();  // in range, each once
    });
  }
  Try([&] { (void)gdist::CountSourcesFileLines(path); });
#elif GDIST_READER == GDIST_READER_kCostMatrix
  Try([&] {
    const gdist::CostMatrix m = gdist::ReadCostMatrix(path, limits);
    if (m.cost.size() != m.demands.size() * m.facilities.size()) __builtin_trap();
    if (m.integral && m.whole.size() != m.cost.size()) __builtin_trap();
    for (std::size_t k = 0; k < m.cost.size(); ++k) {
      if (!(m.cost[k] >= 0)) __builtin_trap();  // finite non-negative, or +inf: no service
      if (m.integral && (m.whole[k] == gdist::CostMatrix::kNoService) != std::isinf(m.cost[k])) __builtin_trap();
    }
  });
#elif GDIST_READER == GDIST_READER_kCoordinates
  for (bool named : {false, true}) {
    Try([&] {
      const gdist::Coordinates c = gdist::ReadCoordinates(path, Labels(named));
      if (c.xy.size() != kVertices || c.missing > kVertices) __builtin_trap();
      std::size_t missing = 0;
      for (const auto& [x, y] : c.xy) missing += std::isnan(x) || std::isnan(y);
      if (missing != c.missing) __builtin_trap();
    });
  }
#elif GDIST_READER == GDIST_READER_kPlaces
  Try([&] {
    const gdist::PlacesFile f = gdist::ReadPlaces(path, limits);
    if (f.places.empty()) __builtin_trap();  // "no places at all" is refused
    std::set<std::string> names;
    for (const gdist::Place& p : f.places) {
      if (!(p.lat >= -90 && p.lat <= 90 && p.lon >= -180 && p.lon <= 180)) __builtin_trap();
      if (!(p.weight >= 0) || !std::isfinite(p.weight)) __builtin_trap();
      if (!names.insert(p.name).second) __builtin_trap();  // a name given twice is refused
    }
  });
#else
#error "GDIST_FUZZ_READER: kLists, kCostMatrix, kCoordinates or kPlaces"
#endif
  return 0;
}
