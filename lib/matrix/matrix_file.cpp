#include "lib/matrix/matrix_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/element_traits.hpp"
#include "lib/matrix/coordinate_section.hpp"
#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/matrix/payload_values.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {

namespace {

// Byte offset of the first invalid value in a piece of T values, or `bytes`.
using PieceCheck = std::size_t (*)(const unsigned char* piece, std::size_t bytes);
template <class T> std::size_t CheckPiece(const unsigned char* piece, std::size_t bytes) {
  return FirstInvalidValue(reinterpret_cast<const T*>(piece), bytes / sizeof(T)) * sizeof(T);
}

// crc32 of `bytes` at `src`, also copying them to `dst` when it is not null
// and checking the values with `check` when given (first bad offset into
// *first_bad, else bytes): the copy runs in 1 MiB pieces so the checksum and
// the check read them back from cache.
uLong CopyCrcRange(unsigned char* dst, const unsigned char* src, std::size_t bytes, PieceCheck check,
                   std::size_t* first_bad) {
  constexpr std::size_t kPiece = 1u << 20;
  uLong c = crc32(0L, Z_NULL, 0);
  *first_bad = bytes;
  for (std::size_t done = 0; done < bytes;) {
    const std::size_t take = std::min(kPiece, bytes - done);
    const unsigned char* piece = src + done;
    if (dst) {
      std::memcpy(dst + done, piece, take);
      piece = dst + done;
    }
    c = crc32(c, piece, static_cast<uInt>(take));
    if (check && *first_bad == bytes) {
      const std::size_t bad = check(piece, take);
      if (bad < take) *first_bad = done + bad;
    }
    done += take;
  }
  return c;
}

// crc32 of `bytes` of source, split over threads in whole 4096-byte parts and
// joined with crc32_combine: range(begin, length, &first_bad) handles one part
// (its crc, and the offset of its first invalid value or length).
using RangeCrc = std::function<uLong(std::size_t begin, std::size_t length, std::size_t* first_bad)>;
std::uint32_t ParallelRanges(std::size_t bytes, const RangeCrc& range, std::size_t* first_bad) {
  constexpr std::size_t kMinChunk = 64u << 20;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::size_t parts = std::min<std::size_t>(threads, std::max<std::size_t>(1, bytes / kMinChunk));
  if (parts <= 1) return static_cast<std::uint32_t>(range(0, bytes, first_bad));
  std::vector<uLong> crcs(parts);
  std::vector<std::size_t> lens(parts), bad(parts);
  std::vector<std::thread> pool;
  const std::size_t chunk = bytes / parts / 4096 * 4096;  // whole elements in every part
  for (std::size_t t = 0; t < parts; ++t) {
    const std::size_t begin = t * chunk;
    lens[t] = (t + 1 == parts) ? bytes - begin : chunk;
    pool.emplace_back([&, t, begin] { crcs[t] = range(begin, lens[t], &bad[t]); });
  }
  for (auto& th : pool) th.join();
  uLong c = crcs[0];
  for (std::size_t t = 1; t < parts; ++t) c = crc32_combine64(c, crcs[t], static_cast<z_off64_t>(lens[t]));
  *first_bad = bytes;
  for (std::size_t t = parts; t-- > 0;)
    if (bad[t] < lens[t]) *first_bad = t * chunk + bad[t];
  return static_cast<std::uint32_t>(c);
}

std::uint32_t ParallelCopyCrc(void* dst, const void* src, std::size_t bytes, PieceCheck check = nullptr,
                              std::size_t* first_bad = nullptr) {
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  std::size_t ignored;
  return ParallelRanges(
      bytes,
      [&](std::size_t begin, std::size_t length, std::size_t* bad) {
        return CopyCrcRange(out ? out + begin : nullptr, in + begin, length, check, bad);
      },
      first_bad ? first_bad : &ignored);
}

// 16-bit payloads, stored <-> int32 (docs/FORMAT.md, element type 5).
constexpr std::int32_t kInf16 = ElementTraits<std::int16_t>::kInf;
constexpr std::int32_t kInf32 = ElementTraits<std::int32_t>::kInf;
std::int32_t WidenValue(std::int16_t v) { return v >= kInf16 ? kInf32 : v <= -kInf16 ? -kInf32 : v; }
// False for a finite value the 16-bit file cannot hold.
bool NarrowValue(std::int32_t v, std::int16_t* out) {
  if (v >= kInf32 || v <= -kInf32) {
    *out = static_cast<std::int16_t>(v > 0 ? kInf16 : -kInf16);
    return true;
  }
  *out = static_cast<std::int16_t>(v);
  return Int16FileHolds(v);
}

// crc32 of `bytes` stored int16 bytes at src, their values checked
// (first bad offset into *first_bad, else bytes) and widened to dst.
uLong WidenCrcRange(std::int32_t* dst, const unsigned char* src, std::size_t bytes, std::size_t* first_bad) {
  constexpr std::size_t kPiece = 1u << 20;
  uLong c = crc32(0L, Z_NULL, 0);
  *first_bad = bytes;
  for (std::size_t done = 0; done < bytes; done += kPiece) {
    const std::size_t take = std::min(kPiece, bytes - done);
    c = crc32_z(c, src + done, take);
    const auto* values = reinterpret_cast<const std::int16_t*>(src + done);
    const std::size_t count = take / sizeof(std::int16_t);
    if (*first_bad == bytes) {
      const std::size_t bad = FirstInvalidValue(values, count);
      if (bad < count) *first_bad = done + bad * sizeof(std::int16_t);
    }
    std::int32_t* out = dst + done / sizeof(std::int16_t);
    for (std::size_t i = 0; i < count; ++i) out[i] = WidenValue(values[i]);
  }
  return c;
}

PieceCheck CheckFor(ElementType type) {
  return DispatchElement(type, [](auto zero) -> PieceCheck { return &CheckPiece<decltype(zero)>; });
}

// The message for the invalid value at byte `offset` of a payload of T.
template <class T>
Error InvalidValueOf(const std::string& path, const void* payload, std::size_t offset, std::size_t stride) {
  const std::size_t index = offset / sizeof(T);
  T v;
  std::memcpy(&v, static_cast<const unsigned char*>(payload) + index * sizeof(T), sizeof v);
  return Error(path + ": not a valid gdist matrix file: the value at row " + std::to_string(index / stride) +
               ", column " + std::to_string(index % stride) + " is " + ValueText(v) + ", which no " +
               ElementTraits<T>::kName + " matrix holds (" +
               (std::is_integral_v<T> ? "-INF..INF, INF = " + std::to_string(ElementTraits<T>::kInf) + ")"
                                      : std::string("NaN and -infinity are refused)")));
}

Error InvalidValue(const std::string& path, ElementType type, const void* payload, std::size_t offset,
                   std::size_t stride) {
  return DispatchElement(type,
                         [&](auto zero) { return InvalidValueOf<decltype(zero)>(path, payload, offset, stride); });
}

}  // namespace

