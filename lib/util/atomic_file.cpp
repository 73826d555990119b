#include "lib/util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "lib/util/error.hpp"
#include "lib/util/temp_file_registry.hpp"

namespace gdist {

std::string DirName(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

namespace {

OutputGroup* g_current_group = nullptr;

std::string Reason() { return std::strerror(errno); }

mode_t CurrentUmask() {
  const mode_t old = umask(0);
  umask(old);
  return old;
}

void FsyncOrThrow(int fd, const std::string& path) {
  if (fsync(fd) != 0) throw Error(path + ": fsync failed: " + Reason());
}

}  // namespace

std::string ResolveOutputPath(const std::string& path) {
  std::string p = path;
  for (int depth = 0; depth < 40; ++depth) {
    struct stat st;
    if (lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::string target(static_cast<std::size_t>(st.st_size > 0 ? st.st_size : 4096) + 1, '\0');
    const ssize_t len = readlink(p.c_str(), target.data(), target.size());
    if (len < 0) throw Error(path + ": cannot read the symbolic link: " + Reason());
    target.resize(static_cast<std::size_t>(len));
    p = (!target.empty() && target[0] == '/') ? target : DirName(p) + "/" + target;
  }
  throw Error(path + ": too many levels of symbolic links");
}

bool IsStdoutPath(const std::string& path) {
  if (path == "-") return true;
  struct stat out, st;
  if (fstat(STDOUT_FILENO, &out) != 0 || stat(path.c_str(), &st) != 0) return false;
  return out.st_dev == st.st_dev && out.st_ino == st.st_ino;
}

std::string TempFolder() {
  const char* env = std::getenv("TMPDIR");
  return env == nullptr || *env == '\0' ? "/tmp" : env;
}

void RefuseWriteProtected(const std::string& shown, const std::string& target, unsigned mode) {
  if (access(target.c_str(), W_OK) == 0 || errno != EACCES) return;  // EROFS and others: the write says why
  char octal[8];
  std::snprintf(octal, sizeof octal, "%04o", mode & 07777);
  throw Error(shown + ": is write-protected (mode " + octal +
              ") and would be replaced; expected an output this user may overwrite (chmod u+w, or remove it first)");
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  if (IsStdoutPath(path_)) {
    kind_ = Kind::kStdout;
    fd_ = STDOUT_FILENO;
    return;
  }
  final_path_ = ResolveOutputPath(path_);
  struct stat st;
  const bool exists = stat(final_path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) throw Error(path_ + ": is a directory, not an output file");
  if (exists && !S_ISREG(st.st_mode)) {
    // A device node, FIFO or socket: written where it is, never replaced.
    kind_ = Kind::kInPlace;
    do fd_ = open(final_path_.c_str(), O_WRONLY | O_CLOEXEC);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) throw Error(path_ + ": cannot open the output for writing: " + Reason());
    return;
  }
  if (exists) RefuseWriteProtected(path_, final_path_, st.st_mode);
  temp_path_ = final_path_ + ".tmp-XXXXXX";
  fd_ = mkostemp(temp_path_.data(), O_CLOEXEC);
  if (fd_ < 0) throw Error(path_ + ": cannot create output file: " + Reason());
  try {
    registry_slot_ = RegisterTempFile(temp_path_);
  } catch (...) {
    close(fd_);
    unlink(temp_path_.c_str());
    throw;
  }
  if (exists) {
    if (fchown(fd_, st.st_uid, st.st_gid) != 0) { /* not ours to give away: keep our own */
    }
    fchmod(fd_, st.st_mode & 07777);
  } else {
    fchmod(fd_, 0666 & ~CurrentUmask());
  }
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0 && kind_ != Kind::kStdout) close(fd_);
  if (kind_ == Kind::kReplace && !committed_) {
    unlink(temp_path_.c_str());
    UnregisterTempFile(registry_slot_);
  }
}

// Large outputs are written in pieces, each handed to the disk at once
// (sync_file_range): the disk then works while the next piece is copied,
// instead of all of it waiting for the fsync in Commit().
void AtomicFile::Write(const void* data, std::size_t bytes) {
  constexpr std::size_t kPiece = 64u << 20;
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    ssize_t w = ::write(fd_, p, std::min(bytes, kPiece));
    if (w < 0) {
      if (errno == EINTR) continue;
      throw Error(path_ + ": write failed: " + Reason());
    }
    if (kind_ == Kind::kReplace)  // a hint: errors surface at fsync
      sync_file_range(fd_, static_cast<off_t>(written_), w, SYNC_FILE_RANGE_WRITE);
    written_ += static_cast<std::size_t>(w);
    if (bar_) bar_->Add(static_cast<std::uint64_t>(w));
    p += w;
    bytes -= static_cast<std::size_t>(w);
  }
}

void AtomicFile::ShowProgress(std::uint64_t bytes, bool exact) {
  if (!ProgressEnabled() || bytes < kWriteBarBytes || bar_) return;
  const std::string name = path_.substr(path_.find_last_of('/') + 1);
  bar_ = std::make_unique<ProgressBar>("writing " + name, exact ? bytes : 0, "B");
}

void AtomicFile::Commit() {
  if (kind_ == Kind::kStdout) {
    committed_ = true;
    return;
  }
  if (kind_ == Kind::kInPlace) {
    // Pipes, terminals and most devices cannot fsync (EINVAL): their data is delivered already.
    if (fsync(fd_) != 0 && errno != EINVAL && errno != EROFS) throw Error(path_ + ": fsync failed: " + Reason());
    const int fd = fd_;
    fd_ = -1;
    if (close(fd) != 0) throw Error(path_ + ": close failed: " + Reason());
    committed_ = true;
    return;
  }
  FsyncOrThrow(fd_, path_);
  const int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) throw Error(path_ + ": close failed: " + Reason());
  if (g_current_group) {
    // The group renames it with the others, or removes it.
    g_current_group->temps_.push_back(temp_path_);
    g_current_group->finals_.push_back(final_path_);
    g_current_group->slots_.push_back(registry_slot_);
    committed_ = true;
    return;
  }
  if (std::rename(temp_path_.c_str(), final_path_.c_str()) != 0)
    throw Error(path_ + ": cannot rename the finished output into place: " + Reason());
  UnregisterTempFile(registry_slot_);
  committed_ = true;
}

OutputGroup::OutputGroup() : outer_(g_current_group) { g_current_group = this; }

OutputGroup::~OutputGroup() {
  for (std::size_t i = 0; i < temps_.size(); ++i) {
    unlink(temps_[i].c_str());
    UnregisterTempFile(slots_[i]);
  }
  g_current_group = outer_;
}

// Every temporary is complete and on disk before the first rename: what is
// left that can fail (a rename in a directory we already wrote in) is rare.
void OutputGroup::CommitAll() {
  for (std::size_t i = 0; i < temps_.size(); ++i) {
    if (std::rename(temps_[i].c_str(), finals_[i].c_str()) != 0)
      throw Error(finals_[i] + ": cannot rename the finished output into place: " + Reason());
    UnregisterTempFile(slots_[i]);
    slots_[i] = -1;
    temps_[i].clear();
  }
  temps_.clear();
  finals_.clear();
  slots_.clear();
}

void WriteTextFile(const std::string& path, const std::string& text) {
  AtomicFile out(path);
  out.Write(text.data(), text.size());
  out.Commit();
}

}  // namespace gdist
