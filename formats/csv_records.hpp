// The records of a CSV/TSV table (cost matrices, places): blank lines and
// '#' comments skipped, each other line split into its fields, quotes kept
// whole; an unterminated quote is an error at its line.
#pragma once
#include <string_view>
#include <vector>

#include "formats/input_file.hpp"
#include "formats/token_parse.hpp"
#include "lib/util/error.hpp"

namespace gdist {

// The next record's fields (views into the line), false at the end of the file.
inline bool NextCsvRecord(InputFile& in, std::vector<std::string_view>* fields) {
  std::string_view line;
  while (in.NextLine(&line)) {
    const std::string_view t = TrimBlanks(line);
    if (t.empty() || t.front() == '#') continue;
    if (!SplitAllFields(line, fields))
      throw ParseError(in.path(), in.line_number(),
                       "expected a quoted field to end with '\"' before the next separator");
    return true;
  }
  return false;
}

}  // namespace gdist
