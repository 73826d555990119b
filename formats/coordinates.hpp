// Vertex coordinates for pictures: DIMACS .co files ("v ID X Y", the 9th
// DIMACS challenge's companion to .gr) or any "label x y" table (blank, tab
// or comma separated, a header line allowed). Labels are the graph's own.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/graph.hpp"
#include "lib/core/vertex_labels.hpp"

namespace gdist {

// DIMACS .co files hold longitude and latitude in millionths of degrees.
inline constexpr double kDimacsUnitsPerDegree = 1e6;

struct Coordinates {
  std::vector<std::pair<double, double>> xy;  // per vertex; NaN where the file has none
  std::size_t missing = 0;                    // vertices the file does not place
  bool geographic = false;                    // DIMACS .co: longitude/latitude (y grows north)
};

// Throws gdist::Error with file:line on a malformed line or an unknown label.
Coordinates ReadCoordinates(const std::string& path, const VertexLabels& labels);

// "rome99.gr" -> "rome99.co" when that file exists beside it (also for .gr.gz).
std::optional<std::string> CompanionCoordinates(const std::string& graph_path);

// Where the .co of a DIMACS file written to `graph_path` goes: "roads.gr" -> "roads.co".
std::string CoordinatesPathBeside(const std::string& graph_path);

// g.lon_lat as a DIMACS .co file ("v ID X Y", longitude and latitude in
// millionths of degrees, ids 1..n as the DIMACS writer numbers the vertices),
// written atomically. OpenStreetMap's 1e-7 degree grid is kept exactly: one
// decimal where it needs one.
void WriteDimacsCoordinates(const std::string& path, const Graph& g);

}  // namespace gdist