std::uint32_t ParallelCrc32(const void* data, std::size_t bytes) { return ParallelCopyCrc(nullptr, data, bytes); }

std::uint32_t ParallelCopyCrc32(void* dst, const void* src, std::size_t bytes) {
  return ParallelCopyCrc(dst, src, bytes);
}

namespace {

// The first bytes of a regular file that starts with the matrix magic (only
// a regular file can be a matrix file: it is mmapped; reading from a pipe
// would consume bytes the graph reader needs), or none.
std::optional<MatrixHeader> PeekHeader(const std::string& path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return std::nullopt;
  MatrixHeader h{};
  const ssize_t got = ::read(fd, &h, sizeof h);
  close(fd);
  if (got < 8 || std::memcmp(h.magic, kMatrixMagic, 8) != 0) return std::nullopt;
  if (got < static_cast<ssize_t>(sizeof h)) h.flags = 0;  // too short to be read: the reader says so
  return h;
}

}  // namespace

bool IsMatrixFile(const std::string& path) { return PeekHeader(path).has_value(); }

bool MatrixFileHasCoordinates(const std::string& path) {
  const std::optional<MatrixHeader> h = PeekHeader(path);
  return h && (h->flags & kFlagCoordinates);
}

namespace {

Error Bad(const std::string& path, const std::string& what) {
  return Error(path + ": not a valid gdist matrix file: " + what);
}

// [offset, offset + bytes) lies inside a file of `size` bytes, without overflow.
bool SectionInFile(std::uint64_t offset, std::uint64_t bytes, std::uint64_t size) {
  std::uint64_t end;
  return !__builtin_add_overflow(offset, bytes, &end) && end <= size;
}

}  // namespace

MappedMatrixFile::MappedMatrixFile(const std::string& path, bool verify_crc, bool allow_rectangular) : path_(path) {
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) throw Error(path + ": cannot open: " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    close(fd);
    throw Error(path + ": cannot stat: " + std::strerror(errno));
  }
  std::size_t size = static_cast<std::size_t>(st.st_size);
  if (size < kPayloadOffset) {
    close(fd);
    throw Bad(path, "file is " + std::to_string(size) + " bytes, shorter than the 4096-byte header");
  }
  map_ = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  close(fd);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    throw Error(path + ": cannot mmap: " + std::strerror(errno));
  }
  map_bytes_ = size;
  try {
    guard_ = std::make_unique<MappingGuard>(map_, size, path);
    ReadHeaderAndSections(size, verify_crc, allow_rectangular);
  } catch (...) {
    guard_.reset();
    munmap(map_, map_bytes_);
    map_ = nullptr;
    throw;
  }
}

