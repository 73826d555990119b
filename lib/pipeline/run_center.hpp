// The center run behind gcenter, callable without the app: metrics and
// facility siting on a distance matrix file (streamed from the mapped file,
// never copied), on rows of candidates (a rectangular file, a cost table, the
// candidates' trees or PHAST rows), or on any graph or adjacency matrix file
// (the distances computed first: dense, sparse or the road hierarchy, as the
// run's plan decides). The files asked for are written and committed
// together; the report (JSON or text) comes back for the caller to print.
// Throws gdist::Error on bad input (the app maps it to exit 2). Flag
// combinations and output paths are the app's to check before.
#pragma once
#include <string>

#include "lib/pipeline/center_request.hpp"
#include "lib/pipeline/run_voice.hpp"

namespace gdist {

struct CenterResult {
  std::string report;  // the whole report: one JSON object (req.json) or the text, newline-terminated
};

// `voice` hears the notes and estimate lines. A graph input's plan takes its
// context (lib/plan/run_context.hpp) once the graph is read, so that the
// memory it may use is what is left beside the graph.
CenterResult RunCenter(const CenterRequest& request, const RunVoice& voice = {});

}  // namespace gdist
