// Small helpers every text reader uses to split and convert fields. They work
// on string_views into the reader's line buffer, so parsing a line allocates
// nothing (the readers must sustain > 100 MB/s of text).
#pragma once
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/core/decimal_scale.hpp"
#include "lib/core/weight.hpp"
#include "lib/util/error.hpp"

namespace gdist {

inline bool IsBlank(char c) { return c == ' ' || c == '\t'; }

// Next whitespace-separated token of *s (spaces, tabs), advancing *s past it.
inline std::string_view NextToken(std::string_view* s) {
  std::size_t i = 0;
  while (i < s->size() && IsBlank((*s)[i])) ++i;
  std::size_t j = i;
  while (j < s->size() && !IsBlank((*s)[j])) ++j;
  std::string_view tok = s->substr(i, j - i);
  s->remove_prefix(j);
  return tok;
}

// ASCII lower case (format names, headers, banners; labels keep their case).
inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

inline std::string_view TrimBlanks(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

// True when the line holds nothing but spaces and tabs.
inline bool IsBlankLine(std::string_view s) { return TrimBlanks(s).empty(); }

inline bool ParseDouble(std::string_view tok, double* v);

// What SplitFields returns for a quoted field without its closing quote, or
// with text between its closing quote and the next separator.
inline constexpr std::size_t kBadQuote = static_cast<std::size_t>(-1);

namespace detail {

// One field starting at *s (blanks before it skipped), up to the separator
// `sep` (a blank run when sep is ' '). A field that starts with '"' is quoted
// (RFC 4180): it runs to the closing quote, "" inside stands for one quote,
// and separators inside are text. Returns false for an unterminated quote or
// text after the closing quote.
// Unquoting a field with "" writes it to *scratch, reserved by the caller so
// that earlier fields stay valid.
inline bool NextField(std::string_view* s, char sep, std::string* scratch, std::string_view* field) {
  auto is_sep = [sep](char c) { return sep == ' ' ? IsBlank(c) : c == sep; };
  std::size_t i = 0;  // blanks before the field, but never a tab that separates
  while (i < s->size() && IsBlank((*s)[i]) && !(sep == '\t' && (*s)[i] == '\t')) ++i;
  if (i < s->size() && (*s)[i] == '"') {
    std::size_t j = i + 1;
    bool doubled = false;
    for (;; ++j) {
      if (j >= s->size()) return false;
      if ((*s)[j] != '"') continue;
      if (j + 1 < s->size() && (*s)[j + 1] == '"') {
        doubled = true;
        ++j;
        continue;
      }
      break;
    }
    std::string_view inner = s->substr(i + 1, j - i - 1);
    if (doubled) {
      const std::size_t at = scratch->size();
      for (std::size_t k = 0; k < inner.size(); ++k) {
        scratch->push_back(inner[k]);
        if (inner[k] == '"') ++k;  // "" -> "
      }
      inner = std::string_view(scratch->data() + at, scratch->size() - at);
    }
    *field = inner;
    std::size_t k = j + 1;  // past the closing quote: blanks, then the separator or the end
    while (k < s->size() && !is_sep((*s)[k]) && IsBlank((*s)[k])) ++k;
    if (k < s->size() && !is_sep((*s)[k])) return false;
    s->remove_prefix(k);
    return true;
  }
  std::size_t j = i;
  while (j < s->size() && !is_sep((*s)[j])) ++j;
  *field = TrimBlanks(s->substr(i, j - i));
  s->remove_prefix(j);
  return true;
}

// True when a tab-separated line holds a field with inner spaces that is not
// just numbers ("New York" but not "2   4"): then only tabs separate.
inline bool TabsSeparateNames(std::string_view line) {
  if (line.find('\t') == std::string_view::npos) return false;
  for (;;) {
    const std::size_t tab = line.find('\t');
    std::string_view f = TrimBlanks(line.substr(0, tab));
    if (!f.empty() && f.front() != '"' && f.find(' ') != std::string_view::npos) {
      for (std::string_view rest = f;;) {
        std::string_view tok = NextToken(&rest);
        if (tok.empty()) break;
        double v;
        if (!ParseDouble(tok, &v)) return true;
      }
    }
    if (tab == std::string_view::npos) return false;
    line.remove_prefix(tab + 1);
  }
}

}  // namespace detail

// Splits a line into at most max_fields fields and returns how many it found
// (max_fields + 1 means "more than max_fields"; kBadQuote: a quoted
// field never closes). A line containing a comma is CSV (fields separated by
// commas, blanks around them trimmed); a line with tabs whose fields hold
// names with spaces is TSV (only tabs separate: "New York<TAB>Boston<TAB>5");
// otherwise fields are separated by runs of spaces and tabs. Decided per
// line, so a file may mix them, as hand-edited files do. In every case a field
// may be quoted as RFC 4180 says ("a, ""b""" is the text a, "b"). Fields view
// the line, or a per-thread buffer for unquoted text, valid until the next
// call on the same thread.
namespace detail {

// SplitFields' rules, handing each field to emit(field) (false: stop, "too
// many"). Returns false for a bad quote. A table keeps empty cells: "1,2,"
// has an empty third field (an edge list reads a terminator), and any tab
// separates ("<TAB>A<TAB>B" starts with an empty corner cell).
template <class Emit> bool SplitFieldsWith(std::string_view line, bool table, Emit&& emit) {
  thread_local std::string scratch;
  scratch.clear();
  scratch.reserve(line.size());  // unquoted text is never longer than the line: no reallocation
  // A comma makes the line CSV unless it sits inside quotes ("New, York" Boston is not CSV).
  bool csv = line.find(',') != std::string_view::npos;
  if (csv && line.find('"') != std::string_view::npos) {
    csv = false;
    for (std::size_t i = 0, in_quote = 0; i < line.size() && !csv; ++i) {
      if (line[i] == '"') in_quote ^= 1;
      else if (line[i] == ',' && !in_quote) csv = true;
    }
  }
  if (csv) {
    line = TrimBlanks(line);
    if (!table && !line.empty() && line.back() == ',') line.remove_suffix(1);
    for (;;) {
      std::string_view f;
      if (!NextField(&line, ',', &scratch, &f)) return false;
      if (!emit(f)) return true;
      if (line.empty()) return true;
      line.remove_prefix(1);  // the comma
    }
  }
  const bool tabs = table ? line.find('\t') != std::string_view::npos : TabsSeparateNames(line);
  const char sep = tabs ? '\t' : ' ';
  if (tabs) {  // spaces around the row go, tabs stay: they delimit (empty) cells
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  } else {
    line = TrimBlanks(line);
  }
  while (!line.empty()) {
    std::string_view f;
    if (!NextField(&line, sep, &scratch, &f)) return false;
    if (!emit(f)) return true;
    if (!line.empty()) line.remove_prefix(1);  // the separator (blank runs are skipped by NextField)
  }
  return true;
}

}  // namespace detail

inline std::size_t SplitFields(std::string_view line, std::string_view* fields, std::size_t max_fields) {
  std::size_t count = 0;
  const bool ok = detail::SplitFieldsWith(line, false, [&](std::string_view f) {
    if (count == max_fields) {
      count = max_fields + 1;
      return false;
    }
    fields[count++] = f;
    return true;
  });
  return ok ? count : kBadQuote;
}

// Every field of a table row (the same rules, but a trailing comma ends an
// empty last cell and a tab always separates), into *fields. False for a bad
// quote.
inline bool SplitAllFields(std::string_view line, std::vector<std::string_view>* fields) {
  fields->clear();
  return detail::SplitFieldsWith(line, true, [&](std::string_view f) {
    fields->push_back(f);
    return true;
  });
}

inline bool ParseInt(std::string_view tok, std::int64_t* v) {
  if (!tok.empty() && tok.front() == '+') tok.remove_prefix(1);
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *v);
  return !tok.empty() && ec == std::errc() && p == tok.data() + tok.size();
}

// An id that is an integer spelled one way only: an optional '-', then 0 or
// digits without a leading zero (no '+', no "-0"). "007" and "+7" are not:
// they are labels of their own (zip codes), not the vertex 7.
inline bool ParseCanonicalInt(std::string_view tok, std::int64_t* v) {
  const std::string_view digits = !tok.empty() && tok.front() == '-' ? tok.substr(1) : tok;
  if (digits.empty() || (digits.front() == '0' && (digits.size() > 1 || digits.size() != tok.size()))) return false;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *v);
  return ec == std::errc() && p == tok.data() + tok.size();
}

