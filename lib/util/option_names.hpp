// The options a message may tell the user to change, named by what they mean.
// How an option is written belongs to the front end: a command-line flag in
// the tools ("--type int64"), a keyword in Python (type="int64"). The library
// names options by this enum; the front end installs its spelling once, before
// any work (apps/common/cli_option_spelling.hpp for the tools). Without one,
// messages use the option's key and value: type=int64.
#pragma once
#include <functional>
#include <string>
#include <string_view>

namespace gdist {

enum class Option {
  kType,              // element type of the distances: int32 int64 float32 float64
  kBackend,           // cpu gpu auto
  kEngine,            // values: floyd_warshall, trees, hierarchy (the run's engine)
  kPaths,             // keep next hops for routes
  kMemoryLimit,       // host memory cap
  kDeviceMemory,      // GPU memory cap
  kOutput,            // where the distances go (a file)
  kJson,              // the machine-readable report
  kReachableOnly,     // metrics over reachable pairs only
  kCandidates,        // candidate sites
  kDemands,           // the demands of a graph's candidates x demands table
  kWeights,           // demand weights
  kTimeLimit,         // seconds for a model's search or proof
  kExact,             // prove the answer
  kOpeningCosts,      // facility-location opening costs
  kDirection,         // distances out of or into the sites: out, in
  kLargestComponent,  // strong or weak
  kPMedian,
  kPCenter,
  kCover,
  kMaxCover,
  kPerVertex,        // per-vertex table
  kSvg,              // pictures
  kCostMatrix,       // a demand x facility cost table instead of a graph
  kSources,          // rows of these vertices only
  kMatrixFormat,     // output format of a converted matrix: nthu, csv, npy
  kPlaces,           // named points (CSV) snapped to the network
  kTargetPlaces,     // the columns' places of a place table
  kMaxSnap,          // the largest snap distance of a place, in metres
  kCandidatePlaces,  // candidate sites at places
  kGeoJson,          // the map (GeoJSON)
  kCoordinates,      // vertex positions for the map (SVG)
  kFrom,             // a route's source (a vertex label or a place)
  kTo,               // a route's target
  kCheckpoint,       // a folder for a long run's checkpoints
  kResume,           // go on from the checkpoint in a folder
};

// The option's key, also its default spelling: "memory_limit".
std::string_view OptionKey(Option option);

// How the front end writes an option, with a value or without ("" = none).
using OptionSpeller = std::function<std::string(Option option, std::string_view value)>;

// Installed once by the front end before any work; not thread-safe against runs.
void SetOptionSpeller(OptionSpeller speller);

// The option as the user writes it in this front end: "--type int64" in the
// tools, type=int64 by default.
std::string OptionText(Option option, std::string_view value = {});

}  // namespace gdist
