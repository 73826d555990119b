// Shared main() wrapper: runs the app body, maps errors to exit codes and
// prints "tool: message" on stderr (docs/CLI.md). It owns the flags every app
// has: --version, --timings, -q/--quiet and --progress.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>

#include "apps/common/version_flag.hpp"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"
#include "lib/util/progress.hpp"
#include "lib/util/temp_file_registry.hpp"

namespace gdist {

inline int RunApp(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  AddVersionFlag(app);
  InstallCleanupSignalHandlers();
  bool timings = false, quiet = false, progress = false;
  app.add_flag("--timings", timings, "print the time of each engine step on stderr (diagnosis)");
  auto* quiet_flag = app.add_flag("-q,--quiet", quiet, "print nothing on stderr but errors (no progress, no notes)");
  app.add_flag(
         "--progress", progress,
         "draw progress bars on stderr even when it is not a terminal, and the memory and time line before "
         "any APSP or tree run (default: on a terminal, bars for tasks over half a second, the line for runs estimated "
         "at 2 s or more)")
      ->excludes(quiet_flag);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << app.get_name() << ": " << e.what() << "\n"
              << app.get_name() << ": run '" << app.get_name() << " --help' for the options\n";
    return kExitInputError;
  }
  EnableStepTimings(timings);
  SetQuiet(quiet);
  SetProgressMode(quiet ? ProgressMode::kNever : progress ? ProgressMode::kAlways : ProgressMode::kAuto);
  try {
    return body();
  } catch (const Error& e) {
    std::cerr << app.get_name() << ": " << e.what() << "\n";
    return kExitInputError;
  } catch (const std::filesystem::filesystem_error& e) {
    // The machine's files (a missing TMPDIR, a full disk): the environment's, not ours.
    std::cerr << app.get_name() << ": " << e.what() << "\n";
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::cerr << app.get_name() << ": out of memory\n";
    return kExitOutOfMemory;
  } catch (const std::exception& e) {
    std::cerr << app.get_name() << ": internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace gdist
