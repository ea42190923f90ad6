#pragma once

// The bad-input suite's rows, shared by tst_bad_inputs (through the CLI) and tst_ui_bad_inputs
// (through the app's File > Open): malformed and hostile model files, presets, GPU catalogs,
// safetensors and GGUF headers, each with the exact message that must name the file and field.
#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <functional>
#include <string>

namespace testsupport {

// How a row's input is made in the temporary directory.
enum class Make {
    File,        // the content as given (then extended with zeros to `size`, sparse)
    Directory,   // a directory of that name
    Unreadable,  // the content, then chmod 000
    Missing,     // nothing
    Fifo,        // a named pipe (nothing ever writes to it)
    SymlinkLoop, // a symbolic link to itself
};

// Columns: command (e.g. "count --config"), file, make (a Make), content, size, and the message
// after "error: ", which names the file as given on the command line.
void addBadInputRows();
// The rows found by attacking every input (hostile names, duplicate keys, NUL bytes, file system
// errors); addBadInputRows adds them (bad_input_rows_hostile.cpp).
void addHostileRows();
// Session files: columns content and the message after the file's path.
void addSessionRows();
// Session rows of the same kind; addSessionRows adds them (bad_input_rows_hostile.cpp).
void addHostileSessionRows();

// Writes a row's input into dir; false if that failed.
bool makeBadInput(const QString& dir, const QString& name, Make make, const QByteArray& content,
                  qint64 size);

// A checkpoint of several files (a config.json beside its tensors, an index and shards, GGUF
// splits, links among them), written into the directory it is given (bad_input_trees.cpp).
using TreeMaker = std::function<void(const std::string& dir)>;
// Checkpoints that are refused. Columns: make (TreeMaker), open (what is inspected or opened,
// relative to the directory) and the message after "error: ".
void addCheckpointTreeRows();
// Checkpoints that are read, with a line their notes (or their estimate's note) must hold.
// Columns: make, open, note.
void addCheckpointNoteRows();
// Runs a row's maker in dir; false (with the reason logged) if that failed.
bool makeTree(const QString& dir, const TreeMaker& make);

// A Llama config trained for 2^26 tokens, 200 layers of 16,384 (128 KV heads of 128): its KV cache
// is 2 (K and V) · 200 · 16,384 · 2 bytes = 13,107,200 bytes per token, so at context 2^26 and
// batch 2^16 it is 5.8e19 bytes, past 2^64 (1.84e19). The presets are evaluated at their trained
// context at most, so none of them reaches 2^64.
inline QByteArray longContextConfig()
{
    return R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 16384,
        "num_hidden_layers": 200, "num_attention_heads": 128, "num_key_value_heads": 128,
        "intermediate_size": 53248, "vocab_size": 32000, "max_position_embeddings": 67108864,
        "tie_word_embeddings": false})";
}

} // namespace testsupport

Q_DECLARE_METATYPE(testsupport::TreeMaker)
