// NTHU parallel-programming APSP binary edge list (little endian):
//   int32 V, int32 E, then E triples int32 (src, dst, w), 0-based, directed.
// Errors name the byte offset instead of a line.
#include <algorithm>
#include <bit>
#include <cstring>

#include "formats/input_file.hpp"
#include "formats/readers.hpp"
#include "lib/util/error.hpp"

namespace gdist {

static_assert(std::endian::native == std::endian::little, "NTHU files are little endian");

Graph ReadNthu(InputFile& in) {
  const std::string& path = in.path();
  std::int32_t header[2];
  if (in.Read(header, sizeof header) != sizeof header)
    throw Error(path + ": byte 0: expected the NTHU header (int32 V, int32 E), file is shorter than 8 bytes");
  if (header[0] < 0 || header[1] < 0) throw Error(path + ": byte 0: negative vertex or edge count in the NTHU header");
  Graph g;
  g.format_name = "nthu";
  g.source = path;
  g.directed = true;
  g.n = static_cast<std::size_t>(header[0]);
  const std::size_t e = static_cast<std::size_t>(header[1]);
  // The size law (8 + 12 E bytes) is checked up front for plain files, so a
  // garbage header fails fast instead of reserving gigabytes; for gzip files
  // the stream is read and checked as it goes.
  if (const auto plain = in.plain_file_size()) {
    const std::uint64_t size = *plain;
    if (size != 8 + 12 * static_cast<std::uint64_t>(e))
      throw Error(path + ": byte 0: the NTHU header declares " + std::to_string(e) + " edges, so the file should be " +
                  std::to_string(8 + 12 * static_cast<std::uint64_t>(e)) + " bytes, but it is " + std::to_string(size) +
                  " (truncated or not an NTHU file?)");
  }
  g.edges.reserve(std::min<std::size_t>(e, 1 << 20));
  std::vector<std::int32_t> chunk(3 * 65536);
  std::size_t done = 0;
  while (done < e) {
    std::size_t want = std::min<std::size_t>(65536, e - done);
    std::size_t got = in.Read(chunk.data(), want * 12);
    if (got != want * 12)
      throw Error(path + ": byte " + std::to_string(8 + 12 * done + got) + ": file ends inside edge " +
                  std::to_string(done + got / 12) + " of " + std::to_string(e) + " declared in the header (expected " +
                  std::to_string(8 + 12 * e) + " bytes)");
    for (std::size_t i = 0; i < want; ++i) {
      std::int32_t s = chunk[3 * i], d = chunk[3 * i + 1], w = chunk[3 * i + 2];
      if (s < 0 || d < 0 || s >= header[0] || d >= header[0])
        throw Error(path + ": byte " + std::to_string(8 + 12 * (done + i)) + ": edge " + std::to_string(done + i) +
                    " has a vertex outside 0.." + std::to_string(header[0] - 1));
      g.edges.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(d), static_cast<double>(w)});
    }
    done += want;
  }
  char extra;
  if (in.Read(&extra, 1) != 0)
    throw Error(path + ": byte " + std::to_string(8 + 12 * e) + ": trailing bytes after the " + std::to_string(e) +
                " edges declared in the header");
  g.labels = VertexLabels::Range(g.n, 0);
  return g;
}

}  // namespace gdist
