// Parse throughput of the input-format readers (ReadGraph), in MB/s of
// decompressed text and million lines per second. Generates one random graph
// (n vertices, m arcs, fixed seed) in every text format in a temp directory,
// plus gzip copies of two of them, then times ReadGraph best-of-R on each; the
// real files in shared/data are timed too when present.
//   formats_read [m_arcs=3000000] [repeats=3] [shared_data_dir]
// Results: bench/RESULTS.md (input-format parse throughput).
#include <unistd.h>
#include <zlib.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "formats/read_graph.hpp"

namespace {

namespace fs = std::filesystem;

struct Arc {
  std::uint32_t u, v, w;
};

std::vector<Arc> RandomArcs(std::uint32_t n, std::size_t m, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Arc> arcs(m);
  for (Arc& a : arcs) {
    a.u = static_cast<std::uint32_t>(rng() % n);
    a.v = static_cast<std::uint32_t>(rng() % n);
    if (a.u == a.v) a.v = (a.v + 1) % n;
    a.w = static_cast<std::uint32_t>(1 + rng() % 10000);
  }
  return arcs;
}

void Write(const fs::path& p, const std::string& s) {
  std::ofstream(p, std::ios::binary).write(s.data(), static_cast<std::streamsize>(s.size()));
}

void WriteGz(const fs::path& p, const std::string& s) {
  gzFile gz = gzopen(p.c_str(), "wb6");
  for (std::size_t off = 0; off < s.size(); off += 1 << 30)
    gzwrite(gz, s.data() + off, static_cast<unsigned>(std::min<std::size_t>(1 << 30, s.size() - off)));
  gzclose(gz);
}

std::size_t CountLines(const std::string& s) {
  std::size_t k = 0;
  for (char c : s) k += c == '\n';
  return k;
}

struct Input {
  std::string label;
  fs::path path;
  std::uint64_t text_bytes;  // decompressed
  std::uint64_t lines;
};

// Decompressed size and line count of any (gzip or plain) file.
std::pair<std::uint64_t, std::uint64_t> TextSize(const fs::path& p) {
  gzFile gz = gzopen(p.c_str(), "rb");
  std::vector<char> buf(1 << 20);
  std::uint64_t bytes = 0, lines = 0;
  int got;
  while ((got = gzread(gz, buf.data(), static_cast<unsigned>(buf.size()))) > 0) {
    bytes += static_cast<std::uint64_t>(got);
    for (int i = 0; i < got; ++i) lines += buf[i] == '\n';
  }
  gzclose(gz);
  return {bytes, lines};
}

double TimeRead(const fs::path& p, int repeats, std::size_t* arcs) {
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    gdist::Graph g = gdist::ReadGraph(p.string());
    auto t1 = std::chrono::steady_clock::now();
    *arcs = g.edges.size();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t m = 3000000;
  int repeats = 3;
  std::string shared;
  CLI::App app{"Graph readers' throughput per format (plain and gzip), and on real files"};
  app.add_option("arcs", m, "arcs of the generated inputs")->check(CLI::PositiveNumber);
  app.add_option("repeats", repeats, "reads per input (best reported)")->check(CLI::PositiveNumber);
  app.add_option("shared_data", shared, "the shared data folder, to time real files too");
  CLI11_PARSE(app, argc, argv);
  const std::uint32_t n = static_cast<std::uint32_t>(std::max<std::size_t>(m / 4, 2));
  const fs::path dir = fs::temp_directory_path() / ("gdist-formats-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);

  const std::vector<Arc> arcs = RandomArcs(n, m, 42);
  std::vector<Input> inputs;
  auto add = [&](const std::string& label, const std::string& file, const std::string& text, bool gz_copy) {
    Write(dir / file, text);
    inputs.push_back({label, dir / file, text.size(), CountLines(text)});
    if (gz_copy) {
      WriteGz(dir / (file + ".gz"), text);
      inputs.push_back({label + " (gzip)", dir / (file + ".gz"), text.size(), CountLines(text)});
    }
  };
  std::string s;
  s = "p sp " + std::to_string(n) + " " + std::to_string(m) + "\n";
  for (const Arc& a : arcs)
    s += "a " + std::to_string(a.u + 1) + " " + std::to_string(a.v + 1) + " " + std::to_string(a.w) + "\n";
  add("DIMACS .gr", "g.gr", s, true);
  // SNAP-style: sparse 40-bit ids (hash-map path), tab separated, no weights.
  std::vector<std::uint64_t> ids(n);
  std::mt19937_64 rng(7);
  for (auto& id : ids) id = rng() % (1ULL << 40);
  s = "# Nodes: " + std::to_string(n) + " Edges: " + std::to_string(m) + "\n";
  for (const Arc& a : arcs) s += std::to_string(ids[a.u]) + "\t" + std::to_string(ids[a.v]) + "\n";
  add("SNAP edge list, sparse ids", "g.txt", s, true);
  // CSV with a header and real weights.
  s = "source,target,weight\n";
  for (const Arc& a : arcs)
    s += std::to_string(a.u) + "," + std::to_string(a.v) + "," + std::to_string(a.w / 7.0) + "\n";
  add("CSV, real weights", "g.csv", s, false);
  s = "%%MatrixMarket matrix coordinate integer general\n" + std::to_string(n) + " " + std::to_string(n) + " " +
      std::to_string(m) + "\n";
  for (const Arc& a : arcs)
    s += std::to_string(a.u + 1) + " " + std::to_string(a.v + 1) + " " + std::to_string(a.w) + "\n";
  add("Matrix Market", "g.mtx", s, false);
  // OR-Library layout (leading/trailing spaces), read with pmed* name detection.
  s = " " + std::to_string(n) + " " + std::to_string(m) + " 5 \n";
  for (const Arc& a : arcs)
    s += " " + std::to_string(a.u + 1) + " " + std::to_string(a.v + 1) + " " + std::to_string(a.w) + " \n";
  add("OR-Library", "pmed_big.txt", s, false);
  // METIS: a symmetric version of the same arcs (both directions listed).
  {
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> adj(n);
    std::size_t edges = 0;
    for (const Arc& a : arcs) {
      adj[a.u].push_back({a.v, a.w});
      adj[a.v].push_back({a.u, a.w});
      ++edges;
    }
    s = std::to_string(n) + " " + std::to_string(edges) + " 1\n";
    for (const auto& list : adj) {
      for (const auto& [v, w] : list) s += std::to_string(v + 1) + " " + std::to_string(w) + " ";
      s += "\n";
    }
    add("METIS (fmt 1)", "g.graph", s, false);
  }
  s.clear();
  s.shrink_to_fit();
  if (!shared.empty())
    for (const char* rel : {"dimacs9/rome99.gr", "pace2016-roads/NY.gr.gz", "snap/ca-GrQc.txt.gz", "metis/4elt.graph",
                            "suitesparse/bcspwr10.mtx", "nthu-apsp/p19k1"}) {
      fs::path p = fs::path(shared) / rel;
      if (!fs::exists(p)) continue;
      auto [bytes, lines] = TextSize(p);
      inputs.push_back({std::string("shared/data/") + rel, p, bytes, lines});
    }

  std::printf(
      "| input | text MB | lines | arcs read | best of %d (s) | MB/s | M lines/s |\n|---|---|---|---|---|---|---|\n",
      repeats);
  for (const Input& in : inputs) {
    std::size_t read = 0;
    const double t = TimeRead(in.path, repeats, &read);
    std::printf("| %s | %.1f | %llu | %zu | %.4f | %.0f | %.1f |\n", in.label.c_str(), in.text_bytes / 1e6,
                static_cast<unsigned long long>(in.lines), read, t, in.text_bytes / 1e6 / t, in.lines / 1e6 / t);
    std::fflush(stdout);
  }
  fs::remove_all(dir);
  return 0;
}
