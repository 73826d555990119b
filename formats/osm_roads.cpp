// The OpenStreetMap reader: the only file that includes libosmium (heavy to
// compile). Built without GDIST_HAVE_OSMIUM it refuses OSM input, naming the
// Debian packages that bring it.
#include "formats/osm_roads.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>

#include "lib/core/great_circle.hpp"
#include "lib/util/error.hpp"

#ifdef GDIST_HAVE_OSMIUM
#include <osmium/io/any_input.hpp>
#include <osmium/io/detail/pbf.hpp>
#include <osmium/io/detail/protobuf_tags.hpp>
#include <osmium/osm/node.hpp>
#include <osmium/osm/way.hpp>
#endif

namespace gdist {

namespace {
// "1 way has", "3 ways have".
std::string Ways(std::uint64_t n, const char* verb_one, const char* verb_many) {
  return std::to_string(n) + (n == 1 ? " way " : " ways ") + (n == 1 ? verb_one : verb_many);
}
}  // namespace

std::vector<std::string> OsmReadReport::Notes() const {
  std::vector<std::string> notes;
  if (ways_too_short > 0)
    notes.push_back(Ways(ways_too_short, "has", "have") + " a road's tags but fewer than 2 nodes: skipped");
  if (ways_missing_nodes > 0)
    notes.push_back(Ways(ways_missing_nodes, "names", "name") + " " + std::to_string(missing_nodes) +
                    (missing_nodes == 1 ? " node" : " nodes") +
                    " missing from the extract (or placed off the globe): the segments to them were left out");
  if (maxspeed_unreadable > 0)
    notes.push_back(Ways(maxspeed_unreadable, "has", "have") + " a maxspeed that is no speed > 0 (such as '" +
                    maxspeed_example + "'): the class speed was used");
  if (oneway_unknown > 0)
    notes.push_back(Ways(oneway_unknown, "has", "have") + " an unknown oneway value (such as '" + oneway_example +
                    "'): the class default was used");
  return notes;
}

#ifndef GDIST_HAVE_OSMIUM

bool OsmInputSupported() { return false; }

Graph ReadOsm(InputFile& in, const OsmOptions&, OsmReadReport*) {
  throw Error(in.path() +
              ": OpenStreetMap input needs libosmium, which this build lacks; install libosmium2-dev "
              "libprotozero-dev libexpat1-dev libbz2-dev (scripts/setup.sh) and rebuild");
}

#else

namespace {

// libosmium's format string for the file: from its content where that is sure
// (PBF header, compression magic), else XML.
std::string OsmiumFormat(InputFile& in) {
  const std::string_view head = in.Prefix(64);
  if (in.is_gzip()) return "osm.gz";  // gzip-compressed PBF does not exist: XML
  if (head.substr(0, 3) == "BZh") return "osm.bz2";
  if (head.find("OSMHeader") != std::string_view::npos) return "pbf";
  return "osm";
}

// Walks a PBF's framing (4-byte length, BlobHeader, blob) before libosmium
// reads it: libosmium passes an absent BlobHeader type to strncmp as a null
// pointer (undefined behaviour the fuzzer found), so such a file, and one cut
// inside its framing, is refused here with the byte where it goes wrong.
void CheckPbfFraming(const std::string& path) {
  namespace pbf = osmium::io::detail;
  using pbf::FileFormat::BlobHeader;
  const std::uint64_t size = std::filesystem::file_size(path);
  std::ifstream in(path, std::ios::binary);
  std::string header;
  for (std::uint64_t offset = 0; offset < size;) {
    const std::string at = path + ": not a readable OpenStreetMap file (PBF byte " + std::to_string(offset) + "): ";
    if (size - offset < 4) throw Error(at + "the PBF ends inside a blob's length: expected 4 bytes");
    unsigned char length_bytes[4];
    in.seekg(static_cast<std::streamoff>(offset));
    in.read(reinterpret_cast<char*>(length_bytes), 4);
    const std::uint32_t length = (std::uint32_t{length_bytes[0]} << 24) | (std::uint32_t{length_bytes[1]} << 16) |
                                 (std::uint32_t{length_bytes[2]} << 8) | length_bytes[3];
    if (length == 0 || length > static_cast<std::uint32_t>(pbf::max_blob_header_size))
      throw Error(at + "a BlobHeader of " + std::to_string(length) + " bytes: expected 1 to " +
                  std::to_string(pbf::max_blob_header_size));
    if (size - offset - 4 < length) throw Error(at + "the PBF ends inside a BlobHeader");
    header.resize(length);
    in.read(header.data(), length);
    if (!in) throw Error(at + "cannot read the BlobHeader");
    std::size_t type_size = 0;
    std::int64_t datasize = 0;
    try {
      protozero::pbf_reader reader(header);
      while (reader.next()) {
        if (reader.tag_and_type() ==
            protozero::tag_and_type(BlobHeader::required_string_type, protozero::pbf_wire_type::length_delimited))
          type_size = reader.get_view().size();
        else if (reader.tag_and_type() ==
                 protozero::tag_and_type(BlobHeader::required_int32_datasize, protozero::pbf_wire_type::varint))
          datasize = reader.get_int32();
        else reader.skip();
      }
    } catch (const protozero::exception& e) {
      throw Error(at + "a damaged BlobHeader (" + e.what() + ")");
    }
    if (type_size == 0) throw Error(at + "a BlobHeader without a type: expected OSMHeader or OSMData");
    if (datasize <= 0) throw Error(at + "a BlobHeader without a blob size: expected a positive datasize");
    offset += 4 + length;
    if (size - offset < static_cast<std::uint64_t>(datasize))
      throw Error(at + "the PBF ends inside a blob (" + std::to_string(datasize) + " bytes announced, " +
                  std::to_string(size - offset) + " left)");
    offset += static_cast<std::uint64_t>(datasize);
  }
}

// Ways the profile keeps, their node ids in one flat array (the memory of
// the first pass).
struct KeptWays {
  struct Way {
    std::size_t first;  // into refs
    std::uint32_t count;
    WayDirection direction;
    double speed_kmh;
  };
  std::vector<Way> ways;
  std::vector<osmium::object_id_type> refs;
};

WayTags TagsOf(const osmium::Way& way) {
  WayTags t;
  for (const osmium::Tag& tag : way.tags()) {
    const std::string_view key = tag.key(), value = tag.value();
    if (key == "highway") t.highway = value;
    else if (key == "area") t.area = value;
    else if (key == "access") t.access = value;
    else if (key == "motor_vehicle") t.motor_vehicle = value;
    else if (key == "motorcar") t.motorcar = value;
    else if (key == "bicycle") t.bicycle = value;
    else if (key == "foot") t.foot = value;
    else if (key == "oneway") t.oneway = value;
    else if (key == "oneway:bicycle") t.oneway_bicycle = value;
    else if (key == "junction") t.junction = value;
    else if (key == "maxspeed") t.maxspeed = value;
  }
  return t;
}

// Pass 1: ways and tags only (libosmium skips decoding the PBF's node groups);
// no metadata (versions, users, timestamps) in either pass.
KeptWays ReadWays(const osmium::io::File& file, OsmProfile profile, OsmReadReport* report) {
  KeptWays kept;
  osmium::io::Reader reader(file, osmium::osm_entity_bits::way, osmium::io::read_meta::no);
  while (osmium::memory::Buffer buffer = reader.read()) {
    for (const osmium::Way& way : buffer.select<osmium::Way>()) {
      ++report->ways;
      const WayTags tags = TagsOf(way);
      const WayRule rule = ClassifyWay(profile, tags);
      if (!rule.kept) continue;
      if (way.nodes().size() < 2) {
        ++report->ways_too_short;
        continue;
      }
      if (rule.maxspeed_unreadable && report->maxspeed_unreadable++ == 0) report->maxspeed_example = tags.maxspeed;
      if (rule.oneway_unknown && report->oneway_unknown++ == 0)
        report->oneway_example =
            profile == OsmProfile::kBike && !tags.oneway_bicycle.empty() ? tags.oneway_bicycle : tags.oneway;
      kept.ways.push_back(
          {kept.refs.size(), static_cast<std::uint32_t>(way.nodes().size()), rule.direction, rule.speed_kmh});
      for (const osmium::NodeRef& ref : way.nodes()) kept.refs.push_back(ref.ref());
    }
  }
  reader.close();
  report->ways_kept = kept.ways.size();
  return kept;
}

// The nodes the kept ways name, sorted, each with how often it is named.
struct NeededNodes {
  std::vector<osmium::object_id_type> ids;  // sorted, unique
  std::vector<std::uint8_t> named_twice;    // named by two kept ways, or twice by one: a junction
  std::vector<osmium::Location> locations;  // pass 2 fills them (invalid: not in the extract)