void MappedMatrixFile::ReadHeaderAndSections(std::size_t size, bool verify_crc, bool allow_rectangular) {
  const std::string& path = path_;
  MatrixHeader h;
  std::memcpy(&h, map_, sizeof h);
  if (std::memcmp(h.magic, kMatrixMagic, 8) != 0) throw Bad(path, "bad magic (expected GDISTMX)");
  if (h.version < 1 || h.version > kMatrixVersionDecimal)
    throw Bad(path, "version " + std::to_string(h.version) + " (this build reads versions 1 to 3)");
  if (h.version >= 2) {
    // Every header field decides how the numbers are read (type, n, directed,
    // labels): a changed byte must not silently change every result.
    std::uint32_t stored;
    std::memcpy(&stored, static_cast<const char*>(map_) + kHeaderCrcOffset, sizeof stored);
    if (stored != crc32(0L, static_cast<const Bytef*>(map_), sizeof(MatrixHeader)))
      throw Bad(path, "header checksum mismatch (the header was changed or corrupted)");
  }
  if (h.element_type < 1 || h.element_type > kStoredInt16)
    throw Bad(path, "unknown element type " + std::to_string(h.element_type));
  info_.stored_int16 = h.element_type == kStoredInt16;
  info_.type = info_.stored_int16 ? ElementType::kInt32 : static_cast<ElementType>(h.element_type);
  // A 16-bit file holds distances (what a 16-bit engine run wrote), never an adjacency matrix.
  if (info_.stored_int16 && !(h.flags & kFlagDistance)) throw Bad(path, "a 16-bit file that is not a distance matrix");
  const std::size_t stored_size = info_.stored_int16 ? sizeof(std::int16_t) : ElementSize(info_.type);
  info_.n = h.n;
  info_.stride = h.stride;
  info_.payload_crc32 = h.payload_crc32;
  // Every size below comes from the file: checked arithmetic only, so that
  // values near 2^64 cannot wrap past the comparison with the file length.
  const auto stride = CheckedPaddedSize(h.n);
  if (!stride || h.stride != *stride)
    throw Bad(path, "row stride " + std::to_string(h.stride) + " does not match n=" + std::to_string(h.n));
  if (h.payload_offset != kPayloadOffset) throw Bad(path, "payload offset is not 4096");
  info_.rectangular = (h.flags & kFlagRowSources) != 0;
  if (info_.rectangular && !allow_rectangular)
    throw Error(path + ": holds the distance rows of " + std::to_string(h.rows) + " sources (the rows of " +
                OptionText(Option::kSources) + "), not the full " + std::to_string(h.n) + " x " + std::to_string(h.n) +
                " matrix this needs");
  if (!info_.rectangular && h.rows != 0) throw Bad(path, "row count set in a square file");
  info_.table = (h.flags & kFlagTable) != 0;
  if (info_.table && (!info_.rectangular || h.rows == 0 || info_.stored_int16 || !(h.flags & kFlagDistance) ||
                      h.label_kind != static_cast<std::uint32_t>(LabelKind::kStrings)))
    throw Bad(path, "a table flag on a file that is not a labelled distance table");
  // A table's rows are sources of another graph: as many as it has, not bounded by its n target columns.
  if (info_.rectangular && ((!info_.table && h.rows > h.n) || (h.flags & kFlagNextHops)))
    throw Bad(path, "a rectangular file with more rows than vertices or a next-hop section");
  // A rectangular payload's size, in checked arithmetic (rows <= n except in a
  // table, whose rows are bounded by the file's length below).
  const auto square_bytes = CheckedMatrixBytes(h.n, stored_size);
  if (!square_bytes) throw Bad(path, "payload size does not match n and the element type");
  const auto rows_bytes = CheckedProduct(h.rows, h.stride, stored_size);
  if (info_.rectangular && !rows_bytes) throw Bad(path, "payload size does not match n and the element type");
  const std::uint64_t expected_bytes = info_.rectangular ? *rows_bytes : *square_bytes;
  if (h.payload_bytes != expected_bytes) throw Bad(path, "payload size does not match n and the element type");
  if (!SectionInFile(kPayloadOffset, h.payload_bytes, size))
    throw Bad(path, "file is truncated: payload needs " + std::to_string(h.payload_bytes) +
                        " bytes after the header, file has " + std::to_string(size));
  const std::uint64_t payload_end = kPayloadOffset + h.payload_bytes;  // no overflow: checked just above
  std::uint64_t sections_start = payload_end;                          // labels may not begin before this
  if (info_.rectangular) {
    const std::uint64_t bytes = h.rows * sizeof(std::uint64_t);
    if (!SectionInFile(sections_start, bytes, size))
      throw Bad(path, "file is truncated: the row-source section is missing");
    const char* sp = static_cast<const char*>(map_) + sections_start;
    if (crc32_z(0L, reinterpret_cast<const Bytef*>(sp), bytes) != h.sources_crc32)
      throw Bad(path, "row-source section checksum mismatch");
    info_.row_sources.resize(h.rows);
    std::memcpy(info_.row_sources.data(), sp, bytes);
    for (std::uint64_t s : info_.row_sources)
      if (!info_.table && s >= h.n)
        throw Bad(path, "row source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(h.n) + ")");
    // A vertex heading two rows: which one a lookup by source finds would be arbitrary.
    std::vector<std::uint64_t> sorted = info_.row_sources;
    std::sort(sorted.begin(), sorted.end());
    if (const auto twin = std::adjacent_find(sorted.begin(), sorted.end()); twin != sorted.end())
      throw Bad(path, "row source " + std::to_string(*twin) + " heads two rows");
    sections_start += bytes;
  }
  info_.meta.directed = (h.flags & kFlagDirected) != 0;
  // Exact decimals: version 3 only, a scale of 1..kMaxDecimalDigits on an integer type.
  const std::uint32_t scale = (h.flags & kDecimalScaleMask) >> kDecimalScaleShift;
  if ((h.version == kMatrixVersionDecimal) != (scale != 0))
    throw Bad(path, h.version == kMatrixVersionDecimal
                        ? "version 3 without a decimal scale"
                        : "decimal scale set in a version " + std::to_string(h.version) + " file");
  if (scale > static_cast<std::uint32_t>(kMaxDecimalDigits) ||
      (scale != 0 && info_.type != ElementType::kInt32 && info_.type != ElementType::kInt64))
    throw Bad(path, "decimal scale " + std::to_string(scale) + " on a " + ElementName(info_.type) + " matrix (1.." +
                        std::to_string(kMaxDecimalDigits) + ", integer types only)");
  info_.meta.decimal_scale = static_cast<int>(scale);
  info_.meta.kind = (h.flags & kFlagDistance) ? MatrixKind::kDistance : MatrixKind::kAdjacency;

  if (h.label_kind == static_cast<std::uint32_t>(LabelKind::kRange)) {
    if (!VertexLabels::RangeFits(info_.n, h.label_base))
      throw Bad(path, "label base " + std::to_string(h.label_base) + " + n - 1 passes the largest 64-bit integer");
    info_.meta.labels = VertexLabels::Range(info_.n, h.label_base);
  } else if (h.label_kind == static_cast<std::uint32_t>(LabelKind::kStrings)) {
    if (!SectionInFile(h.labels_offset, h.labels_bytes, size) || h.labels_offset < sections_start)
      throw Bad(path, "label section lies outside the file");
    const char* lp = static_cast<const char*>(map_) + h.labels_offset;
    if (crc32_z(0L, reinterpret_cast<const Bytef*>(lp), h.labels_bytes) != h.labels_crc32)
      throw Bad(path, "label section checksum mismatch");
    std::vector<std::string> labels;
    labels.reserve(info_.n);
    std::string_view all(lp, h.labels_bytes);
    while (!all.empty()) {
      auto nl = all.find('\n');
      if (nl == std::string_view::npos) throw Bad(path, "label section does not end with a newline");
      labels.emplace_back(all.substr(0, nl));
      all.remove_prefix(nl + 1);
    }
    // A table's section names its n columns, then its rows.
    const std::uint64_t expected = info_.n + (info_.table ? h.rows : 0);
    if (labels.size() != expected)
      throw Bad(path, "label section has " + std::to_string(labels.size()) +
                          " labels for n=" + std::to_string(info_.n) +
                          (info_.table ? " columns and " + std::to_string(h.rows) + " rows" : ""));
    if (info_.table) {
      info_.row_labels = VertexLabels::FromStrings(std::vector<std::string>(labels.begin() + info_.n, labels.end()));
      labels.resize(info_.n);
    }
    info_.meta.labels = VertexLabels::FromStrings(std::move(labels));
  } else {
    throw Bad(path, "unknown label kind " + std::to_string(h.label_kind));
  }

  if (h.flags & kFlagCoordinates) {  // a pair per label: a table's columns, then its rows
    LonLatList all = ReadCoordinateSection(path, map_, size, info_.n + (info_.table ? h.rows : 0), sections_start);
    info_.row_lon_lat.assign(all.begin() + static_cast<std::ptrdiff_t>(info_.n), all.end());
    all.resize(info_.n);
    info_.meta.lon_lat = std::move(all);
  }

  if (h.flags & kFlagNextHops) {
    if (h.next_bytes != CheckedMatrixBytes(h.n, sizeof(std::int32_t)) || h.next_offset % kPayloadOffset != 0 ||
        h.next_offset < payload_end || !SectionInFile(h.next_offset, h.next_bytes, size))
      throw Bad(path, "next-hop section lies outside the file or has the wrong size");
    next_ = reinterpret_cast<const std::int32_t*>(static_cast<const char*>(map_) + h.next_offset);
  }

  payload_bytes_ = h.payload_bytes;
  next_bytes_ = h.next_bytes;
  next_crc32_ = h.next_crc32;
  if (verify_crc) VerifyChecksums();
}

