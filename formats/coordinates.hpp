// Vertex coordinates for pictures: DIMACS .co files ("v ID X Y", the 9th
// DIMACS challenge's companion to .gr) or any "label x y" table (blank, tab
// or comma separated, a header line allowed). Labels are the graph's own.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/core/vertex_labels.hpp"

namespace gdist {

struct Coordinates {
  std::vector<std::pair<double, double>> xy;  // per vertex; NaN where the file has none
  std::size_t missing = 0;                    // vertices the file does not place
  bool geographic = false;                    // DIMACS .co: longitude/latitude (y grows north)
};

// Throws gdist::Error with file:line on a malformed line or an unknown label.
Coordinates ReadCoordinates(const std::string& path, const VertexLabels& labels);

// "rome99.gr" -> "rome99.co" when that file exists beside it (also for .gr.gz).
std::optional<std::string> CompanionCoordinates(const std::string& graph_path);

}  // namespace gdist
