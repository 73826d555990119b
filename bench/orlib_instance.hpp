// An OR-Library p-median instance, solved: the formats layer's reader (last
// duplicate wins, the convention the published optima assume) and the CPU
// engine. Shared by bench/siting_orlib and bench/siting_proofs.
#pragma once
#include <string>
#include <variant>

#include "formats/read_graph.hpp"
#include "lib/engine/apsp.hpp"
#include "lib/pipeline/load_input.hpp"
#include "lib/util/error.hpp"

namespace gdist::bench {

struct OrlibInstance {
  DistMatrix<std::int32_t> dist;  // APSP solved
  std::size_t p = 0;
};

inline OrlibInstance ReadOrlibInstance(const std::string& path) {
  InputOptions input;
  input.read.format = InputFormat::kOrlib;
  input.type = ElementType::kInt32;
  const Graph g = ReadGraph(path, input.read);
  if (!g.orlib_p) throw Error(path + ": no p in the OR-Library header");
  OrlibInstance inst{std::get<DistMatrix<std::int32_t>>(MatrixFromGraph(g, input)), *g.orlib_p};
  ApspOptions apsp;
  apsp.backend = Backend::kCpu;
  SolveApsp(inst.dist, apsp);
  return inst;
}

}  // namespace gdist::bench
