// .gch writer and reader. The payload is a list of arrays, each padded to 8
// bytes; its crc32 is computed over the arrays first and stored in the header,
// which is written before them. The reader loads the whole file, checks the
// header's and the payload's checksums, then every count and index it will
// follow, so that no byte of the file can make a query read out of bounds.
#include "lib/road/hierarchy_file.hpp"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"

namespace gdist {
namespace {

#pragma pack(push, 1)
struct HierarchyHeader {
  char magic[8];                 // 0 "GDISTCH1"
  std::uint32_t version;         // 8
  std::uint32_t element_type;    // 12 ElementType
  std::uint64_t n;               // 16
  std::uint64_t up_arcs;         // 24
  std::uint64_t down_arcs;       // 32
  std::uint32_t directed;        // 40
  std::uint32_t levels;          // 44
  std::uint64_t graph_n;         // 48 fingerprint of the graph
  std::uint64_t graph_arcs;      // 56
  std::uint32_t graph_directed;  // 64
  std::uint32_t graph_element;   // 68
  std::uint32_t graph_crc32;     // 72
  std::uint32_t label_kind;      // 76 0: range (base), 1: text, one label per line
  std::int64_t label_base;       // 80
  std::uint64_t label_bytes;     // 88
  std::uint64_t payload_bytes;   // 96 everything after the header
  std::uint32_t payload_crc32;   // 104
  std::uint8_t reserved[16];     // 108 zero
  std::uint32_t header_crc32;    // 124 crc32 of bytes 0..123
};
#pragma pack(pop)
static_assert(sizeof(HierarchyHeader) == 128);

Error Bad(const std::string& path, const std::string& what) {
  return Error(path + ": not a valid gdist hierarchy (.gch): " + what);
}

std::size_t Padded(std::size_t bytes) { return (bytes + 7) / 8 * 8; }

struct Section {
  const void* data;
  std::size_t bytes;
};

template <class T> Section SectionOf(const std::vector<T>& v) { return {v.data(), v.size() * sizeof(T)}; }

std::string LabelText(const std::string& path, const VertexLabels& labels) {
  std::string text;
  for (const std::string& s : labels.strings()) {
    if (s.find('\n') != std::string::npos) throw Error(path + ": a vertex label holds a newline: cannot save it");
    text += s;
    text += '\n';
  }
  return text;
}

std::uint32_t HeaderCrc(const HierarchyHeader& h) {
  return static_cast<std::uint32_t>(
      crc32(0L, reinterpret_cast<const Bytef*>(&h), offsetof(HierarchyHeader, header_crc32)));
}

// Reads the arrays of the payload in order, each padded to 8 bytes.
class PayloadReader {
 public:
  PayloadReader(const std::string& path, const char* data, std::size_t bytes)
      : path_(path), data_(data), bytes_(bytes) {}

  template <class T> std::vector<T> Take(std::uint64_t count, const char* what) {
    if (count > (bytes_ - at_) / sizeof(T))
      throw Bad(path_, std::string(what) + ": needs " + std::to_string(count) + " entries past the end of the file");
    std::vector<T> v(count);
    if (count > 0) std::memcpy(v.data(), data_ + at_, count * sizeof(T));  // an empty vector's data() may be null
    at_ += std::min(Padded(count * sizeof(T)), bytes_ - at_);
    return v;
  }
  std::size_t left() const { return bytes_ - at_; }

 private:
  const std::string& path_;
  const char* data_;
  std::size_t bytes_;
  std::size_t at_ = 0;
};

std::vector<char> ReadWholeFile(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw Error(path + ": cannot open: " + std::strerror(errno));
  std::vector<char> bytes;
  char buffer[1 << 16];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f.get())) > 0;)
    bytes.insert(bytes.end(), buffer, buffer + got);
  if (std::ferror(f.get())) throw Error(path + ": read error: " + std::strerror(errno));
  return bytes;
}

HierarchyHeader CheckedHeader(const std::string& path, const std::vector<char>& file) {
  HierarchyHeader h;
  if (file.size() < sizeof h)
    throw Bad(path, "file is " + std::to_string(file.size()) + " bytes, shorter than the 128-byte header");
  std::memcpy(&h, file.data(), sizeof h);
  if (std::memcmp(h.magic, kHierarchyMagic, 8) != 0) throw Bad(path, "bad magic (expected GDISTCH1)");
  if (h.version != kHierarchyVersion)
    throw Bad(path, "version " + std::to_string(h.version) + " (this build reads version 1)");
  if (HeaderCrc(h) != h.header_crc32) throw Bad(path, "header checksum mismatch (the header was changed or corrupted)");
  if (h.element_type < 1 || h.element_type > 4)
    throw Bad(path, "unknown element type " + std::to_string(h.element_type));
  return h;
}

