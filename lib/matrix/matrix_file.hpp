// The gdist matrix file (.gdm): a 4096-byte header block, the padded payload
// at offset 4096 (mmap- and cudaHostRegister-ready), then an optional label
// section. Layout in docs/FORMAT.md. Writers go through a temporary name and
// rename, so a failed run never leaves a half-written file under the real name.
// A rectangular file (gapsp --sources) holds k rows of n columns, each row the
// distances from one source vertex; the row sources follow the payload. A
// table file (gapsp --sources S --targets T) is a rectangular file whose n
// columns are the t targets, its rows and columns labelled apart.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "lib/matrix/dist_matrix.hpp"
#include "lib/matrix/mapping_guard.hpp"
#include "lib/util/atomic_file.hpp"

namespace gdist {

inline constexpr char kMatrixMagic[8] = {'G', 'D', 'I', 'S', 'T', 'M', 'X', '\0'};
// Version 2 adds the header checksum (kHeaderCrcOffset); version 1 files
// (no checksum) are still read.
inline constexpr std::uint32_t kMatrixVersion = 2;
// Version 3: version 2 plus flag bits 8..15, the decimal scale d (1..9) of a
// matrix of exact decimals (MatrixMeta::decimal_scale: the integers are value x
// 10^d). Written only for such a matrix, so that a reader that knows only
// versions 1 and 2 refuses it instead of printing 999 for 99.9; every other
// file stays version 2, byte for byte.
inline constexpr std::uint32_t kMatrixVersionDecimal = 3;
inline constexpr unsigned kDecimalScaleShift = 8;
inline constexpr std::uint32_t kDecimalScaleMask = 0xffu << kDecimalScaleShift;
// u32 crc32 (zlib) of header bytes 0..127, right after the 128-byte header.
inline constexpr std::size_t kHeaderCrcOffset = 128;
inline constexpr std::size_t kPayloadOffset = 4096;

// Element type 5 (beside ElementType's 1-4): int32 distances stored in 16 bits,
// written when the engine's range proof ran the matrix in 16 bits. On disk
// INF16 = 2^14-1 marks "no path"; opened, the payload is widened to int32
// (INF16 -> INF32), so every reader sees an int32 matrix.
inline constexpr std::uint32_t kStoredInt16 = 5;

enum class LabelKind : std::uint32_t { kRange = 0, kStrings = 1 };

// On-disk header, little endian, at byte 0. Field offsets are part of the format.
struct MatrixHeader {
  char magic[8];                 //  0 "GDISTMX\0"
  std::uint32_t version;         //  8
  std::uint32_t element_type;    // 12 ElementType
  std::uint64_t n;               // 16 vertices
  std::uint64_t stride;          // 24 elements per row == rows stored
  std::uint8_t inf[8];           // 32 INF of the element type, little endian, zero padded
  std::uint32_t flags;           // 40 bit 0 directed, bit 1 distance matrix (else adjacency)
  std::uint32_t payload_crc32;   // 44 zlib crc32 of the payload bytes
  std::uint64_t payload_offset;  // 48 always 4096 in version 1
  std::uint64_t payload_bytes;   // 56 stride * stride * element size
  std::uint32_t label_kind;      // 64 LabelKind
  std::uint32_t labels_crc32;    // 68 crc32 of the label section (0 when empty)
  std::int64_t label_base;       // 72 kRange: label of vertex i is base + i
  std::uint64_t labels_offset;   // 80 kStrings: n labels, each followed by '\n'
  std::uint64_t labels_bytes;    // 88
  std::uint64_t next_offset;     // 96 next-hop section (flag bit 2): stride*stride int32, 4096-aligned
  std::uint64_t next_bytes;      // 104
  std::uint32_t next_crc32;      // 112 crc32 of the next-hop section
  std::uint32_t sources_crc32;   // 116 crc32 of the row-source section (flag bit 3; else 0)
  std::uint64_t rows;            // 120 flag bit 3: rows stored (k); else 0 (square, stride rows)
};
static_assert(sizeof(MatrixHeader) == 128);

inline constexpr std::uint32_t kFlagDirected = 1u << 0;
inline constexpr std::uint32_t kFlagDistance = 1u << 1;
inline constexpr std::uint32_t kFlagNextHops = 1u << 2;
// Rectangular: `rows` rows of `stride` columns; directly after the payload,
// `rows` u64 0-based source vertices (row r = distances from sources[r]).
inline constexpr std::uint32_t kFlagRowSources = 1u << 3;
// Table (with bit 3): the n columns are some target vertices of a graph, not
// its every vertex; the row sources are vertices of that graph (0-based), and
// the label section holds the n column labels, then the rows' labels.
inline constexpr std::uint32_t kFlagTable = 1u << 4;
// Coordinates: a section of (f64 longitude, f64 latitude) in degrees, one pair
// per label (n, and a table's rows after its columns), located by the header
// extension below. Version 2 readers that predate it read the file as before.
inline constexpr std::uint32_t kFlagCoordinates = 1u << 5;

// Bytes 136..159 of the header block, after the header's checksum: the fields
// added after version 2, with a checksum of their own (a version 2 reader
// checks bytes 0..127 only, so they stay out of that checksum). All zero in a
// file without coordinates, which is then byte for byte what it was before.
struct MatrixHeaderExtension {
  std::uint64_t coordinates_offset;  // 136 flag bit 5: the coordinate section, 8-byte aligned
  std::uint64_t coordinates_bytes;   // 144 16 x (labels in the label section)
  std::uint32_t coordinates_crc32;   // 152 crc32 of the coordinate section
  std::uint32_t extension_crc32;     // 156 crc32 of bytes 136..155
};
static_assert(sizeof(MatrixHeaderExtension) == 24);
inline constexpr std::size_t kHeaderExtensionOffset = 136;
// The header block's bytes a writer stamps (the rest of the 4096 are zero).
inline constexpr std::size_t kStampedHeaderBytes = kHeaderExtensionOffset + sizeof(MatrixHeaderExtension);

// Header facts of an opened file, decoded.
struct MatrixFileInfo {
  ElementType type = ElementType::kInt32;  // what readers see (int32 for a 16-bit file)
  bool stored_int16 = false;               // element type 5: the payload holds int16 values
  std::size_t n = 0;
  std::size_t stride = 0;
  std::uint32_t payload_crc32 = 0;
  MatrixMeta meta;
  // Rectangular files: the source vertex of each stored row; rows() of them.
  bool rectangular = false;
  std::vector<std::uint64_t> row_sources;
  std::size_t rows() const { return rectangular ? row_sources.size() : stride; }
  // Table files (kFlagTable): meta.labels names the columns (targets), these the rows (sources).
  bool table = false;
  VertexLabels row_labels;
  std::vector<std::pair<double, double>> row_lon_lat;  // a table's rows' coordinates (flag bit 5)
  std::size_t stored_element_bytes() const { return stored_int16 ? 2 : ElementSize(type); }
};

// Read-only mmap of a matrix file. The payload is never copied: metrics stream
// it, and LoadMatrix copies it once into writable memory for the engine.
class MappedMatrixFile {
 public:
  // verify_crc: check the payload checksum (a full pass, multi-threaded).
  // A read of a page the file no longer has (it was truncated by another
  // process while mapped) ends the process with a message (mapping_guard.hpp).
  // A rectangular file is refused unless allow_rectangular: every n x n
  // consumer (view(), LoadMatrix) then never sees one.
  explicit MappedMatrixFile(const std::string& path, bool verify_crc = true, bool allow_rectangular = false);
  ~MappedMatrixFile();
  MappedMatrixFile(const MappedMatrixFile&) = delete;
  MappedMatrixFile& operator=(const MappedMatrixFile&) = delete;

