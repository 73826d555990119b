// The road hierarchy (lib/road) against the sparse engine's Dijkstra trees in
// the same run: contraction time, PHAST rows of a sample of sources (the
// every-source time extrapolated from it, and said so), a k x k table, point
// to point routes, the .gch save and load. Every PHAST row, table entry and
// route distance of the sample is compared with Dijkstra's (integer weights:
// equal; the run fails otherwise).
//   road_bench GRAPH [--undirected] [-j T] [--sources 2048] [--dijkstra-sources 64] [--table 1000]
//              [--routes 1000] [--settle-limit L] [--priority-settle-limit L]
//              [--gch FILE] [--load FILE]
// One JSON object per line: {"what", "seconds", ...}.
#include <omp.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>
#include <random>
#include <sstream>

#include "formats/read_graph.hpp"
#include "lib/metrics/centrality.hpp"
#include "lib/metrics/line_scans.hpp"
#include "lib/metrics/summary.hpp"
#include "lib/road/ch_route.hpp"
#include "lib/road/ch_table.hpp"
#include "lib/road/contraction_hierarchy.hpp"
#include "lib/road/hierarchy_file.hpp"
#include "lib/road/phast.hpp"
#include "lib/sparse/csr_graph.hpp"
#include "lib/sparse/shortest_paths.hpp"
#include "lib/sparse/tree_apsp.hpp"
#include "lib/util/error.hpp"

