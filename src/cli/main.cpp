// The command line (cli/cli.h's run_cli): parses arguments, calls the
// registry's entries, prints. No game logic lives here. Exit codes (docs/cli.md):
//   0 ok   1 bad input or request   2 usage   3 verify found a mismatch
//   4 an exhaustive search passed its --max-states limit
#include <fmt/format.h>
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <new>
#include <string>
#include <vector>

#include "api/explain.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/guard.h"
#include "core/game.h"
#include "core/progress.h"

namespace pp = perfectplay;
using namespace perfectplay::cli;  // NOLINT(google-build-using-namespace)

namespace {

// Options shared by the per-game subcommands, filled in by CLI11.
struct Options {
  std::string file;
  std::string position;
  bool has_position = false;
  bool json = false;
  std::string as = "first";
  std::uint64_t seed = pp::kDefaultSeed;
  std::uint64_t trials = 1000;
  std::uint64_t max_states = pp::SearchLimits{}.max_states;
  std::optional<std::uint64_t> case_number;  // --case K: the position is case K of a contest input
  int depth = pp::ExplainOptions{}.depth;    // explain --depth
  std::optional<std::string> batch;          // analyze --batch FILE: one position per line
  bool stats = false;                        // --stats: the search's counts beside each value
  std::map<std::string, std::int64_t> values;
  std::map<std::string, bool> flags;
  std::map<std::string, std::string> texts;
};

pp::Params to_params(const pp::GameEntry& g, const Options& o) {
  pp::Params p;
  for (const auto& spec : g.params) {
    auto it = o.values.find(spec.name);
    p.values[spec.name] = it == o.values.end() ? spec.default_value : it->second;
  }
  for (const auto& [name, on] : o.flags) {
    if (on) p.flags.insert(name);
  }
  for (const auto& spec : g.text_options) {
    auto it = o.texts.find(spec.name);
    p.texts[spec.name] = it == o.texts.end() ? spec.default_value : it->second;
  }
  p.limits.max_states = o.max_states;
  return p;
}

std::string source_name(const Options& o) {
  if (o.batch) return input_name(*o.batch);
  if (o.has_position) return "<position>";
  return input_name(o.file);
}

// f(), where a parse error in a file that changed while it was read is
// reported as the change (the error is in what the cut left).
template <class Source, class F>
auto reporting_change(const Source& source, F&& f) {
  try {
    return f();
  } catch (const pp::InputError&) {
    if (source.changed()) throw pp::RequestError(InputText::changed_message());
    throw;
  }
}

// f(source.view()), reporting a change as above.
template <class Source, class F>
auto read_from(const Source& source, F&& f) {
  return reporting_change(source, [&] { return f(source.view()); });
}

// The same, with `params.release_input` giving the source's pages back as
// the game parses (Params::release_input) until f returns.
template <class Source, class F>
auto read_from(const Source& source, pp::Params& params, F&& f) {
  params.release_input = [&source](std::size_t offset) { source.release_before(offset); };
  struct Unset {
    pp::Params& params;
    ~Unset() { params.release_input = nullptr; }
  } unset{params};
  return read_from(source, std::forward<F>(f));
}

// A position as given: --position, a file (mapped, not copied; at most
// kMaxPositionBytes), case K of a contest input (--case K; the case may set
// the game's options, octal's code), or the game's default.
class PositionText {
 public:
  PositionText(const pp::GameEntry& g, const Options& o, bool default_ok, pp::Params& params) {
    if (o.has_position && !o.file.empty()) {
      throw UsageError(
          fmt::format("give the position as a file ({}) or with --position, not both", o.file));
    }
    if (o.case_number) {
      if (o.has_position) {
        throw UsageError(
            "--case picks a case of a contest input FILE; it does not apply to --position");
      }
      if (o.file.empty())
        throw UsageError("--case K needs the contest input: give its FILE (or -)");
      if (!o.texts.empty()) {
        throw UsageError(
            fmt::format("--case takes the game's options from the case itself; --{} does not apply",
                        o.texts.begin()->first));
      }
      // A pipe is checked as it arrives, as solve checks it.
      file_ = std::make_unique<InputText>(
          o.file, InputText::kNoLimit,
          [&](std::string_view p) {
            if (g.solve) (void)g.solve(p, params);
          },
          g.line_rules ? &*g.line_rules : nullptr);
      // The input's pages are given back behind the game's reading
      // (Params::release_input), so the case's copy does not sit beside the
      // whole input.
      text_ = read_from(*file_, params, [&](std::string_view input) {
        return g.contest_case(input, *o.case_number, params);
      });
      file_->release_before(file_->view().size());  // the case is copied out
      from_case_ = true;
      return;
    }
    if (o.has_position) {
      text_ = o.position;
    } else if (o.file.empty() && default_ok) {
      text_ = g.default_position;
    } else {
      file_ = std::make_unique<InputText>(o.file, kMaxPositionBytes, [&](std::string_view p) {
        if (g.check_position) g.check_position(p, params);
      });
    }
  }
  std::string_view view() const {
    return file_ && text_.empty() && !from_case_ ? file_->view() : std::string_view(text_);
  }
  bool changed() const { return file_ && file_->changed(); }
  // Gives back the text read before `offset` (Params::release_input). A
  // case's copy is freed once released whole: the engine releases it right
  // after the position is parsed and never reads it again, and it was the
  // input's size again beside the analysis (analyze asymmetry --case 1 of a
  // 2000 x 2000 grid: 116 MB, where the position file takes 75).
  void release_before(std::size_t offset) const {
    if (from_case_) {
      if (offset >= text_.size() && !text_.empty()) {
        std::string().swap(text_);
        // Handed back to the system now: malloc keeps a freed block below
        // its mmap threshold, which it raises to the largest block freed so
        // far (the validation's matrix), so the case's copy stayed resident
        // beside the analysis (analyze gridgame --case 1 of a 2000 x 2000
        // matrix: 9.6 MB).
        ::malloc_trim(0);
      }
    } else if (file_ && text_.empty()) {
      file_->release_before(offset);
    }
  }

