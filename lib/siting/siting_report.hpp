// Presenting a siting result: a JSON object under the model's key
// (p_median, p_center, cover, max_cover) and a few lines of text.
#pragma once
#include <ostream>
#include <string>

#include "lib/core/vertex_labels.hpp"
#include "lib/siting/siting_problem.hpp"
#include "lib/siting/siting_result.hpp"
#include "lib/util/json_writer.hpp"

namespace gdist {

// Writes `key: {sites, objective, new_sites, fixed_sites, unserved, radius?,
// covered_fraction?, optimal, method}` into an object the caller has opened.
template <class T> void WriteSitingJson(JsonWriter& json, const std::string& key, const SitingResult& r,
                                        const SitingProblem<T>& prob, const VertexLabels& labels);

// The objective and a bound as every report prints them: every digit, whole
// ones past 2^53 too ("467975.5", "7659163202"; the bound "none" without one).
std::string ObjectiveText(const SitingResult& r);
std::string BoundText(const SitingResult& r);

template <class T> void WriteSitingText(std::ostream& out, const std::string& title, const SitingResult& r,
                                        const SitingProblem<T>& prob, const VertexLabels& labels);

}  // namespace gdist