inline bool ParseDouble(std::string_view tok, double* v) {
  if (!tok.empty() && tok.front() == '+') tok.remove_prefix(1);
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *v);
  return !tok.empty() && ec == std::errc() && p == tok.data() + tok.size();
}

// True when float32 keeps every digit of `tok`: the shortest float32 text of
// the value reads back (as a double) the same as the text itself did. So 0.1
// and 1.5 stay float32, 16777217 or 0.123456789 need float64.
inline bool Float32KeepsDigits(std::string_view tok, double v) {
  std::size_t digits = 0;
  bool exponent = false;
  for (char c : tok) {
    if (c >= '0' && c <= '9') digits += (digits > 0 || c != '0');
    exponent |= c == 'e' || c == 'E';
  }
  if (digits <= 6 && !exponent) return true;  // FLT_DIG: any 6 significant digits survive
  const float f = static_cast<float>(v);
  if (f - f != 0 || (f == 0 && v != 0)) return false;  // overflow or underflow
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, f);
  double back;
  auto [p, ec2] = std::from_chars(buf, end, back);
  return ec == std::errc() && ec2 == std::errc() && back == v;
}

// The fractional digits of a plain decimal literal ("0.1": 1, ".25": 2,
// "3.50": 1, trailing zeros dropped), -1 for anything else (an exponent, more
// than kMaxDecimalDigits digits). tok is a number from_chars accepted, without '+'.
inline int DecimalDigits(std::string_view tok) {
  const std::size_t point = tok.find('.');
  for (char c : tok)
    if (c != '-' && c != '.' && (c < '0' || c > '9')) return -1;  // e/E: an exponent form
  if (point == std::string_view::npos) return 0;
  std::string_view frac = tok.substr(point + 1);
  while (!frac.empty() && frac.back() == '0') frac.remove_suffix(1);
  return frac.size() <= static_cast<std::size_t>(kMaxDecimalDigits) ? static_cast<int>(frac.size()) : -1;
}

