#include "lib/matrix/npz_file.hpp"

#include <zlib.h>

#include <algorithm>

#include "lib/matrix/matrix_export.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

constexpr std::uint64_t kZip32Max = 0xFFFFFFFFu;   // a field at this value means "see the ZIP64 record"
constexpr std::uint16_t kDataDescriptor = 0x0008;  // general purpose flag bit 3: CRC and sizes after the data
// MS-DOS time and date of every member: 1980-01-01 00:00, so the same matrix gives the same bytes.
constexpr std::uint16_t kDosTime = 0, kDosDate = (0 << 9) | (1 << 5) | 1;

void Le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

// The code points of a UTF-8 string; a byte that starts no valid sequence is U+FFFD.
std::vector<std::uint32_t> CodePoints(const std::string& s) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    const std::size_t len = c < 0x80                 ? 1
                            : c >= 0xc2 && c <= 0xdf ? 2
                            : c >= 0xe0 && c <= 0xef ? 3
                            : c >= 0xf0 && c <= 0xf4 ? 4
                                                     : 0;
    std::uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
    bool valid = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; valid && k < len; ++k) {
      valid = (b(i + k) & 0xc0) == 0x80;
      cp = (cp << 6) | (b(i + k) & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 (RFC 3629).
    const std::uint32_t least = len == 3 ? 0x800 : len == 4 ? 0x10000 : 0;
    valid = valid && cp >= least && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
    out.push_back(valid ? cp : 0xFFFD);
    i += valid ? len : 1;
  }
  return out;
}

}  // namespace

NpzWriter::NpzWriter(const std::string& path) : out_(path) {}

void NpzWriter::Put(const std::string& bytes) {
  out_.Write(bytes.data(), bytes.size());
  offset_ += bytes.size();
}

void NpzWriter::BeginMember(const std::string& name, std::uint64_t bytes) {
  if (open_) EndMember();
  Member m;
  m.name = name + ".npy";
  m.offset = offset_;
  m.bytes = bytes;
  m.crc = static_cast<std::uint32_t>(crc32(0L, Z_NULL, 0));
  std::string h;
  Le(h, 0x04034b50, 4);
  Le(h, 45, 2);  // version needed: 4.5, ZIP64
  Le(h, kDataDescriptor, 2);
  Le(h, 0, 2);  // stored
  Le(h, kDosTime, 2);
  Le(h, kDosDate, 2);
  Le(h, 0, 4);  // CRC and sizes: in the data descriptor
  Le(h, kZip32Max, 4);
  Le(h, kZip32Max, 4);
  Le(h, m.name.size(), 2);
  Le(h, 20, 2);  // the ZIP64 extra field: both sizes, zero here too
  h += m.name;
  Le(h, 0x0001, 2);
  Le(h, 16, 2);
  Le(h, 0, 8);
  Le(h, 0, 8);
  Put(h);
  members_.push_back(std::move(m));
  open_ = true;
}

void NpzWriter::Write(const void* data, std::size_t bytes) {
  Member& m = members_.back();
  const auto* p = static_cast<const Bytef*>(data);
  for (std::size_t done = 0; done < bytes;) {  // crc32 takes an unsigned int length
    const std::size_t chunk = std::min<std::size_t>(bytes - done, 1u << 30);
    m.crc = static_cast<std::uint32_t>(crc32(m.crc, p + done, static_cast<uInt>(chunk)));
    done += chunk;
  }
  out_.Write(data, bytes);
  offset_ += bytes;
  m.written += bytes;
}

void NpzWriter::EndMember() {
  const Member& m = members_.back();
  if (m.written != m.bytes)
    throw Error(m.name + ": wrote " + std::to_string(m.written) + " bytes of " + std::to_string(m.bytes));
  std::string d;  // the ZIP64 data descriptor: 8-byte sizes
  Le(d, 0x08074b50, 4);
  Le(d, m.crc, 4);
  Le(d, m.bytes, 8);
  Le(d, m.bytes, 8);
  Put(d);
  open_ = false;
}

void NpzWriter::Commit() {
  if (open_) EndMember();
  const std::uint64_t directory = offset_;
  for (const Member& m : members_) {
    std::string c;
    Le(c, 0x02014b50, 4);
    Le(c, (3 << 8) | 45, 2);  // made by: Unix, 4.5
    Le(c, 45, 2);
    Le(c, kDataDescriptor, 2);
    Le(c, 0, 2);
    Le(c, kDosTime, 2);
    Le(c, kDosDate, 2);
    Le(c, m.crc, 4);
    Le(c, kZip32Max, 4);  // sizes and offset in the ZIP64 extra field
    Le(c, kZip32Max, 4);
    Le(c, m.name.size(), 2);
    Le(c, 28, 2);
    Le(c, 0, 2);  // comment
    Le(c, 0, 2);  // disk
    Le(c, 0, 2);  // internal attributes
    Le(c, 0100644u << 16, 4);
    Le(c, kZip32Max, 4);
    c += m.name;
    Le(c, 0x0001, 2);
    Le(c, 24, 2);
    Le(c, m.bytes, 8);
    Le(c, m.bytes, 8);
    Le(c, m.offset, 8);
    Put(c);
  }
  const std::uint64_t directory_bytes = offset_ - directory, end64 = offset_;
  std::string e;
  Le(e, 0x06064b50, 4);  // ZIP64 end of central directory
  Le(e, 44, 8);
  Le(e, (3 << 8) | 45, 2);
  Le(e, 45, 2);
  Le(e, 0, 4);
  Le(e, 0, 4);
  Le(e, members_.size(), 8);
  Le(e, members_.size(), 8);
  Le(e, directory_bytes, 8);
  Le(e, directory, 8);
  Le(e, 0x07064b50, 4);  // its locator
  Le(e, 0, 4);
  Le(e, end64, 8);
  Le(e, 1, 4);
  Le(e, 0x06054b50, 4);  // end of central directory
  Le(e, 0, 2);
  Le(e, 0, 2);
  Le(e, members_.size(), 2);
  Le(e, members_.size(), 2);
  Le(e, std::min(directory_bytes, kZip32Max), 4);
  Le(e, std::min(directory, kZip32Max), 4);
  Le(e, 0, 2);
  Put(e);
  out_.Commit();
}

std::string NpyStrings(const std::vector<std::string>& strings) {
  std::vector<std::vector<std::uint32_t>> points;
  std::size_t width = 1;  // '<U0' is not a type numpy writes
  for (const std::string& s : strings) {
    points.push_back(CodePoints(s));
    width = std::max(width, points.back().size());
  }
  std::string out = NpyHeaderOf("<U" + std::to_string(width), {strings.size()});
  out.reserve(out.size() + 4 * width * strings.size());
  for (const auto& p : points)
    for (std::size_t k = 0; k < width; ++k) Le(out, k < p.size() ? p[k] : 0, 4);
  return out;
}

}  // namespace gdist
