#include "lib/engine/checkpoint.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lib/matrix/element_type.hpp"
#include "lib/matrix/matrix_file.hpp"
#include "lib/util/atomic_file.hpp"
#include "lib/util/error.hpp"
#include "lib/util/option_names.hpp"

namespace gdist {
namespace {

namespace fs = std::filesystem;

constexpr const char* kStateFile = "checkpoint.txt";
constexpr const char* kStateMagic = "gdist-checkpoint 1";
constexpr const char* kSnapshotPrefix = "snapshot-";

std::string PathIn(const std::string& dir, const std::string& name) { return (fs::path(dir) / name).string(); }

// Temporaries a killed save left behind (AtomicFile's "NAME.tmp-XXXXXX").
void RemoveTemporaries(const std::string& dir) {
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if ((name.rfind(kSnapshotPrefix, 0) == 0 || name.rfind(kStateFile, 0) == 0) &&
        name.find(".tmp-") != std::string::npos)
      fs::remove(e.path());
  }
}

}  // namespace

CheckpointState CheckpointState::Parse(const std::string& text, const std::string& path) {
  CheckpointState state;
  state.path_ = path;
  std::istringstream in(text);
  std::string line;
  if (!std::getline(in, line) || line != kStateMagic)
    throw Error(path + ": not a gdist checkpoint (expected '" + kStateMagic + "' on line 1)");
  for (int number = 2; std::getline(in, line); ++number) {
    const auto space = line.find(' ');
    if (space == std::string::npos || space == 0)
      throw Error(path + ":" + std::to_string(number) + ": expected 'key value'");
    state.Set(line.substr(0, space), line.substr(space + 1));
  }
  if (state.empty()) throw Error(path + ": the checkpoint has no fields");
  return state;
}

std::string CheckpointState::Text() const {
  std::string text = std::string(kStateMagic) + "\n";
  for (const auto& [key, value] : fields_) text += key + " " + value + "\n";
  return text;
}

void CheckpointState::Set(const std::string& key, const std::string& value) {
  for (auto& field : fields_)
    if (field.first == key) {
      field.second = value;
      return;
    }
  fields_.emplace_back(key, value);
}

std::string CheckpointState::Get(const std::string& key) const {
  for (const auto& field : fields_)
    if (field.first == key) return field.second;
  return "";
}

std::uint64_t CheckpointState::Number(const std::string& key) const {
  const std::string text = Get(key);
  std::uint64_t value = 0;
  std::size_t used = 0;
  try {
    if (!text.empty() && text[0] >= '0' && text[0] <= '9') value = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size())
    throw Error(path_ + ": the checkpoint's '" + key + "' is missing or not a number");
  return value;
}

void CheckpointState::Commit(const std::string& dir) const {
  const std::string text = Text();
  AtomicFile file(PathIn(dir, kStateFile));
  file.Write(text.data(), text.size());
  file.Commit();
}

CheckpointState OpenCheckpointFolder(const CheckpointOptions& options) {
  const std::string& dir = options.dir;
  const std::string flag = OptionText(options.resume ? Option::kResume : Option::kCheckpoint);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw Error(flag + ": " + dir + " is not a folder");
  const std::string state_path = PathIn(dir, kStateFile);
  CheckpointState state;
  std::ifstream in(state_path, std::ios::binary);
  if (in) {
    std::ostringstream text;
    text << in.rdbuf();
    state = CheckpointState::Parse(text.str(), state_path);
  }
  if (!options.resume && !state.empty())
    throw Error(flag + ": " + dir + " holds a checkpoint; " + OptionText(Option::kResume) + " " + dir +
                " goes on from it, or give an empty folder");
  if (options.resume && state.empty()) throw Error(flag + ": " + dir + " holds no checkpoint (" + kStateFile + ")");
  RemoveTemporaries(dir);
  return state;
}

void RequireSchedule(const CheckpointState& state, const std::string& schedule) {
  const std::string saved = state.Get("schedule");
  if (saved != schedule)
    throw Error(state.path() + ": the checkpoint is of the " + (saved.empty() ? std::string("?") : saved) +
                " schedule, this run is " + schedule + "; resume it as it was run");
}

std::string SnapshotName(std::size_t round, int rank) {
  std::string name = kSnapshotPrefix + std::to_string(round);
  if (rank >= 0) name += "-rank-" + std::to_string(rank);
  return name + ".bin";
}

