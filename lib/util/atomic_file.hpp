// Every output of every app goes through AtomicFile. What it does depends on
// what the path names (docs/RELIABILITY.md, "Outputs"):
//  - "-", or the file that is already this process's stdout (/dev/stdout,
//    /proc/self/fd/1, a shell redirection to the same file): written to fd 1 as
//    it comes;
//  - a device node, FIFO or socket: opened and written in place, never replaced;
//  - a regular file or a new name: written under a temporary name in the same
//    directory and renamed over it only on Commit(); a symlink is followed to
//    its final target, which is replaced (the link itself stays); an existing
//    file keeps its mode (and owner, when we may set it), a new one gets
//    0666 & ~umask. A hard-linked file is replaced at its path like rsync, sed -i
//    or sponge do: the other names keep the old content, and a reader never
//    sees a half-written file.
// The temporary is removed by the destructor when Commit() did not happen and
// by the signal handler (temp_file_registry.hpp) on SIGINT/SIGTERM/SIGHUP.
//
// OutputGroup: while one is alive, Commit() only finishes the data (fsync) and
// the renames wait for OutputGroup::CommitAll(); a command with several
// outputs thus writes all of them or none.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lib/util/progress.hpp"

namespace gdist {

// The folder part of a path: "." when it has none, "/" for a file in the root.
std::string DirName(const std::string& path);

class OutputGroup;

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // throws gdist::Error
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void Write(const void* data, std::size_t bytes);  // throws gdist::Error
  void Commit();                                    // fsync + rename (or hand over to the OutputGroup)
  // A bar of the bytes written ("writing NAME", lib/util/progress.hpp: a
  // terminal, or --progress) for an output of `bytes`, from kWriteBarBytes up
  // (smaller files are written before a bar would show). `exact` false: at
  // least `bytes` (text, CSV), counted without a total.
  void ShowProgress(std::uint64_t bytes, bool exact = true);
  static constexpr std::uint64_t kWriteBarBytes = std::uint64_t{64} << 20;
  int fd() const { return fd_; }

  enum class Kind { kStdout, kInPlace, kReplace };
  Kind kind() const { return kind_; }

 private:
  std::string path_;        // as the user gave it (messages)
  std::string final_path_;  // symlinks resolved: what the rename replaces
  std::string temp_path_;
  Kind kind_ = Kind::kReplace;
  int fd_ = -1;
  int registry_slot_ = -1;
  std::size_t written_ = 0;  // bytes written by Write(), to start their writeback
  bool committed_ = false;
  std::unique_ptr<ProgressBar> bar_;  // ShowProgress
};

class OutputGroup {
 public:
  OutputGroup();
  ~OutputGroup();  // outputs never committed: temporaries removed
  OutputGroup(const OutputGroup&) = delete;
  OutputGroup& operator=(const OutputGroup&) = delete;
  void CommitAll();  // throws gdist::Error

 private:
  friend class AtomicFile;
  std::vector<std::string> temps_;  // finished temporaries owned by the group
  std::vector<std::string> finals_;
  std::vector<int> slots_;
  OutputGroup* outer_ = nullptr;
};

// A whole text written through AtomicFile and committed: a report or a
// picture, all of it or (on an error) nothing.
void WriteTextFile(const std::string& path, const std::string& text);

// The path with every symlink followed (also a dangling one: its target's
// path); throws gdist::Error on a loop.
std::string ResolveOutputPath(const std::string& path);

// True for "-" and for a path naming the file that fd 1 already is.
bool IsStdoutPath(const std::string& path);

// The folder for temporary files that belong beside no output: $TMPDIR when
// set and not empty, else /tmp (POSIX). Not checked here: a run that never
// needs it must not fail on it, and one that does names the folder when it
// cannot create its file (std::filesystem::temp_directory_path threw
// "filesystem error" for a missing or empty TMPDIR even when nothing was needed).
std::string TempFolder();

// An existing regular output this user may not write (mode 0444, another
// user's file): replacing it by a rename would overwrite what the user could
// not (the folder's write permission allows the rename), so it is refused, as
// cp and shells' > refuse it. `shown` names it in the message. Root may write.
void RefuseWriteProtected(const std::string& shown, const std::string& target, unsigned mode);

}  // namespace gdist
