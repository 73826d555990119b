// The geometry of a graph's arcs when the input has it: an OpenStreetMap
// way between two junctions is one arc (its degree-2 chain merged), and this
// keeps the node coordinates along it so places can snap to the street, not
// only to its ends (lib/pipeline/arc_snap.hpp). Kept only when asked for
// (ReadOptions::keep_arc_shapes): most runs need no more than the ends.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace gdist {

struct ArcShapes {
  // Shape s's interior points (longitude, latitude in degrees) are
  // points[first[s] .. first[s + 1]), in order from the shape's first end to
  // its last; the ends are the vertices' own coordinates. first has one entry
  // more than there are shapes.
  std::vector<std::uint64_t> first{0};
  std::vector<std::pair<double, double>> points;
  // Per arc (parallel to Graph::edges): 2 * s when the arc runs along shape s
  // from its first end, 2 * s + 1 when it runs against it (the reverse arc of
  // a two-way street shares its shape). Empty: no arc has a shape, each is
  // the straight segment between its ends.
  std::vector<std::uint32_t> edge_shape;

  std::size_t count() const { return first.size() - 1; }
  bool empty() const { return edge_shape.empty(); }
};

}  // namespace gdist
