#include "api/value.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace perfectplay {

Value Value::of(const Outcome& o, ValueSource s) {
  switch (o.result) {
    case Result::kWin:
      return win(s, o.remoteness);
    case Result::kLoss:
      return loss(s, o.remoteness);
    case Result::kDraw:
      break;
  }
  return {ValueKind::kDraw, std::nullopt, std::nullopt, std::nullopt, s};
}

Value Value::after_move() const {
  Value v = *this;
  const auto next = [this]() -> std::optional<std::uint32_t> {
    if (!remoteness) return std::nullopt;
    return *remoteness + 1;
  };
  switch (kind) {
    case ValueKind::kWin:
      v.kind = ValueKind::kLoss;
      v.remoteness = next();
      v.nimber.reset();  // a nimber beside a win or loss is the position's, not the move's
      break;
    case ValueKind::kLoss:
      v.kind = ValueKind::kWin;
      v.remoteness = next();
      v.nimber.reset();
      break;
    case ValueKind::kNimber:
      v.kind = *nimber == 0 ? ValueKind::kWin : ValueKind::kLoss;
      v.nimber.reset();
      break;
    case ValueKind::kDraw:
    case ValueKind::kScore:
    case ValueKind::kUnknown:
      break;
  }
  return v;
}

std::string_view kind_name(ValueKind k) {
  switch (k) {
    case ValueKind::kWin:
      return "win";
    case ValueKind::kLoss:
      return "loss";
    case ValueKind::kDraw:
      return "draw";
    case ValueKind::kScore:
      return "score";
    case ValueKind::kNimber:
      return "nimber";
    case ValueKind::kUnknown:
      break;
  }
  return "unknown";
}

std::string_view source_name(ValueSource s) {
  switch (s) {
    case ValueSource::kReference:
      return "reference";
    case ValueSource::kTheory:
      return "theory";
    case ValueSource::kHeuristic:
      break;
  }
  return "heuristic";
}

std::string_view source_words(ValueSource s) {
  switch (s) {
    case ValueSource::kReference:
      return "exact, by exhaustive search";
    case ValueSource::kTheory:
      return "exact, by the theory";
    case ValueSource::kHeuristic:
      break;
  }
  return "heuristic";
}

std::string text(const Value& v) {
  switch (v.kind) {
    case ValueKind::kWin:
    case ValueKind::kLoss: {
      std::string out = v.remoteness ? fmt::format("{} in {}", kind_name(v.kind), *v.remoteness)
                                     : std::string(kind_name(v.kind));
      // An impartial game's win or loss keeps its Grundy value beside it (octal).
      if (v.nimber) out += fmt::format(" (*{})", *v.nimber);
      return out;
    }
    case ValueKind::kDraw:
      return "draw";
    case ValueKind::kScore:
      return std::to_string(*v.score);
    case ValueKind::kNimber:
      return fmt::format("*{}", *v.nimber);
    case ValueKind::kUnknown:
      break;
  }
  return "unknown";
}

nlohmann::json to_json(const Value& v) {
  nlohmann::json j = {{"kind", kind_name(v.kind)}};
  if (v.remoteness) j["remoteness"] = *v.remoteness;
  if (v.score) j["score"] = *v.score;
  if (v.nimber) j["nimber"] = *v.nimber;
  j["source"] = source_name(v.source);
  return j;
}

std::int64_t preference(const Value& v, bool maximize) {
  constexpr std::int64_t kBand = std::int64_t{1} << 40;
  switch (v.kind) {
    case ValueKind::kWin:
      return 2 * kBand - static_cast<std::int64_t>(v.remoteness.value_or(UINT32_MAX));
    case ValueKind::kLoss:
      // A loss of unknown length lasts at least as long as any known one the
      // theory can name (a move that loses at once is `loss in 1`).
      return -2 * kBand + static_cast<std::int64_t>(v.remoteness.value_or(UINT32_MAX));
    case ValueKind::kDraw:
      return 0;
    case ValueKind::kScore:
      // Scores are bounded far inside int64 by every game's limits; unknown
      // ranks below the lowest.
      return maximize ? *v.score : -*v.score;
    case ValueKind::kNimber:
      return *v.nimber != 0 ? 1 : -1;
    case ValueKind::kUnknown:
      break;
  }
  return INT64_MIN;
}

}  // namespace perfectplay