 private:
  mutable std::string text_;
  std::unique_ptr<InputText> file_;
  bool from_case_ = false;  // text_ is case K of a contest input
};

std::string value_line(const pp::Value& v) {
  if (!v.known()) return "unknown (no exact value at this size)";
  return fmt::format("{} ({})", paint_value(v, pp::text(v)), pp::source_words(v.source));
}

// The listed moves as analyze prints them: `*` marks a best move.
std::string moves_table(const pp::Analysis& a) {
  if (a.moves.empty()) return "";
  std::size_t width = 4;
  std::size_t vwidth = 5;
  for (const auto& m : a.moves) {
    width = std::max(width, m.move.size());
    vwidth = std::max(vwidth, pp::text(m.value).size());
  }
  std::string out = fmt::format("  {:<{}}  value\n", "move", width);
  for (const auto& m : a.moves) {
    const std::string value = pp::text(m.value);
    std::string line =
        fmt::format("{} {:<{}}  {}{:<{}}", m.best ? paint("*", Paint::kBest) : " ", m.move, width,
                    paint_value(m.value, value), "", vwidth - value.size());
    if (!m.note.empty()) line += "  " + m.note;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  if (!a.moves_summary.empty()) out += "\n" + a.moves_summary + "\n";
  return out;
}

void print_analysis(const pp::Analysis& a) {
  std::string out = a.board;
  if (!out.empty() && out.back() != '\n') out += '\n';
  fmt::format_to(std::back_inserter(out), "\nto move:   {}\nvalue:     {}\n",
                 a.to_move ? a.to_move->name : "nobody (the game is over)", value_line(a.value));
  fmt::format_to(std::back_inserter(out), "best move: {}\n", a.best_move.value_or("(none)"));
  if (!a.moves.empty()) {
    out += "\n" + moves_table(a);
  } else if (!a.moves_summary.empty()) {
    out += "\n" + a.moves_summary + "\n";
  }
  if (!a.notes.empty()) {
    out += "\n";
    for (const auto& n : a.notes) out += "note: " + n + "\n";
  }
  write_out(out);
}

// One line of `play`'s input, kept to its first kMaxPlayLine bytes: the
// rest of a longer line (2 GB of zeros on stdin) is read and dropped, never
// held, and the line is refused as a move. False at the end of the input.
constexpr std::size_t kMaxPlayLine = std::size_t{64} << 10;

bool read_line(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  for (;;) {
    const int c = std::cin.get();
    if (c == std::char_traits<char>::eof()) {
      if (std::cin.bad()) {
        throw pp::RequestError(fmt::format("cannot read the moves: {}", std::strerror(errno)));
      }
      return !line.empty() || too_long;
    }
    if (c == '\n') return true;
    if (line.size() == kMaxPlayLine) {
      too_long = true;
    } else {
      line += static_cast<char>(c);
    }
  }
}

constexpr const char* kPlayHelp =
    "commands: a move, or\n"
    "  help, ?         the move syntax and the legal moves\n"
    "  hint            the engine's move here and its value\n"
    "  value [on|off]  show every move's value before each of your moves (toggles)\n"
    "  undo, redo      take back your last move (and the engine's reply), or replay it\n"
    "  position        the position now, in --position syntax (to save and resume)\n"
    "  board           draw the board again\n"
    "  quit, exit      stop\n";

int run_play(const pp::GameEntry& g, const Options& o, pp::Params& params) {
  if (o.file == "-") {
    throw UsageError(
        "play reads the moves from standard input: give the position as a FILE or with "
        "--position, not -");
  }
  const PositionText position(g, o, true, params);
  // You play `first` => the engine plays the second side; `none`: the
  // engine plays both; `both`: you play both (two people).
  const int engine_side = o.as == "first"    ? pp::kEngineSecond
                          : o.as == "second" ? pp::kEngineFirst
                          : o.as == "none"   ? pp::kEngineBoth
                                             : pp::kEngineNeither;
  auto session = read_from(
      position, params, [&](std::string_view t) { return g.play(t, engine_side, o.seed, params); });
  // A transcript piped in reads well when the moves are echoed after the
  // prompt, as a terminal shows what was typed.
  const bool echo = ::isatty(0) == 0;
  bool show_values = false;
  std::string values_shown_for;  // the position whose move values were shown last
  std::cout << "perfectplay: " << g.name
            << ". Type a move, `help` for the legal moves and the commands, `quit` to stop.\n";
  std::cout << session->board() << std::flush;
  std::string line;
  for (;;) {
    if (session->over()) {
      std::cout << session->result() << "\n";
      return kExitOk;
    }
    if (session->engine_to_move()) {
      // The move first: if the engine cannot move (a search past
      // --max-states), no half-written line is left behind.
      const std::string side = session->plies() % 2 == 0 ? "first" : "second";
      const std::string move = session->engine_move();
      clear_progress();
      std::cout << "engine plays" << (engine_side == pp::kEngineBoth ? " (" + side + ")" : "")
                << ": " << move << "\n"
                << session->board() << std::flush;
      continue;
    }
    if (show_values && session->position() != values_shown_for) {
      values_shown_for = session->position();
      const pp::Analysis a = session->analysis();
      clear_progress();
      std::cout << moves_table(a);
    }
    std::cout << (engine_side != pp::kEngineNeither ? "your move> "
                  : session->plies() % 2 == 0       ? "first player> "
                                                    : "second player> ")
              << std::flush;
    bool too_long = false;
    if (!read_line(line, too_long)) {
      std::cout << "\nend of input: game abandoned\n";
      return kExitOk;
    }
    if (too_long) {
      std::cout << (echo ? "(a long line)\n" : "") << "illegal move: the line is longer than "
                << (kMaxPlayLine >> 10) << " KiB (type `help`)\n";
      continue;
    }
    const auto first = line.find_first_not_of(" \t\r");
    const auto last = line.find_last_not_of(" \t\r");
    const std::string cmd = first == std::string::npos ? "" : line.substr(first, last - first + 1);
    if (echo) std::cout << cmd << "\n";
    if (cmd.empty()) continue;
    if (cmd == "quit" || cmd == "exit") {
      std::cout << "game abandoned\n";
      return kExitOk;
    }
    if (cmd == "help" || cmd == "?") {
      std::cout << "move syntax: " << session->move_syntax() << "\nlegal moves:\n";
      for (const auto& m : session->legal_moves()) std::cout << "  " << m << "\n";
      std::cout << kPlayHelp;
      continue;
    }
    if (cmd == "board") {
      std::cout << session->board();
      continue;
    }
    if (cmd == "position") {
      std::cout << session->position() << "\n";
      continue;
    }
    if (cmd == "hint") {
      const pp::Hint h = session->hint();
      clear_progress();
      std::cout << "hint: " << h.move.value_or("(none)") << " ("
                << paint_value(h.value, pp::text(h.value)) << "; " << h.reason << ")\n";
      continue;
    }
    if (cmd == "value" || cmd == "value on" || cmd == "value off") {
      show_values = cmd == "value" ? !show_values : cmd == "value on";
      values_shown_for.clear();
      std::cout << "move values " << (show_values ? "on" : "off") << "\n";
      continue;
    }
    if (cmd == "undo" || cmd == "redo") {
      const bool done = cmd == "undo" ? session->undo() : session->redo();
      if (!done) {
        std::cout << "nothing to " << cmd
                  << (engine_side == pp::kEngineBoth ? " (the engine plays both sides)" : "")
                  << "\n";
        continue;
      }
      std::cout << session->board();
      continue;
    }
    if (auto err = session->try_move(cmd)) {
      std::cout << "illegal move: " << *err << " (type `help`)\n";
      continue;
    }
    std::cout << session->board();
  }
}

// `solve --json`, streamed case by case in megabyte pieces: the same text
// as the whole envelope dumped with two-space indents (keys in order: cases,
// game, options, schema), without ever holding ten million cases as one
// JSON value.
void write_solve_json(const pp::GameEntry& g, std::string_view input, const pp::Params& params) {
  const pp::TextSink sink([](std::string_view piece) { write_out(piece); });
  std::string out = "{\n  \"cases\": [";
  bool first = true;
  g.solve_json(input, params, [&](const nlohmann::json& c) {
    out += first ? "\n    " : ",\n    ";
    first = false;
    for (const char ch : c.dump(2)) {
      out += ch;
      if (ch == '\n') out += "    ";
    }
    sink.maybe_flush(out);
  });
  out += first ? "]" : "\n  ]";
  const nlohmann::json rest = {{"schema", pp::kJsonSchema},
                               {"game", g.name},
                               {"options", pp::options_json(g, params, true)}};
  out += ",\n" + rest.dump(2).substr(2) + "\n";
  write_out(sink.finish(std::move(out)));
}

// The characters of an InputText for nlohmann's parser, giving the file's
// pages back behind it every MiB: the parser keeps its own copy of each
// string, so the file need not stay resident beside it (a document of a
// million-row position is the position's size, and the file, the parser's
// buffer and the string would be three times that).
class ReleasingChars {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  ReleasingChars(const InputText& input, std::size_t at) : input_(&input), at_(at) {}
  reference operator*() const { return input_->view()[at_]; }
  ReleasingChars& operator++() {
    if ((++at_ & ((std::size_t{1} << 20) - 1)) == 0) input_->release_before(at_);
    return *this;
  }
  ReleasingChars operator++(int) {
    ReleasingChars before = *this;
    ++*this;
    return before;
  }
  bool operator==(const ReleasingChars& o) const { return at_ == o.at_; }
  bool operator!=(const ReleasingChars& o) const { return at_ != o.at_; }

 private:
  const InputText* input_;
  std::size_t at_;
};

// nlohmann's document built from its parser's events, as its own
// json_sax_dom_parser builds it, but with each string and key moved out of
// the lexer's buffer instead of copied: the lexer holds a string's text
// twice already (its token and the raw characters it keeps for messages), and
// a third copy made a document of a million-row position cost three times
// its size.
class MovingDocument {
 public:
  using json = nlohmann::json;
  explicit MovingDocument(json& root) : root_(root) {}
  bool null() { return put(nullptr) != nullptr; }
  bool boolean(bool v) { return put(v) != nullptr; }
  bool number_integer(json::number_integer_t v) { return put(v) != nullptr; }
  bool number_unsigned(json::number_unsigned_t v) { return put(v) != nullptr; }
  bool number_float(json::number_float_t v, const json::string_t&) { return put(v) != nullptr; }
  bool string(json::string_t& v) { return put(std::move(v)) != nullptr; }
  bool binary(json::binary_t& v) { return put(json::binary(std::move(v))) != nullptr; }
  bool start_object(std::size_t) {
    open_.push_back(put(json::object()));
    return true;
  }
  bool key(json::string_t& k) {
    key_ = std::move(k);
    return true;
  }
  bool end_object() {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    open_.push_back(put(json::array()));
    return true;
  }
  bool end_array() {
    open_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

 private:
  // Where a value goes: the root, the end of the open array, or the open
  // object's last key (a repeated key keeps the last value, as nlohmann's
  // own parser does). Containers only grow while they are the innermost
  // open one, so the pointers to the open ones stay valid.
  json* put(json&& v) {
    if (open_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    json& in = *open_.back();
    if (in.is_array()) {
      in.push_back(std::move(v));
      return &in.back();
    }
    json& slot = in[key_];
    slot = std::move(v);
    return &slot;
  }

  json& root_;
  std::vector<json*> open_;
  json::string_t key_;
};

// `explain --check FILE`: exit 0 when the witness holds, 3 when it does not.
int check_explanation_file(const std::string& path) {
  nlohmann::json parsed;
  try {
    const InputText input(path, kMaxPositionBytes);
    MovingDocument builder(parsed);
    if (!nlohmann::json::sax_parse(ReleasingChars(input, 0),
                                   ReleasingChars(input, input.view().size()), &builder)) {
      parsed = nlohmann::json(nlohmann::json::value_t::discarded);
    }
  } catch (const pp::InputError& e) {  // named by FILE (the command has no position source)
    throw pp::RequestError(
        fmt::format("{}:{}:{}: {}", input_name(path), e.line(), e.column(), e.message()));
  }
  const nlohmann::json& doc = parsed;  // read only: operator[] would add what is missing
  if (doc.is_discarded()) {
    throw pp::RequestError(
        fmt::format("{} is not JSON (explain --json writes the document)", input_name(path)));
  }
  if (!doc.is_object() || !doc.contains("game") || !doc["game"].is_string()) {
    throw pp::RequestError(
        fmt::format("{}: an explanation is an object naming its \"game\"", input_name(path)));
  }
  const pp::GameEntry* g = registry().find(doc["game"].get<std::string>());
  if (g == nullptr || !g->analyze) {
    throw pp::RequestError(
        fmt::format("{}: no game `{}`", input_name(path), doc["game"].get<std::string>()));
  }
  try {
    const pp::WitnessCheck c = pp::check_explanation(*g, doc);
    std::string out = fmt::format("{}: the explanation holds\n", input_name(path));
    for (const std::string& line : c.checked) out += "  " + line + "\n";
    write_out(out);
    return kExitOk;
  } catch (const pp::WitnessError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s: the explanation does not hold: %s\n", input_name(path).c_str(),
                 e.what());
    return kExitMismatch;
  } catch (const pp::InputError& e) {
    throw pp::RequestError(fmt::format("{}: its position does not parse: {}:{}: {}",
                                       input_name(path), e.line(), e.column(), e.message()));
  }
}

// `analyze --batch FILE`: the value of each line's position, one line out
// per line in (a final newline ends the last line; CR before LF is dropped),
// as text (the value, or the game's batch_text) or as JSON lines (the
// schema's value). One process scores a whole file. The answer is written
// once every line is valued: an error (its line in FILE) prints nothing else.
int run_batch(const pp::GameEntry& g, const Options& o, pp::Params& params) {
  if (o.has_position || !o.file.empty() || o.case_number) {
    throw UsageError("--batch FILE reads the positions from FILE; give no other position");
  }
  const InputText input(*o.batch);
  return read_from(input, [&](std::string_view text) {
    std::string out;
    std::uint64_t line_number = 0;
    std::size_t at = 0;
    while (at < text.size()) {
      std::size_t end = text.find('\n', at);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      at = end + 1;
      ++line_number;
      pp::Evaluation ev;
      try {
        ev = g.evaluate(line, params);
      } catch (const pp::InputError& e) {  // its line and column in FILE
        throw pp::InputError(line_number - 1 + e.line(), e.column(), e.message());
      }
      if (o.json) {
        nlohmann::json j = pp::to_json(ev.value);
        if (o.stats) {
          j["nodes"] = ev.nodes;
          j["visited"] = ev.visited;
          j["cpu_seconds"] = ev.seconds;
        }
        out += j.dump();
      } else {
        out += g.batch_text ? g.batch_text(line, ev.value, params) : pp::text(ev.value);
        if (o.stats) {
          fmt::format_to(std::back_inserter(out), "\t{} {} {:.9f}", ev.nodes, ev.visited,
                         ev.seconds);
        }
      }
      out += '\n';
      pp::progress::report("positions", line_number, 0);
    }
    write_out(out);
    return kExitOk;
  });
}

int run(const std::string& command, const pp::GameEntry& g, const Options& o) {
  pp::Params params = to_params(g, o);
  if (command == "solve") {
    // A regular file, where the game solves from a source: read piece by
    // piece (FileSource says why), with the same output and errors.
    // A game may decline (asymmetry's shapes other than the stored one, and
    // its defects): then the file is mapped as for any game.
    if (!o.json && g.solve_source) {
      if (const auto source = FileSource::open(o.file, g.line_rules ? &*g.line_rules : nullptr)) {
        const bool solved = reporting_change(*source, [&] {
          return g.solve_source(*source, params,
                                pp::TextSink([](std::string_view s) { write_out(s); }));
        });
        if (solved) return kExitOk;
        // Declined: the file is mapped next, which would see only its new
        // size if it was cut or grown since it was opened.
        if (source->changed()) throw pp::RequestError(InputText::changed_message());
      }
    }
    // A stream is checked as it arrives (its first MiB at once): garbage on
    // a pipe is refused at its first bad line, not after gigabytes.
    const InputText input(
        o.file, InputText::kNoLimit,
        [&](std::string_view prefix) { (void)g.solve(prefix, params); },
        g.line_rules ? &*g.line_rules : nullptr);
    return read_from(input, params, [&](std::string_view text) {
      if (o.json) {
        write_solve_json(g, text, params);
      } else {
        if (g.solve_streamed) {  // handed over in pieces, once the input is validated
          g.solve_streamed(text, params, pp::TextSink([](std::string_view s) { write_out(s); }));
        } else {
          write_out(g.solve(text, params));
        }
      }
      return kExitOk;
    });
  }
  if (command == "analyze" && o.batch) return run_batch(g, o, params);
  if (o.stats) throw UsageError("--stats goes with --batch FILE");
  if (command == "analyze") {
    pp::Analysis a = read_from(PositionText(g, o, false, params), params,
                               [&](std::string_view t) { return g.analyze(t, params); });
    if (o.json) {
      write_json(pp::to_json(std::move(a)));
    } else {
      print_analysis(a);
    }
    return kExitOk;
  }
  if (command == "explain") {
    const nlohmann::json doc =
        read_from(PositionText(g, o, false, params), params, [&](std::string_view t) {
          return pp::explain_document(g, t, params, pp::ExplainOptions{o.depth});
        });
    if (o.json) {
      write_json(doc);
    } else {
      write_out(pp::explanation_text(doc));
    }
    return kExitOk;
  }
  if (command == "hint") {
    pp::Hint h = read_from(PositionText(g, o, false, params), params,
                           [&](std::string_view t) { return g.hint(t, params); });
    if (o.json) {
      write_json(pp::to_json(std::move(h)));
    } else {
      write_out(
          fmt::format("{}\t{}: {}\n", h.move.value_or("(none)"), pp::text(h.value), h.reason));
    }
    return kExitOk;
  }
  if (command == "play") {
    const int rc = run_play(g, o, params);
    if (!std::cout.flush()) {
      throw pp::RequestError(fmt::format("cannot write the output: {}", std::strerror(errno)));
    }
    return rc;
  }
  if (command == "verify") {
    const pp::VerifyReport r = g.verify(o.trials, o.seed, params);
    if (o.json) {
      write_out(pp::verify_document(g, params, o.seed, r).dump(2) + "\n");
      return r.ok() ? kExitOk : kExitMismatch;
    }
    std::string out = fmt::format("verify {}: {} trials, {} agreed, {} disagreed (seed {})\n",
                                  g.name, r.trials, r.agreed, r.trials - r.agreed, o.seed);
    if (!r.ok()) {
      fmt::format_to(std::back_inserter(out),
                     "first mismatch at trial {}; shrunk in {} steps to:\n{}\n{}\n",
                     r.first_failure, r.shrink_steps, *r.counterexample, r.detail);
      if (r.original && *r.original != *r.counterexample) {
        fmt::format_to(std::back_inserter(out), "instance as first drawn:\n{}\n", *r.original);
      }
    }
    write_out(out);
    return r.ok() ? kExitOk : kExitMismatch;
  }
  if (command == "generate") {
    // Streamed: a billion cases start printing at once and never sit in memory.
    std::uint64_t written = 0;
    const pp::TextSink sink([&written](std::string_view piece) {
      write_out(piece);
      written += piece.size();
      pp::progress::report("bytes written", written, 0);
    });
    write_out(g.generate(o.seed, params, sink));
    return kExitOk;
  }
  return kExitUsage;
}

}  // namespace

// `perfectplay bench`: each game's fixed reference positions, timed. The total
// node count is the signature (as chess engines print one): deterministic, so
// a functional change to a solver or to a game's rules changes it.
int run_bench(const std::vector<std::string>& only, int size, bool json) {
  for (const std::string& name : only) {
    const pp::GameEntry* g = registry().find(name);
    if (g == nullptr) {
      std::fprintf(stderr,
                   "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                   name.c_str(), did_you_mean(name, game_names()).c_str());
      return kExitUsage;
    }
    if (!g->bench) {
      std::fprintf(stderr, "perfectplay: %s offers no `bench` (%s)\n", name.c_str(),
                   g->summary.c_str());
      return kExitUsage;
    }
  }
  std::uint64_t games_to_bench = 0;
  std::uint64_t benched = 0;
  for (const pp::GameEntry& g : registry().games()) {
    const bool chosen = only.empty() || std::find(only.begin(), only.end(), g.name) != only.end();
    if (chosen && g.bench) ++games_to_bench;
  }
  std::uint64_t total = 0;
  std::uint64_t visited = 0;
  std::uint64_t checksum = 0;
  double seconds = 0;
  nlohmann::json jgames = nlohmann::json::array();
  std::string out =
      fmt::format("{:<10} {:>10} {:>16} {:>8} {:>10} {:>10} {:>9} {:>9}  positions\n", "game",
                  "nodes", "checksum", "cpu s", "nodes/s", "visits/s", "stored", "B/stored");
  for (const pp::GameEntry& g : registry().games()) {
    if (!only.empty() && std::find(only.begin(), only.end(), g.name) == only.end()) continue;
    if (!g.bench) continue;
    pp::progress::report("games benched", benched++, games_to_bench);
    const pp::BenchResult r = g.bench(size);
    const double s = r.seconds;  // the searches' CPU time (see BenchResult)
    fmt::format_to(std::back_inserter(out),
                   "{:<10} {:>10} {:>16x} {:>8.3f} {:>10.0f} {:>10.0f} {:>9} {:>9}  {}\n", g.name,
                   r.nodes, r.checksum, s, static_cast<double>(r.nodes) / std::max(s, 1e-9),
                   static_cast<double>(r.visited) / std::max(s, 1e-9), r.stored,
                   r.bytes_per_position, r.positions);
    jgames.push_back({{"game", g.name},
                      {"nodes", r.nodes},
                      {"visited", r.visited},
                      {"checksum", fmt::format("{:x}", r.checksum)},
                      {"seconds", s},
                      {"stored", r.stored},
                      {"bytes_per_stored", r.bytes_per_position},
                      {"positions", r.positions}});
    total += r.nodes;
    visited += r.visited;
    checksum = pp::mix64(checksum ^ r.checksum);
    seconds += s;
  }
  if (json) {
    const nlohmann::json j = {
        {"schema", pp::kJsonSchema},
        {"games", jgames},
        {"nodes", total},
        {"visited", visited},
        {"checksum", fmt::format("{:x}", checksum)},
        {"seconds", seconds},
        {"nodes_per_second", static_cast<double>(total) / std::max(seconds, 1e-9)}};
    write_out(j.dump(2) + "\n");
    return kExitOk;
  }
  fmt::format_to(std::back_inserter(out), "\nnodes searched: {}\nchecksum: {:x}\n", total,
                 checksum);
  fmt::format_to(std::back_inserter(out), "cpu time: {:.3f} s ({:.0f} nodes/s, {:.0f} visits/s)\n",
                 seconds, static_cast<double>(total) / std::max(seconds, 1e-9),
                 static_cast<double>(visited) / std::max(seconds, 1e-9));
  write_out(out);
  return kExitOk;
}

namespace {

// Out of memory: the first failed allocation frees this reserve before it
// throws, so that what runs while the stack unwinds (destructors that
// allocate, as nlohmann's do for deep values) and the message itself find
// room, and the process ends with "out of memory", exit 1, not an abort.
char* g_reserve = nullptr;

void on_out_of_memory() {
  delete[] g_reserve;
  g_reserve = nullptr;
  std::set_new_handler(nullptr);
  throw std::bad_alloc();
}

}  // namespace

// CLI11's exit for a parse outcome: --help and --version print to stdout
// and exit 0, unless what they printed could not be written (/dev/full):
// then 1, as for any output lost.
static int exit_after_cli11(CLI::App& app, const CLI::ParseError& e) {
  const int code = app.exit(e);
  if (code != 0) return kExitUsage;
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "perfectplay: cannot write the output: %s\n", std::strerror(errno));
    return kExitBadInput;
  }
  return kExitOk;
}

namespace perfectplay::cli {

int run_cli(const Registry& registered, int argc, char** argv, ServeRunner serve) {
  set_registry(registered);
  set_serve_runner(serve);
  g_reserve = new (std::nothrow) char[std::size_t{16} << 20];
  std::set_new_handler(on_out_of_memory);
  CLI::App app{
      "perfectplay: plays two-player games of perfect information perfectly, and checks its "
      "fast theories against exhaustive search."};
  app.name("perfectplay");
  app.require_subcommand(1);
  app.set_version_flag("-v,--version", std::string("perfectplay 0.1.0"));
  std::string color = "auto";
  app.add_option("--color", color,
                 "colour values (win green, loss red): auto (on a terminal, unless NO_COLOR is "
                 "set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();

  CLI::App* list = app.add_subcommand("list", "List the games, one line of rules each");
  CLI::App* bench = app.add_subcommand(
      "bench", "Solve fixed positions with the exhaustive references; print the node signature");
  std::vector<std::string> bench_games;
  bench->add_option("games", bench_games, "only these games (default: all)");
  int bench_size = pp::kBenchDefaultSize;
  bench
      ->add_option("--size", bench_size,
                   "how large the positions are: 1 is the first set (milliseconds), each size "
                   "up is larger")
      ->check(CLI::Range(pp::kBenchMinSize, pp::kBenchMaxSize))
      ->capture_default_str();
  bool bench_json = false;
  bench->add_flag("--json", bench_json, "machine-readable output");
  bool list_json = false;
  list->add_flag("--json", list_json,
                 "machine-readable output: every game, its commands and options");

  struct CommandSpec {
    const char* name;
    const char* help;
  };
  const CommandSpec commands[] = {
      {"solve", "Contest input in, the contest's answer out (FILE or - for stdin)"},
      {"analyze", "Value of a position and of every legal move"},
      {"hint", "The best move in a position"},
      {"play", "Play against the engine in the terminal"},
      {"verify", "Fast theory against exhaustive reference on random instances"},
      {"generate", "Random instances in the contest format"},
      {"explain",
       "Why a position's value is right: the theory's argument and perfect play, as a witness "
       "that `explain --check` verifies"},
  };

  Options options;
  CLI::App* explain_cmd = nullptr;
  std::string explain_check;
  std::string chosen_command;
  const pp::GameEntry* chosen_game = nullptr;

  for (const CommandSpec& spec : commands) {
    CLI::App* cmd = app.add_subcommand(spec.name, spec.help);
    const std::string name = spec.name;
    // `explain --check FILE` names no game: the document does.
    if (name == "explain") {
      explain_cmd = cmd;
      cmd->require_subcommand(0, 1);
      cmd->add_option("--check", explain_check,
                      "check an explanation (explain --json's output, or an edited copy) against "
                      "the rules: exit 0 when it holds, 3 when it does not");
    } else {
      cmd->require_subcommand(1);
    }
    cmd->fallthrough();  // --color may come anywhere
    for (const pp::GameEntry& g : registry().games()) {
      // An entry offers only the commands it has functions for (the bare
      // assignment solver: solve and generate).
      const bool offered = (name == "solve" && g.solve) || (name == "analyze" && g.analyze) ||
                           (name == "hint" && g.hint) || (name == "play" && g.play) ||
                           (name == "verify" && g.verify) || (name == "generate" && g.generate) ||
                           (name == "explain" && g.analyze);
      if (!offered) continue;
      CLI::App* sub = cmd->add_subcommand(g.name, g.summary);
      sub->fallthrough();
      const bool reads_position =
          name == "analyze" || name == "hint" || name == "play" || name == "explain";
      if (name == "solve" || reads_position) {
        sub->add_option("file", options.file,
                        name == "solve"  ? "contest input file (- or nothing: stdin)"
                        : name == "play" ? "position file (stdin carries the moves)"
                                         : "position file (- : stdin)");
      }
      if (reads_position) {
        sub->add_option_function<std::string>(
            "--position",
            [&options](const std::string& s) {
              options.position = s;
              options.has_position = true;
            },
            "the position inline: " + g.position_format);
        if (g.contest_case) {
          sub->add_option_function<std::uint64_t>(
                 "--case", [&options](std::uint64_t k) { options.case_number = k; },
                 "read FILE as a contest input and take its case K (1-based) as the position")
              ->check(kWholeNumber);
        }
        sub->add_option("--max-states", options.max_states,
                        "limit on positions stored by exhaustive search")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "analyze") {
        sub->add_option_function<std::string>(
            "--batch", [&options](const std::string& f) { options.batch = f; },
            "value every position of FILE, one per line: one value per line out (JSON lines "
            "with --json)");
        sub->add_flag("--stats", options.stats,
                      "with --batch: each line also gives the search's positions expanded, "
                      "children visited and CPU seconds");
      }
      if (name == "solve") {
        // solve's searches and tables count against it as analyze's do
        // (bacteria's table: 100 bytes a state), so a grid past it is refused
        // with exit 4 rather than filled.
        sub->add_option("--max-states", options.max_states,
                        "limit on positions stored by exhaustive search, and on the memory of "
                        "a theory's table (100 bytes a position)")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "solve" || name == "analyze" || name == "hint" || name == "verify" ||
          name == "explain") {
        sub->add_flag("--json", options.json, "machine-readable output (docs/json.md)");
      }
      if (name == "explain") {
        sub->add_option("--depth", options.depth, "the longest principal variation shown, in plies")
            ->check(CLI::Range(0, 100000))
            ->capture_default_str();
      }
      if (name == "play") {
        sub->add_option("--as", options.as,
                        "which side you play: first, second, both (two people), none (the "
                        "engine plays itself)")
            ->check(CLI::IsMember({"first", "second", "both", "none"}))
            ->capture_default_str();
      }
      if (name == "verify" || name == "generate") {
        sub->add_option("--seed", options.seed, "random seed")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "verify") {
        sub->add_option("--trials", options.trials, "number of random instances")
            ->check(kWholeNumber)
            ->capture_default_str();
      }
      if (name == "verify" || name == "generate") {
        for (const pp::ParamSpec& p : g.params) {
          if (p.generate_only && name != "generate") continue;
          if (p.yes_no) {
            sub->add_flag_callback(
                "--" + p.name, [&options, p] { options.values[p.name] = 1; }, p.help);
            continue;
          }
          sub->add_option_function<std::int64_t>(
                 "--" + p.name, [&options, p](std::int64_t v) { options.values[p.name] = v; },
                 p.help)
              ->check(CLI::Range(p.min, p.max))
              ->default_str(std::to_string(p.default_value));
        }
      }
      for (const pp::TextOptionSpec& t : g.text_options) {
        if (name == "solve" && t.in_contest_input) continue;
        sub->add_option_function<std::string>(
               "--" + t.name, [&options, t](const std::string& v) { options.texts[t.name] = v; },
               t.help)
            ->default_str(t.default_value);
      }
      for (const pp::FlagSpec& f : g.flags) {
        // A bool target: CLI11 refuses `--misere=banana` as a usage error.
        sub->add_flag("--" + f.name, options.flags[f.name], f.help);
      }
      sub->callback([&chosen_command, &chosen_game, name, &g] {
        chosen_command = name;
        chosen_game = &g;
      });
    }
  }

  // Commands with files of their own (cli/commands.h).
  std::vector<Command> own_commands;
  for (const auto add : kOwnCommands) own_commands.push_back(add(app));

  // Bare `perfectplay` and `perfectplay help [COMMAND]` print the help.
  // `help COMMAND GAME` is `COMMAND GAME --help`; a name that is no command
  // (or no game of it) is refused as `perfectplay NAME` would be.
  if (argc == 1 || std::string(argv[1]) == "help") {
    CLI::App* about = &app;
    std::string above = "perfectplay";  // the words before `about`'s name
    std::string shown;                  // `about`'s words after perfectplay: "solve nim"
    for (int i = 2; i < argc; ++i) {
      const std::string word = argv[i];
      // `help -h`, `help solve nim --misere`: an option is not a command; the
      // help shown is that of the commands before it. `help help` is `help`.
      if (word.empty() || word[0] == '-') break;
      if (about == &app && word == "help") continue;
      std::vector<std::string> names;
      CLI::App* next = nullptr;
      for (CLI::App* sub : about->get_subcommands({})) {
        names.push_back(sub->get_name());
        if (sub->get_name() == word) next = sub;
      }
      if (next == nullptr) {
        std::fprintf(stderr, "perfectplay: %s '%s'%s (`perfectplay help%s` lists them)\n",
                     shown.empty() ? "unknown command" : (shown + " has no subcommand").c_str(),
                     word.c_str(), did_you_mean(word, names).c_str(),
                     shown.empty() ? "" : (" " + shown).c_str());
        return kExitUsage;
      }
      if (about != &app) above += " " + about->get_name();
      shown += (shown.empty() ? "" : " ") + word;
      about = next;
    }
    std::fputs((about == &app ? app.help() : about->help(above)).c_str(), stdout);
    return std::fflush(stdout) == 0 ? kExitOk : kExitBadInput;
  }
  std::vector<std::string> command_names = {"help"};
  for (const CLI::App* sub : app.get_subcommands({})) command_names.push_back(sub->get_name());
  const std::string first = argv[1];
  if (first[0] != '-' &&
      std::find(command_names.begin(), command_names.end(), first) == command_names.end()) {
    std::fprintf(stderr, "perfectplay: unknown command '%s'%s (`perfectplay help` lists them)\n",
                 first.c_str(), did_you_mean(first, command_names).c_str());
    return kExitUsage;
  }
  // CLI11 reports an unknown game as a missing subcommand; name it instead.
  if (argc >= 3) {
    const std::string command = argv[1];
    const std::string game = argv[2];
    bool is_command = false;
    for (const CommandSpec& spec : commands) is_command = is_command || command == spec.name;
    const pp::GameEntry* found = registry().find(game);
    if (found != nullptr &&
        ((command == "solve" && !found->solve) || (command == "generate" && !found->generate))) {
      // The partizan games and own games come from no contest: nothing to
      // read or write in a contest's format. Say what takes their positions.
      std::fprintf(stderr,
                   "perfectplay: %s has no contest input format, so no `%s`; its positions go "
                   "to analyze, hint, play%s and `analyze --batch FILE` (one position a line)\n",
                   game.c_str(), command.c_str(), found->cgt_value ? ", value" : "");
      return kExitUsage;
    }
    if (is_command && found != nullptr && command != "solve" && command != "generate" &&
        !((command == "analyze" && found->analyze) || (command == "hint" && found->hint) ||
          (command == "play" && found->play) || (command == "verify" && found->verify) ||
          (command == "explain" && found->analyze))) {
      std::fprintf(stderr, "perfectplay: %s offers no `%s` (%s)\n", game.c_str(), command.c_str(),
                   found->summary.c_str());
      return kExitUsage;
    }
    // A command of its own file whose subcommands are the games (judge, check,
    // validate): the game must be one of them.
    for (const Command& c : own_commands) {
      const auto subs = c.app->get_subcommands({});
      if (c.app->get_name() != command || subs.empty() || game.empty() || game[0] == '-') continue;
      if (std::none_of(subs.begin(), subs.end(),
                       [&](const CLI::App* s) { return s->get_name() == game; })) {
        if (found != nullptr) {
          std::fprintf(stderr, "perfectplay: %s offers no `%s`\n", game.c_str(), command.c_str());
        } else {
          std::fprintf(stderr,
                       "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                       game.c_str(), did_you_mean(game, game_names()).c_str());
        }
        return kExitUsage;
      }
    }
    if (is_command && !game.empty() && game[0] != '-' && found == nullptr) {
      std::fprintf(stderr,
                   "perfectplay: unknown game '%s'%s (`perfectplay list` shows the games)\n",
                   game.c_str(), did_you_mean(game, game_names()).c_str());
      return kExitUsage;
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    // "The following arguments were not expected: 1 --max-states" says
    // little; name the option the command does not have, and where to look.
    CLI::App* sub = nullptr;
    std::string where;
    for (int i = 1, depth = 0; i < argc && depth < 2; ++i) {
      for (CLI::App* candidate : (sub == nullptr ? &app : sub)->get_subcommands({})) {
        if (candidate->get_name() == argv[i]) {
          sub = candidate;
          where += (where.empty() ? "" : " ") + std::string(argv[i]);
          ++depth;
          break;
        }
      }
    }
    for (int i = 1; sub != nullptr && i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--") break;  // what follows is a program's own arguments
      if (arg.size() < 2 || arg[0] != '-') continue;
      const std::string name = arg.substr(0, arg.find('='));
      if (sub->get_option_no_throw(name) != nullptr || app.get_option_no_throw(name) != nullptr) {
        continue;
      }
      // An option the contest input gives (octal's code): say so.
      if (const pp::GameEntry* g = registry().find(sub->get_name())) {
        for (const pp::TextOptionSpec& t : g->text_options) {
          if (t.in_contest_input && name == "--" + t.name) {
            std::fprintf(stderr,
                         "perfectplay: `%s` takes %s from the contest input (each case gives "
                         "its own)\n",
                         where.c_str(), name.c_str());
            return kExitUsage;
          }
        }
      }
      std::fprintf(stderr,
                   "perfectplay: `%s` has no option %s (`perfectplay %s --help` lists its "
                   "options)\n",
                   where.c_str(), name.c_str(), where.c_str());
      return kExitUsage;
    }
    return exit_after_cli11(app, e);
  } catch (const CLI::ParseError& e) {
    return exit_after_cli11(app, e);
  }

  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  set_color(color == "always" ||
            (color == "auto" && (no_color == nullptr || *no_color == '\0') && ::isatty(1) != 0 &&
             !(term != nullptr && std::string_view(term) == "dumb")));

  start_progress();
  // Whatever happens, no progress line is left behind.
  struct ClearProgress {
    ~ClearProgress() { clear_progress(); }
  } clear_on_exit;
  try {
    if (list->parsed()) {
      if (list_json) {
        nlohmann::json games = nlohmann::json::array();
        for (const pp::GameEntry& g : registry().games()) games.push_back(pp::game_json(g));
        write_out(nlohmann::json{{"schema", pp::kJsonSchema}, {"games", games}}.dump(2) + "\n");
        return kExitOk;
      }
      // The names in one column, as wide as the longest (toads-frogs).
      std::size_t width = 10;
      for (const pp::GameEntry& g : registry().games()) width = std::max(width, g.name.size());
      std::string out;
      for (const pp::GameEntry& g : registry().games()) {
        fmt::format_to(std::back_inserter(out), "{:<{}} {}\n", g.name, width, g.summary);
      }
      write_out(out);
      return kExitOk;
    }
    if (bench->parsed()) return run_bench(bench_games, bench_size, bench_json);
    for (const Command& c : own_commands) {
      if (c.app->parsed()) return c.run();
    }
    if (explain_cmd != nullptr && explain_cmd->parsed() && chosen_game == nullptr) {
      if (explain_check.empty()) {
        throw UsageError(
            "explain needs a game (`perfectplay explain GAME --position P`) or --check FILE");
      }
      return check_explanation_file(explain_check);
    }
    if (!explain_check.empty()) {
      throw UsageError("--check reads the game from the explanation: give no GAME with it");
    }
    if (chosen_game == nullptr) return kExitUsage;
    return run(chosen_command, *chosen_game, options);
  } catch (...) {
    // Every command's exceptions, mapped to exit codes in one place.
    return exit_for_exception(std::current_exception(), [&] { return source_name(options); });
  }
}

}  // namespace perfectplay::cli
