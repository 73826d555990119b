// Entry point of the formats layer: path -> Graph, with the format detected
// from content and extension unless the caller names one.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "formats/input_file.hpp"
#include "formats/osm_profile.hpp"
#include "lib/core/graph.hpp"

namespace gdist {

enum class InputFormat {
  kAuto,
  kDimacs,        // 9th DIMACS challenge .gr: c / p sp N M / a U V W (1-based)
  kEdgeList,      // SNAP / CSV / TSV: "u v [w]" with # or % comments, any integer ids
  kMatrixMarket,  // %%MatrixMarket matrix coordinate ...
  kNthu,          // NTHU binary: int32 V, int32 E, E x (src, dst, w), 0-based
  kOrlib,         // OR-Library p-median: "n m p", then "i j c", undirected, 1-based
  kMetis,         // METIS .graph adjacency lists
  kOsm,           // OpenStreetMap extract: .osm.pbf, .osm XML (gzip, bzip2): roads by a profile
  kMatrixFile,    // gdist's own matrix file (not a graph: callers load it directly)
};

struct ReadOptions {
  InputFormat format = InputFormat::kAuto;
  bool undirected = false;  // force every edge to stand for both arcs
  InputLimits limits;       // line length and gzip ratio bounds (input_file.hpp)
  // OpenStreetMap input only (osm_profile.hpp): unset means car and length;
  // set for any other format, ReadGraph refuses (they would mean nothing).
  std::optional<OsmProfile> osm_profile;
  std::optional<OsmWeight> osm_weight;
  // Keep the arcs' geometry where the format has it (OpenStreetMap's ways:
  // Graph::shapes), for places snapped to streets; other formats ignore it.
  bool keep_arc_shapes = false;
};

bool ParseInputFormat(std::string_view name, InputFormat* out);
const char* InputFormatName(InputFormat f);

// Looks at the extension (".gz" stripped) and the first bytes of the
// (decompressed) content. Never returns kAuto; throws gdist::Error when unsure.
// Opens the file once; the InputFile overload reads only a buffered prefix,
// so the same (possibly piped) stream goes on to the reader.
InputFormat DetectFormat(const std::string& path);
InputFormat DetectFormat(InputFile& in);

// Reads any supported graph file, gzip-compressed or not. Throws gdist::Error
// with "file:line: what was expected" on malformed input.
Graph ReadGraph(const std::string& path, const ReadOptions& options = {});

}  // namespace gdist
