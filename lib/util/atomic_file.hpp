// Writes a file under a temporary name in the same directory and renames it
// into place only when Commit() succeeds; the destructor removes the temporary
// otherwise. Every output of every app goes through this.
#pragma once
#include <cstddef>
#include <string>

namespace gdist {

class AtomicFile {
 public:
  explicit AtomicFile(std::string final_path);  // throws gdist::Error
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  void Write(const void* data, std::size_t bytes);       // throws gdist::Error
  void Commit();                                         // fsync + rename
  int fd() const { return fd_; }

 private:
  std::string final_path_;
  std::string temp_path_;
  int fd_ = -1;
  std::size_t written_ = 0;  // bytes written by Write(), to start their writeback
  bool committed_ = false;
};

}  // namespace gdist
