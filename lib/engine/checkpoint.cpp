#include "lib/engine/checkpoint.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

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

double NowSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string PathIn(const std::string& dir, const std::string& name) { return (fs::path(dir) / name).string(); }

// "key value" lines after the magic line; empty when the file is absent.
std::map<std::string, std::string> ReadState(const std::string& path) {
  std::map<std::string, std::string> state;
  std::ifstream in(path);
  if (!in) return state;
  std::string line;
  if (!std::getline(in, line) || line != kStateMagic)
    throw Error(path + ": not a gdist checkpoint (expected '" + kStateMagic + "' on line 1)");
  for (int number = 2; std::getline(in, line); ++number) {
    const auto space = line.find(' ');
    if (space == std::string::npos || space == 0)
      throw Error(path + ":" + std::to_string(number) + ": expected 'key value'");
    state[line.substr(0, space)] = line.substr(space + 1);
  }
  return state;
}

std::uint64_t Field(const std::map<std::string, std::string>& state, const std::string& key, const std::string& path) {
  const auto it = state.find(key);
  std::uint64_t value = 0;
  std::size_t used = 0;
  try {
    if (it != state.end()) value = std::stoull(it->second, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (it == state.end() || used == 0 || used != it->second.size())
    throw Error(path + ": the checkpoint's '" + key + "' is missing or not a number");
  return value;
}

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

RoundCheckpoints::RoundCheckpoints(const CheckpointOptions& options, ElementType type, const void* adjacency,
                                   std::size_t stride, std::size_t side, std::size_t rounds)
    : options_(options), type_(type), stride_(stride), side_(side), rounds_(rounds) {
  const std::string& dir = options_.dir;
  const std::string flag = OptionText(options_.resume ? Option::kResume : Option::kCheckpoint);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw Error(flag + ": " + dir + " is not a folder");
  bytes_ = stride * stride * ElementSize(type);
  input_crc_ = ParallelCrc32(adjacency, bytes_);
  const std::string state_path = PathIn(dir, kStateFile);
  const auto state = ReadState(state_path);
  if (!options_.resume) {
    if (!state.empty())
      throw Error(flag + ": " + dir + " holds a checkpoint; " + OptionText(Option::kResume) + " " + dir +
                  " goes on from it, or give an empty folder");
  } else {
    if (state.empty()) throw Error(flag + ": " + dir + " holds no checkpoint (" + kStateFile + ")");
    const auto type_it = state.find("type");
    if (type_it == state.end() || type_it->second != ElementName(type) || Field(state, "stride", state_path) != stride)
      throw Error(state_path + ": the checkpoint is of another matrix (type or size), not of this input");
    if (Field(state, "input_crc", state_path) != input_crc_)
      throw Error(state_path + ": the checkpoint is of another input (its adjacency matrix differs)");
    if (Field(state, "side", state_path) != side || Field(state, "rounds", state_path) != rounds)
      throw Error(state_path + ": the checkpoint ran blocks of " + state.at("side") + ", this run blocks of " +
                  std::to_string(side) + ": give the run's " + OptionText(Option::kMemoryLimit) + " again");
    first_round_ = Field(state, "round", state_path);
    if (first_round_ > rounds)
      throw Error(state_path + ": round " + std::to_string(first_round_) + " of " + std::to_string(rounds));
    const auto snapshot = state.find("snapshot");
    if (snapshot == state.end() || snapshot->second.find('/') != std::string::npos)
      throw Error(state_path + ": the checkpoint names no snapshot file");
    snapshot_ = snapshot->second;
    snapshot_crc_ = static_cast<std::uint32_t>(Field(state, "snapshot_crc", state_path));
  }
  RemoveTemporaries(dir);
  last_save_s_ = NowSeconds();
}

void RoundCheckpoints::Restore(void* d) const {
  const std::string path = PathIn(options_.dir, snapshot_);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open the checkpoint's snapshot");
  in.read(static_cast<char*>(d), static_cast<std::streamsize>(bytes_));
  if (static_cast<std::size_t>(in.gcount()) != bytes_ || in.peek() != std::char_traits<char>::eof())
    throw Error(path + ": the snapshot is not " + std::to_string(bytes_) + " bytes");
  if (ParallelCrc32(d, bytes_) != snapshot_crc_) throw Error(path + ": the snapshot's checksum does not match");
}

bool RoundCheckpoints::Due() const { return NowSeconds() - last_save_s_ >= options_.every_s; }

void RoundCheckpoints::Save(std::size_t next_round, const void* d) {
  const std::string name = kSnapshotPrefix + std::to_string(next_round) + ".bin";
  const std::uint32_t crc = ParallelCrc32(d, bytes_);
  {
    AtomicFile snapshot(PathIn(options_.dir, name));
    snapshot.Write(d, bytes_);
    snapshot.Commit();
  }
  std::ostringstream state;
  state << kStateMagic << "\n"
        << "type " << ElementName(type_) << "\nstride " << stride_ << "\nside " << side_ << "\nrounds " << rounds_
        << "\ninput_crc " << input_crc_ << "\nround " << next_round << "\nsnapshot " << name << "\nsnapshot_crc " << crc
        << "\n";
  const std::string text = state.str();
  AtomicFile state_file(PathIn(options_.dir, kStateFile));
  state_file.Write(text.data(), text.size());
  state_file.Commit();
  // The state names the new snapshot now: the one before may go.
  if (!snapshot_.empty() && snapshot_ != name) fs::remove(PathIn(options_.dir, snapshot_));
  snapshot_ = name;
  snapshot_crc_ = crc;
  last_save_s_ = NowSeconds();
}

void RemoveCheckpoint(const std::string& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(kSnapshotPrefix, 0) == 0 || name.rfind(kStateFile, 0) == 0) fs::remove(e.path(), ec);
  }
}

}  // namespace gdist
