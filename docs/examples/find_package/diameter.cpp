// Reads any graph file gdist reads, solves all-pairs shortest paths and
// prints the diameter and a center vertex: the library behind gapsp and gcenter.
//   diameter GRAPHFILE
#include <cstdio>
#include <exception>
#include <variant>

#include "lib/engine/apsp.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/pipeline/load_input.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: diameter GRAPHFILE\n");
    return 2;
  }
  try {
    gdist::AnyMatrix m = gdist::LoadInput(argv[1], gdist::InputOptions{});
    return std::visit(
        [](auto& mat) {
          gdist::ApspOptions apsp;
          apsp.backend = gdist::Backend::kCpu;
          gdist::SolveApsp(mat, apsp);
          const gdist::DistanceSummary s = gdist::Summarize(mat.view(), gdist::MetricsOptions{});
          std::printf("n %zu diameter %s center %s\n", mat.n(), s.diameter.Text().c_str(),
                      s.center.empty() ? "-" : mat.meta().labels.label(s.center.front()).c_str());
          return 0;
        },
        m);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "diameter: %s\n", e.what());
    return 2;
  }
}
