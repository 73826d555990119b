// gconvert IN OUT: any supported graph file -> gdist matrix file (adjacency).
#include <iostream>
#include <optional>

#include "apps/common/app_main.hpp"
#include "apps/common/input_flags.hpp"
#include "formats/coordinates.hpp"
#include "formats/graph_writers.hpp"
#include "formats/read_graph.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/conversion_report.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/pipeline/write_distances.hpp"
#include "lib/road/hierarchy_file.hpp"
#include "lib/util/output_check.hpp"

namespace {

const char* FormatName(gdist::GraphFormatOut f) {
  switch (f) {
    case gdist::GraphFormatOut::kDimacs: return "gr";
    case gdist::GraphFormatOut::kEdgeList: return "edgelist";
    case gdist::GraphFormatOut::kMatrixMarket: return "mtx";
  }
  return "?";
}

// gconvert G OUT --to ch: the graph's contraction hierarchy, saved.
int WriteHierarchyFile(const std::string& in, const std::string& out, const gdist::InputOptions& input, bool json) {
  if (gdist::IsHierarchyInput(in)) throw gdist::Error(in + ": is a contraction hierarchy already");
  const gdist::LoadedHierarchy h = gdist::LoadHierarchy(in, input, 0);
  std::visit([&](const auto& ch) { gdist::WriteHierarchy(out, ch); }, h.hierarchy);
  std::visit(
      [&](const auto& ch) {
        if (json) {
          gdist::ConversionReport r{out, "ch", ch.n, ch.directed};
          r.element_type = gdist::ElementName(gdist::ElementTraits<std::decay_t<decltype(ch.up.weights[0])>>::kType);
          r.levels = ch.levels;
          r.shortcuts = h.shortcuts;
          r.read_s = h.read_s;
          r.contract_s = h.contract_s;
          gdist::WriteConversionJson(std::cout, r);
        }
        if (!gdist::Quiet())
          std::cerr << "gconvert: " << gdist::TerminalText(out) << ": contraction hierarchy of " << ch.n
                    << " vertices, " << ch.levels << " levels, " << h.shortcuts << " shortcut arcs; read " << h.read_s
                    << " s, contracted in " << h.contract_s << " s\n";
      },
      h.hierarchy);
  return gdist::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "Convert a graph file (DIMACS .gr, SNAP/CSV/TSV edge list, Matrix Market, NTHU binary,\n"
      "OR-Library p-median, METIS, OpenStreetMap .osm.pbf/.osm; gzip or not) into a padded gdist matrix file.",
      "gconvert"};
  std::string in, out, to = "auto";
  bool json = false, as_float = false;
  gdist::InputFlags flags;
  app.add_option("IN", in, "graph file")->required();
  app.add_option("OUT", out, "file to write: a matrix file, or a graph file (--to)")->required();
  app.add_option("--to", to,
                 "output: gdm (padded matrix file), gr (DIMACS), edgelist (CSV: source,target,weight with the\n"
                 "input's labels), mtx (Matrix Market), ch (a contraction hierarchy for road graphs, .gch:\n"
                 "gapsp, gcenter and gpath take it as they take the graph and skip the preprocessing), npy or\n"
                 "npz (the matrix for NumPy, as gapsp writes them); auto: from OUT's extension (.gr, .csv .tsv\n"
                 ".txt .el .edges, .mtx, .gch, .npy, .npz), else gdm")
      ->check(CLI::IsMember({"auto", "gdm", "gr", "edgelist", "mtx", "ch", "npy", "npz"}))
      ->capture_default_str();
  app.add_flag("--float", as_float, "npy, npz: float64 values, inf for no arc or path");
  flags.Add(app);
  flags.AddLargestComponent(app);
  app.add_flag("--json", json,
               "print what was written as JSON on stdout (output, format, n, directed, arcs or element_type and "
               "stride)");
  app.footer(
      "EXIT STATUS: 0 written, 2 bad input, flags or output (docs/CLI.md); nothing is left half-written.\n"
      "EXAMPLES:\n  gconvert rome99.gr rome.gdm\n  gconvert edges.csv.gz g.gdm --undirected\n"
      "  gconvert pmed1.txt pmed1.gdm          # OR-Library: last duplicate wins\n"
      "  gconvert 4elt.graph 4elt.mtx          # between graph formats (weights kept exactly)\n"
      "  gconvert NY-w.gr NY.gch --undirected  # contract a road graph once (docs/ROAD.md)\n"
      "  gconvert andorra.osm.pbf roads.gr --profile car --weight time   # + roads.co (OSM ids: --to edgelist)");
  return gdist::RunApp(app, argc, argv, [&] {
    gdist::CheckOutputPaths({{"OUT", out}}, {{"IN", in}});
    flags.RefuseOsmFlagsUnlessOsm(in);
    if (to == "ch" || (to == "auto" && out.size() > 4 && out.compare(out.size() - 4, 4, ".gch") == 0))
      return WriteHierarchyFile(in, out, flags.Options(), json);
    // A .npy or .npz OUT (or --to npy|npz): the matrix for NumPy; else a graph format or gdm.
    if (to == "auto" && gdist::MatrixOutputFormat(to, out).rfind("np", 0) == 0) to = gdist::MatrixOutputFormat(to, out);
    const bool numpy = to == "npy" || to == "npz";
    if (as_float && !numpy) throw gdist::Error("--float: writes float64 into --to npy or npz");
    std::optional<gdist::GraphFormatOut> graph_out;
    if (to == "auto") graph_out = gdist::GraphFormatOfPath(out);
    else if (to != "gdm" && !numpy) {
      graph_out.emplace();
      gdist::ParseGraphFormatOut(to, &*graph_out);
    }
    if (graph_out) {
      // Graph to graph: the arcs as read, before any matrix is built.
      const gdist::Graph g = gdist::ReadInputGraph(in, flags.Options());
      // A DIMACS file of a graph with places (OpenStreetMap) gets its .co beside it.
      std::string coordinates;
      if (*graph_out == gdist::GraphFormatOut::kDimacs && !g.lon_lat.empty() && out != "-") {
        coordinates = gdist::CoordinatesPathBeside(out);
        gdist::CheckOutputPaths({{"OUT", out}, {"the coordinates beside OUT", coordinates}}, {{"IN", in}});
      }
      const std::string note = gdist::WriteGraph(out, g, *graph_out, gdist::DuplicatesFor(g, flags.Options()));
      if (!coordinates.empty()) gdist::WriteDimacsCoordinates(coordinates, g);
      if (json) {
        gdist::ConversionReport r{out, FormatName(*graph_out), g.n, g.directed};
        r.arcs = g.edges.size();
        if (!coordinates.empty()) r.coordinates = coordinates;
        if (!note.empty()) r.note = note;
        gdist::WriteConversionJson(std::cout, r);
      }
      if (!gdist::Quiet()) {
        if (!note.empty()) std::cerr << "gconvert: note: " << gdist::TerminalText(note) << "\n";
        std::cerr << "gconvert: " << gdist::TerminalText(out) << ": " << g.n << " vertices, " << g.edges.size() << " "
                  << (g.directed ? "arcs" : "edges") << "\n";
        if (!coordinates.empty())
          std::cerr << "gconvert: " << gdist::TerminalText(coordinates) << ": coordinates of the " << g.n
                    << " vertices\n";
      }
      return gdist::kExitOk;
    }
    gdist::InputOptions options = flags.Options();
    options.exact_decimals = true;  // the matrix file keeps the decimal scale (docs/FORMAT.md)
    gdist::AnyMatrix m = gdist::LoadInput(in, options);
    const std::string format = numpy ? to : "gdm";
    std::visit([&](auto& mat) { gdist::WriteDistances(out, format, mat, nullptr, false, as_float); }, m);
    if (json)
      std::visit(
          [&](auto& mat) {
            gdist::ConversionReport r{out, format, mat.n(), mat.meta().directed};
            // npy and npz hold float64 for --float and exact decimals (matrix_export.hpp).
            const bool as_double = format != "gdm" && (as_float || mat.meta().decimal_scale > 0);
            r.element_type = as_double ? "float64" : gdist::ElementName(gdist::TypeOf(m));
            if (format == "gdm") r.stride = mat.stride();
            r.decimal_digits = mat.meta().decimal_scale;
            gdist::WriteConversionJson(std::cout, r);
          },
          m);
    if (!gdist::Quiet())
      std::visit(
          [&](auto& mat) {
            std::cerr << "gconvert: " << gdist::TerminalText(out) << ": " << mat.n() << " vertices, "
                      << (mat.meta().directed ? "directed" : "undirected") << ", "
                      << gdist::ElementName(gdist::TypeOf(m)) << ", row stride " << mat.stride()
                      << (mat.meta().decimal_scale > 0
                              ? ", exact decimals (" + std::to_string(mat.meta().decimal_scale) +
                                    (mat.meta().decimal_scale == 1 ? " decimal place)" : " decimal places)")
                              : std::string())
                      << "\n";
          },
          m);
    return gdist::kExitOk;
  });
}
