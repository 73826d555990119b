// gapsp --sources FILE: the vertices whose rows to write, one label per line
// (the input's labels; the whole line, surrounding blanks trimmed). Blank lines
// and lines starting with '#' are skipped. An unknown label or a label listed
// twice is an error naming FILE:LINE; so is a file that lists no vertex.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lib/core/vertex_labels.hpp"

namespace gdist {

// How many labels FILE lists (before they are resolved): the run's plan
// counts the rows with it before the graph is read.
std::size_t CountSourcesFileLines(const std::string& path);

// 0-based vertex indices in the order listed.
std::vector<std::uint32_t> ReadSourcesFile(const std::string& path, const VertexLabels& labels);

}  // namespace gdist
