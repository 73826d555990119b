#include "lib/util/option_names.hpp"

#include <utility>

namespace gdist {

namespace {

OptionSpeller& InstalledSpeller() {
  static OptionSpeller speller;
  return speller;
}

}  // namespace

std::string_view OptionKey(Option option) {
  switch (option) {
    case Option::kType: return "type";
    case Option::kBackend: return "backend";
    case Option::kEngine: return "engine";
    case Option::kPaths: return "paths";
    case Option::kMemoryLimit: return "memory_limit";
    case Option::kDeviceMemory: return "device_memory";
    case Option::kOutput: return "output";
    case Option::kJson: return "json";
    case Option::kReachableOnly: return "reachable_only";
    case Option::kCandidates: return "candidates";
    case Option::kDemands: return "demands";
    case Option::kWeights: return "weights";
    case Option::kTimeLimit: return "time_limit";
    case Option::kExact: return "exact";
    case Option::kOpeningCosts: return "opening_costs";
    case Option::kDirection: return "direction";
    case Option::kLargestComponent: return "largest_component";
    case Option::kPMedian: return "p_median";
    case Option::kPCenter: return "p_center";
    case Option::kCover: return "cover";
    case Option::kMaxCover: return "max_cover";
    case Option::kPerVertex: return "per_vertex";
    case Option::kSvg: return "svg";
    case Option::kCostMatrix: return "cost_matrix";
    case Option::kSources: return "sources";
    case Option::kMatrixFormat: return "format";
    case Option::kPlaces: return "places";
    case Option::kTargetPlaces: return "target_places";
    case Option::kMaxSnap: return "max_snap";
    case Option::kCandidatePlaces: return "candidate_places";
    case Option::kGeoJson: return "geojson";
    case Option::kCoordinates: return "coordinates";
    case Option::kFrom: return "from";
    case Option::kTo: return "to";
    case Option::kCheckpoint: return "checkpoint";
    case Option::kResume: return "resume";
  }
  return "option";
}

void SetOptionSpeller(OptionSpeller speller) { InstalledSpeller() = std::move(speller); }

std::string OptionText(Option option, std::string_view value) {
  if (const OptionSpeller& speller = InstalledSpeller()) return speller(option, value);
  std::string text(OptionKey(option));
  if (!value.empty()) text.append("=").append(value);
  return text;
}

}  // namespace gdist
