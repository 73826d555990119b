// A minimal streaming JSON writer for the apps' --json output. Written here
// rather than taking a JSON library because we only ever emit flat documents
// of numbers, strings and arrays; nothing in gdist parses JSON.
#pragma once
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace gdist {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  JsonWriter& BeginObject() { Sep(); out_ << '{'; first_.push_back(true); return *this; }
  JsonWriter& EndObject() { first_.pop_back(); out_ << '}'; return *this; }
  JsonWriter& BeginArray() { Sep(); out_ << '['; first_.push_back(true); return *this; }
  JsonWriter& EndArray() { first_.pop_back(); out_ << ']'; return *this; }
  JsonWriter& Key(std::string_view k) {
    Sep();
    String(k);
    out_ << ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& Null() { Sep(); out_ << "null"; return *this; }
  JsonWriter& Bool(bool b) { Sep(); out_ << (b ? "true" : "false"); return *this; }
  // Whole numbers print without a fraction; non-finite values print null.
  JsonWriter& Number(double v) {
    Sep();
    if (!std::isfinite(v)) {
      out_ << "null";
    } else if (v == std::floor(v) && std::fabs(v) < 9.007199254740992e15) {
      out_ << static_cast<long long>(v);
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.9g", v);
      out_ << buf;
    }
    return *this;
  }
  JsonWriter& Str(std::string_view s) { Sep(); String(s); return *this; }
  // A raw token the caller has already formatted (a label printed as a number).
  JsonWriter& Raw(std::string_view token) { Sep(); out_ << token; return *this; }

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

}  // namespace gdist
