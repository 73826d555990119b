// Small helpers every text reader uses to split and convert fields. They work
// on string_views into the reader's line buffer, so parsing a line allocates
// nothing (the readers must sustain > 100 MB/s of text).
#pragma once
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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

inline std::string_view TrimBlanks(std::string_view s) {
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsBlank(s.back())) s.remove_suffix(1);
  return s;
}

// True when the line holds nothing but spaces and tabs.
inline bool IsBlankLine(std::string_view s) { return TrimBlanks(s).empty(); }

// Splits a line into at most max_fields fields and returns how many it found
// (max_fields + 1 means "more than max_fields"). A line containing a comma is
// CSV (fields separated by commas, blanks around them trimmed); otherwise
// fields are separated by runs of spaces and tabs. Decided per line, so a file
// may mix both, as hand-edited files do.
inline std::size_t SplitFields(std::string_view line, std::string_view* fields, std::size_t max_fields) {
  std::size_t count = 0;
  if (line.find(',') != std::string_view::npos) {
    // "1,2," ends with a terminator rather than an empty last field.
    line = TrimBlanks(line);
    if (!line.empty() && line.back() == ',') line.remove_suffix(1);
    for (;;) {
      std::size_t comma = line.find(',');
      std::string_view f = TrimBlanks(line.substr(0, comma));
      if (count == max_fields) return max_fields + 1;
      fields[count++] = f;
      if (comma == std::string_view::npos) break;
      line.remove_prefix(comma + 1);
    }
    return count;
  }
  for (;;) {
    std::string_view tok = NextToken(&line);
    if (tok.empty()) return count;
    if (count == max_fields) return max_fields + 1;
    fields[count++] = tok;
  }
}

inline bool ParseInt(std::string_view tok, std::int64_t* v) {
  if (!tok.empty() && tok.front() == '+') tok.remove_prefix(1);
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *v);
  return !tok.empty() && ec == std::errc() && p == tok.data() + tok.size();
}

inline bool ParseDouble(std::string_view tok, double* v) {
  if (!tok.empty() && tok.front() == '+') tok.remove_prefix(1);
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), *v);
  return !tok.empty() && ec == std::errc() && p == tok.data() + tok.size();
}

// A weight: an integer (the common case, parsed exactly) or a finite real.
// Rejects nan and inf, which from_chars would accept.
inline bool ParseWeight(std::string_view tok, double* w) {
  std::int64_t i;
  if (ParseInt(tok, &i)) {
    *w = static_cast<double>(i);
    return true;
  }
  double d;
  if (!ParseDouble(tok, &d) || d != d || d - d != 0) return false;
  *w = d;
  return true;
}

// Quotes a token for an error message, shortened so that a binary line cannot
// flood the terminal.
inline std::string Quoted(std::string_view tok) {
  std::string out = "'";
  for (char c : tok.substr(0, 40)) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  if (tok.size() > 40) out += "...";
  return out + "'";
}

}  // namespace gdist