void MappedMatrixFile::VerifyChecksums() const {
  madvise(map_, map_bytes_, MADV_SEQUENTIAL);
  std::size_t bad;
  const PieceCheck check = info_.stored_int16 ? &CheckPiece<std::int16_t> : CheckFor(info_.type);
  if (ParallelCopyCrc(nullptr, stored_payload(), payload_bytes_, check, &bad) != info_.payload_crc32)
    throw Bad(path_, "payload checksum mismatch (file corrupted or truncated)");
  if (bad < payload_bytes_) {
    if (info_.stored_int16) throw InvalidValueOf<std::int16_t>(path_, stored_payload(), bad, info_.stride);
    throw InvalidValue(path_, info_.type, stored_payload(), bad, info_.stride);
  }
  if (next_ && ParallelCrc32(next_, next_bytes_) != next_crc32_)
    throw Bad(path_, "next-hop section checksum mismatch (file corrupted or truncated)");
}

const void* MappedMatrixFile::payload() const {
  if (!info_.stored_int16) return stored_payload();
  std::call_once(widen_once_, [this] { Widen(); });
  return widened_.get();
}

// One pass over the stored payload: its checksum, its values and the int32 copy.
void MappedMatrixFile::Widen() const {
  madvise(map_, map_bytes_, MADV_SEQUENTIAL);
  auto widened = std::unique_ptr<std::int32_t[]>(new std::int32_t[payload_bytes_ / sizeof(std::int16_t)]);
  const auto* src = static_cast<const unsigned char*>(stored_payload());
  std::size_t bad;
  const std::uint32_t crc = ParallelRanges(
      payload_bytes_,
      [&](std::size_t begin, std::size_t length, std::size_t* first_bad) {
        return WidenCrcRange(widened.get() + begin / sizeof(std::int16_t), src + begin, length, first_bad);
      },
      &bad);
  if (crc != info_.payload_crc32) throw Bad(path_, "payload checksum mismatch (file corrupted or truncated)");
  if (bad < payload_bytes_) throw InvalidValueOf<std::int16_t>(path_, src, bad, info_.stride);
  widened_ = std::move(widened);
}

