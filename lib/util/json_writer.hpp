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
  void String(std::string_view s) {
    out_ << '"';
    for (char c : s) {
      switch (c) {
        case '"': out_ << "\\\""; break;
        case '\\': out_ << "\\\\"; break;
        case '\n': out_ << "\\n"; break;
        case '\t': out_ << "\\t"; break;
        case '\r': out_ << "\\r"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
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
