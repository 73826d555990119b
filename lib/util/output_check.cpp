#include "lib/util/output_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"

namespace gdist {

namespace {

bool SameFile(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

}  // namespace

void CheckOneOutputOnStdout(const std::vector<NamedPath>& outputs, const std::string& report) {
  const NamedPath* first = nullptr;
  for (const NamedPath& out : outputs) {
    if (out.path.empty() || !IsStdoutPath(out.path)) continue;
    const std::string owner = !report.empty() ? report : first ? first->what + " " + first->path : "";
    if (!owner.empty())
      throw Error(out.what + " " + out.path + ": stdout carries " + owner +
                  "; expected a file name (stdout holds one output)");
    first = &out;
  }
}

void CheckOutputPaths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  std::vector<std::pair<const NamedPath*, struct stat>> seen;  // outputs that exist
  for (const NamedPath& out : outputs) {
    if (out.path.empty()) continue;
    const std::string who = out.path + " (" + out.what + ")";
    if (IsStdoutPath(out.path)) continue;
    const std::string target = ResolveOutputPath(out.path);
    struct stat st;
    if (stat(target.c_str(), &st) == 0) {
      if (S_ISDIR(st.st_mode)) throw Error(who + ": is a directory, expected an output file name");
      for (const NamedPath& in : inputs) {
        struct stat is;
        if (in.path.empty() || in.path == "-" || stat(in.path.c_str(), &is) != 0) continue;
        if (SameFile(st, is))
          throw Error(who + ": is the same file as the input " + in.path + " (" + in.what +
                      "); expected a different output file");
      }
      for (const auto& [other, os] : seen)
        if (SameFile(st, os))
          throw Error(who + ": is the same file as " + other->path + " (" + other->what +
                      "); expected a different file for each output");
      seen.push_back({&out, st});
      if (!S_ISREG(st.st_mode)) continue;  // written in place
      RefuseWriteProtected(who, target, st.st_mode);
    } else if (errno != ENOENT) {
      throw Error(who + ": cannot use as output: " + std::strerror(errno));
    } else {
      for (const NamedPath& prev : outputs) {
        if (&prev == &out) break;
        if (!prev.path.empty() && !IsStdoutPath(prev.path) && ResolveOutputPath(prev.path) == target)
          throw Error(who + ": is the same file as " + prev.path + " (" + prev.what +
                      "); expected a different file for each output");
      }
    }
    const std::string dir = DirName(target);
    struct stat ds;
    if (stat(dir.c_str(), &ds) != 0 || !S_ISDIR(ds.st_mode))
      throw Error(who + ": the folder " + dir + " does not exist");
    if (access(dir.c_str(), W_OK | X_OK) != 0)
      throw Error(who + ": cannot create files in " + dir + ": " + std::strerror(errno));
  }
}

}  // namespace gdist
