// gapsp IN OUT: all-pairs shortest paths, graph or adjacency file in,
// distance matrix file (or raw NTHU output) out; or gapsp IN --metrics FILE:
// the metrics alone, no matrix written; or gapsp IN OUT --sources FILE: the
// rows of some sources, a rectangular matrix file. Floyd-Warshall over the
// matrix or a shortest-path tree per source, whichever is faster (same bytes).
// The run is lib/pipeline/run_apsp.hpp's (lib/distributed/apsp_run.hpp under
// mpirun); this file parses the flags, checks their combinations and prints
// the report.
#include <iostream>

#include "apps/common/app_main.hpp"
#include "apps/common/apsp_flag_checks.hpp"
#include "apps/common/flag_checks.hpp"
#include "apps/common/input_flags.hpp"
#include "apps/common/snap_flag.hpp"
#include "lib/distributed/apsp_run.hpp"
#include "lib/distributed/mpi_session.hpp"
#include "lib/pipeline/apsp_summary.hpp"
#include "lib/pipeline/place_table.hpp"
#include "lib/pipeline/run_apsp.hpp"
#include "lib/pipeline/write_distances.hpp"
#include "lib/plan/run_context.hpp"
#include "lib/util/output_check.hpp"

int main(int argc, char** argv) {
  CLI::App app{"All-pairs shortest paths by blocked Floyd-Warshall (GPU or CPU).", "gapsp"};
  std::string in, out, backend = "auto", to = "auto", metrics, per_vertex, element_bits = "auto", algorithm = "auto",
                       sources, targets;
  int threads = 0;
  bool paths = false, json = false, as_float = false;
  std::size_t memory_limit = 0, device_memory = 0;
  gdist::PlaceTableRequest place_table;
  gdist::InputFlags flags;
  app.add_option("IN", in, "matrix file from gconvert, or any graph file gconvert reads")->required();
  app.add_option("OUT", out, "distance output (may be left out with --metrics: then no matrix is written)");
  app.add_option("--backend", backend, "auto (GPU when present), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}))
      ->capture_default_str();
  app.add_option("--to", to,
                 "output: gdm (matrix file), nthu (raw n x n int32, INF = 1073741823), npy (NumPy, n x n,\n"
                 "values >= the type's INF mean no path), npz (NumPy: 'dist' as npy and the vertex 'labels')\n"
                 "or csv (labels in the first row and column, inf); auto: from OUT's extension (.csv, .npy,\n"
                 ".npz), else gdm")
      ->check(CLI::IsMember({"auto", "gdm", "nthu", "npy", "npz", "csv"}))
      ->capture_default_str();
  app.add_flag("--float", as_float, "npy, npz: float64 values, inf for no path (d.max() is the diameter)");
  app.add_option("--metrics", metrics, "also write the gcenter metrics (JSON) to FILE, without a second pass");
  app.add_option("--per-vertex", per_vertex, "with --metrics: also write the per-vertex metrics (CSV) to FILE");
  app.add_option("--memory-limit", memory_limit,
                 "bytes of RAM the CPU backend may hold of the matrix (e.g. 8G); a larger matrix is kept in a "
                 "temporary file beside OUT and solved out of core (default: 3/4 of physical memory)")
      ->transform(CLI::AsSizeValue(false));
  app.add_option("--device-memory", device_memory,
                 "bytes of GPU memory the GPU backend may use (e.g. 2G); a larger matrix is streamed through it "
                 "out of core from the pinned host matrix (default: the free device memory)")
      ->transform(CLI::AsSizeValue(false));
  app.add_flag("--paths", paths, "also store the next-hop matrix (routes for gpath) in OUT");
  std::string checkpoint, resume;
  double checkpoint_every = 300;
  auto* checkpoint_flag = app.add_option(
      "--checkpoint", checkpoint,
      "FOLDER for the checkpoints of a long Floyd-Warshall run out of core (--memory-limit below the matrix on\n"
      "the CPU, --device-memory below it on the GPU) or under mpirun (each rank's tiles; FOLDER shared by the\n"
      "ranks): the state after a round, every --checkpoint-every seconds of work; a run killed at any point\n"
      "goes on with --resume FOLDER (the same IN, flags and -np) to the bytes of an uninterrupted run; removed\n"
      "once OUT is written (docs/RELIABILITY.md)");
  app.add_option("--resume", resume, "go on from the checkpoint in FOLDER (the same IN and flags), checkpointing there")
      ->excludes(checkpoint_flag);
  app.add_option("--checkpoint-every", checkpoint_every, "seconds of work between checkpoints (0: after every round)")
      ->check(gdist::SecondsOrZero())
      ->capture_default_str();
  app.add_option("-j,--threads", threads, "CPU threads (0 = all cores)")
      ->check(gdist::ThreadCount())
      ->capture_default_str();
  app.add_option("--element-bits", element_bits,
                 "auto: int32 inputs run in 16 bits when every distance is proven to fit, and a .gdm OUT then\n"
                 "stores 16-bit values (half the bytes; every reader widens them to int32); 32: never")
      ->check(CLI::IsMember({"auto", "32"}))
      ->capture_default_str();
  app.add_option("--algorithm", algorithm,
                 "fw: Floyd-Warshall over the matrix; dijkstra: a shortest-path tree from every source (BFS for\n"
                 "unit weights, Dijkstra, Johnson with negative arcs; CPU threads over sources), the same bytes;\n"
                 "auto: the faster of the two by the run's plan (lib/plan); ch: PHAST trees over a contraction\n"
                 "hierarchy (road graphs; docs/ROAD.md), built now or read from a .gch IN (gconvert --to ch)")
      ->check(CLI::IsMember({"auto", "fw", "dijkstra", "ch"}))
      ->capture_default_str();
  app.add_option("--sources", sources,
                 "write only the rows of these vertices (FILE: one label per line) to OUT: a rectangular\n"
                 "k x n matrix file (docs/FORMAT.md), computed and written in blocks of rows");
  app.add_option("--targets", targets,
                 "with --sources and --algorithm ch (or a .gch IN): only the distances to these vertices, a\n"
                 "k x t table (CH many-to-many), written --to csv or --to npy");
  app.add_option(
      "--places", place_table.places,
      "a place x place distance table: FILE is CSV with a header naming name, lat, lon (weight\n"
      "optional); each place snapped to the nearest point of IN (--snap; an OpenStreetMap extract or a graph\n"
      "with a .co); OUT is CSV, the places' names heading its rows and columns (docs/FORMATS-INPUT.md)");
  app.add_option("--target-places", place_table.target_places,
                 "with --places: these places as the table's columns (the rows stay --places)");
  app.add_option("--snapped", place_table.snapped,
                 "with --places: also write each place's vertex and snap distance to FILE (CSV: name, lat, lon,\n"
                 "vertex, vertex_lat, vertex_lon, snap_m)");
  app.add_option("--max-snap", place_table.max_snap_m,
                 "with --places: refuse places farther than METRES from the network, all of them listed")
      ->check(gdist::Metres())
      ->capture_default_str();
  gdist::AddSnapFlag(app, place_table.snap);
  app.add_flag("--json", json, "print the run summary (backend, element_bits, precision_reason, times) as JSON");
  flags.Add(app);
  flags.AddLargestComponent(app);
  app.footer(
      "EXIT STATUS: 0 written, 2 bad input, flags or output, no GPU for --backend gpu, a run that cannot\n"
      "fit in memory; 3 out of memory mid-run, 4 internal error (docs/CLI.md); nothing is left half-written.\n"
      "EXAMPLES:\n  gapsp rome.gdm dist.gdm\n  gapsp c01.1 c01.1.out --to nthu --backend cpu\n"
      "  gapsp rome99.gr dist.npz --float       # numpy.load('dist.npz')['dist'], ['labels']\n"
      "  gapsp 4elt.graph dist.gdm --algorithm dijkstra\n"
      "  gapsp NY.gr.gz rows.gdm --sources depots.txt   # 1 row per listed vertex\n"
      "  gapsp monaco.osm.gz table.csv --places clinics.csv   # place x place, metres");
  return gdist::RunApp(app, argc, argv, [&] {
    for (const char* flag : {"--max-snap", "--snapped", "--snap"})
      if (app.count(flag) && place_table.places.empty()) throw gdist::Error(std::string(flag) + " needs --places");
    if (!place_table.places.empty() || !place_table.target_places.empty()) {
      if (place_table.places.empty()) throw gdist::Error("--target-places needs --places");
      // The table runs one CPU tree per place and writes a CSV: the matrix run's flags would be ignored.
      for (const char* other : {"--sources", "--targets", "--metrics", "--per-vertex", "--paths", "--algorithm",
                                "--backend", "--memory-limit", "--device-memory", "--element-bits", "--json",
                                "--checkpoint", "--resume", "--checkpoint-every"})
        if (app.get_option_no_throw(other) && app.count(other))
          throw gdist::Error(std::string(other) + " does not apply to a --places table");
      if (out.empty()) throw gdist::Error("--places needs OUT, the table's CSV file");
      if (to != "auto" && to != "csv")
        throw gdist::Error("--places writes a CSV table: use --to csv or leave --to out");
      gdist::CheckOutputPaths(
          {{"OUT", out}, {"--snapped", place_table.snapped}},
          {{"IN", in}, {"--places", place_table.places}, {"--target-places", place_table.target_places}});
      flags.RefuseOsmFlagsUnlessOsm(in);
      place_table.in = in;
      place_table.out = out;
      place_table.input = flags.Options();
      place_table.threads = threads;
      gdist::WritePlaceTable(place_table, gdist::RunVoice{app.get_name()});
      return gdist::kExitOk;
    }
    // Under mpirun every rank runs this; rank 0 alone writes OUT and the metrics.
    gdist::MpiSession mpi(&argc, &argv);
    gdist::ApspRunRequest request;
    request.in = in;
    request.out = out;
    request.to = gdist::MatrixOutputFormat(to, out);
    request.as_float = as_float;
    request.metrics = metrics;
    request.per_vertex = per_vertex;
    request.sources = sources;
    request.targets = targets;
    gdist::ParseApspAlgorithm(algorithm, &request.algorithm);
    gdist::ParseBackend(backend, &request.backend);
    request.threads = threads;
    request.paths = paths;
    request.allow_int16 = element_bits == "auto";
    request.memory_limit = memory_limit;
    request.device_memory = device_memory;
    request.checkpoint = {resume.empty() ? checkpoint : resume, !resume.empty(), checkpoint_every};
    if (app.count("--checkpoint-every") && request.checkpoint.dir.empty())
      throw gdist::Error("--checkpoint-every needs --checkpoint FOLDER or --resume FOLDER");
    // One context for the run: the planner, the estimate line and the engine share its GPU probe.
    gdist::RunContext context(threads, request.backend);
    if (!mpi.distributed()) context.StartGpuProbe();  // overlaps reading the input
    gdist::CheckApspFlags(request, mpi.distributed(), json);
    flags.RefuseOsmFlagsUnlessOsm(in);
    request.input = flags.Options();
    const gdist::RunVoice voice{app.get_name()};
    const gdist::ApspRunResult result = mpi.distributed() ? gdist::RunDistributedApsp(mpi, request, context, voice)
                                                          : gdist::RunApsp(request, context, voice);
    if (!result.printable) return gdist::kExitOk;
    if (json) gdist::WriteApspJson(std::cout, result);
    if (!gdist::Quiet())
      std::cerr << app.get_name() << ": " << gdist::TerminalText(gdist::ApspSummaryLine(result)) << "\n";
    return gdist::kExitOk;
  });
}