  const MatrixFileInfo& info() const { return info_; }
  const std::string& path() const { return path_; }
  // The payload as info().type elements: the mapping itself, or for a 16-bit
  // file its int32 widening (made on first use, which checks the stored
  // payload's checksum and values and throws gdist::Error as VerifyChecksums does).
  const void* payload() const;
  template <class T> MatrixView<T> view() const { return {static_cast<const T*>(payload()), info_.n, info_.stride}; }
  // Stored row r (stride elements): from vertex r, or from row_sources[r].
  template <class T> const T* row(std::size_t r) const { return static_cast<const T*>(payload()) + r * info_.stride; }
  // The next-hop section (gapsp --paths), stride x stride int32; null if absent.
  MatrixView<std::int32_t> next_hops() const { return {next_, next_ ? info_.n : 0, info_.stride}; }
  // The full check verify_crc runs (payload and next-hop checksums, every
  // value), for a file opened without it (ginfo): throws gdist::Error the same way.
  void VerifyChecksums() const;

 private:
  void ReadHeaderAndSections(std::size_t size, bool verify_crc, bool allow_rectangular);
  const void* stored_payload() const { return static_cast<const char*>(map_) + kPayloadOffset; }
  void Widen() const;
  std::string path_;
  void* map_ = nullptr;
  std::unique_ptr<MappingGuard> guard_;
  std::size_t map_bytes_ = 0;
  const std::int32_t* next_ = nullptr;
  std::uint64_t payload_bytes_ = 0, next_bytes_ = 0;
  std::uint32_t next_crc32_ = 0;
  MatrixFileInfo info_;
  mutable std::once_flag widen_once_;
  mutable std::unique_ptr<std::int32_t[]> widened_;  // 16-bit files: the payload as int32
};

// Writes the header into the first bytes of the 4096-byte block and stamps
// its checksum at kHeaderCrcOffset: every writer of .gdm files calls this.
void StampHeader(const MatrixHeader& h, char* block);
// Writes the extension at kHeaderExtensionOffset with its own checksum; one
// that locates nothing is written all zero (a file without coordinates).
void StampHeaderExtension(const MatrixHeaderExtension& ext, char* block);

// True when the file starts with the matrix magic.
bool IsMatrixFile(const std::string& path);
// True when it is a matrix file whose header says it has a coordinate section
// (flag bit 5; the section itself is checked when the file is opened).
bool MatrixFileHasCoordinates(const std::string& path);

// Copies the payload of an opened file into a new writable matrix. With
// verify_crc the checksum is computed on the fly, in the same pass as the copy
// (open the file with verify_crc=false then, to read it only once).
template <class T> DistMatrix<T> LoadMatrix(const MappedMatrixFile& file, bool verify_crc = false);

class NextHopMatrix;
// Writes `m` to `path` (temp file + fsync + rename), with the next-hop section
// when `next` is given. Throws gdist::Error.
template <class T>
void WriteMatrixFile(const std::string& path, const DistMatrix<T>& m, const NextHopMatrix* next = nullptr);

// The same as a 16-bit file (element type 5: half the bytes) when m is an
// int32 distance matrix whose every value is INF or within +-(INF16-1);
// returns false, having written nothing, when one is not.
bool TryWriteMatrixFileInt16(const std::string& path, const DistMatrix<std::int32_t>& m,
                             const NextHopMatrix* next = nullptr);

// Streams a rectangular file to disk row block by row block: the k x n rows
// are never all in memory. Rows are appended in the order of `sources`; each
// is stride() elements, padding columns INF. Commit() writes the row sources,
// the labels and the header, then renames; without it nothing is left behind.
// With `row_labels` it writes a table file (kFlagTable): the n columns are
// targets named by meta.labels, the sources vertices of another graph.
template <class T> class RowMatrixWriter {
 public:
  RowMatrixWriter(const std::string& path, std::size_t n, MatrixMeta meta, std::vector<std::uint64_t> sources,
                  std::optional<VertexLabels> row_labels = std::nullopt);
  std::size_t stride() const { return stride_; }
  std::size_t rows_written() const { return written_; }
  void Append(const T* rows, std::size_t count);  // throws past sources.size() rows
  void Commit();                                  // throws unless every row was appended
  void ShowProgress(std::uint64_t payload_bytes) { out_.ShowProgress(payload_bytes); }  // a bar for large files

 private:
  std::string path_;
  std::size_t n_;
  std::size_t stride_;
  MatrixMeta meta_;
  std::vector<std::uint64_t> sources_;
  std::optional<VertexLabels> row_labels_;
  std::size_t written_ = 0;
  std::uint32_t crc_ = 0;
  AtomicFile out_;
};

// Streams a square distance matrix file to disk a piece at a time: the
// payload (stride x stride elements, row order) in pieces of any size, then
// Commit(). The GPU run that builds its adjacency on the device copies its
// result back in pinned chunks, each written here as it arrives, so no n x n
// host matrix is made. Stored = int16_t writes the 16-bit file (element type
// 5, INF16), else the element type itself. The header with the payload's
// checksum is written last (pwrite at 0), so `path` must be a regular file
// or a new name (OutputTakesStreamedHeader); the file is byte for byte the one
// WriteMatrixFile / TryWriteMatrixFileInt16 write of the same values.
template <class Stored> class SquareMatrixWriter {
 public:
  SquareMatrixWriter(const std::string& path, std::size_t n, MatrixMeta meta);
  std::size_t stride() const { return stride_; }
  std::uint64_t payload_bytes() const { return std::uint64_t{stride_} * stride_ * sizeof(Stored); }
  void Append(const void* bytes, std::size_t size);  // throws past payload_bytes()
  void Commit();                                     // throws unless the whole payload was appended
  void ShowProgress() { out_.ShowProgress(kPayloadOffset + payload_bytes()); }

 private:
  std::string path_;
  std::size_t n_;
  std::size_t stride_;
  MatrixMeta meta_;
  std::uint64_t written_ = 0;
  std::uint32_t crc_ = 0;
  AtomicFile out_;
};

// Whether `path` can take a header written after its payload (a regular file,
// or a name that does not exist yet): not "-", a FIFO or a device.
bool OutputTakesStreamedHeader(const std::string& path);

// A k x t table (row-major, `ld` elements per row) as a table file at path:
// row i from graph vertex sources[i] (labelled row_labels), column j to the
// target labelled meta.labels[j]. Throws gdist::Error.
template <class T> void WriteTableMatrixFile(const std::string& path, const T* table, std::size_t ld, MatrixMeta meta,
                                             std::vector<std::uint64_t> sources, VertexLabels row_labels);

// crc32 of a large buffer, split over threads and joined with crc32_combine.
std::uint32_t ParallelCrc32(const void* data, std::size_t bytes);
// memcpy and crc32 of the copied bytes in one pass, split over threads.
std::uint32_t ParallelCopyCrc32(void* dst, const void* src, std::size_t bytes);

}  // namespace gdist
