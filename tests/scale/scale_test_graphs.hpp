// Random DIMACS graphs for the app-level tests of the out-of-core and
// distributed schedules: negative weights without negative cycles (potentials,
// as in tests/engine/test_graphs.hpp) and vertices no arc enters (unreachable
// pairs). And the mpirun command line of the distributed tests.
#pragma once
#include <fstream>
#include <random>
#include <string>

namespace gdist::test {

inline void WriteRandomDimacs(const std::string& path, std::size_t n, double density, unsigned seed, bool negative) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coin(0, 1);
  std::uniform_int_distribution<int> base(1, 1000), pot(0, 400);
  std::vector<long long> p(n);
  std::vector<bool> no_in(n);
  for (std::size_t v = 0; v < n; ++v) {
    p[v] = negative ? pot(rng) : 0;
    no_in[v] = coin(rng) < 0.1;
  }
  std::string arcs;
  std::size_t m = 0;
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v) {
      if (u == v || no_in[v] || coin(rng) >= density) continue;
      arcs += "a " + std::to_string(u + 1) + " " + std::to_string(v + 1) + " " +
              std::to_string(base(rng) + p[u] - p[v]) + "\n";
      ++m;
    }
  std::ofstream(path) << "p sp " << n << " " << m << "\n" << arcs;
}

// mpirun -np N with shared memory and loopback only (containers without a
// network), root allowed, more ranks than cores, one OpenMP thread per rank.
inline std::string Mpirun(int np) {
  return "env OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_plm=isolated "
         "OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo OMP_NUM_THREADS=1 "
         "mpirun --allow-run-as-root --oversubscribe -np " +
         std::to_string(np) + " ";
}

}  // namespace gdist::test
