#include "lib/core/vertex_labels.hpp"

#include <charconv>

#include "lib/util/error.hpp"

namespace gdist {

bool VertexLabels::RangeFits(std::uint64_t n, std::int64_t base) {
  std::int64_t last;
  return n <= static_cast<std::uint64_t>(INT64_MAX) &&
         (n == 0 || !__builtin_add_overflow(base, static_cast<std::int64_t>(n - 1), &last));
}

VertexLabels VertexLabels::Range(std::size_t n, std::int64_t base) {
  if (!RangeFits(n, base))
    throw Error("vertex labels " + std::to_string(base) + ".." + std::to_string(base) + "+" + std::to_string(n) +
                "-1 pass the largest 64-bit integer");
  VertexLabels l;
  l.is_range_ = true;
  l.n_ = n;
  l.base_ = base;
  return l;
}

VertexLabels VertexLabels::FromStrings(std::vector<std::string> labels) {
  VertexLabels l;
  l.is_range_ = false;
  l.n_ = labels.size();
  l.strings_ = std::move(labels);
  return l;
}

std::string VertexLabels::label(std::size_t i) const {
  if (is_range_) return std::to_string(base_ + static_cast<std::int64_t>(i));
  return strings_[i];
}

static bool IsInteger(std::string_view s) {
  std::int64_t v;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

bool VertexLabels::all_integers() const {
  if (is_range_) return true;
  for (const auto& s : strings_)
    if (!IsInteger(s)) return false;
  return true;
}

std::optional<std::size_t> VertexLabels::find(std::string_view label) const {
  if (is_range_) {
    std::int64_t v;
    auto [p, ec] = std::from_chars(label.data(), label.data() + label.size(), v);
    if (ec != std::errc() || p != label.data() + label.size()) return std::nullopt;
    // Unsigned difference: v - base_ may pass INT64_MAX when base_ is negative.
    if (v < base_ || static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base_) >= n_) return std::nullopt;
    return static_cast<std::size_t>(static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(base_));
  }
  if (!index_) {
    auto m = std::make_shared<std::unordered_map<std::string, std::size_t>>();
    m->reserve(strings_.size());
    for (std::size_t i = 0; i < strings_.size(); ++i) m->emplace(strings_[i], i);
    index_ = std::move(m);
  }
  auto it = index_->find(std::string(label));
  if (it == index_->end()) return std::nullopt;
  return it->second;
}

}  // namespace gdist