  std::size_t IndexOf(osmium::object_id_type id) const {
    return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
  }
};

NeededNodes CollectNodes(const KeptWays& kept) {
  NeededNodes needed;
  std::vector<osmium::object_id_type> sorted = kept.refs;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i + 1;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    needed.ids.push_back(sorted[i]);
    needed.named_twice.push_back(j - i >= 2);
    i = j;
  }
  needed.locations.assign(needed.ids.size(), osmium::Location());
  return needed;
}

// Pass 2: the locations of the needed nodes only.
void ReadLocations(const osmium::io::File& file, NeededNodes* needed) {
  osmium::io::Reader reader(file, osmium::osm_entity_bits::node, osmium::io::read_meta::no);
  while (osmium::memory::Buffer buffer = reader.read()) {
    for (const osmium::Node& node : buffer.select<osmium::Node>()) {
      const std::size_t i = needed->IndexOf(node.id());
      if (i < needed->ids.size() && needed->ids[i] == node.id() && node.location().valid())
        needed->locations[i] = node.location();
    }
  }
  reader.close();
}

Weight RealWeight(double value) {
  Weight w;
  w.value = value;
  w.is_integer = false;
  w.float32_keeps_digits = false;
  return w;
}

// Ways -> graph. A way's nodes split into pieces at nodes the extract lacks;
// the vertices are junctions and piece ends, and each run of nodes between
// two vertices becomes one arc (or two, when the way runs both ways).
Graph BuildGraph(const KeptWays& kept, const NeededNodes& needed, const OsmOptions& options, OsmReadReport* report) {
  const std::size_t count = needed.ids.size();
  std::vector<std::size_t> node_of(kept.refs.size());
  for (std::size_t r = 0; r < kept.refs.size(); ++r) node_of[r] = needed.IndexOf(kept.refs[r]);
  auto present = [&](std::size_t r) { return needed.locations[node_of[r]].valid(); };

  // Which nodes are vertices: junctions and the ends of pieces of >= 2 present nodes.
  std::vector<std::uint8_t> is_vertex(count, 0), in_piece(count, 0);
  for (const KeptWays::Way& way : kept.ways) {
    bool lacks = false;
    const std::size_t end = way.first + way.count;
    for (std::size_t r = way.first; r < end; ++r) {
      if (!present(r)) {
        lacks = true;
        continue;
      }
      const bool prev = r > way.first && present(r - 1), next = r + 1 < end && present(r + 1);
      if (!prev && !next) continue;  // a lone node between missing ones: no segment
      in_piece[node_of[r]] = 1;
      if (!prev || !next || needed.named_twice[node_of[r]]) is_vertex[node_of[r]] = 1;
    }
    report->ways_missing_nodes += lacks;
  }
  for (std::size_t i = 0; i < count; ++i) report->missing_nodes += !needed.locations[i].valid();

  Graph g;
  g.format_name = "osm";
  g.directed = true;
  std::vector<std::uint32_t> vertex(count, 0);
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < count; ++i) {
    if (!(in_piece[i] && is_vertex[i])) continue;
    vertex[i] = static_cast<std::uint32_t>(labels.size());
    labels.push_back(std::to_string(needed.ids[i]));
    g.lon_lat.emplace_back(needed.locations[i].lon(), needed.locations[i].lat());
  }
  g.n = labels.size();
  g.labels = VertexLabels::FromStrings(std::move(labels));

