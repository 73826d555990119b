// Which OpenStreetMap ways a road profile keeps, in which direction, and at
// what speed: the tag rules of docs/FORMATS-INPUT.md ("OpenStreetMap"), kept
// apart from the reading (osm_roads.cpp) so they are tested without a file.
#pragma once
#include <optional>
#include <string_view>

namespace gdist {

enum class OsmProfile { kCar, kBike, kFoot };
enum class OsmWeight { kLength, kTime };  // metres, or seconds at the way's speed

struct OsmOptions {
  OsmProfile profile = OsmProfile::kCar;
  OsmWeight weight = OsmWeight::kLength;
  // Keep each arc's polyline (Graph::shapes): places snap to streets with it.
  bool keep_arc_shapes = false;
};

bool ParseOsmProfile(std::string_view name, OsmProfile* out);  // car, bike, foot
bool ParseOsmWeight(std::string_view name, OsmWeight* out);    // length, time
const char* OsmProfileName(OsmProfile p);
const char* OsmWeightName(OsmWeight w);

// The tags of one way the rules read; an absent tag is an empty view.
struct WayTags {
  std::string_view highway, area, access, motor_vehicle, motorcar, bicycle, foot;
  std::string_view oneway, oneway_bicycle, junction, maxspeed;
};

enum class WayDirection { kBoth, kForward, kBackward };

struct WayRule {
  bool kept = false;
  WayDirection direction = WayDirection::kBoth;
  double speed_kmh = 0;              // the speed the time weight uses (kept ways)
  bool maxspeed_unreadable = false;  // car: maxspeed given but not a speed > 0: the class speed was used
  bool oneway_unknown = false;       // oneway given but none of the known values: the class default was used
};

WayRule ClassifyWay(OsmProfile profile, const WayTags& tags);

// A maxspeed value in km/h: "50", "50 km/h", "50kmh", "30 mph", "10 knots";
// nullopt for anything else ("none", "walk", "DE:urban", "50;30", "-5", "0").
std::optional<double> ParseMaxspeedKmh(std::string_view value);

}  // namespace gdist
