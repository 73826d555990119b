#include "lib/matrix/coordinate_section.hpp"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::size_t kPairBytes = 2 * sizeof(double);

std::uint32_t Crc(const void* data, std::size_t bytes) {
  return static_cast<std::uint32_t>(crc32_z(0L, static_cast<const Bytef*>(data), bytes));
}

// The extension's own checksum covers its fields before it.
std::uint32_t ExtensionCrc(const MatrixHeaderExtension& ext) {
  return Crc(&ext, offsetof(MatrixHeaderExtension, extension_crc32));
}

Error Bad(const std::string& path, const std::string& what) {
  return Error(path + ": not a valid gdist matrix file: " + what);
}

}  // namespace

bool ValidLonLat(double lon, double lat) {
  return std::isfinite(lon) && std::isfinite(lat) && std::fabs(lon) <= 180 && std::fabs(lat) <= 90;
}

std::string CoordinateSectionBytes(const std::string& path, const LonLatList& lon_lat, std::size_t count,
                                   std::uint64_t offset, MatrixHeader* h, MatrixHeaderExtension* ext) {
  std::string bytes;
  if (lon_lat.empty()) return bytes;
  if (lon_lat.size() != count)
    throw Error(path + ": internal error: " + std::to_string(lon_lat.size()) + " coordinates for " +
                std::to_string(count) + " labels");
  if (offset % sizeof(double) != 0) throw Error(path + ": internal error: an unaligned coordinate section");
  bytes.resize(count * kPairBytes);
  char* out = bytes.data();
  for (const auto& [lon, lat] : lon_lat) {
    if (!ValidLonLat(lon, lat))
      throw Error(path + ": internal error: a vertex at longitude " + std::to_string(lon) + ", latitude " +
                  std::to_string(lat));
    std::memcpy(out, &lon, sizeof lon);
    std::memcpy(out + sizeof lon, &lat, sizeof lat);
    out += kPairBytes;
  }
  h->flags |= kFlagCoordinates;
  ext->coordinates_offset = offset;
  ext->coordinates_bytes = bytes.size();
  ext->coordinates_crc32 = Crc(bytes.data(), bytes.size());
  return bytes;
}

LonLatBox BoundsOf(const LonLatList& lon_lat) {
  LonLatBox b;
  if (lon_lat.empty()) return b;
  b.west = b.east = lon_lat[0].first;
  b.south = b.north = lon_lat[0].second;
  for (const auto& [lon, lat] : lon_lat) {
    b.west = std::min(b.west, lon), b.east = std::max(b.east, lon);
    b.south = std::min(b.south, lat), b.north = std::max(b.north, lat);
  }
  return b;
}

void StampHeaderExtension(const MatrixHeaderExtension& ext, char* block) {
  MatrixHeaderExtension stamped = ext;
  if (ext.coordinates_bytes != 0) stamped.extension_crc32 = ExtensionCrc(ext);
  std::memcpy(block + kHeaderExtensionOffset, &stamped, sizeof stamped);
}

LonLatList ReadCoordinateSection(const std::string& path, const void* map, std::uint64_t size, std::size_t count,
                                 std::uint64_t sections_start) {
  MatrixHeaderExtension ext;
  std::memcpy(&ext, static_cast<const char*>(map) + kHeaderExtensionOffset, sizeof ext);
  if (ext.extension_crc32 != ExtensionCrc(ext))
    throw Bad(path, "header extension checksum mismatch (bytes 136..159 were changed or corrupted)");
  // count <= the labels' count, itself bounded by the file's size: no overflow.
  if (ext.coordinates_bytes != std::uint64_t{count} * kPairBytes)
    throw Bad(path, "the coordinate section holds " + std::to_string(ext.coordinates_bytes) + " bytes for " +
                        std::to_string(count) + " vertices (16 bytes each)");
  if (ext.coordinates_offset < sections_start || ext.coordinates_offset % sizeof(double) != 0 ||
      ext.coordinates_offset > size || ext.coordinates_bytes > size - ext.coordinates_offset)
    throw Bad(path, "the coordinate section lies outside the file");
  const char* p = static_cast<const char*>(map) + ext.coordinates_offset;
  if (Crc(p, ext.coordinates_bytes) != ext.coordinates_crc32)
    throw Bad(path, "coordinate section checksum mismatch (file corrupted or truncated)");
  LonLatList lon_lat(count);
  for (std::size_t i = 0; i < count; ++i, p += kPairBytes) {
    std::memcpy(&lon_lat[i].first, p, sizeof(double));
    std::memcpy(&lon_lat[i].second, p + sizeof(double), sizeof(double));
    if (!ValidLonLat(lon_lat[i].first, lon_lat[i].second))
      throw Bad(path, "vertex " + std::to_string(i) + " has longitude " + std::to_string(lon_lat[i].first) +
                          " and latitude " + std::to_string(lon_lat[i].second) +
                          " in the coordinate section (expected -180..180 and -90..90)");
  }
  return lon_lat;
}

}  // namespace gdist