MappedMatrixFile::~MappedMatrixFile() {
  guard_.reset();  // before the range is unmapped and may be reused
  if (map_) munmap(map_, map_bytes_);
}

template <class T> DistMatrix<T> LoadMatrix(const MappedMatrixFile& file, bool verify_crc) {
  const auto& info = file.info();
  if (info.rectangular) throw Error(file.path() + ": holds rows of some sources only, not an n x n matrix");
  if (info.type != ElementTraits<T>::kType)
    throw Error(file.path() + ": holds " + ElementName(info.type) + " elements, expected " + ElementTraits<T>::kName);
  DistMatrix<T> m(info.n, typename DistMatrix<T>::Uninitialized{});  // the copy below writes every element
  // The values are checked in the same pass as the copy (and the checksum):
  // the engine's arithmetic relies on them (payload_values.hpp).
  std::size_t bad;
  const std::uint32_t crc = ParallelCopyCrc(m.data(), file.payload(), m.payload_bytes(), CheckFor(info.type), &bad);
  // A 16-bit file's stored checksum was checked when payload() widened it.
  if (verify_crc && !info.stored_int16 && crc != info.payload_crc32)
    throw Error(file.path() +
                ": not a valid gdist matrix file: payload checksum mismatch (file corrupted or truncated)");
  if (bad < m.payload_bytes()) throw InvalidValue(file.path(), info.type, m.data(), bad, info.stride);
  m.meta() = info.meta;
  return m;
}

void StampHeader(const MatrixHeader& h, char* block) {
  std::memcpy(block, &h, sizeof h);
  const auto crc = static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(block), sizeof h));
  std::memcpy(block + kHeaderCrcOffset, &crc, sizeof crc);
}

namespace {

// The header fields of `labels` (n of them); returns the label section's text
// (empty for range labels), to be written at byte `offset`.
std::string LabelSection(const std::string& path, const VertexLabels& labels, std::size_t n, std::uint64_t offset,
                         MatrixHeader* h, bool strings_always = false) {
  std::string text;
  if (labels.is_range() && labels.size() == n && !strings_always) {
    h->label_kind = static_cast<std::uint32_t>(LabelKind::kRange);
    h->label_base = labels.base();
    return text;
  }
  if (labels.size() != n) throw Error(path + ": internal error: label count differs from n");
  h->label_kind = static_cast<std::uint32_t>(LabelKind::kStrings);
  for (const auto& s : labels.strings()) {
    if (s.find('\n') != std::string::npos) throw Error(path + ": a vertex label contains a newline");
    text += s;
    text += '\n';
  }
  h->labels_offset = offset;
  h->labels_bytes = text.size();
  h->labels_crc32 = static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size())));
  return text;
}

// The sections after the payload (and the row sources or next hops): the
// coordinates, then the labels, the file's last section.
void WriteSections(AtomicFile& out, const std::string& coordinates, const std::string& label_text) {
  if (!coordinates.empty()) out.Write(coordinates.data(), coordinates.size());
  if (!label_text.empty()) out.Write(label_text.data(), label_text.size());
}

MatrixHeader HeaderFor(ElementType type, const void* inf, std::size_t inf_bytes, std::size_t n,
                       const MatrixMeta& meta) {
  MatrixHeader h{};
  std::memcpy(h.magic, kMatrixMagic, 8);
  h.version = kMatrixVersion;
  h.element_type = static_cast<std::uint32_t>(type);
  h.n = n;
  h.stride = PaddedSize(n);
  std::memcpy(h.inf, inf, inf_bytes);
  h.flags = (meta.directed ? kFlagDirected : 0) | (meta.kind == MatrixKind::kDistance ? kFlagDistance : 0);
  if (meta.decimal_scale > 0) {  // covered by the header checksum like every flag
    h.version = kMatrixVersionDecimal;
    h.flags |= static_cast<std::uint32_t>(meta.decimal_scale) << kDecimalScaleShift;
  }
  h.payload_offset = kPayloadOffset;
  return h;
}

}  // namespace

