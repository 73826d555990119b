// What an all-pairs run (run_apsp.hpp) reports: the --json object on stdout
// (its keys are a contract, docs/CLI.md) and the summary line on stderr, which
// the app prints after its own name (gapsp: 1000 vertices, ...).
#pragma once
#include <ostream>
#include <string>

#include "lib/pipeline/run_apsp.hpp"

namespace gdist {

// One JSON object and a newline.
void WriteApspJson(std::ostream& out, const ApspRunResult& r);

// "1000 vertices, algorithm fw (...), backend cpu (...), ...; read 0.001 s, ..." (no newline).
std::string ApspSummaryLine(const ApspRunResult& r);

}  // namespace gdist
