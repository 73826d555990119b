// Shared main() wrapper: runs the app body, maps errors to exit codes and
// prints "tool: message" on stderr (docs/CLI.md). It owns the flags every app
// has: --version, --timings, -q/--quiet and --progress.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>

#include "apps/common/cli_messages.hpp"
#include "apps/common/cli_option_spelling.hpp"
#include "apps/common/flag_checks.hpp"
#include "apps/common/version_flag.hpp"
#include "lib/util/error.hpp"
#include "lib/util/phase_timer.hpp"
#include "lib/util/progress.hpp"
#include "lib/util/temp_file_registry.hpp"
#include "lib/util/terminal_text.hpp"
#include "lib/util/thread_start.hpp"

namespace gdist {

// The threads of the run: -j, else OMP_NUM_THREADS, else every core; checked
// once before any work, so that a count the machine cannot start ends in a
// clear message (libgomp would end the run mid-way with "Thread creation
// failed"), and set as OpenMP's default. Returns an error message, or "".
inline std::string SetUpThreads(const CLI::App& app) {
  long want = 0;
  std::string source = "--threads";
  if (const CLI::Option* j = app.get_option_no_throw("--threads"); j != nullptr && j->count() > 0)
    want = std::stol(j->as<std::string>());  // ThreadCount() has checked it
  if (want == 0) {
    want = DefaultThreads();
    const char* env = std::getenv("OMP_NUM_THREADS");
    const bool from_env = env != nullptr && *env != '\0';
    source = from_env ? "OMP_NUM_THREADS" : "this machine's cores";
    if (want > kMaxThreads && !from_env) want = kMaxThreads;  // a machine past 1024 cores: use 1024
    if (want > kMaxThreads)
      return source + ": expected 1 to " + std::to_string(kMaxThreads) + " threads, got " + std::to_string(want) +
             " (set it lower or pass -j)";
  }
  const std::size_t started = StartableThreads(static_cast<std::size_t>(want));
  if (started < static_cast<std::size_t>(want))
    return source + ": " + std::to_string(want) + " threads asked for, but only " + std::to_string(started) +
           " could be started here (a process or user thread limit); pass -j " + std::to_string(started) + " or fewer";
  UseThreads(static_cast<int>(want));
  return {};
}

inline int RunApp(CLI::App& app, int argc, char** argv, const std::function<int()>& body) {
  AddVersionFlag(app);
  InstallCleanupSignalHandlers();
  InstallCliOptionSpelling(app.get_name());
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
    std::cerr << app.get_name() << ": " << TerminalText(CliErrorText(app, e, argc, argv)) << "\n"
              << app.get_name() << ": run '" << app.get_name() << " --help' for the options\n";
    return kExitInputError;
  }
  if (const std::string why = SetUpThreads(app); !why.empty()) {
    std::cerr << app.get_name() << ": " << TerminalText(why) << "\n";
    return kExitInputError;
  }
  EnableStepTimings(timings);
  SetQuiet(quiet);
  SetProgressMode(quiet ? ProgressMode::kNever : progress ? ProgressMode::kAlways : ProgressMode::kAuto);
  try {
    return body();
  } catch (const Error& e) {
    std::cerr << app.get_name() << ": " << TerminalText(e.what()) << "\n";
    return kExitInputError;
  } catch (const std::filesystem::filesystem_error& e) {
    // The machine's files (a missing TMPDIR, a full disk): the environment's, not ours.
    std::cerr << app.get_name() << ": " << TerminalText(e.what()) << "\n";
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::cerr << app.get_name() << ": out of memory\n";
    return kExitOutOfMemory;
  } catch (const std::exception& e) {
    std::cerr << app.get_name() << ": internal error: " << TerminalText(e.what()) << "\n";
    return kExitInternal;
  }
}

}  // namespace gdist
