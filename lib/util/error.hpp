// Error type shared by every layer. Library code throws gdist::Error with a
// message that already names the file and line where that makes sense; the apps
// catch it, print "tool: message" on stderr and exit with kExitInputError.
#pragma once
#include <stdexcept>
#include <string>

namespace gdist {

// Exit codes used by every app (ripgrep/hyperfine convention, see docs/CLI.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitCheckFailed = 1;  // a check the user asked for failed
inline constexpr int kExitInputError = 2;   // usage, input or environment error
inline constexpr int kExitOutOfMemory = 3;  // an allocation failed mid-run (the planned refusals exit 2)
inline constexpr int kExitInternal = 4;     // a failure that is ours, not the input's

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The GPU ran out of memory: the one GPU failure after which --backend auto
// may go on on the CPU (with a note). Every other GPU error propagates.
class GpuOutOfMemory : public Error {
 public:
  using Error::Error;
};

// "file:line: what" — the one format every parser error uses.
inline Error ParseError(const std::string& file, std::size_t line, const std::string& what) {
  return Error(file + ":" + std::to_string(line) + ": " + what);
}

}  // namespace gdist
