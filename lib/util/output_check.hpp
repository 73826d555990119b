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

// stdout holds one thing: at most one output may name it ('-', /dev/stdout),
// and none when `report` (how messages name it, e.g. "the --json report")
// already owns it; two streams there would leave neither readable.
void CheckOneOutputOnStdout(const std::vector<NamedPath>& outputs, const std::string& report = "");

}  // namespace gdist
