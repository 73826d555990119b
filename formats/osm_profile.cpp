// The road profiles' tag rules and speed table (docs/FORMATS-INPUT.md says the
// same in words; change both together).
#include "formats/osm_profile.hpp"

#include <array>
#include <charconv>
#include <cmath>

#include "formats/token_parse.hpp"

namespace gdist {

namespace {

// km/h per highway class and profile; 0: the profile does not use the class
// unless a tag grants it (bicycle=yes, foot=yes, ...). Car speeds are OSRM's
// car.lua defaults (used where a way has no readable maxspeed); bike and foot
// are steady riding and walking paces.
struct ClassSpeed {
  std::string_view highway;
  double car, bike, foot;
};
constexpr std::array<ClassSpeed, 22> kClassSpeeds{{
    {"motorway", 90, 0, 0},       {"motorway_link", 45, 0, 0},   {"trunk", 85, 0, 0},
    {"trunk_link", 40, 0, 0},     {"primary", 65, 15, 5},        {"primary_link", 30, 15, 5},
    {"secondary", 55, 15, 5},     {"secondary_link", 25, 15, 5}, {"tertiary", 40, 15, 5},
    {"tertiary_link", 20, 15, 5}, {"unclassified", 25, 15, 5},   {"residential", 25, 15, 5},
    {"living_street", 10, 15, 5}, {"service", 15, 15, 5},        {"road", 25, 15, 5},
    {"cycleway", 0, 18, 0},       {"track", 0, 12, 5},           {"path", 0, 12, 5},
    {"bridleway", 0, 0, 0},       {"footway", 0, 0, 5},          {"pedestrian", 0, 0, 5},
    {"steps", 0, 0, 3},
}};

// Speed of a class a profile does not use by default but a tag grants.
constexpr double kGrantedBikeKmh = 10;
constexpr double kGrantedFootKmh = 5;

constexpr double kKmPerMile = 1.609344;
constexpr double kKmPerNauticalMile = 1.852;

const ClassSpeed* FindClass(std::string_view highway) {
  for (const ClassSpeed& c : kClassSpeeds)
    if (c.highway == highway) return &c;
  return nullptr;
}

bool IsYes(std::string_view v) { return v == "yes" || v == "true" || v == "1"; }
bool IsNo(std::string_view v) { return v == "no" || v == "false" || v == "0"; }
bool Grants(std::string_view v) { return v == "yes" || v == "designated" || v == "permissive"; }
bool Forbids(std::string_view v) { return v == "no" || v == "private" || v == "use_sidepath"; }

// oneway (or oneway:bicycle) -> direction; nullopt when absent or unknown.
std::optional<WayDirection> OnewayValue(std::string_view v, bool* unknown) {
  if (v.empty()) return std::nullopt;
  if (IsYes(v)) return WayDirection::kForward;
  if (v == "-1") return WayDirection::kBackward;
  if (IsNo(v)) return WayDirection::kBoth;
  *unknown = true;  // "reversible", "alternating", typos: the class default stands
  return std::nullopt;
}

}  // namespace

bool ParseOsmProfile(std::string_view name, OsmProfile* out) {
  if (name == "car") *out = OsmProfile::kCar;
  else if (name == "bike") *out = OsmProfile::kBike;
  else if (name == "foot") *out = OsmProfile::kFoot;
  else return false;
  return true;
}

bool ParseOsmWeight(std::string_view name, OsmWeight* out) {
  if (name == "length") *out = OsmWeight::kLength;
  else if (name == "time") *out = OsmWeight::kTime;
  else return false;
  return true;
}

const char* OsmProfileName(OsmProfile p) {
  switch (p) {
    case OsmProfile::kCar: return "car";
    case OsmProfile::kBike: return "bike";
    case OsmProfile::kFoot: return "foot";
  }
  return "?";
}

const char* OsmWeightName(OsmWeight w) { return w == OsmWeight::kTime ? "time" : "length"; }

std::optional<double> ParseMaxspeedKmh(std::string_view value) {
  std::string_view v = TrimBlanks(value);
  // The number: digits with an optional fraction, no sign (a negative limit is no limit).
  std::size_t end = 0;
  while (end < v.size() && ((v[end] >= '0' && v[end] <= '9') || v[end] == '.')) ++end;
  double number = 0;
  const auto [ptr, ec] = std::from_chars(v.data(), v.data() + end, number);
  if (end == 0 || ec != std::errc() || ptr != v.data() + end || !std::isfinite(number) || number <= 0)
    return std::nullopt;
  const std::string_view unit = TrimBlanks(v.substr(end));
  if (unit.empty() || unit == "km/h" || unit == "kmh" || unit == "kph") return number;
  if (unit == "mph") return number * kKmPerMile;
  if (unit == "knots") return number * kKmPerNauticalMile;
  return std::nullopt;
}

WayRule ClassifyWay(OsmProfile profile, const WayTags& t) {
  WayRule r;
  if (t.highway.empty() || t.area == "yes") return r;
  const ClassSpeed* c = FindClass(t.highway);
  if (!c) return r;  // construction, proposed, platform, ...: not a road of any profile
  switch (profile) {
    case OsmProfile::kCar:
      if (c->car == 0 || t.access == "no" || t.access == "private" || t.motor_vehicle == "no" || t.motorcar == "no")
        return r;
      r.speed_kmh = c->car;
      break;
    case OsmProfile::kBike:
      if (Forbids(t.bicycle)) return r;
      if (Grants(t.bicycle)) r.speed_kmh = c->bike > 0 ? c->bike : kGrantedBikeKmh;
      else if (c->bike == 0 || t.access == "no" || t.access == "private") return r;
      else r.speed_kmh = c->bike;
      break;
    case OsmProfile::kFoot:
      if (Forbids(t.foot)) return r;
      if (Grants(t.foot)) r.speed_kmh = c->foot > 0 ? c->foot : kGrantedFootKmh;
      else if (c->foot == 0 || t.access == "no" || t.access == "private") return r;
      else r.speed_kmh = c->foot;
      break;
  }
  r.kept = true;
  if (profile == OsmProfile::kFoot) return r;  // pedestrians walk one-way streets both ways

  if (profile == OsmProfile::kCar && !t.maxspeed.empty() && t.maxspeed != "none") {
    if (const auto kmh = ParseMaxspeedKmh(t.maxspeed)) r.speed_kmh = *kmh;
    else r.maxspeed_unreadable = true;
  }
  const bool implied_oneway = t.highway == "motorway" || t.highway == "motorway_link" || t.junction == "roundabout";
  r.direction = implied_oneway ? WayDirection::kForward : WayDirection::kBoth;
  std::optional<WayDirection> tagged;
  if (profile == OsmProfile::kBike) tagged = OnewayValue(t.oneway_bicycle, &r.oneway_unknown);
  if (!tagged) tagged = OnewayValue(t.oneway, &r.oneway_unknown);
  if (tagged) r.direction = *tagged;
  return r;
}

}  // namespace gdist
