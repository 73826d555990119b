// Text bound for a terminal (the human reports on stdout, every message on
// stderr) with its control characters escaped: a label or a file name may
// hold ESC, CR or BEL, and written raw they would move the cursor, recolour or
// retitle the user's terminal, or hide the line before. C0 controls but
// newline and tab, DEL and the C1 controls (U+0080..U+009F, which 8-bit
// terminals also obey) become \xHH or \uHHHH; bytes that are not UTF-8
// become \xHH; every other character is kept.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

namespace gdist {

inline std::string TerminalText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto hex = [&](const char* form, unsigned v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, form, v);
    out += buf;
  };
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) hex("\\x%02x", c);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    // One UTF-8 sequence: its length from the lead byte, then continuation bytes.
    const std::size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    bool valid = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; valid && k < len; ++k) valid = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
    if (valid && len == 3) {  // no overlong forms, no surrogates
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      valid = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0);
    } else if (valid && len == 4) {
      const auto c1 = static_cast<unsigned char>(s[i + 1]);
      valid = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90);
    }
    if (!valid) {
      hex("\\x%02x", c);
      ++i;
    } else if (len == 2 && c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0) {
      hex("\\u%04x", static_cast<unsigned char>(s[i + 1]));  // C1: U+0080..U+009F
      i += 2;
    } else {
      out.append(s.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace gdist
