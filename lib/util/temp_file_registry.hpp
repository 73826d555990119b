// Temporary output files that a fatal signal must not leave behind.
// AtomicFile registers each temporary it creates and unregisters it once it is
// renamed or removed; the handler installed by InstallCleanupSignalHandlers()
// unlinks every registered path (only async-signal-safe calls), restores the
// default action and re-raises the signal, so the exit status is the usual
// 128 + signal (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP, 141 for SIGPIPE).
#pragma once
#include <string>

namespace gdist {

// Returns a slot id; throws gdist::Error when the (generous) table is full.
int RegisterTempFile(const std::string& path);
void UnregisterTempFile(int slot);

// SIGINT, SIGTERM, SIGHUP, SIGPIPE. Called once by every app's main wrapper.
void InstallCleanupSignalHandlers();

}  // namespace gdist
