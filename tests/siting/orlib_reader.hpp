// An OR-Library p-median instance, solved: the formats layer's reader (last
// duplicate wins, the convention the published optima assume; see
// shared/data/SOURCES.md) and the CPU engine. Shared by the siting tests.
#pragma once
#include <string>
#include <variant>

#include "formats/read_graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/util/error.hpp"

namespace gdist::testing {

struct OrlibInstance {
  DistMatrix<std::int32_t> dist;  // APSP already solved
  std::size_t p = 0;
};

inline OrlibInstance ReadOrlibPmed(const std::string& path) {
  InputOptions input;
  input.read.format = InputFormat::kOrlib;
  input.type = ElementType::kInt32;
  Graph g = ReadGraph(path, input.read);
  if (!g.orlib_p) throw Error(path + ": no p in the OR-Library header");
  OrlibInstance inst;
  inst.p = *g.orlib_p;
  inst.dist = std::get<DistMatrix<std::int32_t>>(MatrixFromGraph(g, input));
  ApspOptions opts;
  opts.backend = Backend::kCpu;
  SolveApsp(inst.dist, opts);
  return inst;
}

}  // namespace gdist::testing
