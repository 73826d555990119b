// Maps vertex indices 0..n-1 to the ids the input file used, so that every
// output speaks in the user's ids. Two shapes: an arithmetic range (DIMACS
// 1..n, NTHU 0..n-1: nothing stored) or an explicit list of strings (SNAP ids,
// CSV names). Lookups by label build a hash map on first use.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gdist {

class VertexLabels {
 public:
  VertexLabels() = default;
  // Label of vertex i is base + i; throws gdist::Error when base + n - 1
  // passes INT64_MAX (RangeFits false).
  static VertexLabels Range(std::size_t n, std::int64_t base);
  static bool RangeFits(std::uint64_t n, std::int64_t base);
  static VertexLabels FromStrings(std::vector<std::string> labels);

  std::size_t size() const { return is_range_ ? n_ : strings_.size(); }
  bool is_range() const { return is_range_; }
  std::int64_t base() const { return base_; }
  const std::vector<std::string>& strings() const { return strings_; }

  std::string label(std::size_t i) const;
  // True when every label is a decimal integer.
  bool all_integers() const;
  // Index of a label, or nullopt.
  std::optional<std::size_t> find(std::string_view label) const;

 private:
  bool is_range_ = true;
  std::size_t n_ = 0;
  std::int64_t base_ = 0;
  std::vector<std::string> strings_;
  mutable std::shared_ptr<std::unordered_map<std::string, std::size_t>> index_;
};

}  // namespace gdist
