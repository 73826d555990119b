// --profile and --weight: how an OpenStreetMap extract becomes a road graph
// (formats/osm_profile.hpp). Shared by every tool that reads graph files;
// refused on any other input, where they would be read and ignored.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "formats/read_graph.hpp"
#include "lib/pipeline/road_run.hpp"
#include "lib/util/error.hpp"

namespace gdist {

struct OsmFlags {
  std::string profile;  // empty: not given (car)
  std::string weight;   // empty: not given (length)

  void Add(CLI::App& app) {
    app.add_option("--profile", profile,
                   "OpenStreetMap input: which roads, car (default), bike or foot (docs/FORMATS-INPUT.md)")
        ->check(CLI::IsMember({"car", "bike", "foot"}));
    app.add_option("--weight", weight,
                   "OpenStreetMap input: arc weights, length (metres, default) or time (seconds at the road's speed)")
        ->check(CLI::IsMember({"length", "time"}));
  }

  bool given() const { return !profile.empty() || !weight.empty(); }

  void Apply(ReadOptions* read) const {
    if (!profile.empty()) {
      OsmProfile p;
      if (!ParseOsmProfile(profile, &p)) throw Error("--profile: expected car, bike or foot, got '" + profile + "'");
      read->osm_profile = p;
    }
    if (!weight.empty()) {
      OsmWeight w;
      if (!ParseOsmWeight(weight, &w)) throw Error("--weight: expected length or time, got '" + weight + "'");
      read->osm_weight = w;
    }
  }

  // The flags mean something for an OpenStreetMap extract only: refused, naming
  // them, for any other input (a file whose format cannot be told is left to
  // the reader's own message).
  void RefuseUnlessOsm(const std::string& in, InputFormat from) const {
    if (!given()) return;
    const bool both = !profile.empty() && !weight.empty();
    const std::string flags = both ? "--profile and --weight" : !profile.empty() ? "--profile" : "--weight";
    const std::string apply = both ? " apply" : " applies";
    if (in.empty()) throw Error(flags + apply + " to an OpenStreetMap extract (IN), not to a cost table");
    if (in == "-")
      throw Error(flags + ": OpenStreetMap input is read twice (ways, then their nodes): give it as a file, not '-'");
    if (IsHierarchyInput(in))
      throw Error(flags + apply + " to OpenStreetMap input; " + in +
                  " is a saved contraction hierarchy (its weights were fixed when it was built)");
    InputFormat f = from;
    if (f == InputFormat::kAuto) {
      try {
        f = DetectFormat(in);
      } catch (const Error&) {
        return;
      }
    }
    if (f != InputFormat::kOsm)
      throw Error(flags + apply + " to OpenStreetMap input (.osm.pbf, .osm, .osm.gz, .osm.bz2); " + in + " is a " +
                  InputFormatName(f) + " file");
  }
};

}  // namespace gdist
