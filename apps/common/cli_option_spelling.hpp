// The tools' spelling of the options library messages name (lib/util/option_names.hpp):
// each message's hint becomes the flag the user types in this tool.
#pragma once
#include <string>
#include <string_view>

#include "lib/util/option_names.hpp"

namespace gdist {

// gapsp picks the engine with --algorithm fw|dijkstra|ch, gcenter with --engine dense|sparse|ch.
inline std::string CliEngineText(std::string_view tool, std::string_view engine) {
  const bool apsp = tool == "gapsp";
  std::string text = apsp ? "--algorithm" : "--engine";
  if (engine.empty()) return text;
  std::string_view value = engine;
  if (engine == "floyd_warshall") value = apsp ? "fw" : "dense";
  if (engine == "trees") value = apsp ? "dijkstra" : "sparse";
  if (engine == "hierarchy") value = "ch";
  return text.append(" ").append(value);
}

inline std::string_view CliFlag(Option option) {
  switch (option) {
    case Option::kType: return "--type";
    case Option::kBackend: return "--backend";
    case Option::kEngine: return "--engine";
    case Option::kPaths: return "--paths";
    case Option::kMemoryLimit: return "--memory-limit";
    case Option::kDeviceMemory: return "--device-memory";
    case Option::kOutput: return "OUT";
    case Option::kJson: return "--json";
    case Option::kReachableOnly: return "--reachable-only";
    case Option::kCandidates: return "--candidates";
    case Option::kDemands: return "--demands";
    case Option::kWeights: return "--weights";
    case Option::kTimeLimit: return "--time-limit";
    case Option::kExact: return "--exact";
    case Option::kOpeningCosts: return "--opening-costs";
    case Option::kDirection: return "--direction";
    case Option::kLargestComponent: return "--largest-component";
    case Option::kPMedian: return "--p-median";
    case Option::kPCenter: return "--p-center";
    case Option::kCover: return "--cover";
    case Option::kMaxCover: return "--max-cover";
    case Option::kPerVertex: return "--per-vertex";
    case Option::kSvg: return "--svg";
    case Option::kCostMatrix: return "--cost-matrix";
    case Option::kSources: return "--sources";
    case Option::kMatrixFormat: return "--to";
    case Option::kPlaces: return "--places";
    case Option::kTargetPlaces: return "--target-places";
    case Option::kMaxSnap: return "--max-snap";
    case Option::kCandidatePlaces: return "--candidate-places";
    case Option::kGeoJson: return "--geojson";
    case Option::kCoordinates: return "--coordinates";
    case Option::kFrom: return "--from";
    case Option::kTo: return "--to";
    case Option::kCheckpoint: return "--checkpoint";
    case Option::kResume: return "--resume";
  }
  return "--?";
}

inline void InstallCliOptionSpelling(std::string tool) {
  SetOptionSpeller([tool = std::move(tool)](Option option, std::string_view value) {
    if (option == Option::kEngine) return CliEngineText(tool, value);
    std::string text(CliFlag(option));
    if (!value.empty()) text.append(" ").append(value);
    return text;
  });
}

}  // namespace gdist
