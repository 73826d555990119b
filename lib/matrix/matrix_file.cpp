#include "lib/matrix/matrix_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

#include "lib/matrix/next_hop_matrix.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

// crc32 of `bytes` at `src`, also copying them to `dst` when it is not null:
// the copy runs in 1 MiB pieces so the checksum reads them back from cache.
uLong CopyCrcRange(unsigned char* dst, const unsigned char* src, std::size_t bytes) {
  constexpr std::size_t kPiece = 1u << 20;
  uLong c = crc32(0L, Z_NULL, 0);
  for (std::size_t done = 0; done < bytes;) {
    const std::size_t take = std::min(kPiece, bytes - done);
    const unsigned char* piece = src + done;
    if (dst) {
      std::memcpy(dst + done, piece, take);
      piece = dst + done;
    }
    c = crc32(c, piece, static_cast<uInt>(take));
    done += take;
  }
  return c;
}

std::uint32_t ParallelCopyCrc(void* dst, const void* src, std::size_t bytes) {
  auto* out = static_cast<unsigned char*>(dst);
  const auto* in = static_cast<const unsigned char*>(src);
  constexpr std::size_t kMinChunk = 64u << 20;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::size_t parts = std::min<std::size_t>(threads, std::max<std::size_t>(1, bytes / kMinChunk));
  if (parts <= 1) return static_cast<std::uint32_t>(CopyCrcRange(out, in, bytes));
  std::vector<uLong> crcs(parts);
  std::vector<std::size_t> lens(parts);
  std::vector<std::thread> pool;
  const std::size_t chunk = bytes / parts;
  for (std::size_t t = 0; t < parts; ++t) {
    const std::size_t begin = t * chunk;
    lens[t] = (t + 1 == parts) ? bytes - begin : chunk;
    pool.emplace_back([&, t, begin] { crcs[t] = CopyCrcRange(out ? out + begin : nullptr, in + begin, lens[t]); });
  }
  for (auto& th : pool) th.join();
  uLong c = crcs[0];
  for (std::size_t t = 1; t < parts; ++t) c = crc32_combine64(c, crcs[t], static_cast<z_off64_t>(lens[t]));
  return static_cast<std::uint32_t>(c);
}

}  // namespace

std::uint32_t ParallelCrc32(const void* data, std::size_t bytes) { return ParallelCopyCrc(nullptr, data, bytes); }

std::uint32_t ParallelCopyCrc32(void* dst, const void* src, std::size_t bytes) {
  return ParallelCopyCrc(dst, src, bytes);
}

bool IsMatrixFile(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return false;
  char magic[8] = {};
  bool yes = ::read(fd, magic, 8) == 8 && std::memcmp(magic, kMatrixMagic, 8) == 0;
  close(fd);
  return yes;
}