std::uint32_t SaveSnapshot(const std::string& dir, const std::string& name, const void* data, std::size_t bytes) {
  const std::uint32_t crc = ParallelCrc32(data, bytes);
  AtomicFile snapshot(PathIn(dir, name));
  snapshot.Write(data, bytes);
  snapshot.Commit();
  return crc;
}

void LoadSnapshot(const std::string& dir, const std::string& name, void* data, std::size_t bytes, std::uint32_t crc) {
  const std::string path = PathIn(dir, name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open the checkpoint's snapshot");
  in.read(static_cast<char*>(data), static_cast<std::streamsize>(bytes));
  if (static_cast<std::size_t>(in.gcount()) != bytes || in.peek() != std::char_traits<char>::eof())
    throw Error(path + ": the snapshot is not " + std::to_string(bytes) + " bytes");
  if (ParallelCrc32(data, bytes) != crc) throw Error(path + ": the snapshot's checksum does not match");
}

void RemoveSnapshot(const std::string& dir, const std::string& name) {
  std::error_code ec;
  fs::remove(PathIn(dir, name), ec);
}

std::string SnapshotField(const CheckpointState& state, const std::string& key) {
  const std::string name = state.Get(key);
  if (name.empty() || name.find('/') != std::string::npos || name.rfind(kSnapshotPrefix, 0) != 0)
    throw Error(state.path() + ": the checkpoint names no snapshot file ('" + key + "')");
  return name;
}

RoundCheckpoints::RoundCheckpoints(const CheckpointOptions& options, const std::string& schedule, ElementType type,
                                   const void* adjacency, std::size_t stride, std::size_t side, std::size_t rounds)
    : options_(options), schedule_(schedule), type_(type), stride_(stride), side_(side), rounds_(rounds) {
  const CheckpointState state = OpenCheckpointFolder(options_);
  bytes_ = stride * stride * ElementSize(type);
  input_crc_ = ParallelCrc32(adjacency, bytes_);
  if (options_.resume) {
    RequireSchedule(state, schedule_);
    if (state.Get("type") != ElementName(type) || state.Number("stride") != stride)
      throw Error(state.path() + ": the checkpoint is of another matrix (type or size), not of this input");
    if (state.Number("input_crc") != input_crc_)
      throw Error(state.path() + ": the checkpoint is of another input (its adjacency matrix differs)");
    if (state.Number("side") != side || state.Number("rounds") != rounds)
      throw Error(state.path() + ": the checkpoint ran blocks of " + state.Get("side") + ", this run blocks of " +
                  std::to_string(side) + ": give the run's " + OptionText(Option::kMemoryLimit) + " again");
    first_round_ = state.Number("round");
    if (first_round_ > rounds)
      throw Error(state.path() + ": round " + std::to_string(first_round_) + " of " + std::to_string(rounds));
    snapshot_ = SnapshotField(state, "snapshot");
    snapshot_crc_ = static_cast<std::uint32_t>(state.Number("snapshot_crc"));
  }
  last_save_s_ = SteadySeconds();
}

void RoundCheckpoints::Restore(void* d) const { LoadSnapshot(options_.dir, snapshot_, d, bytes_, snapshot_crc_); }

bool RoundCheckpoints::Due() const { return SteadySeconds() - last_save_s_ >= options_.every_s; }

void RoundCheckpoints::Save(std::size_t next_round, const void* d) {
  const std::string name = SnapshotName(next_round);
  const std::uint32_t crc = SaveSnapshot(options_.dir, name, d, bytes_);
  CheckpointState state;
  state.Set("schedule", schedule_);
  state.Set("type", ElementName(type_));
  state.Set("stride", stride_);
  state.Set("side", side_);
  state.Set("rounds", rounds_);
  state.Set("input_crc", input_crc_);
  state.Set("round", next_round);
  state.Set("snapshot", name);
  state.Set("snapshot_crc", crc);
  state.Commit(options_.dir);
  // The state names the new snapshot now: the one before may go.
  if (!snapshot_.empty() && snapshot_ != name) RemoveSnapshot(options_.dir, snapshot_);
  snapshot_ = name;
  snapshot_crc_ = crc;
  last_save_s_ = SteadySeconds();
}

void RemoveCheckpoint(const std::string& dir) {
  std::error_code ec;
  // The state first: a kill half-way leaves snapshots that no state names, never a state without its snapshot.
  fs::remove(PathIn(dir, kStateFile), ec);
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(kSnapshotPrefix, 0) == 0 || name.rfind(kStateFile, 0) == 0) fs::remove(e.path(), ec);
  }
}

}  // namespace gdist