enum class WeightStatus { kOk, kNotANumber, kTooLarge };

// Integers parse exactly (int64, never through a double); reals must be
// finite (nan and inf, which from_chars accepts, are refused).
inline WeightStatus ParseWeight(std::string_view tok, Weight* w) {
  if (!tok.empty() && tok.front() == '+') tok.remove_prefix(1);
  if (tok.empty()) return WeightStatus::kNotANumber;
  std::int64_t i;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), i);
  if (p == tok.data() + tok.size()) {
    if (ec == std::errc::result_out_of_range || i > kMaxIntegerWeight || i < -kMaxIntegerWeight)
      return WeightStatus::kTooLarge;
    if (ec != std::errc()) return WeightStatus::kNotANumber;
    const bool small = i <= (1 << 24) && i >= -(1 << 24);  // float32 holds every such integer
    *w = Weight{static_cast<double>(i), i, true, small || Float32KeepsDigits(tok, static_cast<double>(i))};
    return WeightStatus::kOk;
  }
  double d;
  auto [q, ec2] = std::from_chars(tok.data(), tok.data() + tok.size(), d);
  if (q != tok.data() + tok.size()) return WeightStatus::kNotANumber;
  if (ec2 == std::errc::result_out_of_range) return WeightStatus::kTooLarge;
  if (ec2 != std::errc() || d != d || d - d != 0) return WeightStatus::kNotANumber;
  const bool whole = std::fabs(d) <= kTwoTo53 && d == std::floor(d);
  *w = Weight{d, whole ? static_cast<std::int64_t>(d) : 0, whole, Float32KeepsDigits(tok, d),
              whole ? 0 : DecimalDigits(tok)};
  return WeightStatus::kOk;
}

// Quotes a token for an error message, shortened so that a binary line cannot
// flood the terminal.
inline std::string Quoted(std::string_view tok) {
  std::string out = "'";
  for (char c : tok.substr(0, 40)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  if (tok.size() > 40) return out + "...' (" + std::to_string(tok.size()) + " bytes)";  // never a 70 MB label
  return out + "'";
}

}  // namespace gdist

namespace gdist {

inline std::string TooLargeWeightMessage(std::string_view tok) {
  return "weight " + Quoted(tok) +
         " is out of range: integers must lie within +-4611686018427387902 (2^62-2, below int64's INF) and "
         "reals within float64's range; write a large integer as a real (e.g. 1e+20) to store it as float64";
}

// ParseWeight for the text readers: false when tok is not a number (the caller
// names what it expected), a "file:line:" error when it is out of range.
inline bool ParseWeightAt(std::string_view tok, Weight* w, const std::string& path, std::size_t line) {
  const WeightStatus s = ParseWeight(tok, w);
  if (s == WeightStatus::kTooLarge) throw ParseError(path, line, TooLargeWeightMessage(tok));
  return s == WeightStatus::kOk;
}

}  // namespace gdist