  for (const KeptWays::Way& way : kept.ways) {
    const std::size_t end = way.first + way.count;
    // Seconds per metre at the way's speed (km/h -> m/s is / 3.6).
    const double scale = options.weight == OsmWeight::kTime ? 3.6 / way.speed_kmh : 1.0;
    std::size_t from = 0;  // the piece's last vertex (a ref index), valid while in a piece
    bool in = false;
    double metres = 0;
    for (std::size_t r = way.first; r < end; ++r) {
      if (!present(r)) {
        in = false;
        continue;
      }
      const osmium::Location here = needed.locations[node_of[r]];
      if (in) {
        const osmium::Location before = needed.locations[node_of[r - 1]];
        metres += GreatCircleMetres(before.lat(), before.lon(), here.lat(), here.lon());
      }
      if (!is_vertex[node_of[r]] || !in_piece[node_of[r]]) continue;
      if (in && node_of[r] != node_of[from]) {  // a loop back to its own vertex never shortens a path
        const std::uint32_t u = vertex[node_of[from]], v = vertex[node_of[r]];
        const Weight w = RealWeight(metres * scale);
        // The nodes between from and r: the arc's polyline, shared by both directions.
        const auto shape = static_cast<std::uint32_t>(g.shapes.count());
        if (options.keep_arc_shapes) {
          for (std::size_t k = from + 1; k < r; ++k) {
            const osmium::Location at = needed.locations[node_of[k]];
            g.shapes.points.emplace_back(at.lon(), at.lat());
          }
          g.shapes.first.push_back(g.shapes.points.size());
        }
        if (way.direction != WayDirection::kBackward) {
          g.AddEdge(u, v, w, 0);
          if (options.keep_arc_shapes) g.shapes.edge_shape.push_back(2 * shape);
        }
        if (way.direction != WayDirection::kForward) {
          g.AddEdge(v, u, w, 0);
          if (options.keep_arc_shapes) g.shapes.edge_shape.push_back(2 * shape + 1);
        }
      }
      from = r;
      in = true;
      metres = 0;
    }
  }
  return g;
}

}  // namespace

