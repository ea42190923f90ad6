#pragma once

// The bad-input suite through the app: tst_ui_bad_inputs.cpp opens the suite's files with
// File > Open; tst_ui_bad_inputs_app.cpp covers what only the app does (screenshots, its command
// line, the user GPU catalog shared by windows, names in labels),
// tst_ui_bad_inputs_settings.cpp its settings file, and
// tst_ui_bad_inputs_fields.cpp its fields as typed and pasted.
#include <QObject>
#include <QString>
#include <memory>

class TestUiBadInputs : public QObject {
    Q_OBJECT
public:
    TestUiBadInputs();
    ~TestUiBadInputs() override;

private:
    // Opens `file` (relative to the current directory, as the CLI rows name it) in a window
    // showing Llama 3 70B and checks the error and that nothing changed. Every row opens its file
    // in the same window (made on the first; a window costs a second under the sanitizers): a
    // refused file changes nothing, which each row checks, so the next starts from the same state.
    void openAndCompare(const QString& file, const QString& message);
    struct Window;
    std::unique_ptr<Window> m_window;

private slots:
    void cleanupTestCase();
    void openRejects_data();
    void openRejects();
    void openRejectsSessions_data();
    void openRejectsSessions();
    // Checkpoints of several files (support/bad_input_trees.cpp): refused with the CLI's
    // message, nothing changed; or opened, with the note among the checkpoint's notes.
    void openRejectsCheckpointTrees_data();
    void openRejectsCheckpointTrees();
    void openShowsCheckpointNotes_data();
    void openShowsCheckpointNotes();

    // tst_ui_bad_inputs_app.cpp
    // --screenshot writes through a link and refuses a named pipe, atomically: a full disk keeps
    // the old picture (it was left truncated).
    void screenshotSavesThroughLinksAndRefusesPipes();
    void screenshotOnAFullDiskKeepsTheOldFile();
    // --hardware refuses bad items and values (exit 2), like every other option.
    void hardwareOptionIsChecked_data();
    void hardwareOptionIsChecked();
    // The settings file's problems, one line each on stderr (they were joined with "\x0A").
    void settingsProblemsPrintALineEach();
    // A config's 100,000-character name renders in screenshot mode in the time a short one does.
    void longNamesRenderInTime();
    // A settings file that is not INI text is kept aside and said once; unknown values are named.
    void garbageSettingsAreKeptAside_data();
    void garbageSettingsAreKeptAside();
    void escapedSettingValuesAreRead();
    void settingValuesAreEchoedOnOneLine();
    void unknownSettingValuesAreNamed();
    // Two windows share gpus.json and the recent files: nothing one saved is erased by the other.
    void twoWindowsShareGpus();
    void twoWindowsShareRecentFiles();
    // Sessions and exports write through links and refuse pipes.
    void savesKeepLinksAndRefusePipes();
    // tst_ui_bad_inputs_fields.cpp
    // A refused value and its message stay only in the field typed in.
    void refusedValueStaysInItsField();
    // A list pasted into the budget view may end in a newline; a bad one quotes the offending
    // word only.
    void pastedListsEndingInANewline();
    // Names are bounded, escaped and elided in the window.
    void namesAreBoundedAndShown();
    // My hardware at context 2^26 x batch 65,536: GPT-3 175B's rows say its bytes exceed 2^64,
    // the other rows stand (the view showed "0 of 0 rows").
    void hardwareRowsKeepTheirOverflow();
};