namespace {

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// CPU seconds of the process (all threads): on a shared machine the wall time
// also counts the other jobs' share of the cores.
double CpuSeconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Options {
  int threads = 2;
  std::size_t sources = 2048, dijkstra_sources = 64, table = 1000, routes = 1000;
  std::size_t settle_limit = gdist::ContractionOptions{}.witness_settle_limit;
  std::size_t priority_settle_limit = gdist::ContractionOptions{}.priority_settle_limit;
  std::string gch, load;
};

std::vector<std::uint32_t> RandomVertices(std::size_t n, std::size_t k, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> v(k);
  for (auto& x : v) x = static_cast<std::uint32_t>(rng() % n);
  return v;
}

template <class W> bool Same(W a, W b) {
  if constexpr (std::is_floating_point_v<W>)
    return a == b || (std::isinf(a) && std::isinf(b)) || std::abs(a - b) <= 1e-5 * std::abs(b);
  else return a == b;
}

template <class W> void Run(const gdist::CsrGraph<W>& g, const Options& o) {
  auto line = [&](const std::string& what, double seconds, const std::string& fields) {
    std::cout << "{\"what\": \"" << what << "\", \"n\": " << g.n << ", \"arcs\": " << g.arc_count()
              << ", \"threads\": " << o.threads << ", \"seconds\": " << seconds << fields << "}" << std::endl;
  };
  auto t0 = std::chrono::steady_clock::now();
  double cpu0 = CpuSeconds();
  gdist::ContractionHierarchy<W> ch;
  if (!o.load.empty()) {
    ch = gdist::ReadHierarchy<W>(o.load, g);
    line("gch_load", Seconds(t0), "");
  } else {
    gdist::ContractionOptions co;
    co.threads = o.threads;
    co.witness_settle_limit = o.settle_limit;
    co.priority_settle_limit = o.priority_settle_limit;
    ch = gdist::BuildContractionHierarchy(g, co);
    std::ostringstream f;
    f << ", \"cpu_seconds\": " << CpuSeconds() - cpu0 << ", \"levels\": " << ch.levels
      << ", \"up_arcs\": " << ch.up.size() << ", \"shortcuts\": " << ch.shortcut_count();
    line("contraction", Seconds(t0), f.str());
  }

  // Dijkstra trees of a few sources: the reference rows and the peer's rate.
  const std::vector<std::uint32_t> dsources = RandomVertices(g.n, o.dijkstra_sources, 1);
  std::vector<W> want(dsources.size() * g.n);
  const gdist::ShortestPathTrees<W> trees(g);
  t0 = std::chrono::steady_clock::now();
  cpu0 = CpuSeconds();
  gdist::TreeRows(trees, dsources, want.data(), g.n, o.threads);
  const double dijkstra = Seconds(t0), dijkstra_cpu = CpuSeconds() - cpu0;
  {
    std::ostringstream f;
    f << ", \"cpu_seconds\": " << dijkstra_cpu << ", \"sources\": " << dsources.size()
      << ", \"per_source_ms\": " << 1e3 * dijkstra / dsources.size()
      << ", \"every_source_extrapolated_seconds\": " << dijkstra / dsources.size() * g.n;
    line("dijkstra_rows", dijkstra, f.str());
  }

  // PHAST rows: the Dijkstra sources first (checked), then the sample.
  const gdist::PhastTrees<W> phast(ch);
  std::vector<std::uint32_t> psources = dsources;
  const std::vector<std::uint32_t> more = RandomVertices(g.n, o.sources, 2);
  psources.insert(psources.end(), more.begin(), more.end());
  const std::size_t block = 512;  // rows in memory at once
  std::vector<W> rows(std::min(block, psources.size()) * g.n);
  double phast_seconds = 0, phast_cpu = 0;
  for (std::size_t first = 0; first < psources.size(); first += block) {
    const std::size_t k = std::min(block, psources.size() - first);
    t0 = std::chrono::steady_clock::now();
    cpu0 = CpuSeconds();
    phast.Rows(std::span<const std::uint32_t>(psources).subspan(first, k), rows.data(), g.n, o.threads);
    phast_seconds += Seconds(t0);
    phast_cpu += CpuSeconds() - cpu0;
    if (first == 0)
      for (std::size_t i = 0; i < dsources.size() * g.n; ++i)
        if (!Same(rows[i], want[i])) throw gdist::Error("PHAST row differs from Dijkstra's");
  }
  {
    std::ostringstream f;
    f << ", \"cpu_seconds\": " << phast_cpu << ", \"sources\": " << psources.size()
      << ", \"per_source_ms\": " << 1e3 * phast_seconds / psources.size()
      << ", \"every_source_extrapolated_seconds\": " << phast_seconds / psources.size() * g.n
      << ", \"lanes\": " << gdist::PhastTrees<W>::kLanes
      << ", \"speedup_over_dijkstra\": " << (dijkstra / dsources.size()) / (phast_seconds / psources.size());
    line("phast_rows", phast_seconds, f.str());
  }

  // gcenter --per-vertex's CPU work per source: PHAST rows then the dense scans
  // of each row, against the lines scanned where the sweep leaves them
  // (ScanLines, integer weights); both answers compared bit for bit.
  if constexpr (std::is_integral_v<W>) {
    std::vector<gdist::SummaryRow> summary(psources.size()), line_summary(psources.size());
    std::vector<gdist::CentralityRow> centrality(psources.size()), line_centrality(psources.size());
    t0 = std::chrono::steady_clock::now();
    cpu0 = CpuSeconds();
    for (std::size_t first = 0; first < psources.size(); first += block) {
      const std::size_t k = std::min(block, psources.size() - first);
      phast.Rows(std::span<const std::uint32_t>(psources).subspan(first, k), rows.data(), g.n, o.threads);
#pragma omp parallel for num_threads(o.threads) schedule(static)
      for (std::int64_t i = 0; i < static_cast<std::int64_t>(k); ++i) {
        const W* row = rows.data() + static_cast<std::size_t>(i) * g.n;
        summary[first + i] = gdist::ScanSummaryRow(row, g.n);
        centrality[first + i] = gdist::ScanCentralityRow(row, psources[first + i], g.n);
      }
    }
    const double rows_scan = Seconds(t0), rows_scan_cpu = CpuSeconds() - cpu0;
    t0 = std::chrono::steady_clock::now();
    cpu0 = CpuSeconds();
    phast.ForEachBatch(psources, o.threads, [&](std::size_t first, std::size_t count, const W* lines) {
      gdist::ScanLines<W, gdist::PhastTrees<W>::kLanes>(lines, g.n,
                                                        std::span<const std::uint32_t>(psources).subspan(first, count),
                                                        &line_summary[first], &line_centrality[first]);
    });
    const double lines_scan = Seconds(t0), lines_scan_cpu = CpuSeconds() - cpu0;
    for (std::size_t i = 0; i < psources.size(); ++i) {
      const auto &a = summary[i], &b = line_summary[i];
      const auto &c = centrality[i], &d = line_centrality[i];
      if (a.exact_total != b.exact_total || a.exact_farthest != b.exact_farthest ||
          a.farthest.column != b.farthest.column || a.unreachable != b.unreachable ||
          a.first_unreachable != b.first_unreachable || std::memcmp(&c.harmonic, &d.harmonic, sizeof(double)) != 0 ||
          c.lo != d.lo || c.hi != d.hi)
        throw gdist::Error("the line scans differ from the row scans");
    }
    std::ostringstream f;
    f << ", \"sources\": " << psources.size()
      << ", \"rows_then_scans_per_source_ms\": " << 1e3 * rows_scan / psources.size()
      << ", \"rows_then_scans_cpu_seconds\": " << rows_scan_cpu
      << ", \"line_scans_per_source_ms\": " << 1e3 * lines_scan / psources.size()
      << ", \"line_scans_cpu_seconds\": " << lines_scan_cpu
      << ", \"every_source_extrapolated_seconds\": " << lines_scan / psources.size() * g.n
      << ", \"lanes\": " << gdist::PhastTrees<W>::kLanes << ", \"same\": true";
    line("per_vertex_scans", lines_scan, f.str());
  }

  // A table of table x table random vertices; the Dijkstra sources' part checked.
  std::vector<std::uint32_t> tsources = dsources;
  const std::vector<std::uint32_t> tmore =
      RandomVertices(g.n, o.table > dsources.size() ? o.table - dsources.size() : 0, 3);
  tsources.insert(tsources.end(), tmore.begin(), tmore.end());
  const std::vector<std::uint32_t> targets = RandomVertices(g.n, o.table, 4);
  std::vector<W> table(tsources.size() * targets.size());
  t0 = std::chrono::steady_clock::now();
  cpu0 = CpuSeconds();
  gdist::ChTable(ch, std::span<const std::uint32_t>(tsources), std::span<const std::uint32_t>(targets), table.data(),
                 targets.size(), o.threads);
  const double table_seconds = Seconds(t0), table_cpu = CpuSeconds() - cpu0;
  for (std::size_t i = 0; i < dsources.size(); ++i)
    for (std::size_t j = 0; j < targets.size(); ++j)
      if (!Same(table[i * targets.size() + j], want[i * g.n + targets[j]]))
        throw gdist::Error("table entry differs from Dijkstra's");
  {
    std::ostringstream f;
    f << ", \"cpu_seconds\": " << table_cpu << ", \"sources\": " << tsources.size()
      << ", \"targets\": " << targets.size()
      << ", \"dijkstra_rows_same_sources_extrapolated_seconds\": " << dijkstra / dsources.size() * tsources.size();
    line("table", table_seconds, f.str());
  }

  // Routes: distance and unpacked path, one thread.
  gdist::ChRouter<W> router(ch);
  const std::vector<std::uint32_t> from = RandomVertices(g.n, o.routes, 5), to = RandomVertices(g.n, o.routes, 6);
  std::size_t steps = 0;
  t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < o.routes; ++i) steps += router.Route(from[i], to[i]).vertices.size();
  const double route_seconds = Seconds(t0);
  for (std::size_t i = 0; i < std::min(o.routes, dsources.size()); ++i)
    if (!Same(router.Distance(dsources[i], to[i]), want[i * g.n + to[i]]))
      throw gdist::Error("route distance differs from Dijkstra's");
  {
    std::ostringstream f;
    f << ", \"routes\": " << o.routes
      << ", \"per_route_us\": " << 1e6 * route_seconds / std::max<std::size_t>(o.routes, 1)
      << ", \"mean_vertices\": " << static_cast<double>(steps) / std::max<std::size_t>(o.routes, 1);
    line("routes", route_seconds, f.str());
  }

