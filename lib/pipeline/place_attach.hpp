// Places made vertices of the graph, so every command that takes vertices
// (trees, tables, siting) takes places unchanged. SnapMode::kArc: each place
// snaps to the nearest point of an arc (arc_snap.hpp) and, unless that point
// is an end, the arc is split there: a new vertex x (labelled "place:NAME",
// at the point's coordinates) and arcs u -> x and x -> v whose weights add
// up exactly to the arc's (u -> x is the arc's weight times the fraction of
// its length, rounded to a whole number when the weights are whole; x -> v
// the remainder), so no path gets shorter or longer than the graph allows.
// The original arc stays. Each direction of a street is split as it runs: a
// place on a one-way arc is reached only along it. Several places on one
// street split it in order (u -> x1 -> x2 -> v); places at the same point
// share a vertex. Weights in metres or seconds split alike, by the fraction
// of the length. SnapMode::kVertex: the nearest vertex, the graph unchanged.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "formats/places_csv.hpp"
#include "lib/core/graph.hpp"
#include "lib/pipeline/place_snap.hpp"

namespace gdist {

// Snaps the places of each file (refusing, per file, places past max_snap_m:
// RefuseFarPlaces) and, with kArc, splits g's arcs for them, appending their
// vertices to g (labels, and coordinates to g->lon_lat when it has them) and
// to *lon_lat (the coordinates VertexLonLat gave, kept in step). g->shapes
// is dropped then (the new arcs have none; the map keeps the roads it drew
// before: service_area.hpp). With cuts_of_edge, each of g's edges before the
// split gets its cuts: (fraction of its length from its tail, the cut's
// vertex), ascending. Returns each file's snaps, in its order.
std::vector<std::vector<PlaceSnap>> AttachPlaces(
    Graph* g, std::vector<std::pair<double, double>>* lon_lat, const std::vector<const PlacesFile*>& files,
    SnapMode mode, double max_snap_m,
    std::vector<std::vector<std::pair<double, std::uint32_t>>>* cuts_of_edge = nullptr);

// The parts of an arc's weight w at the given fractions of its length
// (ascending, within [0, 1]), from the arc's tail: fractions.size() + 1 parts,
// each >= 0 when w >= 0. Whole weights: each cut rounded to a whole number,
// the last part the remainder, so the parts sum to w exactly. Real weights:
// w times each fraction's step, the last part the remainder (their sum is w up
// to the rounding of a sum of doubles).
std::vector<std::int64_t> SplitWholeWeight(std::int64_t w, const std::vector<double>& fractions);
std::vector<double> SplitRealWeight(double w, const std::vector<double>& fractions);

}  // namespace gdist