// Offsets non-decreasing from 0 to `arcs`; each arc's end above its vertex and
// below n; each middle below its vertex (or none).
template <class W>
void CheckArcs(const std::string& path, const HierarchyArcs<W>& arcs, std::size_t n, const char* what) {
  if (arcs.offsets.front() != 0 || arcs.offsets.back() != arcs.ends.size())
    throw Bad(path, std::string(what) + " arc offsets do not span the arcs");
  for (std::size_t v = 0; v < n; ++v) {
    if (arcs.offsets[v + 1] < arcs.offsets[v]) throw Bad(path, std::string(what) + " arc offsets decrease");
    for (std::uint64_t a = arcs.offsets[v]; a < arcs.offsets[v + 1]; ++a) {
      if (arcs.ends[a] <= v || arcs.ends[a] >= n || (a > arcs.offsets[v] && arcs.ends[a] <= arcs.ends[a - 1]))
        throw Bad(path, std::string(what) + " arc of position " + std::to_string(v) + " does not go up in order");
      if (arcs.middles[a] != kNoMiddle && arcs.middles[a] >= v)
        throw Bad(path, std::string(what) + " shortcut of position " + std::to_string(v) + " has a bad middle vertex");
      if (!(arcs.weights[a] >= W{0})) throw Bad(path, std::string(what) + " arc has a negative weight");
    }
  }
}

}  // namespace

template <class W> void WriteHierarchy(const std::string& path, const ContractionHierarchy<W>& ch) {
  HierarchyHeader h{};
  std::memcpy(h.magic, kHierarchyMagic, 8);
  h.version = kHierarchyVersion;
  h.element_type = static_cast<std::uint32_t>(ElementTraits<W>::kType);
  h.n = ch.n;
  h.up_arcs = ch.up.size();
  h.down_arcs = ch.down.size();
  h.directed = ch.directed ? 1 : 0;
  h.levels = ch.levels;
  h.graph_n = ch.fingerprint.n;
  h.graph_arcs = ch.fingerprint.arcs;
  h.graph_directed = ch.fingerprint.directed;
  h.graph_element = ch.fingerprint.element;
  h.graph_crc32 = ch.fingerprint.arcs_crc32;
  std::string labels;
  if (ch.labels.is_range()) {
    h.label_kind = 0;
    h.label_base = ch.labels.base();
  } else {
    h.label_kind = 1;
    labels = LabelText(path, ch.labels);
  }
  h.label_bytes = labels.size();
  const std::vector<Section> sections = {
      SectionOf(ch.vertex_at),    SectionOf(ch.up.offsets),      SectionOf(ch.up.ends),   SectionOf(ch.up.weights),
      SectionOf(ch.up.middles),   SectionOf(ch.down.offsets),    SectionOf(ch.down.ends), SectionOf(ch.down.weights),
      SectionOf(ch.down.middles), {labels.data(), labels.size()}};
  static const char kZeros[8] = {};
  uLong crc = crc32(0L, Z_NULL, 0);
  for (const Section& s : sections) {
    if (s.bytes > 0) crc = crc32_z(crc, static_cast<const Bytef*>(s.data), s.bytes);  // a null buffer resets a crc
    crc = crc32_z(crc, reinterpret_cast<const Bytef*>(kZeros), Padded(s.bytes) - s.bytes);
    h.payload_bytes += Padded(s.bytes);
  }
  h.payload_crc32 = static_cast<std::uint32_t>(crc);
  h.header_crc32 = HeaderCrc(h);
  AtomicFile out(path);
  out.Write(&h, sizeof h);
  for (const Section& s : sections) {
    if (s.bytes > 0) out.Write(s.data, s.bytes);
    out.Write(kZeros, Padded(s.bytes) - s.bytes);
  }
  out.Commit();
}

bool IsHierarchyFile(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  char magic[8];
  return f && std::fread(magic, 1, 8, f.get()) == 8 && std::memcmp(magic, kHierarchyMagic, 8) == 0;
}

ElementType HierarchyElementType(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) throw Error(path + ": cannot open: " + std::strerror(errno));
  std::vector<char> head(sizeof(HierarchyHeader));
  head.resize(std::fread(head.data(), 1, head.size(), f.get()));
  return static_cast<ElementType>(CheckedHeader(path, head).element_type);
}