template <class T> void WriteMatrixFile(const std::string& path, const DistMatrix<T>& m, const NextHopMatrix* next) {
  std::vector<char> block(kPayloadOffset, 0);
  const T inf = ElementTraits<T>::kInf;
  MatrixHeader h = HeaderFor(ElementTraits<T>::kType, &inf, sizeof inf, m.n(), m.meta());
  h.payload_bytes = m.payload_bytes();
  h.payload_crc32 = ParallelCrc32(m.data(), m.payload_bytes());

  std::uint64_t end = kPayloadOffset + h.payload_bytes;
  if (next) {
    if (next->stride() != m.stride()) throw Error(path + ": internal error: next-hop matrix has another stride");
    h.flags |= kFlagNextHops;
    h.next_offset = end;  // payload bytes are a multiple of 4096 (stride is a multiple of 128)
    h.next_bytes = next->bytes();
    h.next_crc32 = ParallelCrc32(next->data(), next->bytes());
    end += h.next_bytes;
  }

  MatrixHeaderExtension ext{};
  const std::string coordinates = CoordinateSectionBytes(path, m.meta().lon_lat, m.n(), end, &h, &ext);
  end += coordinates.size();
  const std::string label_text = LabelSection(path, m.meta().labels, m.n(), end, &h);
  StampHeader(h, block.data());
  StampHeaderExtension(ext, block.data());

  AtomicFile out(path);
  out.ShowProgress(end);
  out.Write(block.data(), block.size());
  out.Write(m.data(), m.payload_bytes());
  if (next) out.Write(next->data(), next->bytes());
  WriteSections(out, coordinates, label_text);
  out.Commit();
}

namespace {

// Narrows `count` int32 values to dst; returns the crc32 of the int16 bytes,
// and sets *fits false at a finite value the 16-bit file cannot hold.
uLong NarrowCrcRange(std::int16_t* dst, const std::int32_t* src, std::size_t count, bool* fits) {
  bool all = true;
  for (std::size_t i = 0; i < count; ++i) all &= NarrowValue(src[i], &dst[i]);
  *fits = all;
  return crc32_z(0L, reinterpret_cast<const Bytef*>(dst), count * sizeof(std::int16_t));
}

// Narrows m's payload a block at a time over the machine's threads; hands each
// block's int16 bytes to `sink` in order and returns the payload's crc32, or
// nothing at the first block with a value the file cannot hold.
std::optional<std::uint32_t> NarrowPayload(const DistMatrix<std::int32_t>& m,
                                           const std::function<void(const std::int16_t*, std::size_t)>& sink) {
  constexpr std::size_t kBlock = std::size_t{16} << 20;  // values per block: 32 MiB of int16
  const std::size_t total = m.payload_bytes() / sizeof(std::int32_t);
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::int16_t> block(std::min(kBlock, total));
  uLong crc = crc32(0L, Z_NULL, 0);
  for (std::size_t first = 0; first < total; first += kBlock) {
    const std::size_t count = std::min(kBlock, total - first);
    const std::size_t parts = std::min<std::size_t>(threads, std::max<std::size_t>(1, count >> 20));
    const std::size_t part = (count + parts - 1) / parts;
    std::vector<uLong> crcs(parts);
    std::vector<std::size_t> lens(parts);
    std::vector<char> fits(parts, 1);
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < parts; ++t) {
      const std::size_t begin = std::min(count, t * part);
      lens[t] = std::min(count, begin + part) - begin;
      pool.emplace_back([&, t, begin] {
        bool ok = true;
        crcs[t] = NarrowCrcRange(block.data() + begin, m.data() + first + begin, lens[t], &ok);
        fits[t] = ok;
      });
    }
    for (auto& th : pool) th.join();
    for (std::size_t t = 0; t < parts; ++t) {
      if (!fits[t]) return std::nullopt;
      crc = crc32_combine64(crc, crcs[t], static_cast<z_off64_t>(lens[t] * sizeof(std::int16_t)));
    }
    sink(block.data(), count);
  }
  return static_cast<std::uint32_t>(crc);
}

}  // namespace

