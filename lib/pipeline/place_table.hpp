// gapsp GRAPH table.csv --places P.csv: the network distance between named
// places (place_snap.hpp, place_attach.hpp), a CSV table with the places' names as its first
// row and column ("inf": no path), in the graph's weight (metres or seconds
// for an OpenStreetMap extract). It is also a demand x facility cost table
// that gcenter --cost-matrix reads.
#pragma once
#include <string>

#include "lib/pipeline/load_input.hpp"
#include "lib/pipeline/place_snap.hpp"
#include "lib/pipeline/run_voice.hpp"

namespace gdist {

struct PlaceTableRequest {
  std::string in;             // the graph (with coordinates)
  std::string out;            // the CSV table
  std::string places;         // the rows (and the columns unless target_places)
  std::string target_places;  // the columns; empty: the rows' places
  std::string snapped;        // each place's vertex and snap distance (CSV); empty: none
  double max_snap_m = kDefaultMaxSnapMetres;
  SnapMode snap = SnapMode::kArc;  // onto the nearest point of an arc, or the nearest vertex
  InputOptions input;              // read options, and the largest component the places snap to
  int threads = 0;                 // 0: all cores
};

// Reads, snaps (refusing places past max_snap_m), runs one shortest-path
// tree per row place and writes the table atomically. Throws gdist::Error.
void WritePlaceTable(const PlaceTableRequest& req, const RunVoice& voice);

}  // namespace gdist