bool OsmInputSupported() { return true; }

Graph ReadOsm(InputFile& in, const OsmOptions& options, OsmReadReport* report) {
  const std::string& path = in.path();
  std::error_code ec;
  if (path == "<stdin>" || !std::filesystem::is_regular_file(path, ec))
    throw Error(path +
                ": OpenStreetMap input is read twice (ways, then their nodes): give it as a regular file, "
                "not a pipe");
  const std::string what = std::string("a road graph for the ") + OsmProfileName(options.profile) + " profile";
  try {
    const std::string format = OsmiumFormat(in);
    if (format == "pbf") CheckPbfFraming(path);
    const osmium::io::File file(path, format);
    *report = OsmReadReport{};
    const KeptWays kept = ReadWays(file, options.profile, report);
    if (report->ways == 0) throw Error(path + ": the extract holds no ways: expected " + what);
    if (kept.ways.empty())
      throw Error(path + ": none of its " + std::to_string(report->ways) + " ways is a road of the " +
                  OsmProfileName(options.profile) + " profile (docs/FORMATS-INPUT.md lists the rules)");
    NeededNodes needed = CollectNodes(kept);
    ReadLocations(file, &needed);
    Graph g = BuildGraph(kept, needed, options, report);
    if (g.edges.empty())
      throw Error(path + ": the " + OsmProfileName(options.profile) +
                  " profile's ways have no two nodes present in the extract: expected " + what);
    g.source = path;
    return g;
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {  // libosmium: truncated or damaged PBF, XML syntax, decompression
    throw Error(path + ": not a readable OpenStreetMap file (" + e.what() + "): expected " + what);
  }
}

#endif

}  // namespace gdist