bool TryWriteMatrixFileInt16(const std::string& path, const DistMatrix<std::int32_t>& m, const NextHopMatrix* next) {
  if (m.meta().kind != MatrixKind::kDistance) return false;
  const std::int16_t inf = ElementTraits<std::int16_t>::kInf;
  MatrixHeader h = HeaderFor(ElementType::kInt32, &inf, sizeof inf, m.n(), m.meta());
  h.element_type = kStoredInt16;
  h.payload_bytes = m.payload_bytes() / 2;
  std::uint64_t end = kPayloadOffset + h.payload_bytes;
  if (next) {
    if (next->stride() != m.stride()) throw Error(path + ": internal error: next-hop matrix has another stride");
    h.flags |= kFlagNextHops;
    h.next_offset = end;  // stride^2 x 2 bytes is still a multiple of 4096 (stride: a multiple of 128)
    h.next_bytes = next->bytes();
    h.next_crc32 = ParallelCrc32(next->data(), next->bytes());
    end += h.next_bytes;
  }
  MatrixHeaderExtension ext{};
  const std::string coordinates = CoordinateSectionBytes(path, m.meta().lon_lat, m.n(), end, &h, &ext);
  end += coordinates.size();
  const std::string label_text = LabelSection(path, m.meta().labels, m.n(), end, &h);
  // The checksum goes in the header, ahead of the payload: a first pass
  // computes it and finds whether every value fits (before anything is
  // written; a wide matrix shows a large distance within its first block), the
  // second narrows again as it writes.
  const std::optional<std::uint32_t> crc = NarrowPayload(m, [](const std::int16_t*, std::size_t) {});
  if (!crc) return false;
  h.payload_crc32 = *crc;
  std::vector<char> block(kPayloadOffset, 0);
  StampHeader(h, block.data());
  StampHeaderExtension(ext, block.data());

  AtomicFile out(path);
  out.ShowProgress(end);
  out.Write(block.data(), block.size());
  NarrowPayload(
      m, [&](const std::int16_t* values, std::size_t count) { out.Write(values, count * sizeof(std::int16_t)); });
  if (next) out.Write(next->data(), next->bytes());
  WriteSections(out, coordinates, label_text);
  out.Commit();
  return true;
}

template <class T>
RowMatrixWriter<T>::RowMatrixWriter(const std::string& path, std::size_t n, MatrixMeta meta,
                                    std::vector<std::uint64_t> sources, std::optional<VertexLabels> row_labels)
    : path_(path),
      n_(n),
      stride_(PaddedSize(n)),
      meta_(std::move(meta)),
      sources_(std::move(sources)),
      row_labels_(std::move(row_labels)),
      out_(path) {
  for (std::uint64_t s : sources_)
    if (!row_labels_ && s >= n_)
      throw Error(path_ + ": internal error: row source " + std::to_string(s) + " is not a vertex");
  if (row_labels_ && (row_labels_->size() != sources_.size() || sources_.empty() || meta_.labels.size() != n_))
    throw Error(path_ + ": internal error: a table's labels do not match its rows and columns");
  crc_ = static_cast<std::uint32_t>(crc32(0L, Z_NULL, 0));
  const std::vector<char> block(kPayloadOffset, 0);  // the header is written over it by Commit()
  out_.Write(block.data(), block.size());
}

template <class T> void RowMatrixWriter<T>::Append(const T* rows, std::size_t count) {
  if (written_ + count > sources_.size()) throw Error(path_ + ": internal error: more rows than sources");
  const std::size_t bytes = count * stride_ * sizeof(T);
  crc_ = static_cast<std::uint32_t>(crc32_z(crc_, reinterpret_cast<const Bytef*>(rows), bytes));
  out_.Write(rows, bytes);
  written_ += count;
}

template <class T> void RowMatrixWriter<T>::Commit() {
  if (written_ != sources_.size())
    throw Error(path_ + ": internal error: " + std::to_string(written_) + " of " + std::to_string(sources_.size()) +
                " rows written");
  const T inf = ElementTraits<T>::kInf;
  MatrixHeader h = HeaderFor(ElementTraits<T>::kType, &inf, sizeof inf, n_, meta_);
  h.flags |= kFlagRowSources | (row_labels_ ? kFlagTable : 0);
  h.rows = sources_.size();
  h.payload_bytes = h.rows * stride_ * sizeof(T);
  h.payload_crc32 = crc_;
  const std::size_t source_bytes = sources_.size() * sizeof(std::uint64_t);
  h.sources_crc32 =
      static_cast<std::uint32_t>(crc32_z(0L, reinterpret_cast<const Bytef*>(sources_.data()), source_bytes));
  MatrixHeaderExtension ext{};
  // Coordinates of a table's rows are not kept (its rows are another graph's vertices).
  const std::string coordinates =
      row_labels_
          ? std::string()
          : CoordinateSectionBytes(path_, meta_.lon_lat, n_, kPayloadOffset + h.payload_bytes + source_bytes, &h, &ext);
  const std::uint64_t labels_at = kPayloadOffset + h.payload_bytes + source_bytes + coordinates.size();
  std::string label_text;
  if (row_labels_) {  // always strings: the columns' labels, then the rows'
    std::vector<std::string> both;
    for (std::size_t j = 0; j < n_; ++j) both.push_back(meta_.labels.label(j));
    for (std::size_t i = 0; i < row_labels_->size(); ++i) both.push_back(row_labels_->label(i));
    label_text = LabelSection(path_, VertexLabels::FromStrings(std::move(both)), n_ + sources_.size(), labels_at, &h,
                              /*strings_always=*/true);
  } else {
    label_text = LabelSection(path_, meta_.labels, n_, labels_at, &h);
  }
  out_.Write(sources_.data(), source_bytes);
  WriteSections(out_, coordinates, label_text);
  std::vector<char> block(kPayloadOffset, 0);
  StampHeader(h, block.data());
  StampHeaderExtension(ext, block.data());
  if (pwrite(out_.fd(), block.data(), kStampedHeaderBytes, 0) != static_cast<ssize_t>(kStampedHeaderBytes))
    throw Error(path_ + ": write failed: " + std::strerror(errno));
  out_.Commit();
}

