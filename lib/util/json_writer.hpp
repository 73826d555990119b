// A minimal streaming JSON writer for the apps' --json output. Written here
// rather than taking a JSON library because we only ever emit flat documents
// of numbers, strings and arrays; nothing in gdist parses JSON.
#pragma once
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace gdist {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  JsonWriter& BeginObject() {
    Sep();
    out_ << '{';
    first_.push_back(true);
    return *this;
  }
  JsonWriter& EndObject() {
    first_.pop_back();
    out_ << '}';
    return *this;
  }
  JsonWriter& BeginArray() {
    Sep();
    out_ << '[';
    first_.push_back(true);
    return *this;
  }
  JsonWriter& EndArray() {
    first_.pop_back();
    out_ << ']';
    return *this;
  }
  JsonWriter& Key(std::string_view k) {
    Sep();
    String(k);
    out_ << ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& Null() {
    Sep();
    out_ << "null";
    return *this;
  }
  JsonWriter& Bool(bool b) {
    Sep();
    out_ << (b ? "true" : "false");
    return *this;
  }
  // Whole numbers below 2^63 print without a fraction or exponent; others as
  // the shortest text that reads back exactly (std::to_chars); non-finite
  // values print null.
  JsonWriter& Number(double v) {
    Sep();
    char buf[32];
    if (!std::isfinite(v)) {
      out_ << "null";
    } else if (v == std::floor(v) && std::fabs(v) < 9.2e18) {
      out_ << static_cast<long long>(v);
    } else {
      auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
      out_ << std::string_view(buf, static_cast<std::size_t>(end - buf));
    }
    return *this;
  }
  // Integers print exactly, whatever their size.
  JsonWriter& Integer(std::int64_t v) {
    Sep();
    out_ << v;
    return *this;
  }
  // A matrix element: integers exactly, floating values through Number.
  template <class T> JsonWriter& Value(T v) {
    if constexpr (std::is_integral_v<T>) return Integer(static_cast<std::int64_t>(v));
    else return Number(static_cast<double>(v));
  }
  JsonWriter& Str(std::string_view s) {
    Sep();
    String(s);
    return *this;
  }
  // A raw token the caller has already formatted (a label printed as a number).
  JsonWriter& Raw(std::string_view token) {
    Sep();
    out_ << token;
    return *this;
  }

 private:
  void Sep() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ << ',';
      first_.back() = false;
    }
  }
  // Length of the valid UTF-8 sequence starting at s[i] (RFC 3629: no
  // overlong forms, no surrogates, at most U+10FFFF), 0 when it is not one.
  static std::size_t Utf8Length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b = byte(i);
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (b >= 0xC2 && b <= 0xDF) len = 2;
    else if (b >= 0xE0 && b <= 0xEF) len = 3, lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    else if (b >= 0xF0 && b <= 0xF4) len = 4, lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    if (len == 0 || i + len > s.size()) return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < len; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return len;
  }

  // JSON text is UTF-8: a byte that starts no valid sequence (a Latin-1
  // label, a cut sequence) is written as U+FFFD, so the document always parses.
  void String(std::string_view s) {
    out_ << '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if (static_cast<unsigned char>(c) >= 0x80) {
        const std::size_t len = Utf8Length(s, i);
        if (len == 0) {
          out_ << "\\ufffd";
        } else {
          out_ << s.substr(i, len);
          i += len - 1;
        }
        continue;
      }
      switch (c) {
        case '"': out_ << "\\\""; break;
        case '\\': out_ << "\\\\"; break;
        case '\n': out_ << "\\n"; break;
        case '\t': out_ << "\\t"; break;
        case '\r': out_ << "\\r"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out_ << buf;
          } else {
            out_ << c;
          }
      }
    }
    out_ << '"';
  }
  std::ostream& out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

// Row files (gcenter --per-vertex, --assignment) are JSON lines, one object
// per row with the CSV's columns as keys, when their name ends in .jsonl or
// .ndjson; CSV otherwise.
inline bool IsJsonLinesPath(std::string_view path) {
  auto ends = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  return ends(".jsonl") || ends(".ndjson");
}

}  // namespace gdist
