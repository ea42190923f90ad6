#pragma once

// The bad-input suite: tst_bad_inputs.cpp runs the rows, support/bad_input_rows.cpp lists them;
// tst_bad_inputs_limits.cpp holds the bounds and outputs, tst_bad_inputs_messages.cpp the
// messages that were unclear.
#include <QObject>
#include <QtTest>

class TestBadInputs : public QObject {
    Q_OBJECT
private slots:
    // Each row: command (e.g. "count --config"), file name, Make, content, size, and the message
    // after "error: ", which names the file as given on the command line.
    void cliRejects_data();
    void cliRejects();
    void everyModelCommandRejects_data();
    void everyModelCommandRejects();
    // Each row: content and the message after the file's path.
    void sessionRejects_data();
    void sessionRejects();

    // Checkpoints of several files (support/bad_input_trees.cpp): `inspect` exits 3 with the
    // row's message; or reads the checkpoint and its JSON notes hold the row's note.
    void checkpointTreeRejects_data();
    void checkpointTreeRejects();
    void checkpointTreeNotes_data();
    void checkpointTreeNotes();
    // Inputs with a bound: 22 million empty nested GGUF arrays read in bounded time; 20 shards
    // of 131,072 tensors refused in the time of one.
    void nestedGgufArraysAreSkipped();
    void manyShardsCostOneBudget();
    // runs: a row whose bytes exceed 64 bits keeps the table; a GPU's name is printed once.
    void runsOverflowStaysInItsRow();
    void runsNamesTheGpuOnce();
    // A newline or a right-to-left override in a name read from a file prints as \x0A and
    // \u202E, on one line, in every command.
    void namesCannotForgeLines_data();
    void namesCannotForgeLines();
    // With --json (or -json) every error is a JSON object on stdout too, usage errors included;
    // out of memory as well, at every address-space limit from 48 to 256 MB.
    void jsonErrors_data();
    void jsonErrors();
    void outOfMemoryWithJson();

    // tst_bad_inputs_messages.cpp: the twelve messages that were unclear, each the whole message
    // as the CLI or the app (offscreen) prints it on files written the way they arrive.
    void unclearMessages_data();
    void unclearMessages();
};
