// Writes a distance-matrix file (.gdm) of one of the instance families the
// siting solvers are timed on (int32, distance kind, labels 1..n):
//   geometric  n points uniform in a 100 km square, Euclidean metres, undirected
//   dense      shortest paths of a random directed graph with 30% of all arcs,
//              integer weights 1..1000 (arc (i,j) and its weight from a hash of
//              i, j and the seed, so the graph is never stored)
//   uniform    a uniform random cost matrix: entry (i,j) 1..1000, 0 on the
//              diagonal, directed (no triangle inequality)
// n = 65536 geometric is 17 GB; n = 32768 any family 4.3 GB.
//   siting_make_matrix N OUT.gdm [SEED] [--family geometric|dense|uniform]
//
// dense: Floyd-Warshall on n = 32768 is 3.5e13 relaxations, too many for two
// cores, but with 30% arcs every distance is small: Dial's bucket Dijkstra runs
// on the arcs of weight <= K only, and when every distance found is <= K the
// result is exact (a path using a dropped arc is longer than K). K doubles
// until that holds; the program says which K proved it.
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/geometric_matrix.hpp"
#include "lib/matrix/matrix_file.hpp"

namespace {

std::uint64_t SplitMix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Arc i -> j of the dense family: 0 when absent, else its weight 1..1000.
int DenseArc(std::uint64_t seed, std::size_t n, std::size_t i, std::size_t j) {
  if (i == j) return 0;
  const std::uint64_t h = SplitMix(seed * 0x632be59bd9b4e019ull ^ (i * n + j));
  if (h % 1000 >= 300) return 0;
  return 1 + static_cast<int>((h >> 20) % 1000);
}

void Uniform(gdist::DistMatrix<std::int32_t>& d, std::uint64_t seed) {
  const std::size_t n = d.n();
#pragma omp parallel for schedule(static)
  for (std::size_t i = 0; i < n; ++i) {
    std::int32_t* row = d.row(i);
    for (std::size_t j = 0; j < n; ++j)
      row[j] = i == j ? 0 : 1 + static_cast<std::int32_t>(SplitMix(seed * 0x9e3779b97f4a7c15ull ^ (i * n + j)) % 1000);
  }
  d.meta().directed = true;
}

// Returns the largest distance found with the arcs of weight <= k only.
int DenseWithArcsUpTo(gdist::DistMatrix<std::int32_t>& d, std::uint64_t seed, int k) {
  const std::size_t n = d.n();
  std::vector<std::size_t> start(n + 1, 0);
  std::vector<std::vector<std::pair<std::uint32_t, std::uint16_t>>> out(n);
#pragma omp parallel for schedule(dynamic, 64)
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      const int w = DenseArc(seed, n, i, j);
      if (w > 0 && w <= k) out[i].push_back({static_cast<std::uint32_t>(j), static_cast<std::uint16_t>(w)});
    }
  int largest = 0;
#pragma omp parallel reduction(max : largest)
  {
    std::vector<std::vector<std::uint32_t>> bucket(64);
    std::vector<std::int32_t> dist(n);
#pragma omp for schedule(dynamic, 16)
    for (std::size_t s = 0; s < n; ++s) {
      std::fill(dist.begin(), dist.end(), gdist::ElementTraits<std::int32_t>::kInf);
      dist[s] = 0;
      bucket[0].push_back(static_cast<std::uint32_t>(s));
      for (std::size_t b = 0; b < bucket.size(); ++b) {
        for (std::size_t q = 0; q < bucket[b].size(); ++q) {
          const std::uint32_t v = bucket[b][q];
          if (dist[v] != static_cast<std::int32_t>(b)) continue;  // a stale entry
          for (auto [u, w] : out[v]) {
            const std::int32_t nd = static_cast<std::int32_t>(b) + w;
            if (nd < dist[u]) {
              dist[u] = nd;
              if (static_cast<std::size_t>(nd) >= bucket.size()) bucket.resize(nd + 1);
              bucket[nd].push_back(u);
            }
          }
        }
        bucket[b].clear();
      }
      std::int32_t* row = d.row(s);
      for (std::size_t j = 0; j < n; ++j) {
        row[j] = dist[j];
        largest = std::max(largest, dist[j]);  // INF (unreachable) fails the proof too
      }
    }
  }
  return largest;
}

void Dense(gdist::DistMatrix<std::int32_t>& d, std::uint64_t seed) {
  for (int k = 8;; k *= 2) {
    const int largest = DenseWithArcsUpTo(d, seed, k);
    std::printf("dense: arcs of weight <= %d give distances up to %d%s\n", k, largest,
                largest <= k ? ": exact" : ", not a proof; more arcs");
    if (largest <= k) break;
  }
  d.meta().directed = true;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = 0;
  std::string out, family = "geometric";
  std::uint64_t seed = 1;
  CLI::App app{"Writes a distance-matrix file of one siting instance family"};
  app.add_option("N", n, "vertices")->required()->check(CLI::Range(std::size_t{2}, std::size_t{1} << 20));
  app.add_option("OUT", out, "output .gdm")->required();
  app.add_option("SEED", seed, "seed");
  app.add_option("--family", family, "instance family")->check(CLI::IsMember({"geometric", "dense", "uniform"}));
  CLI11_PARSE(app, argc, argv);
  gdist::DistMatrix<std::int32_t> d(n);
  if (family == "geometric") gdist::bench::FillGeometric(d, seed);
  else if (family == "dense") Dense(d, seed);
  else Uniform(d, seed);
  d.meta().kind = gdist::MatrixKind::kDistance;
  d.meta().labels = gdist::VertexLabels::Range(n, 1);
  gdist::WriteMatrixFile(out, d);
  std::printf("wrote %s: %s, n = %zu, %.1f GB payload\n", out.c_str(), family.c_str(), n,
              static_cast<double>(d.payload_bytes()) / 1e9);
  return 0;
}
