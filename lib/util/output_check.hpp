// Output paths checked before any work, so that a long run never ends in
// "cannot write": each output's directory exists and is writable, no output
// is a directory, none is the same file (device + inode, through symlinks and
// hard links) as an input, and no two outputs name the same file.
#pragma once
#include <string>
#include <vector>

namespace gdist {

struct NamedPath {
  std::string what;  // how messages name it: "OUT", "--per-vertex", ...
  std::string path;  // empty: not given (skipped)
};

void CheckOutputPaths(const std::vector<NamedPath>& outputs,
                      const std::vector<NamedPath>& inputs);  // throws gdist::Error

}  // namespace gdist
