// The sparse engine's bounded metrics against SciPy (Debian's /usr/bin/python3,
// scipy.sparse.csgraph.shortest_path with Johnson's method) on small strongly
// connected graphs: directed with negative arcs, undirected unit and
// weighted. Diameter, radius, center, periphery, the 1-median and its total,
// and every eccentricity (BoundedEccentricities where it applies).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lib/sparse/components.hpp"
#include "sparse_test_graphs.hpp"

namespace gdist::test {
namespace {

constexpr const char* kScript = R"PY(
import sys
import numpy as np
from scipy.sparse.csgraph import csgraph_from_dense, shortest_path
lines = open(sys.argv[1]).read().split("\n")
n = int(lines[0])
a = np.full((n, n), np.inf)
for line in lines[1:]:
    if line.strip():
        u, v, w = line.split()
        a[int(u), int(v)] = float(w)
d = shortest_path(csgraph_from_dense(a, null_value=np.inf), method="J", directed=True)
ecc = d.max(axis=1)
total = d.sum(axis=1)
for v in range(n):
    print(repr(float(ecc[v])), repr(float(total[v])))
)PY";

struct Reference {
  std::vector<double> eccentricity, total;
};

Reference RunScipy(const CsrGraph<std::int32_t>& g) {
  const std::string dir = std::filesystem::temp_directory_path() / ("gdist_scipy_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream e(dir + "/arcs.txt");
    e << g.n << "\n";
    const CsrView<std::int32_t> out = g.Out();
    for (std::size_t u = 0; u < g.n; ++u)
      for (std::size_t a = 0; a < out.Degree(u); ++a)
        if (out.Targets(u)[a] != u) e << u << " " << out.Targets(u)[a] << " " << out.Weights(u)[a] << "\n";
    std::ofstream(dir + "/s.py") << kScript;
  }
  Reference r;
  const std::string cmd = "/usr/bin/python3 " + dir + "/s.py " + dir + "/arcs.txt > " + dir + "/out.txt";
  if (std::system(cmd.c_str()) == 0) {
    std::ifstream in(dir + "/out.txt");
    double e, t;
    while (in >> e >> t) {
      r.eccentricity.push_back(e);
      r.total.push_back(t);
    }
  }
  std::filesystem::remove_all(dir);
  return r;
}

// A missing module prints its ImportError into the test log: no redirect needed.
bool HaveScipy() { return std::system("/usr/bin/python3 -c 'import scipy.sparse.csgraph'") == 0; }

void ExpectScipyAnswers(const CsrGraph<std::int32_t>& g, const std::string& what) {
  SCOPED_TRACE(what + ", n = " + std::to_string(g.n));
  const Reference ref = RunScipy(g);
  ASSERT_EQ(ref.eccentricity.size(), g.n) << "python3/scipy failed";
  // Negative arcs: every eccentricity from a tree per vertex (bounding needs weights >= 0).
  ExpectBoundedAnswers(g, ref.eccentricity, ref.total, g.has_negative ? "every tree" : "bounds");
}

TEST(SparseScipyOracle, BoundedMetricsEqualJohnsonFromScipy) {
  if (!HaveScipy()) GTEST_SKIP() << "no scipy in /usr/bin/python3";
  const std::vector<RandomGraphSpec> specs = {
      {.n = 90, .edges = 380, .directed = true, .max_weight = 25, .negative = true},
      {.n = 120, .edges = 200, .directed = false},
      {.n = 100, .edges = 180, .directed = false, .max_weight = 40},
  };
  for (const RandomGraphSpec& spec : specs) {
    for (int round = 0; round < 2; ++round) {
      const std::uint64_t seed = TestSeed();
      const CsrGraph<std::int32_t> g =
          LargestComponent(BuildCsrGraph<std::int32_t>(MakeRandomGraph(spec, seed)), ComponentKind::kStrong);
      if (g.n < 2) continue;
      ExpectScipyAnswers(g, "seed " + std::to_string(seed) + (spec.directed ? " directed" : " undirected") +
                                (spec.negative ? " negative arcs" : ""));
    }
  }
}

}  // namespace
}  // namespace gdist::test
