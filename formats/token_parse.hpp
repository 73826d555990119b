// Small helpers every text reader uses to split and convert fields.
#pragma once
#include <charconv>
#include <cstdint>
#include <string_view>

namespace gdist {

// Next whitespace-separated token of *s (spaces, tabs), advancing *s past it.
inline std::string_view NextToken(std::string_view* s) {
  std::size_t i = 0;
  while (i < s->size() && ((*s)[i] == ' ' || (*s)[i] == '\t')) ++i;
  std::size_t j = i;
  while (j < s->size() && (*s)[j] != ' ' && (*s)[j] != '\t') ++j;
  std::string_view tok = s->substr(i, j - i);
  s->remove_prefix(j);
  return tok;
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

}  // namespace gdist
