// The arc file every CPU peer harness reads, so that ours, Boost.Graph and
// SciPy time the same graph (bench/peers/make_graph.py writes it):
// int32 n, int64 m, then m records of (int32 tail, int32 head, int32 weight),
// little endian, 0-based vertices, no duplicate arcs, no self-loops.
#pragma once
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace gdist::bench {

struct Arc {
  std::int32_t tail, head, weight;
};

struct ArcFile {
  std::int32_t n = 0;
  std::vector<Arc> arcs;
};

inline ArcFile ReadArcFile(const std::string& path) {
  ArcFile g;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw std::runtime_error("cannot open " + path);
  std::int64_t m = 0;
  bool ok = std::fread(&g.n, sizeof g.n, 1, f) == 1 && std::fread(&m, sizeof m, 1, f) == 1 && m >= 0;
  if (ok) {
    g.arcs.resize(static_cast<std::size_t>(m));
    ok = std::fread(g.arcs.data(), sizeof(Arc), g.arcs.size(), f) == g.arcs.size();
  }
  std::fclose(f);
  if (!ok) throw std::runtime_error(path + ": truncated arc file");
  for (const Arc& a : g.arcs)
    if (a.tail < 0 || a.tail >= g.n || a.head < 0 || a.head >= g.n)
      throw std::runtime_error(path + ": vertex out of range");
  return g;
}

}  // namespace gdist::bench