  if (!o.gch.empty()) {
    t0 = std::chrono::steady_clock::now();
    gdist::WriteHierarchy(o.gch, ch);
    line("gch_write", Seconds(t0), "");
    t0 = std::chrono::steady_clock::now();
    const auto back = gdist::ReadHierarchy<W>(o.gch, g);
    line("gch_read", Seconds(t0), ", \"same_up_arcs\": " + std::string(back.up.ends == ch.up.ends ? "true" : "false"));
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"road hierarchy: contraction, PHAST rows, table, routes, against Dijkstra trees", "road_bench"};
  std::string path;
  bool undirected = false;
  Options o;
  app.add_option("GRAPH", path)->required();
  app.add_flag("--undirected", undirected);
  app.add_option("-j,--threads", o.threads);
  app.add_option("--sources", o.sources, "PHAST rows timed (every-source time extrapolated)");
  app.add_option("--dijkstra-sources", o.dijkstra_sources, "Dijkstra trees timed, also the reference rows");
  app.add_option("--table", o.table, "the table is TABLE x TABLE");
  app.add_option("--routes", o.routes);
  app.add_option("--settle-limit", o.settle_limit, "witness searches give up after settling this many vertices");
  app.add_option("--priority-settle-limit", o.priority_settle_limit, "the same for the priorities' simulation");
  app.add_option("--load", o.load, "read the hierarchy from this .gch (built from GRAPH) instead of contracting");
  app.add_option("--gch", o.gch, "also time writing and reading the hierarchy to this file");
  CLI11_PARSE(app, argc, argv);
  try {
    gdist::ReadOptions ro;
    ro.undirected = undirected;
    const auto t0 = std::chrono::steady_clock::now();
    gdist::Graph g = gdist::ReadGraph(path, ro);
    return gdist::DispatchElement(gdist::ChooseElementType(g), [&](auto zero) {
      using W = decltype(zero);
      const gdist::CsrGraph<W> csr = gdist::BuildCsrGraph<W>(g);
      g = gdist::Graph{};
      std::cout << "{\"what\": \"read_and_csr\", \"n\": " << csr.n << ", \"arcs\": " << csr.arc_count()
                << ", \"element\": \"" << gdist::ElementTraits<W>::kName << "\", \"seconds\": " << Seconds(t0) << "}"
                << std::endl;
      Run(csr, o);
      return 0;
    });
  } catch (const std::exception& e) {
    std::cerr << "road_bench: " << e.what() << "\n";
    return 2;
  }
}