template <class Stored>
SquareMatrixWriter<Stored>::SquareMatrixWriter(const std::string& path, std::size_t n, MatrixMeta meta)
    : path_(path), n_(n), stride_(PaddedSize(n)), meta_(std::move(meta)), out_(path) {
  if (out_.kind() != AtomicFile::Kind::kReplace)
    throw Error(path_ + ": internal error: a streamed matrix file needs a regular file (its header comes last)");
  if (meta_.kind != MatrixKind::kDistance || meta_.labels.size() != n_)
    throw Error(path_ + ": internal error: a streamed matrix file holds distances with a label per vertex");
  crc_ = static_cast<std::uint32_t>(crc32(0L, Z_NULL, 0));
  const std::vector<char> block(kPayloadOffset, 0);  // the header is written over it by Commit()
  out_.Write(block.data(), block.size());
}

template <class Stored> void SquareMatrixWriter<Stored>::Append(const void* bytes, std::size_t size) {
  if (written_ + size > payload_bytes()) throw Error(path_ + ": internal error: more than the payload's bytes");
  crc_ = static_cast<std::uint32_t>(crc32_combine64(crc_, ParallelCrc32(bytes, size), static_cast<z_off64_t>(size)));
  out_.Write(bytes, size);
  written_ += size;
}

template <class Stored> void SquareMatrixWriter<Stored>::Commit() {
  if (written_ != payload_bytes())
    throw Error(path_ + ": internal error: " + std::to_string(written_) + " of " + std::to_string(payload_bytes()) +
                " payload bytes written");
  const Stored inf = ElementTraits<Stored>::kInf;
  MatrixHeader h;
  if constexpr (std::is_same_v<Stored, std::int16_t>) {
    h = HeaderFor(ElementType::kInt32, &inf, sizeof inf, n_, meta_);
    h.element_type = kStoredInt16;
  } else {
    h = HeaderFor(ElementTraits<Stored>::kType, &inf, sizeof inf, n_, meta_);
  }
  h.payload_bytes = payload_bytes();
  h.payload_crc32 = crc_;
  MatrixHeaderExtension ext{};
  const std::string coordinates =
      CoordinateSectionBytes(path_, meta_.lon_lat, n_, kPayloadOffset + h.payload_bytes, &h, &ext);
  const std::string label_text =
      LabelSection(path_, meta_.labels, n_, kPayloadOffset + h.payload_bytes + coordinates.size(), &h);
  WriteSections(out_, coordinates, label_text);
  std::vector<char> block(kPayloadOffset, 0);
  StampHeader(h, block.data());
  StampHeaderExtension(ext, block.data());
  if (pwrite(out_.fd(), block.data(), kStampedHeaderBytes, 0) != static_cast<ssize_t>(kStampedHeaderBytes))
    throw Error(path_ + ": write failed: " + std::strerror(errno));
  out_.Commit();
}

template class SquareMatrixWriter<std::int16_t>;
template class SquareMatrixWriter<std::int32_t>;
template class SquareMatrixWriter<float>;

bool OutputTakesStreamedHeader(const std::string& path) {
  if (path == "-") return false;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return errno == ENOENT;  // a new name (stat follows a symlink, as AtomicFile)
  if (!S_ISREG(st.st_mode)) return false;
  // The file that is already stdout is written as it comes (AtomicFile), not replaced.
  struct stat out {};
  return !(fstat(1, &out) == 0 && out.st_dev == st.st_dev && out.st_ino == st.st_ino);
}

template <class T> void WriteTableMatrixFile(const std::string& path, const T* table, std::size_t ld, MatrixMeta meta,
                                             std::vector<std::uint64_t> sources, VertexLabels row_labels) {
  const std::size_t k = sources.size(), t = meta.labels.size();
  meta.kind = MatrixKind::kDistance;
  RowMatrixWriter<T> writer(path, t, std::move(meta), std::move(sources), std::move(row_labels));
  writer.ShowProgress(k * writer.stride() * sizeof(T));
  std::vector<T> row(writer.stride(), ElementTraits<T>::kInf);  // padding columns INF
  for (std::size_t i = 0; i < k; ++i) {
    std::copy(table + i * ld, table + i * ld + t, row.begin());
    writer.Append(row.data(), 1);
  }
  writer.Commit();
}

#define GDIST_INSTANTIATE(T)                                                                        \
  template DistMatrix<T> LoadMatrix<T>(const MappedMatrixFile&, bool);                              \
  template void WriteMatrixFile<T>(const std::string&, const DistMatrix<T>&, const NextHopMatrix*); \
  template class RowMatrixWriter<T>;                                                                \
  template void WriteTableMatrixFile<T>(const std::string&, const T*, std::size_t, MatrixMeta,      \
                                        std::vector<std::uint64_t>, VertexLabels);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