namespace {

Error Bad(const std::string& path, const std::string& what) {
  return Error(path + ": not a valid gdist matrix file: " + what);
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

  MatrixHeader h;
  std::memcpy(&h, map_, sizeof h);
  if (std::memcmp(h.magic, kMatrixMagic, 8) != 0) throw Bad(path, "bad magic (expected GDISTMX)");
  if (h.version != kMatrixVersion)
    throw Bad(path, "version " + std::to_string(h.version) + " (this build reads version 1)");
  if (h.element_type < 1 || h.element_type > 3)
    throw Bad(path, "unknown element type " + std::to_string(h.element_type));
  info_.type = static_cast<ElementType>(h.element_type);
  info_.n = h.n;
  info_.stride = h.stride;
  info_.payload_crc32 = h.payload_crc32;
  if (h.stride != PaddedSize(h.n))
    throw Bad(path, "row stride " + std::to_string(h.stride) + " does not match n=" + std::to_string(h.n));
  if (h.payload_offset != kPayloadOffset) throw Bad(path, "payload offset is not 4096");
  info_.rectangular = (h.flags & kFlagRowSources) != 0;
  if (info_.rectangular && !allow_rectangular)
    throw Error(path + ": holds the distance rows of " + std::to_string(h.rows) +
                " sources (gapsp --sources), not the full " + std::to_string(h.n) + " x " + std::to_string(h.n) +
                " matrix this needs");
  if (!info_.rectangular && h.rows != 0) throw Bad(path, "row count set in a square file");
  if (info_.rectangular && (h.rows > h.n || (h.flags & kFlagNextHops)))
    throw Bad(path, "a rectangular file with more rows than vertices or a next-hop section");
  const std::uint64_t rows_stored = info_.rectangular ? h.rows : h.stride;
  if (h.payload_bytes != rows_stored * h.stride * ElementSize(info_.type))
    throw Bad(path, "payload size does not match n and the element type");
  if (kPayloadOffset + h.payload_bytes > size)
    throw Bad(path, "file is truncated: payload needs " + std::to_string(kPayloadOffset + h.payload_bytes) +
                        " bytes, file has " + std::to_string(size));
  std::uint64_t sections_start = kPayloadOffset + h.payload_bytes;  // labels may not begin before this
  if (info_.rectangular) {
    const std::uint64_t bytes = h.rows * sizeof(std::uint64_t);
    if (sections_start + bytes > size) throw Bad(path, "file is truncated: the row-source section is missing");
    const char* sp = static_cast<const char*>(map_) + sections_start;
    if (crc32(0L, reinterpret_cast<const Bytef*>(sp), static_cast<uInt>(bytes)) != h.sources_crc32)
      throw Bad(path, "row-source section checksum mismatch");
    info_.row_sources.resize(h.rows);
    std::memcpy(info_.row_sources.data(), sp, bytes);
    for (std::uint64_t s : info_.row_sources)
      if (s >= h.n) throw Bad(path, "row source " + std::to_string(s) + " is not a vertex (n=" + std::to_string(h.n) + ")");
    sections_start += bytes;
  }
  info_.meta.directed = (h.flags & kFlagDirected) != 0;
  info_.meta.kind = (h.flags & kFlagDistance) ? MatrixKind::kDistance : MatrixKind::kAdjacency;

  if (h.label_kind == static_cast<std::uint32_t>(LabelKind::kRange)) {
    info_.meta.labels = VertexLabels::Range(info_.n, h.label_base);
  } else if (h.label_kind == static_cast<std::uint32_t>(LabelKind::kStrings)) {
    if (h.labels_offset + h.labels_bytes > size || h.labels_offset < sections_start)
      throw Bad(path, "label section lies outside the file");
    const char* lp = static_cast<const char*>(map_) + h.labels_offset;
    if (crc32(0L, reinterpret_cast<const Bytef*>(lp), static_cast<uInt>(h.labels_bytes)) != h.labels_crc32)
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
    if (labels.size() != info_.n)
      throw Bad(path, "label section has " + std::to_string(labels.size()) + " labels for n=" +
                          std::to_string(info_.n));
    info_.meta.labels = VertexLabels::FromStrings(std::move(labels));
  } else {
    throw Bad(path, "unknown label kind " + std::to_string(h.label_kind));
  }

  if (h.flags & kFlagNextHops) {
    if (h.next_bytes != h.stride * h.stride * sizeof(std::int32_t) || h.next_offset % kPayloadOffset != 0 ||
        h.next_offset < kPayloadOffset + h.payload_bytes || h.next_offset + h.next_bytes > size)
      throw Bad(path, "next-hop section lies outside the file or has the wrong size");
    next_ = reinterpret_cast<const std::int32_t*>(static_cast<const char*>(map_) + h.next_offset);
  }

  if (verify_crc) {
    madvise(map_, size, MADV_SEQUENTIAL);
    if (ParallelCrc32(payload(), h.payload_bytes) != h.payload_crc32)
      throw Bad(path, "payload checksum mismatch (file corrupted or truncated)");
    if (next_ && ParallelCrc32(next_, h.next_bytes) != h.next_crc32)
      throw Bad(path, "next-hop section checksum mismatch (file corrupted or truncated)");
  }
}

MappedMatrixFile::~MappedMatrixFile() {
  if (map_) munmap(map_, map_bytes_);
}

template <class T> DistMatrix<T> LoadMatrix(const MappedMatrixFile& file, bool verify_crc) {
  const auto& info = file.info();
  if (info.rectangular) throw Error(file.path() + ": holds rows of some sources only, not an n x n matrix");
  if (info.type != ElementTraits<T>::kType)
    throw Error(file.path() + ": holds " + ElementName(info.type) + " elements, expected " +
                ElementTraits<T>::kName);
  DistMatrix<T> m(info.n, typename DistMatrix<T>::Uninitialized{});  // the copy below writes every element
  if (verify_crc) {
    if (ParallelCopyCrc32(m.data(), file.payload(), m.payload_bytes()) != info.payload_crc32)
      throw Error(file.path() + ": not a valid gdist matrix file: payload checksum mismatch (file corrupted or truncated)");
  } else {
    std::memcpy(m.data(), file.payload(), m.payload_bytes());
  }
  m.meta() = info.meta;
  return m;
}

namespace {

// The header fields of `labels` (n of them); returns the label section's text
// (empty for range labels), to be written at byte `offset`.
std::string LabelSection(const std::string& path, const VertexLabels& labels, std::size_t n, std::uint64_t offset,
                         MatrixHeader* h) {
  std::string text;
  if (labels.is_range() && labels.size() == n) {
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
  h->labels_crc32 =
      static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(text.size())));
  return text;
}

MatrixHeader HeaderFor(ElementType type, const void* inf, std::size_t inf_bytes, std::size_t n, const MatrixMeta& meta) {
  MatrixHeader h{};
  std::memcpy(h.magic, kMatrixMagic, 8);
  h.version = kMatrixVersion;
  h.element_type = static_cast<std::uint32_t>(type);
  h.n = n;
  h.stride = PaddedSize(n);
  std::memcpy(h.inf, inf, inf_bytes);
  h.flags = (meta.directed ? kFlagDirected : 0) | (meta.kind == MatrixKind::kDistance ? kFlagDistance : 0);
  h.payload_offset = kPayloadOffset;
  return h;
}

}  // namespace

