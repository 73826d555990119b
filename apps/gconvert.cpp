// gconvert IN OUT: any supported graph file -> gdist matrix file (adjacency).
#include <iostream>
#include <optional>

#include "apps/common/app_main.hpp"
#include "apps/common/input_flags.hpp"
#include "formats/coordinates.hpp"
#include "formats/graph_writers.hpp"
#include "formats/read_graph.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/pipeline/input_component.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/road/hierarchy_file.hpp"
#include "lib/util/json_writer.hpp"
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
          gdist::JsonWriter w(std::cout);
          w.BeginObject();
          w.Key("output").Str(out).Key("format").Str("ch");
          w.Key("n").Number(double(ch.n)).Key("directed").Bool(ch.directed);
          w.Key("element_type")
              .Str(gdist::ElementName(gdist::ElementTraits<std::decay_t<decltype(ch.up.weights[0])>>::kType));
          w.Key("levels").Number(double(ch.levels)).Key("shortcuts").Number(double(h.shortcuts));
          w.Key("read_s").Number(h.read_s).Key("contract_s").Number(h.contract_s);
          w.EndObject();
          std::cout << "\n";
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
  bool json = false;
  gdist::InputFlags flags;
  app.add_option("IN", in, "graph file")->required();
  app.add_option("OUT", out, "file to write: a matrix file, or a graph file (--to)")->required();
  app.add_option("--to", to,
                 "output: gdm (padded matrix file), gr (DIMACS), edgelist (CSV: source,target,weight with the\n"
                 "input's labels), mtx (Matrix Market), ch (a contraction hierarchy for road graphs, .gch:\n"
                 "gapsp, gcenter and gpath take it as they take the graph and skip the preprocessing); auto:\n"
                 "from OUT's extension (.gr, .csv .tsv .txt .el .edges, .mtx, .gch), else gdm")
      ->check(CLI::IsMember({"auto", "gdm", "gr", "edgelist", "mtx", "ch"}))
      ->capture_default_str();
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
    std::optional<gdist::GraphFormatOut> graph_out;
    if (to == "auto") graph_out = gdist::GraphFormatOfPath(out);
    else if (to != "gdm") {
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
        gdist::JsonWriter w(std::cout);
        w.BeginObject();
        w.Key("output").Str(out).Key("format").Str(FormatName(*graph_out));
        w.Key("n").Number(double(g.n)).Key("directed").Bool(g.directed);
        w.Key("arcs").Number(double(g.edges.size()));
        if (!coordinates.empty()) w.Key("coordinates").Str(coordinates);
        if (!note.empty()) w.Key("note").Str(note);
        w.EndObject();
        std::cout << "\n";
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
    std::visit([&](auto& mat) { gdist::WriteMatrixFile(out, mat); }, m);
    if (json)
      std::visit(
          [&](auto& mat) {
            gdist::JsonWriter w(std::cout);
            w.BeginObject();
            w.Key("output").Str(out).Key("format").Str("gdm");
            w.Key("n").Number(double(mat.n())).Key("directed").Bool(mat.meta().directed);
            w.Key("element_type").Str(gdist::ElementName(gdist::TypeOf(m)));
            if (mat.meta().decimal_scale > 0) w.Key("decimal_digits").Number(double(mat.meta().decimal_scale));
            w.Key("stride").Number(double(mat.stride()));
            w.EndObject();
            std::cout << "\n";
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
