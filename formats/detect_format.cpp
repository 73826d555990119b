// DetectFormat: which reader a file needs, from its (decompressed) first bytes
// first and its name second. Content signatures that cannot be mistaken win
// (gdist magic, Matrix Market banner, binary NTHU with its size law, a DIMACS
// 'p sp'/'p tw' line); then the extension (".gz" stripped). OR-Library files
// look exactly like a 3-column edge list whose first line is "n m p", so they
// are only chosen by name (pmed*); anything else needs --from orlib.
// OpenStreetMap extracts are known by content (PBF header, <osm> XML) or name.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "formats/input_file.hpp"
#include "formats/read_graph.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::size_t kPeekBytes = 4096;

bool StartsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool LooksBinary(std::string_view head) {
  return std::any_of(head.begin(), head.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u == 0 || (u < 0x20 && u != '\t' && u != '\n' && u != '\r' && u != '\f' && u != '\v');
  });
}

// First line that is neither blank nor a DIMACS comment, if the head holds one.
std::string_view FirstNonCommentLine(std::string_view head) {
  while (!head.empty()) {
    std::size_t nl = head.find('\n');
    if (nl == std::string_view::npos) return {};  // possibly cut off: do not guess from it
    std::string_view line = TrimBlanks(head.substr(0, nl));
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    head.remove_prefix(nl + 1);
    if (line.empty() || line == "c" || StartsWith(line, "c ") || StartsWith(line, "c\t")) continue;
    return line;
  }
  return {};
}

// NTHU binary edge list: int32 V >= 0, int32 E >= 0, then exactly E triples.
// Plain files must obey the size law; for gzip files (size unknown without
// decompressing everything) the header and the first triples must be valid.
bool LooksLikeNthu(InputFile& in, std::string_view head, std::string* why) {
  if (head.size() < 8) {
    *why = "shorter than the 8-byte NTHU header";
    return false;
  }
  std::int32_t v, e;
  std::memcpy(&v, head.data(), 4);
  std::memcpy(&e, head.data() + 4, 4);
  if (v < 0 || e < 0) {
    *why = "negative vertex or edge count in what would be the NTHU header";
    return false;
  }
  const std::uint64_t expected = 8 + 12 * static_cast<std::uint64_t>(e);
  if (const auto plain = in.plain_file_size()) {
    const std::uint64_t size = *plain;
    if (size != expected) {
      *why = "size " + std::to_string(size) + " bytes breaks the NTHU size law 8 + 12*E = " + std::to_string(expected);
      return false;
    }
    return true;
  }
  if (head.size() < kPeekBytes && head.size() != expected) {
    *why = std::string(in.is_gzip() ? "decompressed size " : "size ") + std::to_string(head.size()) +
           " breaks the NTHU size law 8 + 12*E = " + std::to_string(expected);
    return false;
  }
  for (std::size_t off = 8; off + 12 <= head.size() && off < expected; off += 12) {
    std::int32_t t[2];
    std::memcpy(t, head.data() + off, 8);
    if (t[0] < 0 || t[1] < 0 || t[0] >= v || t[1] >= v) {
      *why = "edge at byte " + std::to_string(off) + " names a vertex outside 0..V-1 of the NTHU header";
      return false;
    }
  }
  return true;
}

// OpenStreetMap: a PBF's first blob header names "OSMHeader"; XML opens with
// <?xml ...?> and an <osm> element; bzip2 (which InputFile does not
// decompress) is known by its name only.
bool LooksLikeOsm(const std::string& name, std::string_view head) {
  if (head.substr(0, 32).find("OSMHeader") != std::string_view::npos) return true;
  if (StartsWith(head, "<osm") || (StartsWith(head, "<?xml") && head.find("<osm") != std::string_view::npos))
    return true;
  for (const char* ext : {".osm", ".pbf", ".osm.bz2"})
    if (name.size() > std::strlen(ext) && name.compare(name.size() - std::strlen(ext), std::string::npos, ext) == 0)
      return true;
  return false;
}

}  // namespace

InputFormat DetectFormat(const std::string& path) {
  InputFile in(path);
  return DetectFormat(in);
}

InputFormat DetectFormat(InputFile& in) {
  const std::string& path = in.path();
  std::string name = path.substr(path.find_last_of('/') + 1);  // npos + 1 == 0
  name = AsciiLower(name);
  if (name.size() > 3 && name.substr(name.size() - 3) == ".gz") name.resize(name.size() - 3);
  const std::size_t dot = name.find_last_of('.');
  const std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);

  const std::string head(in.Prefix(kPeekBytes));
  if (head.empty()) throw ParseError(path, 1, "file is empty");
  if (StartsWith(head, "GDISTMX")) return InputFormat::kMatrixFile;
  if (AsciiLower(head.substr(0, 14)) == "%%matrixmarket") return InputFormat::kMatrixMarket;
  if (LooksLikeOsm(name, head)) return InputFormat::kOsm;
  if (LooksBinary(head)) {
    std::string why;
    if (LooksLikeNthu(in, head, &why)) return InputFormat::kNthu;
    throw Error(path + ": binary content that is neither a gdist matrix file nor an NTHU edge list (" + why +
                "); if it is a graph file, name its format with --from");
  }
  const std::string_view first = FirstNonCommentLine(head);
  if (StartsWith(first, "p sp") || StartsWith(first, "p tw")) return InputFormat::kDimacs;
  if (ext == "gr") return InputFormat::kDimacs;
  if (ext == "mtx") return InputFormat::kMatrixMarket;
  if (ext == "graph" || ext == "metis") return InputFormat::kMetis;
  if (StartsWith(name, "pmed") && ext != "csv" && ext != "tsv") return InputFormat::kOrlib;
  static constexpr const char* kEdgeListExtensions[] = {"csv", "tsv", "txt", "el", "edges", "wel", "snap", "edgelist"};
  for (const char* e : kEdgeListExtensions)
    if (ext == e) return InputFormat::kEdgeList;
  throw Error(path + ": cannot tell the format from the name or the content; name it with --from " +
              "(dimacs, edgelist, mtx, nthu, orlib, metis, osm)");
}

}  // namespace gdist