template <class T>
void WriteMatrixFile(const std::string& path, const DistMatrix<T>& m, const NextHopMatrix* next) {
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

  const std::string label_text = LabelSection(path, m.meta().labels, m.n(), end, &h);
  std::memcpy(block.data(), &h, sizeof h);

  AtomicFile out(path);
  out.Write(block.data(), block.size());
  out.Write(m.data(), m.payload_bytes());
  if (next) out.Write(next->data(), next->bytes());
  if (!label_text.empty()) out.Write(label_text.data(), label_text.size());
  out.Commit();
}

template <class T>
RowMatrixWriter<T>::RowMatrixWriter(const std::string& path, std::size_t n, MatrixMeta meta,
                                    std::vector<std::uint64_t> sources)
    : path_(path), n_(n), stride_(PaddedSize(n)), meta_(std::move(meta)), sources_(std::move(sources)), out_(path) {
  for (std::uint64_t s : sources_)
    if (s >= n_) throw Error(path_ + ": internal error: row source " + std::to_string(s) + " is not a vertex");
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
  h.flags |= kFlagRowSources;
  h.rows = sources_.size();
  h.payload_bytes = h.rows * stride_ * sizeof(T);
  h.payload_crc32 = crc_;
  const std::size_t source_bytes = sources_.size() * sizeof(std::uint64_t);
  h.sources_crc32 = static_cast<std::uint32_t>(
      crc32_z(0L, reinterpret_cast<const Bytef*>(sources_.data()), source_bytes));
  const std::string label_text =
      LabelSection(path_, meta_.labels, n_, kPayloadOffset + h.payload_bytes + source_bytes, &h);
  out_.Write(sources_.data(), source_bytes);
  if (!label_text.empty()) out_.Write(label_text.data(), label_text.size());
  if (pwrite(out_.fd(), &h, sizeof h, 0) != static_cast<ssize_t>(sizeof h))
    throw Error(path_ + ": write failed: " + std::strerror(errno));
  out_.Commit();
}

#define GDIST_INSTANTIATE(T)                                              \
  template DistMatrix<T> LoadMatrix<T>(const MappedMatrixFile&, bool);         \
  template void WriteMatrixFile<T>(const std::string&, const DistMatrix<T>&, const NextHopMatrix*); \
  template class RowMatrixWriter<T>;
GDIST_INSTANTIATE(std::int32_t)
GDIST_INSTANTIATE(std::int64_t)
GDIST_INSTANTIATE(float)
#undef GDIST_INSTANTIATE

}  // namespace gdist