template <class W> ContractionHierarchy<W> ReadHierarchy(const std::string& path) {
  const std::vector<char> file = ReadWholeFile(path);
  const HierarchyHeader h = CheckedHeader(path, file);
  if (h.element_type != static_cast<std::uint32_t>(ElementTraits<W>::kType))
    throw Error(path + ": hierarchy of " + ElementName(static_cast<ElementType>(h.element_type)) +
                " distances, wanted " + ElementTraits<W>::kName);
  const std::size_t payload = file.size() - sizeof h;
  if (h.payload_bytes != payload)
    throw Bad(path, "payload is " + std::to_string(payload) + " bytes, the header says " +
                        std::to_string(h.payload_bytes) + " (truncated or extended file)");
  const char* data = file.data() + sizeof h;
  if (crc32_z(0L, reinterpret_cast<const Bytef*>(data), payload) != h.payload_crc32)
    throw Bad(path, "payload checksum mismatch (the file is corrupted)");
  if (h.n >= kNoMiddle) throw Bad(path, "n=" + std::to_string(h.n) + " is too large");

  ContractionHierarchy<W> ch;
  ch.n = h.n;
  ch.directed = h.directed != 0;
  ch.levels = h.levels;
  ch.fingerprint = {h.graph_n, h.graph_arcs, h.graph_directed, h.graph_element, h.graph_crc32};
  PayloadReader in(path, data, payload);
  ch.vertex_at = in.Take<std::uint32_t>(h.n, "positions");
  for (auto* arcs : {&ch.up, &ch.down}) {
    const std::uint64_t m = arcs == &ch.up ? h.up_arcs : h.down_arcs;
    arcs->offsets = in.Take<std::uint64_t>(h.n + 1, "arc offsets");
    arcs->ends = in.Take<std::uint32_t>(m, "arc ends");
    arcs->weights = in.Take<W>(m, "arc weights");
    arcs->middles = in.Take<std::uint32_t>(m, "middle vertices");
    CheckArcs(path, *arcs, ch.n, arcs == &ch.up ? "an up" : "a down");
  }
  ch.position_of.assign(ch.n, kNoMiddle);
  for (std::size_t p = 0; p < ch.n; ++p) {
    const std::uint32_t v = ch.vertex_at[p];
    if (v >= ch.n || ch.position_of[v] != kNoMiddle) throw Bad(path, "the positions are not a permutation");
    ch.position_of[v] = static_cast<std::uint32_t>(p);
  }
  if (h.label_kind == 0) {
    if (!VertexLabels::RangeFits(h.n, h.label_base)) throw Bad(path, "label base out of range");
    ch.labels = VertexLabels::Range(h.n, h.label_base);
  } else if (h.label_kind == 1) {
    const std::vector<char> text = in.Take<char>(h.label_bytes, "labels");
    std::vector<std::string> labels;
    labels.reserve(h.n);
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') {
        labels.emplace_back(text.data() + start, i - start);
        start = i + 1;
      }
    if (labels.size() != h.n || start != text.size())
      throw Bad(path, "label section holds " + std::to_string(labels.size()) + " labels for n=" + std::to_string(h.n));
    ch.labels = VertexLabels::FromStrings(std::move(labels));
  } else {
    throw Bad(path, "unknown label kind " + std::to_string(h.label_kind));
  }
  if (in.left() != 0) throw Bad(path, std::to_string(in.left()) + " bytes after the last section");
  return ch;
}

template <class W> ContractionHierarchy<W> ReadHierarchy(const std::string& path, const CsrGraph<W>& g) {
  ContractionHierarchy<W> ch = ReadHierarchy<W>(path);
  const GraphFingerprint want = FingerprintOf(g);
  if (!(ch.fingerprint == want))
    throw Error(path + ": hierarchy of another graph (it was built from a " + DescribeFingerprint(ch.fingerprint) +
                "; this is a " + DescribeFingerprint(want) + ")");
  return ch;
}

#define GDIST_INSTANTIATE(W)                                                           \
  template void WriteHierarchy<W>(const std::string&, const ContractionHierarchy<W>&); \
  template ContractionHierarchy<W> ReadHierarchy<W>(const std::string&);               \
  template ContractionHierarchy<W> ReadHierarchy<W>(const std::string&, const CsrGraph<W>&);
GDIST_FOR_EACH_ELEMENT(GDIST_INSTANTIATE)
#undef GDIST_INSTANTIATE

}  // namespace gdist
